# Source: https://github.com/m9h/neurojax/blob/3d34db7f720509403adcdcd212d0d7f379f4b2fe/src/neurojax/source/minimum_norm.py
# Title: neurojax/source/minimum_norm.py — minimum-norm (MNE / dSPM / sLORETA) inverse operators
# Cut: kept compute_depth_prior and make_inverse_operator; dropped the eLORETA refinement branch
#      (three fixed iterations repeating the same products), apply_inverse and docs.
import jax
import jax.numpy as jnp


def compute_depth_prior(gain: jnp.ndarray, depth: float = 0.8, exp: float = 0.8) -> jnp.ndarray:
    """Depth-weighting source prior R_diag : (n_sources,)."""
    col_norms = jnp.sqrt(jnp.sum(gain ** 2, axis=0))  # (n_sources,)
    col_norms = jnp.maximum(col_norms, 1e-10)

    if depth == 0:
        return jnp.ones_like(col_norms)

    weights = col_norms ** (-exp * depth)
    weights = weights / jnp.mean(weights)
    return weights


@jax.jit
def make_inverse_operator(
    gain: jnp.ndarray,
    noise_cov: jnp.ndarray,
    depth: float = 0.8,
    reg: float = 0.1,
    method: str = "dSPM",
) -> jnp.ndarray:
    """Compute the MNE inverse operator W.

    gain : (n_sensors, n_sources) leadfield/gain matrix.
    noise_cov : (n_sensors, n_sensors) noise covariance.
    """
    n_sensors, n_sources = gain.shape

    # Source prior (depth weighting)
    R_diag = compute_depth_prior(gain, depth)
    R = jnp.diag(R_diag)

    # Whiten: C^{-1/2}
    C_reg = noise_cov + reg * jnp.trace(noise_cov) / n_sensors * jnp.eye(n_sensors)
    eigvals, eigvecs = jnp.linalg.eigh(C_reg)
    eigvals = jnp.maximum(eigvals, 1e-10)
    C_inv_half = eigvecs @ jnp.diag(1.0 / jnp.sqrt(eigvals)) @ eigvecs.T

    # Whitened gain
    G_w = C_inv_half @ gain  # (n_sensors, n_sources)

    # Weighted gain
    G_wr = G_w @ jnp.diag(jnp.sqrt(R_diag))  # (n_sensors, n_sources)

    # SVD of weighted whitened gain
    U, S, Vh = jnp.linalg.svd(G_wr, full_matrices=False)

    lambda_reg = reg * S[0] ** 2
    S_reg = S / (S ** 2 + lambda_reg)

    # W = R^{1/2} @ V @ diag(S_reg) @ U^T @ C^{-1/2}
    W = jnp.diag(jnp.sqrt(R_diag)) @ Vh.T @ jnp.diag(S_reg) @ U.T @ C_inv_half

    noise_norm = jnp.ones(n_sources)

    if method == "dSPM":
        W_C_Wt_diag = jnp.sum((W @ noise_cov) * W, axis=1)
        noise_norm = jnp.sqrt(jnp.maximum(W_C_Wt_diag, 1e-20))

    elif method == "sLORETA":
        res_diag = jnp.sum(W * gain.T, axis=1)  # (n_sources,)
        noise_norm = jnp.sqrt(jnp.maximum(jnp.abs(res_diag), 1e-20))

    return W, noise_norm
