# Source: https://github.com/petergchang/sarkka-jax/blob/b9d7216678a765a27b40e8393e57e7455228c931/Ch7.ipynb
# Title: sarkka-jax, Chapter 7 (Particle filtering, Sarkka "Bayesian Filtering and Smoothing")
# Cut: code cells 5, 6, 8 and 9 (imports, pendulum data, bootstrap particle filter of Algorithm 7.5 and its call); the unpacking of params into m_0, f, h, Q, r and the key are reconstructed; plotting omitted
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax

import simulations as sim

dt = 0.0125
params = sim.pendulum_default_params(dt=dt)
time_grid, (states, obs) = sim.simulate_pendulum_with_default_params(dt=dt)
m_0, _, f, h, Q, r = params.to_tuple()
key = jr.PRNGKey(0)

from jax.scipy.stats import multivariate_normal

# Bootstrap Particle Filter (Algorithm 7.5)
def bootstrap_pf(key, m_0, P_0, f, h, Q, R, Y, n_particles):
    def _step(carry, rng_t):
        key, t = rng_t
        weights, particles = carry
        key, subkey = jr.split(key, 2)

        # 1. Draw new points from (Gaussian) dynamic model
        m_pred = jax.vmap(f, 0, 0)(particles)
        keys_pred = jr.split(key, n_particles)
        normal_sample_vec = jax.vmap(jr.multivariate_normal, (0, 0, None), 0)
        particles_pred = normal_sample_vec(keys_pred, m_pred, Q)

        # 2. Calculate the weights from (Gaussian) measurement model
        obs_pred = jax.vmap(h, 0, 0)(particles_pred)
        normal_pdf_vec = jax.vmap(multivariate_normal.pdf, (None, 0, None), 0)
        weights_post = normalize(normal_pdf_vec(Y[t], obs_pred, R), -1)

        # 3. Perform resampling
        weights_post, particles_post = resample(subkey, weights_post, particles_pred)
        
        return (weights_post, particles_post), (weights_post, particles_post)

    def resample(key, weights, particles):
        idx = jr.categorical(key, jnp.log(weights), shape=(n_particles,))
        weights_post = jnp.ones(n_particles) / n_particles
        return weights_post, particles[idx]
    
    def normalize(weights, axis):
        return weights / jnp.sum(weights, axis=axis, keepdims=True)

    num_timesteps = len(Y)
    
    # Prior (Gaussian) particles and (uniform) weights
    key, subkey = jr.split(key, 2)
    particles = jr.multivariate_normal(key, m_0, P_0, shape=(n_particles,1))
    weights = jnp.ones(n_particles)/n_particles

    rngs = jr.split(subkey, num_timesteps)
    carry = (weights, particles)
    _, (ws, ps) = lax.scan(
        _step, carry, (rngs, jnp.arange(num_timesteps))
    )
    return ws, ps
key, subkey = jr.split(key, 2)
P_0 = jnp.eye(m_0.shape[-1])*0.1
n_particles = 2000
_, particles_pf = bootstrap_pf(key, m_0, P_0, f, h, Q, r, obs, n_particles)
