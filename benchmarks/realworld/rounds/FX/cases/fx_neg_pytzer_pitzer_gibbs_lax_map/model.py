# Source: https://github.com/mvdh7/pytzer/blob/20360f94a02cca524432a05726e229fb5b822c8e/pytzer/model.py
# Title: pytzer/model.py -- Calculate solution properties using the Pitzer model
# Cut: the helper functions and the lax.map variant Gibbs_map with the three grad-based
#      log_activity_coeffs_* functions kept; the loop variant Gibbs_nRT and the other property
#      functions removed; package-relative imports made absolute.
# Pytzer: Pitzer model for chemical activities in aqueous solutions.
# Copyright (C) 2019--2020  Matthew Paul Humphreys  (GNU GPLv3)
"""Calculate solution properties using the Pitzer model."""
import itertools, jax
from jax import numpy as np, lax
from constants import b, Mw

import unsymmetrical


def Gibbs_DH(Aphi, I):
    """The Debye-Hueckel component of the excess Gibbs energy,
    following CRP94 Eq. (AI1).
    """
    return -4 * Aphi * I * np.log(1 + b * np.sqrt(I)) / b


def g(x):
    """g function, following CRP94 Eq. (AI13)."""
    return 2 * (1 - (1 + x) * np.exp(-x)) / x ** 2


def h(x):
    """h function, following CRP94 Eq. (AI15)."""
    return (6 - (6 + x * (6 + 3 * x + x ** 2)) * np.exp(-x)) / x ** 4


def B(sqrt_I, b0, b1, b2, alph1, alph2):
    """B function, following CRP94 Eq. (AI7)."""
    return b0 + b1 * g(alph1 * sqrt_I) + b2 * g(alph2 * sqrt_I)


def CT(sqrt_I, C0, C1, omega):
    """CT function, following CRP94 Eq. (AI10)."""
    return C0 + 4 * C1 * h(omega * sqrt_I)


def xij(Aphi, I, z0, z1):
    """xij function for unsymmetrical mixing."""
    return 6 * z0 * z1 * Aphi * np.sqrt(I)


def etheta(Aphi, I, z0, z1, func_J=unsymmetrical.Harvie):
    """etheta function for unsymmetrical mixing."""
    x00 = xij(Aphi, I, z0, z0)
    x01 = xij(Aphi, I, z0, z1)
    x11 = xij(Aphi, I, z1, z1)
    return z0 * z1 * (func_J(x01) - 0.5 * (func_J(x00) + func_J(x11))) / (4 * I)


def ionic_strength(molalities, charges):
    """Ionic strength."""
    return 0.5 * np.sum(molalities * charges ** 2)


def ionic_z(molalities, charges):
    """Z function."""
    return np.sum(molalities * np.abs(charges))


# Temporary way to allow adjustment of func_J (not very robust)
func_J = unsymmetrical.Harvie



@jax.jit
def Gibbs_map(
    m_cats,
    m_anis,
    m_neus,
    z_cats,
    z_anis,
    Aphi=None,
    ca=None,
    cc=None,
    aa=None,
    cca=None,
    caa=None,
    nc=None,
    na=None,
    nn=None,
    nca=None,
    nnn=None,
):
    def add_ca(i_ca):
        ic, ia = i_ca
        v_ca = ca[ic][ia]
        return (
            m_cats[ic]
            * m_anis[ia]
            * (
                2 * B(sqrt_I, v_ca[0], v_ca[1], v_ca[2], v_ca[5], v_ca[6])
                + Z * CT(sqrt_I, v_ca[3], v_ca[4], v_ca[7])
            )
        )

    def add_cc(i_xy):
        ix, iy = i_xy
        return (
            m_cats[ix]
            * m_cats[iy]
            * (cc[ix][iy] + etheta(Aphi, I, z_cats[ix], z_cats[iy], func_J=func_J))
        )

    def add_aa(i_xy):
        ix, iy = i_xy
        return (
            m_anis[ix]
            * m_anis[iy]
            * (aa[ix][iy] + etheta(Aphi, I, z_anis[ix], z_anis[iy], func_J=func_J))
        )

    def add_cca(i_cca):
        ix, iy, ia = i_cca
        return 0.5 * m_cats[ix] * m_cats[iy] * m_anis[ia] * cca[ix][iy][ia]

    def add_caa(i_caa):
        ic, ix, iy = i_caa
        return 0.5 * m_cats[ic] * m_anis[ix] * m_anis[iy] * caa[ic][ix][iy]

    def add_nc(i_nc):
        il, ic = i_nc
        return 2 * m_neus[il] * m_cats[ic] * nc[il][ic]

    def add_na(i_na):
        il, ia = i_na
        return 2 * m_neus[il] * m_anis[ia] * na[il][ia]

    def add_nca(i_nca):
        il, ic, ia = i_nca
        return m_neus[il] * m_cats[ic] * m_anis[ia] * nca[il][ic][ia]

    def add_nn(i_nn):
        ix, iy = i_nn
        return m_neus[ix] * m_neus[iy] * nn[ix][iy]

    def add_nnn(i_nnn):
        return m_neus[i_nnn] ** 3 * nnn[i_nnn]

    n_cats = len(m_cats)
    n_anis = len(m_anis)
    n_neus = len(m_neus)
    i_ca = np.array(list(itertools.product(range(n_cats), range(n_anis))))
    i_cc = np.array(list(itertools.product(range(n_cats), range(n_cats))))
    i_aa = np.array(list(itertools.product(range(n_anis), range(n_anis))))
    i_cca = np.array(
        list(itertools.product(range(n_cats), range(n_cats), range(n_anis)))
    )
    i_caa = np.array(
        list(itertools.product(range(n_cats), range(n_anis), range(n_anis)))
    )
    i_nc = np.array(list(itertools.product(range(n_neus), range(n_cats))))
    i_na = np.array(list(itertools.product(range(n_neus), range(n_anis))))
    i_nca = np.array(
        list(itertools.product(range(n_neus), range(n_cats), range(n_anis)))
    )
    i_nn = np.array(list(itertools.product(range(n_neus), range(n_neus))))
    i_nnn = np.array(list(range(n_neus)))

    I = ionic_strength(m_cats, z_cats) + ionic_strength(m_anis, z_anis)
    Z = ionic_z(m_cats, z_cats) + ionic_z(m_anis, z_anis)
    sqrt_I = np.sqrt(I)
    return (
        Gibbs_DH(Aphi, I)
        + np.sum(lax.map(add_ca, i_ca))
        + np.sum(lax.map(add_cc, i_cc))
        + np.sum(lax.map(add_aa, i_aa))
        + np.sum(lax.map(add_cca, i_cca))
        + np.sum(lax.map(add_caa, i_caa))
        + np.sum(lax.map(add_nc, i_nc))
        + np.sum(lax.map(add_na, i_na))
        + np.sum(lax.map(add_nca, i_nca))
        + np.sum(lax.map(add_nn, i_nn))
        + np.sum(lax.map(add_nnn, i_nnn))
    )



@jax.jit
def log_activity_coeffs_cations(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters):
    return jax.grad(Gibbs_map, 0)(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters)


@jax.jit
def log_activity_coeffs_anions(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters):
    return jax.grad(Gibbs_map, 1)(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters)


@jax.jit
def log_activity_coeffs_neutrals(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters):
    return jax.grad(Gibbs_map, 2)(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters)

