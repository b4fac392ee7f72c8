# Source: https://github.com/JWSch4fer/LBFGS_JAX/blob/5529fcffced17a916221d1bfd90212ff8a0d58a4/examples/rosenbrock.py
# Title: examples/rosenbrock.py (L-BFGS on an n-dimensional Rosenbrock function)
# Cut: the optimizer object replaced by a call to lbfgs_step with the same state; the outer lax.scan over 10000 iterations is the author's.
import jax
import jax.numpy as jnp

from lbfgs import lbfgs_step


def n_dim_rosenbrock(x: jnp.ndarray, dtype=jnp.float32) -> jnp.ndarray:
    result = jnp.sum(100.0 * (x[1:] - x[:-1]**2.0)**2.0 + (1 - x[:-1])**2.0)
    return jnp.asarray(result, dtype=dtype)


def main():
    def loss(x):
        return n_dim_rosenbrock(x)

    n = 1000
    m = 10
    key = jax.random.PRNGKey(42)
    key1, _ = jax.random.split(key, 2)
    x0 = jax.random.uniform(key1, shape=(n,), minval=-4, maxval=4)
    state = (x0, jnp.zeros((m, n)), jnp.zeros((m, n)), jnp.zeros(m), jax.grad(loss)(x0), 0)

    def opt_step(carry, _):
        state, losses = carry
        state = lbfgs_step(loss, *state)
        losses = losses.at[state[-1]].set(loss(state[0]))
        return (state, losses), _

    iterations = 10000
    losses = jnp.zeros((iterations,))
    (final_state, losses), _ = jax.lax.scan(opt_step, (state, losses), None, length=iterations)
    print("Function value at minimum:", loss(final_state[0]))


if __name__ == "__main__":
    main()
