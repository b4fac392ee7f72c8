# Source: https://github.com/wildsonbbl/gnnepcsaft/blob/020969346641725280cf5039fe4c2f4cf26a0436/epcsaft.py
# Title: epcsaft.py -- ePC-SAFT equation of state in JAX ("optimized epcsaft in jax")
# Cut: the density solver only: density_from_nu, den_err, den_errSQ, pcsaft_den (docstring
#      removed) and root_den / bainterval_den; pcsaft_p is a stub here (its full ePC-SAFT body is
#      not reproduced), pcsaft_ares and the other properties removed.
import jax.numpy as np
import jax


from jax.config import config
config.update("jax_enable_x64", True)


def pcsaft_p(x, m, s, e, t, rho, k_ij, l_ij,
             khb_ij, e_assoc, vol_a, dipm,
             dip_num, z, dielc):
    """Calculate pressure (full ePC-SAFT expression in the original file)."""
    raise NotImplementedError

@jax.jit
def density_from_nu(nu, t, x, m, s, e):
    """
    density calculation from reduced density nu

    """
    N_AV = 6.022140857e23  # Avogadro's number

    d = s*(1.-0.12*np.exp(-3.*e/t))
    summ = np.sum(x * m * d**3.)
    return 6./np.pi*nu/summ*1.0e30/N_AV


@jax.jit
def den_err(nu, x, m, s, e, t, p, k_ij, l_ij,
            khb_ij, e_assoc, vol_a, dipm,
            dip_num, z, dielc):
    """Find root of this function to calculate the reduced density or pressure."""

    rho_guess = density_from_nu(nu, t, x, m, s, e)

    P_fit = pcsaft_p(x, m, s, e, t, rho_guess, k_ij, l_ij,
                     khb_ij, e_assoc, vol_a, dipm,
                     dip_num, z, dielc)

    return ((P_fit-p)/p)


@jax.jit
def den_errSQ(nu, x, m, s, e, t, p, k_ij, l_ij,
              khb_ij, e_assoc, vol_a, dipm,
              dip_num, z, dielc):
    """Find root of this function to calculate the reduced density or pressure."""

    return den_err(nu, x, m, s, e, t, p, k_ij, l_ij,
                   khb_ij, e_assoc, vol_a, dipm,
                   dip_num, z, dielc)**2


dden_errSQ_dnu = jax.jit(jax.jacfwd(den_errSQ))


@jax.jit
def pcsaft_den(x, m, s, e, t, p, k_ij, l_ij,
               khb_ij, e_assoc, vol_a, dipm,
               dip_num, z, dielc, phase):
    """Solve for the molar density when temperature and pressure are given."""

    b, a = bainterval_den(x, m, s, e, t, p, k_ij, l_ij,
                          khb_ij, e_assoc, vol_a, dipm,
                          dip_num, z, dielc, phase)

    nu = np.zeros((1, 2))
    nu = nu.at[0, 0].set((b+a)/2)
    f = den_errSQ(nu[0, 0], x, m, s, e, t, p, k_ij, l_ij,
                  khb_ij, e_assoc, vol_a, dipm,
                  dip_num, z, dielc)
    nu = nu.at[0, 1].set(f)

    def updater(i, nu):
        f = nu[0, 1]
        gradf = dden_errSQ_dnu(nu[0, 0], x, m, s, e, t, p, k_ij, l_ij,
                               khb_ij, e_assoc, vol_a, dipm,
                               dip_num, z, dielc)

        nu = nu.at[0, 0].set(nu[0, 0] - f/gradf)

        f = den_errSQ(nu[0, 0], x, m, s, e, t, p, k_ij, l_ij,
                      khb_ij, e_assoc, vol_a, dipm,
                      dip_num, z, dielc)

        nu = nu.at[0, 1].set(f)
        return nu

    nu = jax.lax.fori_loop(
        0, 40,
        lambda i, nu: jax.lax.cond(
            nu[0, 1] > 1.0e-6,
            updater,
            lambda i, nu: nu,
            i, nu
        ),
        nu
    )

    # for i in range(40):
    #    if f < 1.0e-5:
    #        break
    #    gradf = dden_errSQ_dnu(nu[0, 0], x, m, s, e, t, p, k_ij, l_ij,
    #                       khb_ij, e_assoc, vol_a, dipm,
    #                       dip_num, z, dielc)
    #    nu = nu.at[0,0].set(nu[0,0] - f /gradf)
    #    f = den_errSQ(nu[0, 0], x, m, s, e, t, p, k_ij, l_ij,
    #              khb_ij, e_assoc, vol_a, dipm,
    #              dip_num, z, dielc)

    rho = density_from_nu(nu[0, 0], t, x, m, s, e)

    return rho


root_den = jax.jit(jax.vmap(
    den_err,
    in_axes=(0, None, None, None, None, None,
             None, None, None, None, None, None,
             None, None, None, None)
))


@jax.jit
def bainterval_den(x, m, s, e, t, p, k_ij, l_ij,
                   khb_ij, e_assoc, vol_a, dipm,
                   dip_num, z, dielc, phase):

    n = np.arange(30, dtype=np.float64)[..., np.newaxis]
    nu = 0.7405*n/29 + 1.0e-13
    nu = nu.at[1, 0].set(6.0e-3)

    err = root_den(nu, x, m, s, e, t, p, k_ij, l_ij,
                   khb_ij, e_assoc, vol_a, dipm,
                   dip_num, z, dielc)

    nul = np.zeros((30, 2))

    nul = jax.lax.fori_loop(
        0, 29,
        lambda i, nul: jax.lax.cond(
            err[i+1, 0]*err[i, 0] < 0,
            lambda i, nul: nul.at[(i, i+1), 0].set(
                (nu[i, 0], nu[i+1, 0])
            ).at[i, 1].set(1.0),
            lambda i, nul: nul,
            i, nul
        ),
        nul
    )

    nul = jax.lax.sort(nul, 0)
    nul = nul[-1::-1]

    roots = nul[:, 1].sum()

    nnu = (nul[:, 0] != 0).sum()

    b, a = jax.lax.cond(
        roots == 1,
        lambda nul: [nul[0, 0], nul[1, 0]],
        lambda nul: jax.lax.cond(
            phase == 1,
            lambda nul: [nul[0, 0], nul[1, 0]],
            lambda nul: [nul[nnu-2, 0], nul[nnu-1, 0]],
            nul),
        nul
    )

    return b, a

