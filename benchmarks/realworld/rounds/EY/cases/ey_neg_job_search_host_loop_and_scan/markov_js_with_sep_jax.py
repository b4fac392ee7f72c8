# Source: https://github.com/jbrogueira/advanced_topics_macro_2025/blob/18ceb79c5eab32d12cebabc9ac818ebed5547010/november_10/source/5_markov_js_with_sep_jax.md
# Title: 5_markov_js_with_sep_jax.md (Job search with separation and Markov wages, JAX)
# Cut: code cells converted to a .py file; kept successive_approx (lax.while_loop), T,
#      get_greedy, the single-agent host simulation loop and the lax.scan cross-section;
#      docstrings, vfi wrapper details, reservation-wage code and plots dropped.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import jit, lax


@partial(jit, static_argnums=(0,))
def successive_approx(T, x_0, tolerance: float = 1e-6, max_iter: int = 100_000):
    def cond_fn(carry):
        x, error, k = carry
        return (error > tolerance) & (k <= max_iter)

    def body_fn(carry):
        x, error, k = carry
        x_new = T(x)
        error = jnp.max(jnp.abs(x_new - x))
        return (x_new, error, k + 1)

    initial_carry = (x_0, tolerance + 1, 1)
    x_final, _, _ = lax.while_loop(cond_fn, body_fn, initial_carry)
    return x_final


class Model(NamedTuple):
    n: int
    w_vals: jnp.ndarray
    P: jnp.ndarray
    β: float
    c: float
    α: float


@jit
def T(v, model):
    n, w_vals, P, β, c, α = model
    d = 1 / (1 - β * (1 - α))
    accept = d * (w_vals + α * β * P @ v)
    reject = c + β * P @ v
    return jnp.maximum(accept, reject)


@jit
def get_greedy(v, model):
    n, w_vals, P, β, c, α = model
    d = 1 / (1 - β * (1 - α))
    accept = d * (w_vals + α * β * P @ v)
    reject = c + β * P @ v
    σ = accept >= reject
    return σ


def vfi(model):
    v_init = jnp.zeros(model.n)
    v_star = successive_approx(lambda v: T(v, model), v_init)
    return v_star, get_greedy(v_star, model)


@jit
def weighted_choice(key, probs):
    cumsum = jnp.cumsum(probs)
    return jnp.searchsorted(cumsum, jax.random.uniform(key))


@jit
def update_agent(key, is_employed, wage_idx, model, σ_star):
    n, w_vals, P, β, c, α = model
    key1, key2 = jax.random.split(key)
    new_wage_idx = weighted_choice(key1, P[wage_idx, :])
    separation_occurs = jax.random.uniform(key2) < α
    accepts = σ_star[wage_idx]
    final_employment = jnp.where(
        is_employed,
        1 - separation_occurs.astype(jnp.int32),
        accepts.astype(jnp.int32)
    )
    final_wage = jnp.where(
        is_employed,
        jnp.where(separation_occurs, new_wage_idx, wage_idx),
        jnp.where(accepts, wage_idx, new_wage_idx)
    )
    return final_employment, final_wage


def simulate_employment_path(model, T: int = 2_000, seed: int = 42):
    key = jax.random.PRNGKey(seed)
    n, w_vals, P, β, c, α = model
    v_star, σ_star = vfi(model)
    is_employed = 0
    wage_idx = 0
    wage_path_list = []
    employment_status_list = []

    for t in range(T):
        wage_path_list.append(w_vals[wage_idx])
        employment_status_list.append(is_employed)
        key, subkey = jax.random.split(key)
        is_employed, wage_idx = update_agent(
            subkey, is_employed, wage_idx, model, σ_star
        )

    return jnp.array(wage_path_list), jnp.array(employment_status_list)


update_agents_vmap = jax.vmap(
    update_agent, in_axes=(0, 0, 0, None, None)
)


@partial(jit, static_argnums=(3, 4))
def _simulate_cross_section_compiled(key, model, σ_star, n_agents: int, T: int):
    n, w_vals, P, β, c, α = model
    wage_indices = jnp.zeros(n_agents, dtype=jnp.int32)
    is_employed = jnp.zeros(n_agents, dtype=jnp.int32)

    def scan_fn(loop_state, t):
        key, is_employed, wage_indices = loop_state
        employment_status = is_employed
        key, *agent_keys = jax.random.split(key, n_agents + 1)
        agent_keys = jnp.array(agent_keys)
        is_employed, wage_indices = update_agents_vmap(
            agent_keys, is_employed, wage_indices, model, σ_star
        )
        new_loop_state = key, is_employed, wage_indices
        return new_loop_state, employment_status

    initial_loop_state = (key, is_employed, wage_indices)
    final_loop_state, employment_matrix = lax.scan(
        scan_fn, initial_loop_state, jnp.arange(T)
    )
    return employment_matrix.T
