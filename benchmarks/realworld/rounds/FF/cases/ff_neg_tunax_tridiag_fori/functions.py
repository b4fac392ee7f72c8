# Source: https://github.com/meom-group/tunax/blob/8405417a372fd80aa8d4ca274d992f0d16d5190a/tunax/functions.py
# Title: tunax/functions.py (tridiag_solve)
# Cut: docstring shortened; add_boundaries and the other helpers cut. The solver is
#      called on every time step of the single column model, whose loss is differentiated.
import jax.numpy as jnp
from jax import lax, jit
from jaxtyping import Float, Array


@jit
def tridiag_solve(
        a: Float[Array, 'n'],
        b: Float[Array, 'n'],
        c: Float[Array, 'n'],
        f: Float[Array, 'n']
    ) -> Float[Array, 'n']:
    """Solve a trigiagonal problem M X = F by recurrence using jax.lax."""
    n, = a.shape
    # forward sweep
    cff = 1.0 / b[0]
    f = f.at[0].multiply(cff)
    q = jnp.zeros(n)
    q = q.at[0].set(-c[0] * cff)

    def body_fun1(k: int, x: Float[Array, 'n']):
        f = x[0, :]
        q = x[1, :]
        cff = 1.0 / (b[k] + a[k] * q[k-1])
        q = q.at[k].set(-cff * c[k])
        f = f.at[k].set(cff * (f[k] - a[k] * f[k-1]))
        return jnp.stack([f, q])
    f_q = jnp.stack([f, q])
    f_q = lax.fori_loop(1, n, body_fun1, f_q)
    f = f_q[0, :]
    q = f_q[1, :]

    # backward substitution
    def body_fun2(k: int, x: Float[Array, 'n']):
        return x.at[n-1-k].add(q[n-1-k] * x[n-k])
    x = lax.fori_loop(1, n, body_fun2, f)

    return x
