# Source: https://github.com/Archibald-Lafraik/pipps/blob/9a480e6c1229e9de241d8f60436ce89ddf83bc3e/double_pendulum/simple_pendulum.py
# Title: double_pendulum/simple_pendulum.py (noisy simple-pendulum trajectories for PIPPS)
# Cut: constants import replaced by literals (g, l1, RAND_KEY from double_pendulum/constants.py); get_cos_sin_states dropped.
from jax import jit, vmap
import jax.numpy as jnp
import jax.random as jrandom

g = 9.80665
l1 = 1.
RAND_KEY = jrandom.PRNGKey(3)


def G(z, t):
    t, v = z
    acc = - (g / l1) * jnp.sin(t)

    return jnp.array([v, acc])


@jit
def RK4_step(z, t, dt):
    k1 = G(z, t)
    k2 = G(z+0.5*k1*dt, t+0.5*dt)
    k3 = G(z+0.5*k2*dt, t+0.5*dt)
    k4 = G(z+k3*dt, t+dt)

    return dt * (k1 + 2*k2 + 2*k3 + k4) / 6


def get_simple_pendulum_sequence(
    start_state,
    V0,
    trans_noise,
    obs_noise,
    num_steps,
    N,
    dt,
    key=RAND_KEY
):
    time = jnp.linspace(0, num_steps * dt, num_steps)

    states = jnp.zeros((num_steps, N, 2))
    obs = jnp.zeros((num_steps, N, 2))

    L0 = jnp.linalg.cholesky(V0)
    L_trans = jnp.linalg.cholesky(trans_noise)
    L_obs = jnp.linalg.cholesky(obs_noise)

    epsilons = jrandom.normal(key=key, shape=(num_steps, N, start_state.shape[0]))
    eps_trans = epsilons
    eps_obs = epsilons

    cur_state = jnp.tile(start_state, (N, 1)) + eps_trans[0] @ L0.T
    cur_obs = cur_state + eps_obs[0] @ L_obs.T

    states = states.at[0].set(cur_state)
    obs = obs.at[0].set(cur_obs)

    for i in range(1, num_steps):
        rk4_step = vmap(
            lambda st: RK4_step(st, time[i], dt),
            (0,),
        )
        next_pos = states[i - 1] + rk4_step(cur_state)

        cur_state = next_pos + eps_trans[i] @ L_trans.T
        cur_obs = cur_state + eps_obs[i] @ L_obs.T

        states = states.at[i].set(cur_state)
        obs = obs.at[i].set(cur_obs)

    return states, obs
