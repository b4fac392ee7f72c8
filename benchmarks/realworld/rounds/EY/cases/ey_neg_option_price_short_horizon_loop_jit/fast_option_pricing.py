# Source: https://github.com/QuantEcon/melbourne_2024/blob/c51d38602262902ccc38a469fcba955e2f3b5fb1/notebooks/source/fast_option_pricing.md
# Title: fast_option_pricing.md (Pricing a European Call Option Version 2)
# Cut: code cells converted to a .py file; kept the parameter cell, the NumPy version and the
#      JAX version with its jax.jit wrapper; pure-Python, Numba and timing cells dropped.
import numpy as np
import jax
import jax.numpy as jnp

n, β, K = 10, 0.99, 100
μ, ρ, ν, S_0, h_0 = 0.0001, 0.01, 0.001, 10.0, 0.0


def compute_call_price_np(β=β,
                          μ=μ,
                          S_0=S_0,
                          h_0=h_0,
                          K=K,
                          n=n,
                          ρ=ρ,
                          ν=ν,
                          M=10_000_000,
                          seed=1234):
    np.random.seed(seed)
    s = np.full(M, np.log(S_0))
    h = np.full(M, h_0)
    for t in range(n):
        U, V = np.random.randn(M), np.random.randn(M)
        s = s + μ + np.exp(h) * U
        h = ρ * h + ν * V
    expectation = np.mean(np.maximum(np.exp(s) - K, 0))
    return β**n * expectation


def compute_call_price_jax(β=β,
                           μ=μ,
                           S_0=S_0,
                           h_0=h_0,
                           K=K,
                           n=n,
                           ρ=ρ,
                           ν=ν,
                           M=10_000_000,
                           seed=1234):

    key=jax.random.PRNGKey(seed)
    s = jnp.full(M, np.log(S_0))
    h = jnp.full(M, h_0)
    for t in range(n):
        Z = jax.random.normal(key, (2, M))
        s = s + μ + jnp.exp(h) * Z[0, :]
        h = ρ * h + ν * Z[1, :]
        key = jax.random.fold_in(key, t)

    S = jnp.exp(s)
    expectation = jnp.mean(jnp.maximum(S - K, 0))

    return β**n * expectation


price = compute_call_price_jax()

compute_call_price_jax_compiled = jax.jit(compute_call_price_jax, static_argnums=(5, 8, ))
price = compute_call_price_jax_compiled()
