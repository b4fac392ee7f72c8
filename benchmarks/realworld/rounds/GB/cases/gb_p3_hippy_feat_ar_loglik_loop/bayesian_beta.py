# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/bayesian_beta.py
# Title: jaxoccoli/bayesian_beta.py -- Bayesian single-trial beta estimation (hippy-feat, vbjax-style JAX port of fMRI GLM tools)
# Cut: kept BayesianGLMConfig and make_bayesian_glm (log posterior + blackjax NUTS sampler);
#      the conjugate GLM path and long docstrings dropped.
import jax
import jax.numpy as jnp
from typing import NamedTuple


class BayesianGLMConfig(NamedTuple):
    """Configuration for full Bayesian GLM."""
    design_matrix: jnp.ndarray   # (T, P)
    ar_order: int                 # AR noise order
    n_warmup: int                 # NUTS warmup steps
    n_samples: int                # NUTS sampling steps


def make_bayesian_glm(design_matrix, ar_order=2, n_warmup=500, n_samples=1000):
    """Factory for full Bayesian GLM via NUTS (requires blackjax)."""
    config = BayesianGLMConfig(
        design_matrix=design_matrix,
        ar_order=ar_order,
        n_warmup=n_warmup,
        n_samples=n_samples,
    )

    def _log_posterior(params, voxel_data, X):
        P = X.shape[1]
        beta = params[:P]
        log_sigma = params[P]
        ar_coeffs = params[P + 1:P + 1 + ar_order]
        sigma = jnp.exp(log_sigma)

        # Predicted signal
        predicted = X @ beta
        residuals = voxel_data - predicted

        # AR(p) likelihood
        T = len(voxel_data)
        ll = 0.0
        for t_idx in range(ar_order, T):
            ar_pred = jnp.sum(
                ar_coeffs * jnp.array([residuals[t_idx - j - 1] for j in range(ar_order)])
            )
            innovation = residuals[t_idx] - ar_pred
            ll = ll - 0.5 * (innovation / sigma) ** 2 - log_sigma

        # Priors
        lp_beta = -0.5 * jnp.sum((beta / 10.0) ** 2)
        lp_sigma = -2.0 * log_sigma  # Jeffrey's prior approx
        lp_ar = -0.5 * jnp.sum((ar_coeffs / 0.5) ** 2)

        return ll + lp_beta + lp_sigma + lp_ar

    def sample_fn(config, voxel_data, key):
        try:
            import blackjax
        except ImportError:
            raise ImportError(
                "blackjax is required for full Bayesian GLM. "
                "Install with: pip install blackjax"
            )

        X = config.design_matrix
        P = X.shape[1]
        n_params = P + 1 + config.ar_order

        def logdensity(params):
            return _log_posterior(params, voxel_data, X)

        # Initialise from OLS
        beta_init = jnp.linalg.lstsq(X, voxel_data)[0]
        resid = voxel_data - X @ beta_init
        log_sigma_init = jnp.log(jnp.std(resid) + 1e-8)
        ar_init = jnp.zeros(config.ar_order)
        init_params = jnp.concatenate([beta_init, jnp.array([log_sigma_init]), ar_init])

        # NUTS setup
        warmup_key, sample_key = jax.random.split(key)
        warmup = blackjax.window_adaptation(
            blackjax.nuts, logdensity, num_steps=config.n_warmup
        )
        (state, kernel_params), _ = warmup.run(warmup_key, init_params)

        kernel = blackjax.nuts(logdensity, **kernel_params)

        def _step(state, key):
            state, info = kernel.step(key, state)
            return state, state.position

        keys = jax.random.split(sample_key, config.n_samples)
        _, samples = jax.lax.scan(_step, state, keys)

        # Summarise
        beta_samples = samples[:, :P]
        log_sigma_samples = samples[:, P]
        ar_samples = samples[:, P + 1:P + 1 + config.ar_order]

        return {
            'beta_mean': jnp.mean(beta_samples, axis=0),
            'beta_var': jnp.var(beta_samples, axis=0),
            'beta_samples': beta_samples,
            'sigma2_mean': jnp.mean(jnp.exp(2 * log_sigma_samples)),
            'ar_coeffs_mean': jnp.mean(ar_samples, axis=0),
        }

    return config, sample_fn
