# Source: https://github.com/smsharma/clax/blob/81bd2c6cc689cfcc4e6a3a40a1e5d8ad3ffb1256/clax/lensing.py
# Title: clax/lensing.py (Wigner d-matrix recurrence coefficients and the first lensing pass)
# Cut: compute_cl_pp and passes 2-3 of lens_cls removed; lens_cls ends after the Cgl/Cgl2 scan
#      and returns sigma2 and Cgl2; only the d11 coefficient tables are converted to JAX here;
#      jaxtyping annotations dropped.
import jax
import jax.numpy as jnp
import numpy as np



# =============================================================================
# Wigner d-matrix recurrence coefficients (Kostelec & Rockmore 2003)
# cf. CLASS lensing.c:1256-1964
#
# All recurrences act on rescaled functions: sqrt((2l+1)/2) * d^l_{mm'}
# General form: rescaled[l+1] = fac1[l]*f(mu)*rescaled[l] - fac3[l]*rescaled[l-1]
# Actual d = rescaled * sqrt(2/(2l+1))
# =============================================================================

def _precompute_d_facs(l_max):
    """Precompute recurrence coefficients for all Wigner d-functions.

    Returns dict of (fac1, fac2, fac3) tuples for each d-function type.
    fac2 is None for d-functions that use plain mu (d00, d20, d40).

    cf. CLASS lensing.c:1256-1964 for all recurrence formulas.
    """
    n = l_max + 1
    facs = {}

    # d11/d1m1 (shared facs, sign of fac2 differs in recurrence)
    # cf. lensing.c:1329-1334
    f1, f2, f3 = np.zeros(n), np.zeros(n), np.zeros(n)
    for l in range(2, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)/(2*ll+1)) * (ll+1)*(2*ll+1) / (ll*(ll+2))
        f2[l] = 1.0 / (ll*(ll+1))
        f3[l] = np.sqrt((2*ll+3)/(2*ll-1)) * (ll-1)*(ll+1) / (ll*(ll+2)) * (ll+1)/ll
    facs['d11'] = (f1.copy(), f2.copy(), f3.copy())

    # d22/d2m2 (shared facs)  cf. lensing.c:1508-1513
    f1[:] = f2[:] = f3[:] = 0
    for l in range(2, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)/(2*ll+1)) * (ll+1)*(2*ll+1) / ((ll-1)*(ll+3))
        f2[l] = 4.0 / (ll*(ll+1))
        f3[l] = np.sqrt((2*ll+3)/(2*ll-1)) * (ll-2)*(ll+2) / ((ll-1)*(ll+3)) * (ll+1)/ll
    facs['d22'] = (f1.copy(), f2.copy(), f3.copy())

    # d20 (no fac2)  cf. lensing.c:1567-1571
    f1[:] = f3[:] = 0
    for l in range(2, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)*(2*ll+1) / ((ll-1)*(ll+3)))
        f3[l] = np.sqrt((2*ll+3)*(ll-2)*(ll+2) / ((2*ll-1)*(ll-1)*(ll+3)))
    facs['d20'] = (f1.copy(), None, f3.copy())

    # d31/d3m1 (shared facs, l>=3)  cf. lensing.c:1626-1632
    f1[:] = f2[:] = f3[:] = 0
    for l in range(3, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)*(2*ll+1)/((ll-2)*(ll+4)*ll*(ll+2))) * (ll+1)
        f2[l] = 3.0 / (ll*(ll+1))
        f3[l] = np.sqrt((2*ll+3)/(2*ll-1)*(ll-3)*(ll+3)*(ll-1)*(ll+1)
                         / ((ll-2)*(ll+4)*ll*(ll+2))) * (ll+1)/ll
    facs['d31'] = (f1.copy(), f2.copy(), f3.copy())

    # d3m3 (l>=3)  cf. lensing.c:1748-1754
    f1[:] = f2[:] = f3[:] = 0
    for l in range(3, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)*(2*ll+1)) * (ll+1) / ((ll-2)*(ll+4))
        f2[l] = 9.0 / (ll*(ll+1))
        f3[l] = np.sqrt((2*ll+3)/(2*ll-1)) * (ll-3)*(ll+3)*(ll+1) / ((ll-2)*(ll+4)*ll)
    facs['d3m3'] = (f1.copy(), f2.copy(), f3.copy())

    # d40 (no fac2, l>=4)  cf. lensing.c:1808-1813
    f1[:] = f3[:] = 0
    for l in range(4, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)*(2*ll+1) / ((ll-3)*(ll+5)))
        f3[l] = np.sqrt((2*ll+3)*(ll-4)*(ll+4) / ((2*ll-1)*(ll-3)*(ll+5)))
    facs['d40'] = (f1.copy(), None, f3.copy())

    # d4m2 (l>=4)  cf. lensing.c:1869-1875
    f1[:] = f2[:] = f3[:] = 0
    for l in range(4, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)*(2*ll+1)/((ll-3)*(ll+5)*(ll-1)*(ll+3))) * (ll+1)
        f2[l] = 8.0 / (ll*(ll+1))
        f3[l] = np.sqrt((2*ll+3)*(ll-4)*(ll+4)*(ll-2)*(ll+2)
                         / ((2*ll-1)*(ll-3)*(ll+5)*(ll-1)*(ll+3))) * (ll+1)/ll
    facs['d4m2'] = (f1.copy(), f2.copy(), f3.copy())

    # d4m4 (l>=4)  cf. lensing.c:1931-1937
    f1[:] = f2[:] = f3[:] = 0
    for l in range(4, n):
        ll = float(l)
        f1[l] = np.sqrt((2*ll+3)*(2*ll+1)) * (ll+1) / ((ll-3)*(ll+5))
        f2[l] = 16.0 / (ll*(ll+1))
        f3[l] = np.sqrt((2*ll+3)/(2*ll-1)) * (ll-4)*(ll+4)*(ll+1) / ((ll-3)*(ll+5)*ll)
    facs['d4m4'] = (f1.copy(), f2.copy(), f3.copy())

    return facs


def lens_cls(
    cl_tt_unlensed,
    cl_ee_unlensed,
    cl_te_unlensed,
    cl_bb_unlensed,
    cl_pp,
    l_max: int = 2500,
    n_gauss: int = 4096,
):
    """Lensed spectra by the correlation-function method (first pass only here)."""
    # GL quadrature points and weights
    x_gl_np, w_gl_np = np.polynomial.legendre.leggauss(n_gauss)
    x_gl = jnp.array(x_gl_np)
    w_gl = jnp.array(w_gl_np)

    # Precompute all recurrence coefficients
    facs = _precompute_d_facs(l_max)

    # Convert to JAX arrays
    f1_11, f2_11, f3_11 = [jnp.array(x) for x in facs['d11']]

    # d11 initial conditions  cf. lensing.c:1342-1346
    d11_r1 = (1.0 + x_gl) / 2.0 * jnp.sqrt(3.0 / 2.0)
    d11_r2 = (1.0 + x_gl) / 2.0 * (2.0 * x_gl - 1.0) * jnp.sqrt(5.0 / 2.0)
    d11_l2 = d11_r2 * jnp.sqrt(2.0 / 5.0)

    # d1m1 initial conditions  cf. lensing.c:1401-1405
    d1m1_r1 = (1.0 - x_gl) / 2.0 * jnp.sqrt(3.0 / 2.0)
    d1m1_r2 = (1.0 - x_gl) / 2.0 * (2.0 * x_gl + 1.0) * jnp.sqrt(5.0 / 2.0)
    d1m1_l2 = d1m1_r2 * jnp.sqrt(2.0 / 5.0)

    # l=2 contributions
    coeff_l2 = 5.0 / (4.0 * jnp.pi) * 6.0 * cl_pp[2]
    cgl_init = coeff_l2 * d11_l2
    cgl2_init = coeff_l2 * d1m1_l2

    def _cgl_scan(carry, l_idx):
        """Compute d11/d1m1 at l_idx+1, accumulate Cgl/Cgl2."""
        d11_lm1, d11_l, d1m1_lm1, d1m1_l, cgl, cgl2 = carry
        # d11: (mu - fac2)  cf. lensing.c:1349
        d11_lp1 = f1_11[l_idx] * (x_gl - f2_11[l_idx]) * d11_l \
            - f3_11[l_idx] * d11_lm1
        # d1m1: (mu + fac2)  cf. lensing.c:1408
        d1m1_lp1 = f1_11[l_idx] * (x_gl + f2_11[l_idx]) * d1m1_l \
            - f3_11[l_idx] * d1m1_lm1
        l_new = (l_idx + 1).astype(jnp.float64)
        sn = jnp.sqrt(2.0 / (2.0 * l_new + 1.0))
        coeff = (2.0 * l_new + 1.0) / (4.0 * jnp.pi) * l_new * (l_new + 1.0) \
            * cl_pp[l_idx + 1]
        cgl = cgl + coeff * d11_lp1 * sn
        cgl2 = cgl2 + coeff * d1m1_lp1 * sn
        return (d11_l, d11_lp1, d1m1_l, d1m1_lp1, cgl, cgl2), None

    (_, _, _, _, Cgl, Cgl2), _ = jax.lax.scan(
        _cgl_scan,
        (d11_r1, d11_r2, d1m1_r1, d1m1_r2, cgl_init, cgl2_init),
        jnp.arange(2, l_max),
    )

    # sigma2(mu) = Cgl(mu=1) - Cgl(mu)
    l_arr = jnp.arange(l_max + 1, dtype=jnp.float64)
    sigma2_total = jnp.sum(
        (2.0 * l_arr[2:] + 1.0) / (4.0 * jnp.pi)
        * l_arr[2:] * (l_arr[2:] + 1.0) * cl_pp[2:]
    )
    sigma2 = sigma2_total - Cgl

    # =====================================================================
    return sigma2, Cgl2
