# Source: https://github.com/hyunjil4/JAX-FEM/blob/d3b73e714bb6eb699a1a8c6c6ee2a52c53c273b4/src/fem_utils.py
# Title: src/fem_utils.py (HEX8 element stiffness/mass matrices by 2x2x2 Gauss quadrature, matrix-free K.T)
# Cut: docstrings removed; mesh generation and boundary helpers dropped. compute_element_matrices is called once on the reference element (solver.py: Ke, Me = compute_element_matrices(coords0)).
import jax
import jax.numpy as jnp
from jax import jit

# ============================================================
# Gauss Points (2×2×2 for HEX8)
# ============================================================
_ga = jnp.array([-1.0 / jnp.sqrt(3.0), 1.0 / jnp.sqrt(3.0)], dtype=jnp.float32)
_gp = jnp.stack(jnp.meshgrid(_ga, _ga, _ga, indexing="ij"), axis=-1).reshape(-1, 3)


# ============================================================
# Shape Functions & Gradients (HEX8)
# ============================================================
def shape_functions_hex(xi, eta, zeta):
    return 0.125 * jnp.array([
        (1-xi)*(1-eta)*(1-zeta),
        (1+xi)*(1-eta)*(1-zeta),
        (1+xi)*(1+eta)*(1-zeta),
        (1-xi)*(1+eta)*(1-zeta),
        (1-xi)*(1-eta)*(1+zeta),
        (1+xi)*(1-eta)*(1+zeta),
        (1+xi)*(1+eta)*(1+zeta),
        (1-xi)*(1+eta)*(1+zeta),
    ], dtype=jnp.float32)


def shape_gradients_hex(xi, eta, zeta):
    dN_dxi = 0.125 * jnp.array([
        -(1-eta)*(1-zeta),
         (1-eta)*(1-zeta),
         (1+eta)*(1-zeta),
        -(1+eta)*(1-zeta),
        -(1-eta)*(1+zeta),
         (1-eta)*(1+zeta),
         (1+eta)*(1+zeta),
        -(1+eta)*(1+zeta),
    ], dtype=jnp.float32)

    dN_deta = 0.125 * jnp.array([
        -(1-xi)*(1-zeta),
        -(1+xi)*(1-zeta),
         (1+xi)*(1-zeta),
         (1-xi)*(1-zeta),
        -(1-xi)*(1+zeta),
        -(1+xi)*(1+zeta),
         (1+xi)*(1+zeta),
         (1-xi)*(1+zeta),
    ], dtype=jnp.float32)

    dN_dzeta = 0.125 * jnp.array([
        -(1-xi)*(1-eta),
        -(1+xi)*(1-eta),
        -(1+xi)*(1+eta),
        -(1-xi)*(1+eta),
         (1-xi)*(1-eta),
         (1+xi)*(1-eta),
         (1+xi)*(1+eta),
         (1-xi)*(1+eta),
    ], dtype=jnp.float32)

    return jnp.stack([dN_dxi, dN_deta, dN_dzeta], axis=0)  # (3,8)


# ============================================================
# Element Matrices
# ============================================================
def compute_element_matrices(coords):
    Ke = jnp.zeros((8, 8), dtype=jnp.float32)
    Me = jnp.zeros((8, 8), dtype=jnp.float32)

    for xi, eta, zeta in _gp:
        N = shape_functions_hex(xi, eta, zeta)      # (8,)
        dN = shape_gradients_hex(xi, eta, zeta)     # (3,8)

        # Jacobian matrix
        J = dN @ coords                             # (3,3)
        detJ = jnp.abs(jnp.linalg.det(J))
        invJ = jnp.linalg.inv(J)
        
        # B matrix: gradient operator in physical coordinates
        B = invJ @ dN                               # (3,8)

        # Stiffness matrix contribution: K_e = ∫ B^T B dV
        Ke += (B.T @ B) * detJ
        
        # Mass matrix contribution: M_e = ∫ N^T N dV
        Me += jnp.outer(N, N) * detJ

    return Ke, Me


# ============================================================
# Matrix-Free Operations
# ============================================================
@jit
def apply_K_global(T, elem_dofs, Ke):
    T_e = T[elem_dofs]                 # (Ne,8)
    KeTe = T_e @ Ke.T                  # (Ne,8)
    out = jnp.zeros_like(T)
    out = out.at[elem_dofs].add(KeTe)  # scatter-add
    return out
