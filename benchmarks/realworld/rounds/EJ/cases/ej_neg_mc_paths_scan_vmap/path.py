# Source: https://github.com/judejinjin/ql-jax/blob/3d2896f44c0bdf580a22b353493900f5c5d1c10d/ql_jax/methods/montecarlo/path.py
# Title: ql-jax ql_jax/methods/montecarlo/path.py (Monte Carlo path generation)
# Cut: kept generate_paths_bs verbatim (docstring shortened); the Heston generator (same scan+vmap
#      shape) and time_grid omitted.
from __future__ import annotations

import jax
import jax.numpy as jnp


def generate_paths_bs(process, T, n_steps, n_paths, key, antithetic=False):
    """Generate log-spot paths for a BlackScholesProcess: (n_eff_paths, n_steps+1)."""
    dt = T / n_steps
    sqrt_dt = jnp.sqrt(dt)

    if antithetic:
        z = jax.random.normal(key, shape=(n_paths, n_steps))
        z = jnp.concatenate([z, -z], axis=0)
    else:
        z = jax.random.normal(key, shape=(n_paths, n_steps))

    dw = z * sqrt_dt

    log_s0 = jnp.log(jnp.asarray(process.spot, dtype=jnp.float64))

    def step_fn(log_s, dw_i):
        log_s_new = process.evolve(0.0, log_s, dt, dw_i)
        return log_s_new, log_s_new

    def simulate_one(dw_path):
        _, log_path = jax.lax.scan(step_fn, log_s0, dw_path)
        return jnp.concatenate([jnp.array([log_s0]), log_path])

    paths = jax.vmap(simulate_one)(dw)
    return paths
