# Source: https://github.com/gehring/fax/blob/1bc0f4ddf4f0d54370b0c04282de49aa85685791/fax/loop_test.py
# Title: fax/loop_test.py (LoopTest.testFixedPointIteration)
# Cut: only testFixedPointIteration kept.
from absl.testing import absltest
from absl.testing import parameterized

import numpy as onp
from numpy import testing

from fax import converge
from fax import loop
from fax import test_util

import jax
import jax.numpy as np
import jax.test_util
from jax.config import config
config.update("jax_enable_x64", True)


class LoopTest(jax.test_util.JaxTestCase):

    @parameterized.parameters(
        {"unroll": True, "jit": False},
        {"unroll": False, "jit": False},
        {"unroll": True, "jit": True},
        {"unroll": False, "jit": True},
    )
    def testFixedPointIteration(self, unroll, jit):
        mat_size = 5
        rtol = atol = 1e-10
        max_steps = 500

        matrix = test_util.generate_stable_matrix(mat_size, eps=1e-1)
        offset = onp.random.rand(5)
        init_x = np.zeros_like(offset)

        def convergence_test(x_new, x_old):
            return converge.max_diff_test(x_new, x_old, rtol, atol)

        def step(x_old):
            return test_util.ax_plus_b(x_old, matrix, offset)

        def solve(x):
            return loop.fixed_point_iteration(
                init_x=x,
                func=step,
                convergence_test=convergence_test,
                max_iter=max_steps,
                batched_iter_size=1,
                unroll=unroll,
            )

        if jit:
            solve = jax.jit(solve)

        sol = solve(init_x)

        true_sol = test_util.solve_ax_b(matrix, offset)

        testing.assert_allclose(sol.value, true_sol, rtol=1e-5, atol=1e-5)
        self.assertTrue(sol.converged)
        self.assertLessEqual(sol.iterations, max_steps)
        testing.assert_allclose(sol.value, sol.previous_value, rtol=1e-5,
                                atol=1e-5)

