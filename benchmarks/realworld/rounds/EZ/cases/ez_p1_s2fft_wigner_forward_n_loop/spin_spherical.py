# Source: https://github.com/astro-informatics/s2fft/blob/67bf952e0319b37cf2844d0d3d20e5b541844ed4/s2fft/general_precompute/spin_spherical.py
# Title: s2fft/general_precompute/spin_spherical.py (the per-n transform called by wigner.forward_transform_jax)
# Cut: only forward_transform_jax kept, docstring shortened.
import numpy as np
from s2fft import samples, quadrature, resampling
from s2fft.general_precompute import resampling_jax, quadrature_jax
import s2fft.healpix_ffts as hp
from s2fft.general_precompute.construct import healpix_phase_shifts
from functools import partial

from jax import jit
import jax.numpy as jnp
from jax.config import config

config.update("jax_enable_x64", True)



@partial(jit, static_argnums=(2, 3, 4, 5))
def forward_transform_jax(
    f: jnp.ndarray,
    kernel: jnp.ndarray,
    L: int,
    sampling: str,
    spin: int,
    nside: int,
    phase_shifts: jnp.ndarray,
) -> jnp.ndarray:
    r"""Compute the forward spherical harmonic transform via precompute (vectorized
    implementation)."""
    if sampling.lower() == "mw":
        f = resampling_jax.mw_to_mwss(f, L, spin)

    if sampling.lower() in ["mw", "mwss"]:
        sampling = "mwss"
        f = resampling_jax.upsample_by_two_mwss(f, L, spin)

    weights = quadrature_jax.quad_weights_transform(L, sampling, nside)
    m_offset = 1 if sampling in ["mwss", "healpix"] else 0

    if sampling.lower() == "healpix":
        ftm = hp.healpix_fft(f, L, nside, "jax")[:, m_offset:]
        ftm *= phase_shifts

    else:
        ftm = jnp.fft.fft(f, axis=-1, norm="backward")
        ftm = jnp.fft.fftshift(ftm, axes=-1)[:, m_offset:]

    ftm = jnp.einsum("...tm, ...t->...tm", ftm, weights, optimize=True)
    flm = jnp.einsum("...tlm, ...tm -> ...lm", kernel, ftm, optimize=True)

    return flm * (-1) ** spin
