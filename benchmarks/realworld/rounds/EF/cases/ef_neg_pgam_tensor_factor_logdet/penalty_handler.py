# Source: https://github.com/bagibence/pgam_jax/blob/f6fda48d2c6f07814e4b4e40b615f17a4789fefa/src/pgam_jax/_penalty_handler.py
# Title: pgam_jax src/pgam_jax/_penalty_handler.py
# Cut: kept the tensor-product log pseudo-determinant helper; function name and signature reconstructed from its docstring (Returns section kept)
from functools import reduce

import jax
import jax.numpy as jnp


@jax.jit
def _tensor_log_det_and_factor_grads(lams, eigs):
    """
    Returns
    -------
    log_det_pos : scalar
        log|S_lam|_+ restricted to the positive-eigenvalue subspace.
    factor_grads : list[scalar]
        d log_det_pos / d rho[j] for each factor j.
    n_pos : scalar
        Number of positive eigenvalues (= total - null-space dim).
    """
    combined_nd = reduce(jnp.add.outer, [lam * eig for lam, eig in zip(lams, eigs)])
    pos = combined_nd > 0
    safe = jnp.where(pos, combined_nd, 1.0)
    log_det_pos = jnp.sum(jnp.where(pos, jnp.log(safe), 0.0))
    # d/drho[j] = lam_j * sum_{pos} eig_j[i_j] / combined[multi-index]
    ndim = len(eigs)
    factor_grads = []
    for j, (lam, eig) in enumerate(zip(lams, eigs)):
        shape = [1] * ndim
        shape[j] = -1
        factor_grads.append(
            lam * jnp.sum(jnp.where(pos, eig.reshape(shape) / safe, 0.0))
        )
    return log_det_pos, factor_grads, jnp.sum(pos)
