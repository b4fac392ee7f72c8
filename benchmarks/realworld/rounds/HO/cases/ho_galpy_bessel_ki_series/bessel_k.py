# Source: https://github.com/jobovy/galpy/blob/709c3980c80b012ad7303cae4898d72082ca5bbf/galpy/backend/special/_fallback/bessel_k.py
# Title: galpy/backend/special/_fallback/bessel_k.py (K0/K1 ascending series; later vectorised in jobovy/galpy#1464)
# Cut: long header comment shortened to its first lines; code unchanged.
###############################################################################
#   Fallbacks for the modified Bessel functions of the second kind K0, K1, Kn
#   on real x > 0. Needed on BOTH jax and torch (jax.scipy.special has no
#   k0/k1/kn at all).
###############################################################################
import numpy

from ..._namespaces import asarray_on_device, device_of

_GAMMA = 0.5772156649015328606  # Euler-Mascheroni
_NSERIES = 30  # ascending-series terms (x <= 2)
_TRAP_H = 0.25  # trapezoidal step (in the 1/sqrt(x)-scaled variable)
_TRAP_N = 64  # trapezoidal nodes
# node positions i*h and weights (h/2 at the endpoint i=0), as numpy constants
_TRAP_NODES = numpy.arange(_TRAP_N + 1) * _TRAP_H
_TRAP_W = numpy.full(_TRAP_N + 1, _TRAP_H)
_TRAP_W[0] = _TRAP_H / 2.0


def _k01(xp, x):
    """Return (K0(x), K1(x)) for real x > 0, ~1e-15 vs scipy, AD-friendly."""
    x = xp.asarray(x) * 1.0
    inside = x <= 2.0
    # Clamp the dead region of each branch into its valid domain.
    xs = xp.where(inside, x, xp.ones_like(x))  # series branch (x<=2)
    xt = xp.where(inside, 2.0 * xp.ones_like(x), x)  # trapezoid branch (x>2)

    # --- ascending series (x <= 2), via native i0/i1 ---
    from .._router import i0, i1

    x2 = xs * xs / 4.0
    K0s = -(xp.log(xs / 2.0) + _GAMMA) * i0(xs)
    term = xp.ones_like(xs)
    harm = 0.0
    for k in range(1, _NSERIES):
        harm += 1.0 / k
        term = term * x2 / (k * k)
        K0s = K0s + term * harm
    s1 = xp.zeros_like(xs)
    term = xp.ones_like(xs)
    hk = 0.0
    for k in range(0, _NSERIES):
        hk1 = hk + 1.0 / (k + 1)
        s1 = s1 + term * ((hk + hk1) / 2.0 - _GAMMA)
        term = term * x2 / ((k + 1) * (k + 2))
        hk = hk1
    K1s = 1.0 / xs + xp.log(xs / 2.0) * i1(xs) - (xs / 2.0) * s1

    # --- peak-resolving scaled trapezoidal (x > 2) ---
    # node/weight tables stay float64 (precision is the point; the router
    # exit-casts) but must live on the input's device (CUDA support)
    dev = device_of(x)
    nodes = asarray_on_device(xp, _TRAP_NODES, dev)
    weights = asarray_on_device(xp, _TRAP_W, dev)
    sc = 1.0 / xp.sqrt(xt)
    t = sc[..., None] * nodes  # (..., N+1)
    cosh_t = xp.cosh(t)
    e = xp.exp(-xt[..., None] * cosh_t) * weights
    K0t = xp.sum(e, axis=-1) * sc
    K1t = xp.sum(e * cosh_t, axis=-1) * sc

    return xp.where(inside, K0s, K0t), xp.where(inside, K1s, K1t)


def k0_fallback(xp, x):
    """Modified Bessel function of the second kind, order 0."""
    return _k01(xp, x)[0]


def k1_fallback(xp, x):
    """Modified Bessel function of the second kind, order 1."""
    return _k01(xp, x)[1]


def kn_fallback(xp, n, x):
    """Integer-order K_n(x) via the stable upward recurrence from K0, K1."""
    n = int(n)
    km1, k = _k01(xp, x)  # K0, K1
    if n == 0:
        return km1
    if n == 1:
        return k
    x = xp.asarray(x) * 1.0
    for m in range(1, n):
        km1, k = k, km1 + (2.0 * m / x) * k
    return k
