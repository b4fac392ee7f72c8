# Source: https://github.com/jbrogueira/advanced_topics_macro_2025/blob/18ceb79c5eab32d12cebabc9ac818ebed5547010/november_10/source/7_inventory_model.md
# Title: 7_inventory_model.md (Inventory dynamics with fixed ordering costs, JAX)
# Cut: code cells converted to a .py file; kept the global capacity K, P_function, the nested-vmap
#      P_array and reward_array, T and the host VFI loop; docstrings, policy iteration and plots dropped.
from typing import NamedTuple

import jax
import jax.numpy as jnp

# Global constant for maximum inventory capacity
K = 50


def ϕ_geometric(d, p=0.4):
    return (1 - p)**d * p


class Model(NamedTuple):
        β: float            # discount factor
        c: float            # marginal cost
        κ: float            # fixed cost
        demand_pmf: jnp.ndarray  # precomputed demand PMF array


def create_model(β=0.98, c=0.1, κ=0.8, ϕ=ϕ_geometric, max_demand=100) -> Model:
    d_vals = jnp.arange(max_demand + 1)
    demand_pmf = ϕ(d_vals)
    return Model(β=β, c=c, κ=κ, demand_pmf=demand_pmf)


@jax.jit
def P_function(model, x, a, y):
    β, c, κ, demand_pmf = model
    max_demand = len(demand_pmf) - 1
    survival_mask = jnp.arange(max_demand + 1) >= x
    Fx = jnp.sum(demand_pmf * survival_mask)
    capacity_violated = (x + a > K)
    d = x + a - y
    indicator = ((d >= 0) & (d < x))
    term1 = indicator * demand_pmf[d]
    indicator = (y == a)
    term2 = indicator * Fx
    return jnp.where(capacity_violated, 0.0, term1 + term2)


@jax.jit
def P_array(model):
    β, c, κ, demand_pmf = model
    S = K + 1
    x_vals = jnp.arange(S)
    a_vals = jnp.arange(S)
    y_vals = jnp.arange(S)
    P_vmap_y   = jax.vmap(P_function, (None, None, None, 0))
    P_vmap_ay  = jax.vmap(P_vmap_y,   (None, None, 0, None))
    P_vmap_xay = jax.vmap(P_vmap_ay,  (None, 0, None, None))
    return P_vmap_xay(model, x_vals, a_vals, y_vals)


def reward_function(model, x, a):
    β, c, κ, demand_pmf = model
    max_demand = len(demand_pmf) - 1
    d_vals = jnp.arange(max_demand + 1)
    sales_per_demand = jnp.minimum(x, d_vals)
    expected_sales = jnp.sum(sales_per_demand * demand_pmf)
    return expected_sales - c * a - jnp.greater(a, 0) * κ


@jax.jit
def reward_array(model):
    β, c, κ, demand_pmf = model
    S = K + 1
    x_vals = jnp.arange(S)
    a_vals = jnp.arange(S)
    r_vmap_a   = jax.vmap(reward_function, (None, None, 0))
    r_vmap_xa  = jax.vmap(r_vmap_a,        (None, 0,    None))
    return r_vmap_xa(model, x_vals, a_vals)


@jax.jit
def T(model, P, r, v):
    β, c, κ, demand_pmf = model
    B = r + β * jnp.sum(P * v, axis=2)
    return jnp.max(B, axis=1)


def vfi(model, max_iter=10_000, tol=1e-6):
    β, c, κ, demand_pmf = model
    P = P_array(model)
    r = reward_array(model)
    error = tol + 1
    i = 0
    v = jnp.zeros(K+1)
    while i < max_iter and error > tol:
        new_v = T(model, P, r, v)
        error = jnp.max(jnp.abs(new_v - v))
        v = new_v
    return v
