# Source: https://github.com/gbionics/jaxsim/blob/8a49704c38ab5adf2fc48283b5b510e688f46ae1/src/jaxsim/high_level/model.py
# Title: src/jaxsim/high_level/model.py, Model.inverse_dynamics (gbionics/jaxsim)
# Cut: reconstructed as a free function: Model.inverse_dynamics calls rnea with the model's state;
#      jaxsim's high-level models are jitted by their users (the compile-time issue #5 and the
#      lax.scan rewrites of FK/CRBA/RNEA were motivated by jit time), so the wrapper is jitted here.
import functools

import jax
import jax.numpy as jnp

from rnea import rnea


@functools.partial(jax.jit, static_argnames=["physics_model"])
def inverse_dynamics(physics_model, xfb, q, qd, joint_accelerations, W_a_WB, f_ext):
    W_f_B, tau = rnea(
        model=physics_model,
        xfb=xfb,
        q=q,
        qd=qd,
        qdd=joint_accelerations,
        a0fb=W_a_WB,
        f_ext=f_ext,
    )
    tau = jnp.atleast_1d(tau.squeeze())
    return W_f_B, tau
