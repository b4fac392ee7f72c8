# Source: https://github.com/jaxleyverse/tridiax/blob/e8806cd1aaff27640884b0b2b68331db6453a1b2/tests/solver_test.py
# Title: tests/solver_test.py
# Cut: only test_grad kept, parametrised with stone_solve (the repository also lists thomas and divide-and-conquer).
import jax.numpy as jnp
import numpy as np
import pytest
from jax import grad, jit

from stone import stone_solve


@pytest.mark.parametrize("solve_fn", [stone_solve])
def test_grad(solve_fn):
    dim = 32
    _ = np.random.seed(0)
    diag = jnp.asarray(np.random.randn(dim))
    upper = jnp.asarray(np.random.randn(dim - 1))
    lower = jnp.asarray(np.random.randn(dim - 1))
    solve = jnp.asarray(np.random.randn(dim))

    def sum_solution(vals):
        lower, diag, upper, solve = vals
        x = solve_fn(lower, diag, upper, solve)
        return jnp.sum(x)

    jitted_grad = jit(grad(sum_solution))
    gradient = jitted_grad((lower, diag, upper, solve))
    for g in gradient:
        assert jnp.invert(jnp.any(jnp.isnan(g))), "Found NaN in gradient."
