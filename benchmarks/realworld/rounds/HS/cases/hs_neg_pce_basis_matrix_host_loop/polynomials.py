# Source: https://github.com/KurtSoncco/surrogate-seismic-waves/blob/4e56984d532bcd35d9848f78f11092335f3ee665/wave_surrogate/models/pce/polynomials.py
# Title: wave_surrogate/models/pce/polynomials.py
# Cut: kept the jitted Hermite and Legendre recurrences; input-validating wrappers dropped
import jax
import jax.numpy as jnp
from jax.typing import ArrayLike


@jax.jit
def _hermite_polynomial(n: int, x: ArrayLike) -> jnp.ndarray:
    """JIT-compiled core logic for the nth physicist's Hermite polynomial."""
    x = jnp.asarray(x)

    def loop_body(k_minus_2, vals):
        h_prev, h_curr = vals
        h_next = 2 * x * h_curr - 2 * (k_minus_2 + 1) * h_prev
        return h_curr, h_next

    def h_n_calc(operand):
        init_vals = (jnp.ones_like(operand), 2 * operand)
        # Loop n-1 times to get from H_1 to H_n
        _, h_n = jax.lax.fori_loop(0, n - 1, loop_body, init_vals)
        return h_n

    branches = [
        lambda op: jnp.ones_like(op),  # n == 0
        lambda op: 2 * op,  # n == 1
        h_n_calc,  # n >= 2
    ]
    return jax.lax.switch(jnp.minimum(n, 2), branches, x)

# ...
@jax.jit
def _legendre_polynomial(n: int, x: ArrayLike) -> jnp.ndarray:
    """JIT-compiled core logic for the nth Legendre polynomial."""
    x = jnp.asarray(x)

    def loop_body(k_minus_1, vals):
        p_prev, p_curr = vals
        k = k_minus_1 + 1
        # Recurrence: (k+1)P_{k+1}(x) = (2k+1)xP_k(x) - kP_{k-1}(x)
        p_next = ((2 * k + 1) * x * p_curr - k * p_prev) / (k + 1)
        return p_curr, p_next

    def p_n_calc(operand):
        # Initial values are P_0(x) and P_1(x)
        init_vals = (jnp.ones_like(operand), operand)
        # Loop n-1 times to get from P_1 to P_n
        _, p_n = jax.lax.fori_loop(0, n - 1, loop_body, init_vals)
        return p_n

    branches = [
        lambda op: jnp.ones_like(op),  # Case n=0
        lambda op: op,  # Case n=1
        p_n_calc,  # Case n>=2
    ]
    return jax.lax.switch(jnp.minimum(n, 2), branches, x)
