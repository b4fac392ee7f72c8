# Source: https://github.com/petergchang/sarkka-jax/blob/d32b6da850072a8192027a9fd5d380cae5c12902/car_track.ipynb
# Title: sarkka-jax, car_track.ipynb ("Add speed comparison between lax scan version vs naive version")
# Cut: code cells 1-4 (imports, the naive and the lax.scan simulator) and the eager timing calls; plotting omitted
import jax.numpy as jnp
import jax.random as jr
from jax import lax
import matplotlib.pyplot as plt
def _atleast2d(*args):
    return tuple(jnp.atleast_2d(elem) for elem in args)
def generate_ssm_naive(key, m_0, A, Q, H, R, steps):
    m_0 = jnp.atleast_1d(m_0)
    A, Q, H, R = _atleast2d(A, Q, H, R)
    
    M, N = m_0.shape[-1], R.shape[-1]
    states = []
    observations = []

    state = m_0
    for i in range(steps):
        key, rng = jr.split(key)
        state = A @ state + jr.multivariate_normal(rng, jnp.zeros(M), Q, method='cholesky')
        states.append(state)
        obs = H @ state + jr.multivariate_normal(rng, jnp.zeros(N), R, method='cholesky')
        observations.append(obs)
    
    return states, observations
def generate_ssm(key, m_0, A, Q, H, R, steps):
    def _step(carry, rng_and_t):
        state = carry
        rng, t = rng_and_t
        rng1, rng2 = jr.split(rng, 2)
        next_state = A @ state + jr.multivariate_normal(rng1, jnp.zeros(M), Q)
        observation = H @ state + jr.multivariate_normal(rng2, jnp.zeros(N), R)
        return next_state, (state, observation)
    m_0 = jnp.atleast_1d(m_0)
    A, Q, H, R = _atleast2d(A, Q, H, R)
    M, N = m_0.shape[-1], R.shape[-1]

    state = m_0
    rngs = jr.split(key, steps)
    _, (states, observations) = lax.scan(
        _step, state, (rngs, jnp.arange(steps))
    )
    return states, observations


M, N = 2, 1
m_0 = jnp.zeros(M)
P_0 = Q = jnp.array([[0.4, -0.2],
                     [-0.2, 0.5]])
A = jnp.zeros((M, M))
H = [0., 0.]
R = 0.5
key = jr.PRNGKey(0)

states, observations = generate_ssm_naive(key, m_0, A, Q, H, R, 100000)
states, observations = generate_ssm(key, m_0, A, Q, H, R, 100000)
