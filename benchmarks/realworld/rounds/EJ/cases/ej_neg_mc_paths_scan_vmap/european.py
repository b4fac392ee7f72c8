# Source: https://github.com/judejinjin/ql-jax/blob/3d2896f44c0bdf580a22b353493900f5c5d1c10d/ql_jax/engines/mc/european.py
# Title: ql-jax ql_jax/engines/mc/european.py (Monte Carlo European engine) and
#        tests/test_montecarlo.py (TestMCAD: MC delta via jax.grad)
# Cut: kept mc_european_bs (docstring shortened) and reconstructed the pathwise-delta test as a
#      function; the Heston variant omitted.
import jax
import jax.numpy as jnp


def mc_european_bs(S, K, T, r, q, sigma, option_type: int, n_paths: int = 100_000,
                   n_steps: int = 1, key=None, antithetic: bool = True):
    if key is None:
        key = jax.random.PRNGKey(42)
    S = jnp.asarray(S, dtype=jnp.float64)
    K = jnp.asarray(K, dtype=jnp.float64)
    r = jnp.asarray(r, dtype=jnp.float64)
    q = jnp.asarray(q, dtype=jnp.float64)
    sigma = jnp.asarray(sigma, dtype=jnp.float64)
    T = jnp.asarray(T, dtype=jnp.float64)

    dt = T / n_steps
    sqrt_dt = jnp.sqrt(dt)
    drift = (r - q - 0.5 * sigma**2) * dt

    if antithetic:
        z = jax.random.normal(key, shape=(n_paths, n_steps))
        z = jnp.concatenate([z, -z], axis=0)
    else:
        z = jax.random.normal(key, shape=(n_paths, n_steps))

    increments = drift + sigma * sqrt_dt * z  # (n_eff_paths, n_steps)
    log_S0 = jnp.log(S)
    log_ST = log_S0 + jnp.sum(increments, axis=1)
    S_T = jnp.exp(log_ST)
    phi = jnp.where(option_type == 1, 1.0, -1.0)
    payoffs = jnp.maximum(phi * (S_T - K), 0.0)
    df = jnp.exp(-r * T)
    discounted = df * payoffs
    price = jnp.mean(discounted)
    stderr = jnp.std(discounted) / jnp.sqrt(jnp.float64(discounted.shape[0]))
    return price, stderr


def mc_delta_via_grad(S0, K0, T0, R0, Q0, SIGMA0, key):
    def price_fn(s):
        p, _ = mc_european_bs(s, K0, T0, R0, Q0, SIGMA0, 1, n_paths=5000, n_steps=1, key=key)
        return p
    return jax.grad(price_fn)(jnp.float64(S0))
