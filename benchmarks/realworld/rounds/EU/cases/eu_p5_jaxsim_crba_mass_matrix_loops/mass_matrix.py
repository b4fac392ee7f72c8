# Source: https://github.com/gbionics/jaxsim/issues/5
# Title: Optimize compilation time of CRBA (issue #5: "The implementation of CRBA still uses plain
#        Python for loops. Switching to JAX's for loops should provide a significant improvement
#        in JIT compilation times.")
# Cut: reconstructed: a jitted call of crba() as the issue describes (JIT compilation time).
import functools

import jax

from crba import crba


@functools.partial(jax.jit, static_argnames=["model"])
def free_floating_mass_matrix(model, q):
    return crba(model=model, q=q)
