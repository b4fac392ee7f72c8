# Source: https://github.com/Archibald-Lafraik/pipps/blob/9a480e6c1229e9de241d8f60436ce89ddf83bc3e/double_pendulum/simple_pendu_main.ipynb
# Title: double_pendulum/simple_pendu_main.ipynb (data generation cell)
# Cut: cell 2 converted to a script; get_cos_sin_states, training and plotting cells dropped.
import jax.numpy as jnp

from simple_pendulum import get_simple_pendulum_sequence

dt = 0.01
start_state = jnp.array([jnp.pi / 4, 0.])
V0 = jnp.eye(2) * 0.00001
trans_noise = jnp.eye(2) * 0.00001
obs_noise = jnp.eye(2) * 0.001

num_steps = 2000
N = 100

zs, xs = get_simple_pendulum_sequence(start_state, V0, trans_noise, obs_noise, num_steps, N, dt)
