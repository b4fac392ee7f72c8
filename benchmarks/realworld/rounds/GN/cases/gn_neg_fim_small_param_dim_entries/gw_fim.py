# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/gw_fim.py
# Title: data/gw_fim.py (University of Glasgow MSc Astrophysics project, "Fisher Information Matrix calculator functions")
# Cut: kept map_density_plus, log_density_plus, log_sqrt_det_plus, fim_phic, fim_tc, projected_fim_plus, fim_plus, fim_base; the "cros" twins and docstrings dropped.
import jax
import jax.numpy as jnp
from gw_rpl import gradient_plus, inner_prod

jax.config.update("jax_enable_x64", True)


@jax.jit
def map_density_plus(param: jnp.ndarray):
    return jax.vmap(log_sqrt_det_plus)(param)


def log_density_plus(param: jnp.ndarray):
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


def log_sqrt_det_plus(param: jnp.ndarray):
    data_fim = projected_fim_plus(param)
    return jnp.log(jnp.sqrt(jnp.linalg.det(data_fim)))


def fim_phic(full_fim: jnp.ndarray, nd_val: int):
    # Equation 16 from Dent & Veitch
    fim_result = jnp.array([
        full_fim[i, j] - full_fim[i, -1] * full_fim[-1, j] / full_fim[-1, -1]
        for i in range(nd_val-1)
        for j in range(nd_val-1)
    ]).reshape([nd_val-1, nd_val-1])
    return fim_result


def fim_tc(gamma: jnp.ndarray, nd_val: int):
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
    """
    Args:
        params (array): [Mc, eta, t_c, phi_c]. Shape 1x4
    """
    grads = gradient_plus(params)
    nd_val = grads.shape[-1]
    fim_result = fim_base(grads, nd_val)
    return fim_result


def fim_base(grads: jnp.ndarray, nd_val: int):
    # Get FIM entries from inner products calculations
    entries = {
        (i, j): inner_prod(grads[:, i], grads[:, j])
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
