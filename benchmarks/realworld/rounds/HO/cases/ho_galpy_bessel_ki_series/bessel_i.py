# Source: https://github.com/jobovy/galpy/blob/709c3980c80b012ad7303cae4898d72082ca5bbf/galpy/backend/special/_fallback/bessel_i.py
# Title: galpy/backend/special/_fallback/bessel_i.py (integer-order I_n fallback used on jax, which has no iv)
# Cut: header comment shortened; code unchanged.
###############################################################################
#   Fallback for the modified Bessel function of the first kind of integer
#   order, I_n(x), on real x. Needed on BOTH jax and torch: jax.scipy.special
#   and torch.special expose only i0/i1, no general-order iv.
###############################################################################
import math

_NSERIES = 25  # ascending-series terms; machine precision for |x| <= 2


def iv_fallback(xp, n, x):
    """Integer-order I_n(x) via series (|x|<=2) and upward recurrence (|x|>2)."""
    from .._router import i0, i1

    n = int(n)
    x = xp.asarray(x) * 1.0
    if n == 0:
        return i0(x)
    if n == 1:
        return i1(x)
    small = xp.abs(x) <= 2.0
    xs = xp.where(small, x, xp.ones_like(x))  # series branch (dead side -> 1)
    xl = xp.where(small, 2.0 * xp.ones_like(x), x)  # recurrence branch (dead -> 2)
    # ascending series on xs
    half2 = 0.25 * xs * xs
    term = (0.5 * xs) ** n / math.factorial(n)  # k=0
    In = term
    for k in range(1, _NSERIES):
        term = term * half2 / (k * (k + n))
        In = In + term
    # upward recurrence on xl from native i0, i1
    im1, i = i0(xl), i1(xl)
    for m in range(1, n):
        im1, i = i, im1 - (2.0 * m / xl) * i
    return xp.where(small, In, i)
