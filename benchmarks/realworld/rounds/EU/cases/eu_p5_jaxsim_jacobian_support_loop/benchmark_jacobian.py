# Source: https://github.com/gbionics/jaxsim/pull/16
# Title: Implement Jacobian with `jax.lax.scan` (PR #16, JIT time of the Jacobian of link NB-1)
# Cut: reconstructed: the PR times the JIT compilation of the Jacobian of the last link for panda
#      (9 DoF) and iCub (32 DoF); this wrapper jits jacobian() the same way.
import functools

import jax

from jacobian import jacobian


@functools.partial(jax.jit, static_argnames=["model", "body_index"])
def link_jacobian(model, body_index, q):
    return jacobian(model=model, body_index=body_index, q=q)
