# Source: https://github.com/petergchang/sarkka-jax/blob/b9d7216678a765a27b40e8393e57e7455228c931/simulations.py
# Title: sarkka-jax, simulations.py
# Cut: imports, PendulumParams and the pendulum simulation (Example 3.7) with its default parameters; random-walk and car-trajectory simulators omitted
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import vmap
from jax import lax
import chex
from typing import Callable

@chex.dataclass
class PendulumParams:
    m_0: chex.Array
    P_0: chex.Array
    f: Callable
    h: Callable
    Q: chex.Array
    R: chex.Array

# Pendulum simulation (Example 3.7)
def simulate_pendulum(m_0, f, h, Q, R, num_steps, key=0):
    if isinstance(key, int):
        key = jr.PRNGKey(key)
    M = m_0.shape[0]

    def _step(carry, rng):
        state = carry
        rng1, rng2 = jr.split(rng, 2)

        next_state = f(state) + jr.multivariate_normal(rng1, jnp.zeros(M), Q)
        obs = h(next_state) + jr.normal(rng2) * R
        return next_state, (next_state, obs)

    rngs = jr.split(key, num_steps)
    _, (states, observations) = lax.scan(
        _step, m_0, rngs
    )
    return states, observations

def pendulum_default_params(dt=0.0125):
    m_0 = jnp.array([jnp.pi/2, 0])
    P_0 = jnp.eye(2) * 0.1
    dt = dt
    q = 1
    g = 9.8
    Q = jnp.array([[q*dt**3/3, q*dt**2/2],
                [q*dt**2/2,      q*dt]])
    R = 0.3
    f = lambda x: jnp.array([x[0] + x[1]*dt, x[1] - g*jnp.sin(x[0])*dt])
    h = lambda x: jnp.array([jnp.sin(x[0])])
    return PendulumParams(
        m_0 = m_0,
        P_0 = P_0,
        f = f,
        h = h,
        Q = Q,
        R = R
    )

def simulate_pendulum_with_default_params(dt=0.0125, num_steps=400):
    time_grid = jnp.arange(0.0, dt*num_steps, step=dt)
    m_0, _, f, h, Q, R = pendulum_default_params(dt=dt).to_tuple()

