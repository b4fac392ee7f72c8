# Source: https://github.com/nickmcgreivy/pde_runtime_comparisons/blob/9968e35e194d3f4f7af08c4781b8eb519ae3201d/2d_navier_stokes/code/basisfunctions.py
# Title: 2d_navier_stokes/code/basisfunctions.py (symbolic Legendre / serendipity basis tables for the DG solver)
# Cut: kept imports, num_elements, monomials and the inner-product / Poisson-bracket table builders; dropped the node/FE-basis constructors they call (legendre_poly, FE_poly, legendre_boundary_poly)

import sys
import sympy
import numpy as np
from sympy.matrices import Matrix, zeros
from sympy import Rational, symbols, legendre, integrate, diff
from functools import lru_cache
from scipy.special import legendre as scipy_legendre


def num_elements(order):
    """
    The number of elements in a 2D serendipity basis representation
    """
    if order == 0:
        return 1
    if order == 1:
        return 4
    elif order == 2:
        return 8
    elif order == 3:
        return 12
    elif order == 4:
        return 17
    else:
        raise NotImplementedError


def num_elements_FE(order):
    if order == 0:
        order = 1
    return num_elements(order)


@lru_cache(maxsize=4)
def monomials(order):
    """
    Returns the monomials for a given order,
    i.e. the powers of x and y for serendipity basis functions
    """
    x = zeros((order + 1) ** 2, 2)
    i = 0
    for p_x in range(order + 1):
        for p_y in range(order + 1):
            if p_x <= 1 or p_y <= 1 or p_x + p_y <= order:
                x[i, 0] = p_x
                x[i, 1] = p_y
                i += 1
    return x[0:i, :]


######### The below functions are used for the HW implementation
######### and are not basis functions, though they use symbolic
######### computation


@lru_cache(maxsize=4)
def legendre_inner_product(order):
    legendre_basis = legendre_poly(order)
    N = num_elements(order)
    inner_prod = np.zeros(N)
    for k in range(N):
        expr = legendre_basis[k] * legendre_basis[k]
        inner_prod[k] = integrate(expr, ("x", -1, 1), ("y", -1, 1)) / 4
    return inner_prod


@lru_cache(maxsize=4)
def legendre_boundary_inner_product(order):
    legendre_boundary_basis = legendre_boundary_poly(order, symbols("x"))
    N = order + 1
    inner_prod = np.zeros(N)
    for k in range(N):
        expr = legendre_boundary_basis[k] * legendre_boundary_basis[k]
        inner_prod[k] = integrate(expr, ("x", -1, 1)) / 2
    return inner_prod


@lru_cache(maxsize=4)
def leg_FE_inner_product(order):
    legendre_basis = legendre_poly(order)
    FE_basis = FE_poly(order)
    inner_prod_matrix = np.zeros((legendre_basis.shape[0], FE_basis.shape[0]))
    for i in range(inner_prod_matrix.shape[0]):
        for j in range(inner_prod_matrix.shape[1]):
            expr = legendre_basis[i] * FE_basis[j]
            inner_prod_matrix[i, j] = integrate(expr, ("x", -1, 1), ("y", -1, 1)) / 4
    return inner_prod_matrix



@lru_cache(maxsize=4)
def create_poisson_bracket_volume_matrix(order):
    """
    V_ikl = int dphi_i/dz^alpha phi_k Pi^{alpha beta} dpsi_l/dz^beta dx dy
    """
    legendre_basis = legendre_poly(order)
    FE_basis = FE_poly(order)
    V = np.zeros((legendre_basis.shape[0], legendre_basis.shape[0], FE_basis.shape[0]))
    for i in range(V.shape[0]):
        for k in range(V.shape[1]):
            for l in range(V.shape[2]):
                expr = diff(legendre_basis[i], "x") * legendre_basis[k] * diff(
                    FE_basis[l], "y"
                ) - diff(legendre_basis[i], "y") * legendre_basis[k] * diff(
                    FE_basis[l], "x"
                )
                V[i, k, l] = integrate(
                    expr, ("x", -1, 1), ("y", -1, 1)
                )  # there are two hidden factors of 4 in expr and integrate
    return V


# --- caller, from 2d_navier_stokes/code/simulate.py at the same commit ---
# leg_ip = np.asarray(legendre_inner_product(order))   (evaluated once, outside the scanned step)
