# Source: https://github.com/google-deepmind/mujoco/issues/1662
# Title: google-deepmind/mujoco#1662 "Gradient of MJX simulation"
# Cut: kept the author's working example; the XML model is abbreviated to one free ball and the final grad
#      call completes the truncated snippet.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import mujoco
from mujoco import mjx

XML = """
<mujoco>
  <worldbody>
    <body name="ball" pos="0 0 1"><freejoint/><geom type="sphere" size="0.1"/></body>
  </worldbody>
</mujoco>
"""


def simulation(r0, v0, T):
    """calculates the trajectory of the ball in 3D world coordinates"""
    model = mujoco.MjModel.from_xml_string(XML)
    mjx_model = mjx.put_model(model)
    data = mujoco.MjData(model)
    mjx_data = mjx.put_data(model, data)
    qpos = mjx_data.qpos.at[0:3].set(r0)
    qvel = mjx_data.qvel.at[0:3].set(v0)
    mjx_data = mjx_data.replace(qpos=qpos, qvel=qvel)
    jit_step = jax.jit(mjx.step)
    duration = T
    while mjx_data.time <= duration:
        mjx_data = jit_step(mjx_model, mjx_data)
    #mjx_data = jax.lax.while_loop(lambda x: x.time <= duration, lambda x: jit_step(mjx_model, x), mjx_data)
    return mjx_data.qpos[2]

v0 = jnp.array([0., 0., 0.], dtype=jnp.float64)
T = jnp.array(0.5, dtype=jnp.float64)
wrapper_fn = lambda r0: simulation(r0, v0, T)
r0 = jnp.array([5.425, 0, 10], dtype=jnp.float64)
print(jax.grad(wrapper_fn)(r0))
