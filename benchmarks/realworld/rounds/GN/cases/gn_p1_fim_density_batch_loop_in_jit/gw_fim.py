# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/gw_fim.py
# Title: data/gw_fim.py (University of Glasgow MSc Astrophysics project, "Fisher Information Matrix calculator functions")
# Cut: fim_param_build and density_batch_calc verbatim (comments in fim_param_build trimmed); log_sqrt_det_* without docstrings and commented-out try/except; the projected-FIM helpers (same file upstream) are imported from a stub module name gw_fim_helpers; MCS/ETAS reconstructed from data/gw_cfg.py.
import jax
import jax.numpy as jnp
from tqdm import trange
from gw_fim_helpers import projected_fim_plus, projected_fim_cros

jax.config.update("jax_enable_x64", True)


def fim_param_build(mcs: jnp.ndarray, etas: jnp.ndarray):
    """
    Build 4-D FIM_PARAM grid with mc and eta entries:
    [mc, eta, tc, phic]
    With input array shape (n, ) and (n, )
    Yield param array shape (n**2, 4)
    """
    zeros = jnp.zeros(1)
    param_arr = [mcs, etas, zeros, zeros]
    nd_param = jnp.meshgrid(*param_arr, indexing='ij')
    fim_param = jnp.stack(nd_param, axis=-1).reshape(-1, len(param_arr))
    return fim_param


@jax.jit
def density_batch_calc(
    data: jnp.ndarray,
    mcs: jnp.ndarray,
    etas: jnp.ndarray,
    batch_size: int = 100,
    waveform: str = "hp",
):
    """
    Calculate metric density values with default batching size 100
    Default at waveform hp results
    Not actively used at the moment
    """
    # Select waveform
    if waveform == 'hp':
        wf_func = log_sqrt_det_plus
    elif waveform == 'hc':
        wf_func = log_sqrt_det_cros
    # Define batch numbers
    num_batch = data.shape[0] // batch_size
    density_list = []
    # Batching
    with trange(data.shape[0], desc="Processing Params") as param_range:
        for i in trange(num_batch):
            # Split batches
            batch_fim_param = data[i * batch_size: (i + 1) * batch_size]
            # Call jax.vmap
            batch_density = jax.vmap(wf_func)(batch_fim_param)
            # Add to results
            density_list.append(batch_density)
            # Update progress bar
            param_range.update(batch_fim_param.shape[0])
    # Concatenate the results from smaller batches
    density = jnp.concatenate(density_list).reshape([len(mcs), len(etas)])
    # Func return
    return density


def log_sqrt_det_plus(param: jnp.ndarray):
    data_fim = projected_fim_plus(param)
    return jnp.log(jnp.sqrt(jnp.linalg.det(data_fim)))


def log_sqrt_det_cros(param: jnp.ndarray):
    data_fim = projected_fim_cros(param)
    return jnp.log(jnp.sqrt(jnp.linalg.det(data_fim)))


# data/gw_cfg.py: MC_NUM = ETA_NUM = 100 -> data has 100 * 100 = 10000 rows, num_batch = 100
MCS = jnp.linspace(1.0, 21.0, 100)
ETAS = jnp.linspace(0.05, 0.25, 100)
