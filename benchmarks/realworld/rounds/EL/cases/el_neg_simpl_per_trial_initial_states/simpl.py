# Source: https://github.com/TomGeorge1234/SIMPL/blob/3a1b473724b91c7ba1473eb6b5ba2fb60ec779ae/src/simpl/simpl.py
# Title: src/simpl/simpl.py (SIMPL E-step: per-trial initial Kalman states)
# Cut: kept _per_trial_initial_states and the E-step lines that call it before the Kalman filter; the class body, spike likelihoods and smoother call were cut
import jax.numpy as jnp
import numpy as np


class SIMPL:
    @staticmethod
    def _per_trial_initial_states(mode_l, trial_slices):
        """Compute per-trial initial states from likelihood modes."""
        T, D = mode_l.shape
        # Convert to numpy for the loop to avoid JAX tracing overhead
        mode_np = np.array(mode_l)
        mu0_all = np.zeros((T, D))
        sigma0_all = np.zeros((T, D, D))
        for trial_slice in trial_slices:
            modes = mode_np[trial_slice]
            mu = modes.mean(axis=0)
            sigma = (1 / len(modes)) * ((modes - mu).T @ (modes - mu))
            mu0_all[trial_slice.start] = mu
            sigma0_all[trial_slice.start] = sigma
        return jnp.array(mu0_all), jnp.array(sigma0_all)

    def _e_step(self, mode_l, U, observation_noise, trial_slices, is_boundary, is_trial_end):
        # Per-trial initial states (mean and covariance of likelihood modes over each trial)
        mu0_all, sigma0_all = self._per_trial_initial_states(mode_l, trial_slices)

        # Single-pass filter and smooth
        mu_f, sigma_f = self.kalman_filter_.filter(
            mu0=mu0_all[0],
            sigma0=sigma0_all[0],
            Y=mode_l,
            U=U,
            R=observation_noise,
            is_boundary=is_boundary,
            mu0_all=mu0_all,
            sigma0_all=sigma0_all,
        )
        mu_s, sigma_s = self.kalman_filter_.smooth(
            mus_f=mu_f,
            sigmas_f=sigma_f,
            is_trial_end=is_trial_end,
        )
        return mu_s, sigma_s
