# Source: https://github.com/sandialabs/optimism/blob/44438c1924f647f02b1978b07c5f00fddd6aed0f/optimism/test/test_Math.py
# Title: optimism/test/test_Math.py
# Cut: kept the jit and grad tests of sum2/dot2; dropped the ill-conditioned data fixtures and numpy comparisons.
import jax
import jax.numpy as np

import Math


def test_sum2_jitted(a):
    func = jax.jit(Math.sum2)
    return func(a)


def test_grad_on_sum2_works():
    v = np.array([0.9653214 , 0.22515893, 0.63302994, 0.29638183])
    g = jax.grad(Math.sum2)(v)
    return g


def test_grad_on_dot2_works():
    v = np.array([0.9653214 , 0.22515893, 0.63302994, 0.29638183])
    w = np.array([0.87241435, 0.44302094, 0.27708054, 0.786595  ])
    g = jax.grad(Math.dot2)(v,w)
    return g
