# Source: https://github.com/tobias-schnabel/mcnnm/blob/e50e5de4fdc151c4b6822181af06675608f6987e/src/mcnnm/core.py
# Title: src/mcnnm/core.py (lightweight-mcnnm: matrix completion with nuclear norm minimization for panel causal effects)
# Cut: kept update_H (coordinate descent over the covariate coefficients) and the T-matrix build
#      from initialize_fixed_effects_and_H (wrapped here as build_T_mat); docstrings shortened,
#      compute_Y_hat and mask_observed reconstructed in short form, and the repeated dot product
#      in the soft-threshold step factored into r.
import jax
import jax.numpy as jnp
from jax import jit, lax


def mask_observed(A, mask):
    return jnp.where(mask, A, jnp.zeros_like(A))


def compute_Y_hat(L, X_tilde, Z_tilde, V, H_tilde, unit_fe, time_fe, beta, use_unit_fe, use_time_fe):
    Y_hat = L + X_tilde @ H_tilde @ Z_tilde.T + jnp.einsum("ntj,j->nt", V, beta)
    Y_hat += jnp.where(use_unit_fe, unit_fe[:, None], 0.0)
    Y_hat += jnp.where(use_time_fe, time_fe[None, :], 0.0)
    return Y_hat


@jit
def build_T_mat(Y, X_tilde, Z_tilde, W):
    H_rows, H_cols = X_tilde.shape[1], Z_tilde.shape[1]
    num_train = jnp.sum(W)
    T_mat = jnp.zeros((Y.size, H_rows * H_cols))

    def compute_T_mat(j, T_mat):
        out_prod = mask_observed(jnp.outer(X_tilde[:, j // H_rows], Z_tilde[:, j % H_cols]), W)
        return T_mat.at[:, j].set(out_prod.ravel())

    T_mat = lax.fori_loop(0, H_rows * H_cols, compute_T_mat, T_mat)
    T_mat /= jnp.sqrt(num_train)
    in_prod_T = jnp.sum(T_mat**2, axis=0)
    return T_mat, in_prod_T


@jit
def update_H(Y, X_tilde, Z_tilde, V, H_tilde, T_mat, in_prod, in_prod_T, W, L,
             unit_fe, time_fe, beta, lambda_H, use_unit_fe, use_time_fe):
    """Update the covariate coefficients matrix H_tilde in the coordinate descent algorithm."""
    coeff_rows, coeff_cols = X_tilde.shape[1], Z_tilde.shape[1]
    num_observed = jnp.sum(W)

    Y_hat = compute_Y_hat(L, X_tilde, Z_tilde, V, H_tilde, unit_fe, time_fe, beta, use_unit_fe, use_time_fe)
    error_matrix = Y - Y_hat
    masked_error_matrix = mask_observed(error_matrix, W)
    residuals = masked_error_matrix / jnp.sqrt(num_observed)
    residuals_flat = residuals.ravel()

    coeff_flat = H_tilde.ravel()
    updated_in_prod = in_prod.copy()

    num_unit_covariates = X_tilde.shape[1] - Y.shape[0]
    num_time_covariates = Z_tilde.shape[1] - Y.shape[1]

    def update_coefficient(carry, idx):
        """Update a single coefficient using soft-thresholding."""
        current_in_prod, current_coeffs = carry
        U = in_prod_T[idx]
        current_in_prod_flat = current_in_prod.ravel()
        r = jnp.dot(
            residuals_flat - current_in_prod_flat + T_mat[:, idx] * current_coeffs[idx],
            T_mat[:, idx],
        )
        new_coeff = jnp.where(
            U != 0,
            0.5 * (jnp.maximum((2 * r - lambda_H) / U, 0) - jnp.maximum((-2 * r - lambda_H) / U, 0)),
            0,
        )
        current_in_prod += (new_coeff - current_coeffs[idx]) * T_mat[:, idx].reshape(current_in_prod.shape)
        current_coeffs = current_coeffs.at[idx].set(new_coeff)
        return (current_in_prod, current_coeffs), None

    # Update time-specific covariates
    if num_time_covariates > 0:
        (updated_in_prod, coeff_flat), _ = jax.lax.scan(
            update_coefficient,
            (updated_in_prod, coeff_flat),
            jnp.arange(num_time_covariates * coeff_rows),
        )

    # Update unit-specific covariates
    if num_unit_covariates > 0:
        (updated_in_prod, coeff_flat), _ = jax.lax.scan(
            update_coefficient,
            (updated_in_prod, coeff_flat),
            jnp.arange(num_time_covariates * coeff_rows, coeff_cols * coeff_rows),
        )

    updated_H_tilde = coeff_flat.reshape(coeff_rows, coeff_cols)
    return updated_H_tilde, updated_in_prod
