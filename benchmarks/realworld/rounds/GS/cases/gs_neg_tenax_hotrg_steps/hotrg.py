# Source: https://github.com/yingjerkao/TN-Jax/blob/c52a3a125b7dabd88e1b28083d8d12d3d71195fa/src/tenax/algorithms/hotrg.py
# Title: src/tenax/algorithms/hotrg.py (Higher-Order Tensor Renormalization Group (HOTRG) algorithm)
# Cut: kept HOTRGConfig, the coarse-graining driver and the jitted horizontal step; dropped the
#      module docstring, the vertical step (its mirror image) and the long docstrings.
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp

LOG_EPS = 1e-30  # from tenax.core


@dataclass
class HOTRGConfig:
    max_bond_dim: int = 16
    num_steps: int = 10
    direction_order: str = "alternating"
    svd_trunc_err: float | None = None


def hotrg(
    tensor,
    config: HOTRGConfig,
) -> jax.Array:
    T = tensor.todense()

    log_norm_total = jnp.zeros((), dtype=T.dtype)

    for step in range(config.num_steps):
        if config.direction_order == "alternating":
            if step % 2 == 0:
                T, log_norm = _hotrg_step_horizontal(T, config.max_bond_dim)
            else:
                T, log_norm = _hotrg_step_vertical(T, config.max_bond_dim)
        elif config.direction_order == "horizontal":
            T, log_norm = _hotrg_step_horizontal(T, config.max_bond_dim)
        else:  # "vertical"
            T, log_norm = _hotrg_step_vertical(T, config.max_bond_dim)

        # Each HOTRG step halves the number of tensors.
        log_norm_total = log_norm_total + log_norm / (2.0 ** (step + 1))

    return log_norm_total


@jax.jit(static_argnums=(1,))
def _hotrg_step_horizontal(
    T: jax.Array,
    max_bond_dim: int,
) -> tuple[jax.Array, jax.Array]:
    d_u, d_d, d_l, d_r = T.shape

    # Step 1: Form environment tensor M by contracting over horizontal bonds
    # M[u,U,d,D] = sum_{l,r} T[u,d,l,r] * T[U,D,r,l]
    M = jnp.einsum("udlr,UDrl->uUdD", T, T)
    # Shape: (d_u, d_u, d_d, d_d)

    # Step 2: Compute paired isometries via SVD of M reshaped to (d_u^2, d_d^2)
    chi = min(max_bond_dim, d_u * d_u, d_d * d_d)
    M_mat = M.reshape(d_u * d_u, d_d * d_d)
    U_full, _, Vh_full = jnp.linalg.svd(M_mat, full_matrices=False)
    U_u = U_full[:, :chi]  # (d_u^2, chi)
    U_d = Vh_full[:chi, :].T  # (d_d^2, chi)

    # Step 3: Contract two T tensors over shared horizontal bond,
    # then apply paired isometries
    T_merged = jnp.einsum("udlk,UDkr->uUdDlr", T, T)
    T_merged = T_merged.reshape(d_u * d_u, d_d * d_d, d_l, d_r)
    T_new = jnp.einsum("ua,udlr,db->ablr", U_u, T_merged, U_d)

    # Normalize
    norm = jnp.max(jnp.abs(T_new))
    log_norm = jnp.log(norm + LOG_EPS)
    T_new = T_new / (norm + LOG_EPS)

    return T_new, log_norm


_hotrg_step_vertical = _hotrg_step_horizontal  # mirror image in the original
