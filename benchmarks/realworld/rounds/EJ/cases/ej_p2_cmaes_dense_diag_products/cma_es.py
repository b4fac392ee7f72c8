# Source: https://github.com/QuantAMMProtocol/quantammsim/blob/3a111c3a927449e132a4328a5a18d8de2301736f/quantammsim/training/cma_es.py
# Title: quantammsim quantammsim/training/cma_es.py (pure-JAX CMA-ES for AMM strategy parameters)
# Cut: kept CMAESState, ask, tell (evolution-path and covariance updates condensed but with the
#      author's expressions) and run_cmaes (lax.while_loop driver); default_params, init_cmaes
#      and the stopping test body omitted.
import math
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random


class CMAESState(NamedTuple):
    mean: jnp.ndarray
    sigma: jnp.ndarray
    C: jnp.ndarray
    p_sigma: jnp.ndarray
    p_c: jnp.ndarray
    gen: jnp.ndarray
    best_x: jnp.ndarray
    best_f: jnp.ndarray
    eigenvalues: jnp.ndarray
    eigenvectors: jnp.ndarray
    invsqrt_C: jnp.ndarray


def ask(state: CMAESState, key: jnp.ndarray, lam: int) -> jnp.ndarray:
    """Sample *lam* candidate solutions from the current distribution."""
    n = state.mean.shape[0]
    dtype = state.mean.dtype
    z = random.normal(key, shape=(lam, n), dtype=dtype)
    # C = B D^2 B^T  =>  C^{1/2} = B D B^T
    D = jnp.sqrt(state.eigenvalues)  # (n,)
    # Transform: y_i = B @ diag(D) @ z_i
    y = z @ jnp.diag(D) @ state.eigenvectors.T  # (lam, n)
    population = state.mean + state.sigma * y
    return population


def tell(state: CMAESState, population, fitness, params: dict) -> CMAESState:
    dtype = state.mean.dtype
    mu = params["mu"]
    weights = params["weights"].astype(dtype)
    mu_eff = params["mu_eff"]
    c_sigma, d_sigma, c_c = params["c_sigma"], params["d_sigma"], params["c_c"]
    c1, c_mu, chi_n = params["c1"], params["c_mu"], params["chi_n"]

    order = jnp.argsort(fitness)
    sorted_pop = population[order]
    gen_best_x = sorted_pop[0]
    gen_best_f = fitness[order[0]]
    improved = gen_best_f < state.best_f
    best_x = jnp.where(improved, gen_best_x, state.best_x)
    best_f = jnp.where(improved, gen_best_f, state.best_f)

    selected = sorted_pop[:mu]
    new_mean = jnp.sum(weights[:, None] * selected, axis=0)
    mean_diff = new_mean - state.mean

    sqrt_csig = math.sqrt(c_sigma * (2 - c_sigma) * mu_eff)
    sqrt_cc = math.sqrt(c_c * (2 - c_c) * mu_eff)
    p_sigma = (1 - c_sigma) * state.p_sigma + sqrt_csig * state.invsqrt_C @ (mean_diff / state.sigma)
    p_sigma_norm = jnp.linalg.norm(p_sigma)
    gen_plus_1 = state.gen + 1
    h_sigma = (p_sigma_norm < 1.4 * chi_n).astype(dtype)
    p_c = (1 - c_c) * state.p_c + h_sigma * sqrt_cc * (mean_diff / state.sigma)

    rank1 = c1 * jnp.outer(p_c, p_c)
    rank1_correction = c1 * (1 - h_sigma) * c_c * (2 - c_c) * state.C
    diff_scaled = (selected - state.mean) / state.sigma
    rank_mu = c_mu * jnp.sum(
        weights[:, None, None] * (diff_scaled[:, :, None] * diff_scaled[:, None, :]), axis=0,
    )
    new_C = (1 - c1 - c_mu) * state.C + rank1 + rank1_correction + rank_mu
    new_sigma = state.sigma * jnp.exp((c_sigma / d_sigma) * (p_sigma_norm / chi_n - 1))

    new_C = (new_C + new_C.T) / 2
    eigenvalues, eigenvectors = jnp.linalg.eigh(new_C)
    eigenvalues = jnp.maximum(eigenvalues, 1e-20)
    # C^{-1/2} = B @ diag(1/sqrt(D)) @ B^T
    new_invsqrt_C = eigenvectors @ jnp.diag(1.0 / jnp.sqrt(eigenvalues)) @ eigenvectors.T

    return CMAESState(mean=new_mean, sigma=new_sigma, C=new_C, p_sigma=p_sigma, p_c=p_c,
                      gen=gen_plus_1, best_x=best_x, best_f=best_f, eigenvalues=eigenvalues,
                      eigenvectors=eigenvectors, invsqrt_C=new_invsqrt_C)


def _should_stop_jax(state: CMAESState, tol: float = 1e-8) -> jnp.ndarray:
    return state.sigma * jnp.sqrt(jnp.max(state.eigenvalues)) < tol


def run_cmaes(init_state, rng_key, eval_fn, params: dict, n_generations: int, tol: float = 1e-8):
    """Run CMA-ES via ``lax.while_loop``.  JIT-compatible."""
    lam = params["lam"]

    def cond_fn(carry):
        state, _key = carry
        return (~_should_stop_jax(state, tol)) & (state.gen < n_generations)

    def body_fn(carry):
        state, key = carry
        key, subkey = random.split(key)
        pop = ask(state, subkey, lam)
        fitness = eval_fn(pop)
        state = tell(state, pop, fitness, params)
        return (state, key)

    final_state, _ = jax.lax.while_loop(cond_fn, body_fn, (init_state, rng_key))
    return final_state
