# Source: https://github.com/petergchang/sarkka-jax/blob/b9d7216678a765a27b40e8393e57e7455228c931/Ch5.ipynb
# Title: Ch5.ipynb - 5. Extended and Unscented Kalman Filtering (Sarkka's Bayesian Filtering and Smoothing in JAX)
# Cut: code cells 5, 9 and 10 (imports, pendulum simulation with lax.scan, parameters) converted to a module; filtering and plotting cells cut
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax


# Function to simulate pendulum (Example 3.7)
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
# ---- cell 10
# Params for pendulum simulation
m_0 = jnp.array([jnp.pi/2, 0])
dt = 0.0125
q = 1
g = 9.8
Q = jnp.array([[q*dt**3/3, q*dt**2/2],
               [q*dt**2/2,      q*dt]])
R = 0.3
f = lambda x: jnp.array([x[0] + x[1]*dt, x[1] - g*jnp.sin(x[0])*dt])
h = lambda x: jnp.array([jnp.sin(x[0])])

# Simulate pendulum angle
states, obs = simulate_pendulum(m_0, f, h, Q, R, num_steps=400)

# # Apply arcsin to measured horizontal position to compute measured angle
# obs_angle = jnp.arcsin(jnp.clip(obs[:,0], -1, 1)) 
