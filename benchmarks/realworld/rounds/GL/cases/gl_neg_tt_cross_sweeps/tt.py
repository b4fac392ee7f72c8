# Source: https://github.com/LuchnikovI/Jax-based-TT-cross-implementation/blob/f22b5a3357f2b433f84bd7699bccbb13ee879aa6/tt.py
# Title: tt.py (TT-cross: evaluation and dot product of tensor trains)
# Cut: the TT_cross class (index bookkeeping) cut; eval and dot kept as written.
import jax.numpy as jnp


def eval(tt_kernels,
         indices):
    """Evaluates TT at a given set of indices (arguments).

    Args:
        tt_kernels: list with TT kernels.
        indices: array of shape (batch_size, number_of_modes) representing arguments.

    Returns:
        array of shape (batch_size,) representing the results of ecaluation."""

    left = tt_kernels[0][:, indices[:, 0]].transpose((1, 0, 2))
    log_norm = 0.
    for i, kernerl in enumerate(tt_kernels[1:]):
        left = left @ (kernerl[:, indices[:, i+1]].transpose((1, 0, 2)))
        norm = jnp.linalg.norm(left)
        left /= norm
        log_norm += jnp.log(norm)
    return left.reshape((-1,)) * jnp.exp(log_norm)


def dot(tt_kernels_1,
        tt_kernels_2):
    """Evaluates the dot product between two tensors in TT format."""

    tt_kernels_1 = list(map(jnp.conj, tt_kernels_1))
    left = jnp.tensordot(tt_kernels_1[0], tt_kernels_2[0], axes=[[1], [1]])
    left = left[0, :, 0]
    log_norm = 0.
    for i, (kernel_1, kernel_2) in enumerate(zip(tt_kernels_1[1:], tt_kernels_2[1:])):
        left = jnp.tensordot(left, kernel_1, axes=[[0], [0]])
        norm = jnp.linalg.norm(left)
        left /= norm
        log_norm += jnp.log(norm)
        left = jnp.tensordot(left, kernel_2, axes=[[0, 1], [0, 1]])
        norm = jnp.linalg.norm(left)
        left /= norm
        log_norm += jnp.log(norm)
    return log_norm, jnp.angle(left)[0, 0]
