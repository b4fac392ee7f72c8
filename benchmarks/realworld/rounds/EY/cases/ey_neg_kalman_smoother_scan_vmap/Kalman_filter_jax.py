# Source: https://github.com/agonzago/gpm_ideas/blob/eae8369dd0568525335e9fcce61a3f3aea32283e/Kalman_jax/Kalman_filter_jax.py
# Title: Kalman_filter_jax.py (Kalman filter, RTS smoother and Durbin-Koopman simulation smoother for DSGE state spaces)
# Cut: kept the class (filter/smooth/simulation smoother, lax.scan + vmap over draws);
#      the NumPy test block at the bottom dropped.
import jax
import jax.numpy as jnp
from jax import lax, random, vmap
import numpy as onp

class KalmanFilter:
    # ... (__init__, filter, smooth methods remain the same) ...
    def __init__(self, T, R, C, H, init_x, init_P):
        self.T, self.R, self.C, self.H = T, R, C, H
        self.init_x, self.init_P = init_x, init_P
        self.n_state = T.shape[0]
        self.n_obs   = C.shape[0]
        self.I_s = jnp.eye(self.n_state)

    def filter(self, ys):
        """ Existing filter method """
        # ... (implementation as before) ...
        T, R, C, H = self.T, self.R, self.C, self.H
        I_s = self.I_s
        def step(carry, y):
            x_prev, P_prev = carry
            x_pred = T @ x_prev
            P_pred = T @ P_prev @ T.T + R @ R.T
            miss = jnp.all(jnp.isnan(y))
            def do_update(_):
                y0 = jnp.nan_to_num(y, nan=0.0)
                v = y0 - C @ x_pred
                S = C @ P_pred @ C.T + H
                try:
                    L = jnp.linalg.cholesky(S)
                    K_t = jnp.linalg.solve(L, P_pred @ C.T)
                    K = jnp.linalg.solve(L.T, K_t).T
                except jnp.linalg.LinAlgError:
                     K = jnp.linalg.solve(S.T, (P_pred @ C.T).T).T
                x_f = x_pred + K @ v
                P_f = (I_s - K @ C) @ P_pred
                return x_f, P_f
            x_filt, P_filt = lax.cond(miss, lambda _: (x_pred, P_pred), do_update, operand=None)
            return (x_filt, P_filt), (x_pred, P_pred, x_filt, P_filt)
        init_carry = (self.init_x, self.init_P)
        ys = jnp.reshape(ys, (-1, self.n_obs))
        (_, _), outs = lax.scan(step, init_carry, ys)
        return outs # x_pred, P_pred, x_filt, P_filt

    def smooth(self, ys):
        """ Existing smooth method """
        # ... (implementation as before) ...
        filter_outs = self.filter(ys)
        # Check if filter_outs has the expected structure before unpacking
        if not isinstance(filter_outs, tuple) or len(filter_outs) != 4:
             raise ValueError("Filter did not return expected tuple (x_pred, P_pred, x_filt, P_filt)")
        x_pred, P_pred, x_filt, P_filt = filter_outs
        T_mat, I_s = self.T, self.I_s
        N = x_filt.shape[0]
        if N == 0: return jnp.empty((0, self.n_state)), jnp.empty((0, self.n_state, self.n_state))
        if N == 1: return x_filt, P_filt
        x_pred_rev = x_pred[:-1][::-1]; P_pred_rev = P_pred[:-1][::-1]
        x_filt_rev = x_filt[:-1][::-1]; P_filt_rev = P_filt[:-1][::-1]
        def backward(carry, seq):
            x_next_s, P_next_s = carry
            Pp, Pf, xp, xf = seq
            try: J = Pf @ T_mat.T @ jnp.linalg.inv(Pp)
            except jnp.linalg.LinAlgError: J = Pf @ T_mat.T @ jnp.linalg.pinv(Pp)
            x_s = xf + J @ (x_next_s - xp); P_s = Pf + J @ (P_next_s - Pp) @ J.T
            return (x_s, P_s), (x_s, P_s)
        init = (x_filt[-1], P_filt[-1]); seq = (P_pred_rev, P_filt_rev, x_pred_rev, x_filt_rev)
        ( _, _), (x_s_rev, P_s_rev) = lax.scan(backward, init, seq)
        x_smooth = jnp.vstack([x_filt[-1][None, :], x_s_rev])[::-1]
        P_smooth = jnp.concatenate([P_filt[-1][None, :, :], P_s_rev], axis=0)[::-1]
        return x_smooth, P_smooth

    # --- Internal helper for a single draw ---
    def _simulation_smoother_single_draw(self, ys, key):
        """ Internal method: Returns ONE draw """
        Tsteps = ys.shape[0]
        if Tsteps == 0: return jnp.empty((0, self.n_state))
        n_s = self.n_state; n_eps = self.R.shape[1]; n_y = self.n_obs
        x_smooth_real, _ = self.smooth(ys)
        key0, key_eps, key_eta = random.split(key, 3)
        try:
            L0 = jnp.linalg.cholesky(self.init_P); z0 = random.normal(key0, (n_s,)); x0_star = self.init_x + L0 @ z0
        except jnp.linalg.LinAlgError: x0_star = self.init_x
        if Tsteps > 1:
             eps = random.normal(key_eps, (Tsteps - 1, n_eps))
             def sim_step(x_prev, e): x_curr = self.T @ x_prev + self.R @ e; return x_curr, x_curr
             _, xs_tail = lax.scan(sim_step, x0_star, eps); x_star = jnp.vstack([x0_star[None, :], xs_tail])
        else: x_star = x0_star[None, :]
        try: eta = random.multivariate_normal(key_eta, jnp.zeros((n_y,)), self.H, shape=(Tsteps,))
        except ValueError:
             try: L_H = jnp.linalg.cholesky(self.H); z_eta = random.normal(key_eta, (Tsteps, n_y)); eta = z_eta @ L_H.T
             except jnp.linalg.LinAlgError: eta = jnp.zeros((Tsteps, n_y))
        y_star = (x_star @ self.C.T) + eta
        x_s_star, _ = self.smooth(y_star)
        return x_smooth_real + (x_star - x_s_star)

    # --- NEW UNIFIED METHOD ---
    def simulation_smoother(self, ys, key, num_draws=1):
        """
        Runs the Durbin-Koopman simulation smoother.

        If num_draws = 1 (default), returns a single draw.
        If num_draws > 1, runs Monte Carlo draws using vmap and returns
        statistics (mean, median) and all draws.

        Args:
            ys (DeviceArray): Observations array [T, n_obs].
            key (PRNGKey): Base JAX random key.
            num_draws (int): Number of draws to generate. Defaults to 1.

        Returns:
            DeviceArray: If num_draws=1, returns single draw [T, n_state].
            tuple: If num_draws>1, returns (mean, median, all_draws):
                - mean: Mean across draws [T, n_state].
                - median: Median across draws [T, n_state].
                - all_draws: All draws [num_draws, T, n_state].
            None: If num_draws <= 0.
        """
        if num_draws == 1:
            # --- Single Draw Case ---
            print("Running Simulation Smoother (1 draw)...")
            single_draw = self._simulation_smoother_single_draw(ys, key)
            print("Finished smoothing.")
            return single_draw # Shape [T, n_state]

        elif num_draws > 1:
            # --- Monte Carlo Case ---
            print(f"Running Simulation Smoother ({num_draws} draws)...")
            keys = random.split(key, num_draws)

            # vmap the internal single-draw function
            vmapped_smoother = vmap(self._simulation_smoother_single_draw, in_axes=(None, 0))
            all_draws_jax = vmapped_smoother(ys, keys)
            # Result shape: (num_draws, T, n_state)
            print("Finished smoothing calculations.")

            # Calculate statistics
            mean_smooth_sim = jnp.mean(all_draws_jax, axis=0)
            median_smooth_sim = jnp.median(all_draws_jax, axis=0)

            # Return tuple: (mean, median, all_draws)
            return mean_smooth_sim, median_smooth_sim, all_draws_jax

        else:
            print("Warning: num_draws must be >= 1.")
            return None # Or raise an error

    # Remove the old monte_carlo_simulation_smoother method if it exists


# ―――――――――――――――――――――――――――
