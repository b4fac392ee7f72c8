# Source: https://github.com/Yang-Taotao/gla-igr-msc-project/blob/49700a02dcbf845941bfa4163897a6c03e656957/data/gw_rpl.py
# Title: data/gw_rpl.py (University of Glasgow MSc Astrophysics project, "GW waveform and gradient calculator functions")
# Cut: kept inner_prod, waveform_plus_normed and gradient_plus; config constants reconstructed from data/gw_cfg.py (F_PSD is a bilby PSD array of the same length as F_SIG upstream; a placeholder of that length here).
import jax
import jax.numpy as jnp
from ripple.waveforms import IMRPhenomXAS

F_MIN, F_MAX, F_DEL = 24.0, 512.0, 0.5
F_SIG, F_REF = jnp.arange(F_MIN, F_MAX, F_DEL), F_MIN
F_DIFF = F_MAX - F_MIN
F_PSD = jnp.ones_like(F_SIG) * 1e-46
PARAM_BASE = jnp.array([28.0956, 0.2471, 0.0, 0.0, 40.0, 0.0, 0.0, 0.0, 0.0])


def inner_prod(vec_a: jnp.ndarray, vec_b: jnp.ndarray):
    """
    Noise weighted inner product between vectors a and b
    """
    numerator = jnp.abs(vec_a.conj() * vec_b)
    integrand = numerator / F_PSD
    return 4 * F_DIFF * integrand.sum(axis=-1)


def waveform_plus_restricted(params: jnp.ndarray, freq: jnp.ndarray):
    theta = PARAM_BASE.at[0:2].set(params[0:2]).at[5:7].set(params[2:4])
    h_plus, _ = IMRPhenomXAS.gen_IMRPhenomXAS_polar(freq, theta, F_REF)
    return h_plus


def waveform_plus_normed(params: jnp.ndarray, freq: jnp.ndarray):
    waveform = waveform_plus_restricted(params, freq)
    norm_factor_squared = inner_prod(waveform, waveform)
    return waveform / jnp.sqrt(norm_factor_squared)


def gradient_plus(theta: jnp.ndarray):
    params = jnp.array(theta, dtype=jnp.complex128)
    return jax.vmap(
        jax.grad(waveform_plus_normed, holomorphic=True),
        in_axes=(None, 0),
    )(params, F_SIG)
