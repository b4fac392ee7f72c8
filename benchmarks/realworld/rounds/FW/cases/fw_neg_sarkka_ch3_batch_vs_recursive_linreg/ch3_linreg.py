# Source: https://github.com/petergchang/sarkka-jax/blob/b9d7216678a765a27b40e8393e57e7455228c931/Ch3.ipynb
# Title: sarkka-jax, Chapter 3 (Batch and recursive Bayesian linear regression, Sarkka "Bayesian Filtering and Smoothing")
# Cut: code cells 9, 13, 14 and 18 only (data generation, batch update, recursive update); plotting cells omitted
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import vmap
from jax import lax

# Generate grid
X = jnp.linspace(0.0, 1.0, 100)

# Define linear regression model
def lr_model(key, x, theta, var):
    epsilon = jr.normal(key)*var
    return theta[1] * x + theta[0] + epsilon
lr_model_vmap = vmap(lr_model, in_axes=(0, 0, None, None), out_axes=0)

# True parameter values
theta = jnp.array([1, 0.5])

# Generate dataset (var = 0.1)
var = 0.1
keys = jr.split(jr.PRNGKey(42), X.shape[0])
Y = lr_model_vmap(keys, X, theta, var)

# Parameter update model
def update_params(m_prior, P_prior, X, Y, meas_var):
    H = jnp.vstack(([1, x] for x in X))
    P_post = jnp.linalg.inv(jnp.linalg.inv(P_0) + H.T @ H / meas_var)
    m_post = P_post @ (H.T @ Y / meas_var + jnp.linalg.inv(P_0) @ m_0)
    return m_post, P_post

# Prior parameters
m_0 = jnp.array([0,0], dtype=jnp.float32)
P_0 = jnp.eye(2)

# Posterior parameters
m_T, P_T = update_params(m_0, P_0, X, Y, var)


def recursive_lin_reg(m_0, P_0, obs_var, X, Y):
    num_timesteps = len(Y)

    def _step(carry, t):
        m_k, P_k = carry
        H_k = jnp.array([[1, X[t]]])
        y_k = jnp.array([Y[t]])

        # Compute params after single update
        P_post = jnp.linalg.inv(jnp.linalg.inv(P_k) + H_k.T @ H_k / obs_var)
        m_post = P_post @ (H_k.T @ y_k / obs_var + jnp.linalg.inv(P_k) @ m_k)
        return (m_post, P_post), (m_post, P_post)

    carry = (m_0, P_0)
    _, (ms, Ps) = lax.scan(
        _step, carry, jnp.arange(num_timesteps)
    )
    return ms, Ps

# Run recursive linear regression
ms, Ps = recursive_lin_reg(m_0, P_0, var, X, Y)
