# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/gw_fim.py
# Title: data/gw_fim.py (Fisher information matrix of GW templates, target density for a distrax flow)
# Cut: hc variants, the batching helpers and the grid builder removed; gw_rpl (waveform gradients and the
#      noise-weighted inner product) is the project's own module (imported).
import jax
import jax.numpy as jnp

from data import gw_rpl

jax.config.update("jax_enable_x64", True)


def fim_param_stack(mcs: jnp.ndarray, etas: jnp.ndarray):
    """Build FIM_PARAM [mc, eta, tc, phic] with shape (n, 4)."""
    zeros = jnp.zeros_like(mcs)
    return jnp.column_stack((mcs, etas, zeros, zeros))


@jax.jit
def map_density_plus(param: jnp.ndarray):
    """Return the vectorized template density function for hp. Param follows shape (n, 4)."""
    return jax.vmap(log_sqrt_det_plus)(param)


def log_sqrt_det_plus(param: jnp.ndarray):
    data_fim = projected_fim_plus(param)
    return jnp.log(jnp.sqrt(jnp.linalg.det(data_fim)))


def fim_phic(full_fim: jnp.ndarray, nd_val: int):
    """Calculate the conditioned matrix projected onto coalecense phase"""
    # Equation 16 from Dent & Veitch
    fim_result = jnp.array([
        full_fim[i, j] - full_fim[i, -1] * full_fim[-1, j] / full_fim[-1, -1]
        for i in range(nd_val-1)
        for j in range(nd_val-1)
    ]).reshape([nd_val-1, nd_val-1])
    return fim_result


def fim_tc(gamma: jnp.ndarray, nd_val: int):
    """Project the conditional matrix back onto coalecense time"""
    # Equation 18 Dent & Veitch
    fim_result = jnp.array([
        gamma[i, j] - gamma[i, -1] * gamma[-1, j] / gamma[-1, -1]
        for i in range(nd_val-2)
        for j in range(nd_val-2)
    ]).reshape([nd_val-2, nd_val-2])
    return fim_result


def projected_fim_plus(params: jnp.ndarray):
    full_fim = fim_plus(params)
    nd_val = params.shape[-1]
    gamma = fim_phic(full_fim, nd_val)
    metric = fim_tc(gamma, nd_val)
    return metric


def fim_plus(params: jnp.ndarray):
    """Fisher information matrix at [Mc, eta, t_c, phi_c] (shape 1x4) for hp waveform."""
    grads = gw_rpl.gradient_plus(params)
    nd_val = grads.shape[-1]
    fim_result = fim_base(grads, nd_val)
    return fim_result


def fim_base(grads: jnp.ndarray, nd_val: int):
    """Basic FIM entry packer"""
    # Get FIM entries from inner products calculations
    entries = {
        (i, j): gw_rpl.inner_prod(grads[:, i], grads[:, j])
        for j in range(nd_val)
        for i in range(j+1)
    }
    # Fill the matrix from the precalculated entries
    fim_result = jnp.array([
        entries[tuple(sorted([i, j]))]
        for j in range(nd_val)
        for i in range(nd_val)
    ]).reshape([nd_val, nd_val])
    return fim_result
