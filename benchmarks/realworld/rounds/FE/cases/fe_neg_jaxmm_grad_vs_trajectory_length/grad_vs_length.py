# Source: https://github.com/alexxthiery/jaxmm/blob/b4256ee969d12e3982e424821efa2233d5249a41/examples/differentiable_md.ipynb
# Title: examples/differentiable_md.ipynb (gradients through MD trajectories)
# Cut: notebook cells converted to a script; system setup reduced to arguments; plot removed.
import jax
import jax.numpy as jnp

import jaxmm

FEMTOSECOND = 0.001


def gradient_norm_vs_length(params, pos_min):
    dt = 0.5 * FEMTOSECOND
    step_counts = [10, 25, 50, 100, 200]
    grad_norms = []

    for ns in step_counts:
        def _final_e(pos, n=ns):
            res = jaxmm.verlet(pos, jnp.zeros_like(pos), params, dt, n)
            return jaxmm.total_energy(res.positions, params)
        g = jax.grad(_final_e)(pos_min)
        grad_norms.append(float(jnp.linalg.norm(g)))

    return step_counts, grad_norms
