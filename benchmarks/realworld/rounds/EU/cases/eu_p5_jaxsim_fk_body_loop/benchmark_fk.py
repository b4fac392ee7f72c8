# Source: https://github.com/gbionics/jaxsim/pull/15
# Title: Implement Forward Kinematics with `jax.lax.scan` (PR #15, JIT-time table for panda / iCub)
# Cut: reconstructed: the PR measures the JIT time of the forward kinematics of whole models
#      (panda 9 DoF, iCubGazeboV2_5 32 DoF); this wrapper jits forward_kinematics_model the same way.
import functools

import jax

from forward_kinematics import forward_kinematics_model


@functools.partial(jax.jit, static_argnames=["model"])
def fk_all_links(model, q, xfb):
    return forward_kinematics_model(model=model, q=q, xfb=xfb)
