# Source: https://github.com/jobovy/galpy/blob/ec21dc9e138816f283fb9f68503d7cc2e2c8e512/tests/test_backend_special.py
# Title: tests/test_backend_special.py (test_assoc_legendre_autodiff_matches_analytic) and galpy/potential/SCFPotential.py backend path
# Cut: the jax branch of the autodiff test, plus the SCFPotential backend sum that
#      calls assoc_legendre (L, M are the SCF expansion orders; forces and Hessians
#      differentiate through it). torch branch and numpy path removed.
import jax
import jax.numpy as jnp

from galpy.backend import special as gsp


def test_assoc_legendre_autodiff_matches_analytic():
    # d/dx of P_l^m via autodiff must match the analytically-returned dP/dx.
    L, M = 6, 4
    x0 = 0.4
    _, dP_an = gsp.assoc_legendre(L, M, jnp.asarray(x0), deriv=1)
    for ll, mm in [(3, 2), (5, 1), (4, 0), (5, 3)]:
        g = float(
            jax.grad(lambda xx: gsp.assoc_legendre(L, M, xx)[ll, mm])(
                jnp.asarray(x0)
            )
        )
        assert abs(g - float(dP_an[ll, mm])) < 1e-6 * abs(float(dP_an[ll, mm])) + 1e-12


def scf_compute(xp, radial_func, Acos, Asin, r, theta, phi, N, L, M):
    # SCFPotential._compute backend path (scalar r): the (N, L, M) sum
    radial = radial_func(r, N, L)
    PP = gsp.assoc_legendre(L, M, xp.cos(theta))
    m = xp.arange(0, M)[None, None, :] * 1.0
    mcos = xp.cos(m * phi)
    msin = xp.sin(m * phi)
    return xp.sum(radial[:, :, None] * (Acos * mcos + Asin * msin) * PP[None, :, :])
