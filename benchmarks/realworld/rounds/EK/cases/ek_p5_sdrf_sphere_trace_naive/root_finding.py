# Source: https://github.com/AnimatedRNG/nerf-jax/blob/a4e37140fb6a88818ae3b977aaafbfaddbdd96a5/sdrf/root_finding.py
# Title: nerf-jax (sdrf branch) sdrf/root_finding.py
# Cut: kept sphere_trace_naive; dropped the custom_vjp while_loop / dvmap versions that follow it.
import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, vmap, grad, vjp


@functools.partial(jit, static_argnums=(0, 3))
def sphere_trace_naive(sdf, ro, rd, iterations, truncation, *params):
    p = ro
    for _ in range(iterations):
        dist = sdf(p, *params)
        dist = jnp.minimum(jnp.abs(dist), truncation) * jnp.sign(dist)
        p = p + dist * rd
    return p
