# Source: https://github.com/TareqJ1000/Hyp2F1JAX/blob/0015701d2aa5a65d2436524e5b6b33333b156175/hyp2f1_jax.py
# Title: hyp2f1_jax.py (Gauss hypergeometric 2F1 in JAX: Taylor series and terminating series)
# Cut: the host-side hyp2f1_recursive (Pfaff/Euler driver with prints) and the __main__ demo removed.
import jax
jax.config.update('jax_enable_x64', True)

import jax.numpy as jnp
from jax.scipy.special import gammaln, gamma
from scipy import special
import time
from jax.experimental.ode import odeint

'''
Implementation of the Gaussian Hypergeometric Function with JAX.  
'''

# Safer Pochhammer (a)_n using gamma function

@jax.jit
def pochhammer(a, n):
    return jnp.exp(gammaln(a + n) - gammaln(a))

@jax.jit
def pochhammer_safe(a, n):
    def body_fun(ii, result):
        return result * (a + ii)
    return jax.lax.fori_loop(0, n, body_fun, 1.0)

# Taylor series for |z| < 1
@jax.jit
def hyp2f1_taylor(a, b, c, z, max_terms=100, tol=1e-12):
    def term(n):
        num = pochhammer(a, n) * pochhammer(b, n)
        denom = pochhammer(c, n) * jnp.exp(gammaln(n + 1))
        return (num / denom) * z**n

    def cond(state):
        n, acc, t = state
        return jnp.logical_and(n < max_terms, jnp.abs(t) > tol)

    def body(state):
        n, acc, _ = state
        t = term(n)
        return n + 1, acc + t, t

    # Enforce complex128 dtype
    init = (
        0,
        jnp.zeros_like(z, dtype=jnp.complex128),
        jnp.ones_like(z, dtype=jnp.complex128)
    )
    _, result, _ = jax.lax.while_loop(cond, body, init)
    return result

    return _inner(a, b, c, z, max_depth)



def hyp2f1_terminating(a, b, c, z):
    # Truncate before invalid terms in the denominator
    n_max = jnp.minimum(jnp.minimum(-a, -b), -c - 1)

    def term(n):
        num = pochhammer_safe(a, n) * pochhammer_safe(b, n)
        denom = pochhammer_safe(c, n) * jnp.exp(gammaln(n + 1))

        # Avoid division by zero or inf
        safe = jnp.logical_and(jnp.isfinite(denom), denom != 0.0)
        t = jnp.where(safe, (num / denom) * z**n, 0.0)
        return t.astype(jnp.complex128)

    def sum_terms_kahan(term, n_max):
        def cond_fun(state):
            n, acc, comp = state
            return n <= n_max

        def body_fun(state):
            n, acc, comp = state
            t = term(n)
            y = t - comp
            temp = acc + y
            comp = (temp - acc) - y
            acc = temp
            return (n + 1, acc, comp)

        init_state = (
            0,
            jnp.array(0.0 + 0.0j, dtype=jnp.complex128),  # acc
            jnp.array(0.0 + 0.0j, dtype=jnp.complex128),  # compensation
        )

        _, total, _ = jax.lax.while_loop(cond_fun, body_fun, init_state)
        return total

    return sum_terms_kahan(term, n_max)


'''
Wrapper function for the Hyp2F1 function
'''

@jax.jit
def hyp2f1(a, b, c, z, max_terms=100):
    is_a0 = jnp.equal(a, 0)
    is_b0 = jnp.equal(b, 0)
    is_identity = jnp.logical_or(is_a0, is_b0)

    is_integer_a = jnp.equal(a, jnp.floor(a))
    is_integer_b = jnp.equal(b, jnp.floor(b))
    is_terminating = (
        (is_integer_a & (a <= 0)) |
        (is_integer_b & (b <= 0))
    )

    def _identity(_):
        return jnp.array(1.0 + 0.0j, dtype=jnp.complex128)

    def _not_identity(_):
        def _taylor():
            return hyp2f1_taylor(a, b, c, z, max_terms=max_terms)
        def _terminating():
            return hyp2f1_terminating(a, b, c, z)
        return jax.lax.cond(
            is_terminating,
            lambda _: _terminating(),
            lambda _: _taylor(),
            operand=None
        )

    return jax.lax.cond(
        is_identity,
        _identity,
        _not_identity,
        operand=None
    )

if __name__ == '__main__':

    print("Example case")
