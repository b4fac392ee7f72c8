# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/gw_fim.py
# Title: data/gw_fim.py (host-side batching of the vmapped template-density evaluation)
# Cut: only the grid builder and the hp batching driver are kept; log_sqrt_det_plus is the project's
#      function (imported from the full module).
import jax
import jax.numpy as jnp

from data.gw_fim import log_sqrt_det_plus


def fim_param_build(mcs: jnp.ndarray, etas: jnp.ndarray):
    """Build 4-D FIM_PARAM grid [mc, eta, tc, phic]; yields param array shape (n**2, 4)."""
    zeros = jnp.zeros(1)
    param_arr = [mcs, etas, zeros, zeros]
    nd_param = jnp.meshgrid(*param_arr, indexing='ij')
    fim_param = jnp.stack(nd_param, axis=-1).reshape(-1, len(param_arr))
    return fim_param


@jax.jit
def map_density_plus(param: jnp.ndarray):
    """Return the vectorized template density function for hp. Param follows shape (n, 4)"""
    return jax.vmap(log_sqrt_det_plus)(param)


# @jax.jit
def log_density_plus(param: jnp.ndarray):
    """Return the vmap generated log density array for hp based param"""
    # Local resources
    num_param = param.shape[0]
    batch_size = int(num_param * 0.1)
    num_batch = num_param // batch_size
    # Init
    density_list = []
    # Batching
    for i in range(num_batch):
        # Split batches
        batch_fim_param = param[i * batch_size: (i + 1) * batch_size]
        # Call jax.vmap
        batch_density = map_density_plus(batch_fim_param)
        # Add to results
        density_list.append(batch_density)
    # Concatenate the results from smaller batches
    density = jnp.concatenate(density_list)
    return density
