# Source: https://github.com/beshjp/jax-options/blob/a11032920ce2386580b9ee067eaf847050f3bcc4/blackscholes.py
# Title: jax-options blackscholes.py (Black-Scholes pricing, Greeks and implied volatility in JAX)
# Cut: kept calculate_d1/d2, option_price, vega and implied_volatility; the other Greeks and
#      docstrings omitted.
import jax.numpy as jnp
from jax import jit, lax
from jax.scipy.stats import norm


@jit
def calculate_d1(S, K, T, r, sigma):
    return (jnp.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * jnp.sqrt(T))


@jit
def calculate_d2(d1, T, sigma):
    return d1 - sigma * jnp.sqrt(T)


@jit
def option_price(S, K, T, r, sigma, is_call):
    d1 = calculate_d1(S, K, T, r, sigma)
    d2 = calculate_d2(d1, T, sigma)

    def call_price():
        return S * norm.cdf(d1) - K * jnp.exp(-r * T) * norm.cdf(d2)

    def put_price():
        return K * jnp.exp(-r * T) * norm.cdf(-d2) - S * norm.cdf(-d1)

    return lax.cond(is_call, call_price, put_price)


@jit
def vega(S, K, T, r, sigma):
    d1 = calculate_d1(S, K, T, r, sigma)
    return S * norm.pdf(d1) * jnp.sqrt(T)


@jit
def implied_volatility(
    market_price, S, K, T, r, is_call,
    initial_sigma=0.2, tolerance=1e-5, max_iterations=1000,
    min_vega=1e-10, min_sigma=0.0, max_sigma=5.0,
):
    """Calculate the implied volatility using the Newton-Raphson method in JAX."""

    def cond_fun(args):
        _, sigma, iteration, last_price = args
        return lax.bitwise_and(
            iteration < max_iterations, jnp.abs(last_price - market_price) > tolerance
        )

    def body_fun(args):
        market_price, sigma, iteration, _ = args
        price = option_price(S, K, T, r, sigma, is_call)
        vega_value = lax.max(vega(S, K, T, r, sigma), min_vega)

        price_diff = market_price - price
        sigma_update = sigma + price_diff / vega_value
        sigma_clipped = jnp.clip(sigma_update, min_sigma, max_sigma)

        return market_price, sigma_clipped, iteration + 1, price

    _, implied_vol, _, _ = lax.while_loop(
        cond_fun, body_fun, (market_price, initial_sigma, 0, 0.0)
    )
    return implied_vol
