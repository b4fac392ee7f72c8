# Source: https://github.com/jax-ml/jax/issues/3993
# Title: any suggestions on how to improve performance for gradient step with odeint?
# Cut: diff, diff_v and loss as posted in the author's comment of 2020-08-08; SEIRD_mobility_coupled right-hand side, u0, t0 and the data arrays are reconstructed stand-ins of the shapes the thread describes (compartments x patches, daily time points).
from functools import partial
import jax
import jax.numpy as jnp
from jax import vmap
from jax.experimental.ode import odeint

n_patches = 50
n_days = 120
t0 = jnp.arange(n_days, dtype=jnp.float32)
u0 = jnp.zeros((10, n_patches)).at[0].set(1.0)


def SEIRD_mobility_coupled(u, t, params, m_array, coupling_matrix):
    beta, sigma, gamma, mu = params
    S, E, I, R, D = u[0], u[1], u[2], u[3], u[9]
    force = beta * (coupling_matrix @ I) * m_array[jnp.int32(t) % m_array.shape[0]]
    dS = -S * force
    dE = S * force - sigma * E
    dI = sigma * E - (gamma + mu) * I
    dR = gamma * I
    dD = mu * I
    du = jnp.zeros_like(u)
    return du.at[0].set(dS).at[1].set(dE).at[2].set(dI).at[3].set(dR).at[9].set(dD)


def diff(sol_, data_):
    l1 = jnp.square(jnp.ediff1d((1 - sol_[:, 0])) - data_[:, 0])
    l2 = jnp.square(jnp.ediff1d(sol_[:, 9]) - data_[:, 1])
    return l1 + 20000 * l2


diff_v = vmap(diff, (2, 2))


def loss(data_, m_array_, coupling_matrix_, params_):
    sol_ = odeint(SEIRD_mobility_coupled, u0, t0, params_, m_array_, coupling_matrix_,
                  rtol=1e-3, atol=1e-6)
    return jnp.sum(diff_v(sol_, data_))


epi_array = jnp.zeros((n_days - 1, 2, n_patches))
mobilitypopulation_array_scaled = jnp.ones((n_days, n_patches))
coupling_matrix = jnp.eye(n_patches)

loss_ = partial(loss, epi_array, mobilitypopulation_array_scaled, coupling_matrix)
grad_step = jax.jit(jax.grad(loss_))
