# Source: https://github.com/mvdh7/pytzer/blob/20360f94a02cca524432a05726e229fb5b822c8e/pytzer/model.py
# Title: pytzer/model.py -- Calculate solution properties using the Pitzer model
# Cut: lines 1-148 of the file (helper functions and Gibbs_nRT) kept as they are; the import of
#      the Seawater library and properties, the lax.map variant Gibbs_map and the remaining
#      property functions removed. The caller that differentiates Gibbs_nRT is activity.py.
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
def Gibbs_nRT(
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
    """Calculate the excess Gibbs energy of a solution divided by n*R*T."""
    # Note that oceanographers record ocean pressure as only due to the water,
    # so at the sea surface pressure = 0 dbar, but the atmospheric pressure
    # should also be taken into account for this model.
    # Ionic strength etc.
    molalities = np.array([*m_cats, *m_anis, *m_neus])
    charges = np.array([*z_cats, *z_anis, *np.zeros_like(m_neus)])
    I = ionic_strength(molalities, charges)
    Z = ionic_z(molalities, charges)
    sqrt_I = np.sqrt(I)
    # Begin with Debye-Hueckel component
    Gibbs_nRT = Gibbs_DH(Aphi, I)
    # Loop through cations
    for CX, m_cat_x in enumerate(m_cats):
        # Add c-a interactions
        for A, m_ani in enumerate(m_anis):
            v_ca = ca[CX][A]
            Gibbs_nRT = Gibbs_nRT + m_cat_x * m_ani * (
                2 * B(sqrt_I, v_ca[0], v_ca[1], v_ca[2], v_ca[5], v_ca[6])
                + Z * CT(sqrt_I, v_ca[3], v_ca[4], v_ca[7])
            )
        # Add c-c' interactions
        for _CY, m_cat_y in enumerate(m_cats[CX + 1 :]):
            CY = _CY + CX + 1
            Gibbs_nRT = Gibbs_nRT + m_cat_x * m_cat_y * 2 * cc[CX][CY]
            # # Unsymmetrical mixing terms
            Gibbs_nRT = Gibbs_nRT + m_cat_x * m_cat_y * 2 * etheta(
                Aphi, I, z_cats[CX], z_cats[CY], func_J=func_J
            )
            # Add c-c'-a interactions
            for A, m_ani in enumerate(m_anis):
                Gibbs_nRT = Gibbs_nRT + m_cat_x * m_cat_y * m_ani * cca[CX][CY][A]
    # Loop through anions
    for AX, m_ani_x in enumerate(m_anis):
        # Add a-a' interactions
        for _AY, m_ani_y in enumerate(m_anis[AX + 1 :]):
            AY = _AY + AX + 1
            Gibbs_nRT = Gibbs_nRT + m_ani_x * m_ani_y * 2 * aa[AX][AY]
            # Unsymmetrical mixing terms
            Gibbs_nRT = Gibbs_nRT + m_ani_x * m_ani_y * 2 * etheta(
                Aphi, I, z_anis[AX], z_anis[AY], func_J=func_J
            )
            # Add c-a-a' interactions
            for C, m_cat in enumerate(m_cats):
                Gibbs_nRT = Gibbs_nRT + m_ani_x * m_ani_y * m_cat * caa[C][AX][AY]
    # Add neutral interactions
    for NX, m_neu_x in enumerate(m_neus):
        # Add n-c interactions
        for C, m_cat in enumerate(m_cats):
            Gibbs_nRT = Gibbs_nRT + m_neu_x * m_cat * 2 * nc[NX][C]
            # Add n-c-a interactions
            for A, m_ani in enumerate(m_anis):
                Gibbs_nRT = Gibbs_nRT + m_neu_x * m_cat * m_ani * nca[NX][C][A]
        # Add n-a interactions
        for A, m_ani in enumerate(m_anis):
            Gibbs_nRT = Gibbs_nRT + m_neu_x * m_ani * 2 * na[NX][A]
        # n-n' excluding n-n
        for _NY, m_neu_y in enumerate(m_neus[NX + 1 :]):
            NY = _NY + NX + 1
            Gibbs_nRT = Gibbs_nRT + m_neu_x * m_neu_y * 2 * nn[NX][NY]
        # n-n
        Gibbs_nRT = Gibbs_nRT + m_neu_x ** 2 * nn[NX][NX]
        # n-n-n
        Gibbs_nRT = Gibbs_nRT + m_neu_x ** 3 * nnn[NX]
    return Gibbs_nRT
