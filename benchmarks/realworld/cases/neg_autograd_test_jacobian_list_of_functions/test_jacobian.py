# Source: https://github.com/HIPS/autograd/blob/bff107b8d71a444a1160deade3e1cbd0b92f4fa6/tests/test_jacobian.py
# Title: HIPS/autograd tests/test_jacobian.py (test_jacobian_against_stacked_grads)
# Cut: kept the one test.
import autograd.numpy as np
import autograd.numpy.random as npr
from autograd import grad, jacobian

npr.seed(1)


def test_jacobian_against_stacked_grads():
    scalar_funs = [
        lambda x: np.sum(x**3),
        lambda x: np.prod(np.sin(x) + np.sin(x)),
        lambda x: grad(lambda y: np.exp(y) * np.tanh(x[0]))(x[1]),
    ]

    vector_fun = lambda x: np.array([f(x) for f in scalar_funs])

    x = npr.randn(5)
    jac = jacobian(vector_fun)(x)
    grads = [grad(f)(x) for f in scalar_funs]

    assert np.allclose(jac, np.vstack(grads))
