# Source: https://github.com/sandialabs/optimism/blob/44438c1924f647f02b1978b07c5f00fddd6aed0f/optimism/Math.py
# Title: optimism/Math.py (compensated summation sum2/dot2)
# Cut: kept sum2, dot2 and their error-free transformations; dropped safe_sqrt; docstrings removed. The optimism.JaxConfig star import is replaced by explicit imports.
import jax
import jax.numpy as np
from jax import lax

_DBL_PRECISION_SIGNIFICAND_BITS = 53

# equivalent to ceil(_DBL_PRECISION_SIGNIFICAND_BITS / 2) as an integer
_SPLIT_S = -(-_DBL_PRECISION_SIGNIFICAND_BITS // 2)
_SPLIT_FACTOR = 1<<_SPLIT_S + 1


def sum2(a):
    def f(carry, ai):
        p, sigma = carry
        p, q = _two_sum(p, ai)
        sigma += q
        return (p, sigma), p

    total = 0.0
    c = 0.0
    (total, c), partialSums = lax.scan(f, (total, c), a)
    return total + c


def _two_sum(a, b):
    x = a + b
    z = x - a
    y = (a - (x - z)) + (b - z)
    return x, y


def dot2(x, y):
    def f(carry, xy):
        p, s = carry
        xi, yi = xy
        h, r = _two_product(xi, yi)
        p, q = _two_sum(p, h)
        s = s + (q + r)
        return (p, s), p

    rawTotal = 0.0
    compensation = 0.0
    X = np.column_stack((x,y))
    (rawTotal, compensation), partialSums = lax.scan(f,
                                                     (rawTotal, compensation),
                                                     X)
    return rawTotal + compensation


def _two_product(a, b):
    x = a*b
    a1, a2 = _float_split(a)
    b1, b2 = _float_split(b)
    y = a2*b2 - (((x - a1*b1) - a2*b1) - a1*b2)
    return x, y


def _float_split(a):
    c = _SPLIT_FACTOR*a
    x = c - (c - a)
    y = a - x
    return x, y
