# Source: https://github.com/jobovy/galpy/blob/709c3980c80b012ad7303cae4898d72082ca5bbf/galpy/potential/SCFPotential.py
# Title: galpy/potential/SCFPotential.py (_C, _dC) and tests/test_backend_special.py (test_gegenbauer_grad_vs_fd)
# Cut: the numpy branch of _C (host loop filling CC in place) removed; the backend
#      path kept; the jax branch of the gegenbauer autodiff test appended.
import jax
import jax.numpy as jnp
import numpy

from galpy.backend import get_namespace
from galpy.backend.special import gegenbauer


def _C(xi, N, L, alpha=lambda x: 2 * x + 3.0 / 2, singleL=False):
    """
    Evaluate the Gegenbauer polynomial for 0 <= l < L and 0<= n < N
    """
    xp = get_namespace(xi)
    # backend path: the special-function router's Gegenbauer recurrence (same
    # three-term recurrence, built functionally so it traces/differentiates).
    # gegenbauer returns xi.shape + (N,); stack the l values along the last
    # axis and move (n, l) to the front to match the numpy layout.
    Ls = [L] if singleL else range(L)
    CC = xp.stack([gegenbauer(N, alpha(ll), xi) for ll in Ls], axis=-1)
    return xp.moveaxis(CC, (-2, -1), (0, 1))


def _dC(xi, N, L):
    xp = get_namespace(xi)
    l = numpy.arange(0, L)[numpy.newaxis, :]
    CC = _C(xi, N + 1, L, alpha=lambda x: 2 * x + 5.0 / 2)
    CC = xp.concat([xp.zeros_like(CC[:1]), CC[: N - 1]], axis=0)
    fac = 2 * (2 * l + 3.0 / 2)
    return CC * fac


def test_gegenbauer_grad_vs_fd():
    # d/dx C_n^alpha(x) = 2 alpha C_{n-1}^{alpha+1}(x); check AD vs central FD.
    N, alpha, x0 = 6, 2.5, 0.4
    n = 4
    ad = float(jax.grad(lambda xx: gegenbauer(N, alpha, xx)[n])(jnp.asarray(x0)))
    return ad
