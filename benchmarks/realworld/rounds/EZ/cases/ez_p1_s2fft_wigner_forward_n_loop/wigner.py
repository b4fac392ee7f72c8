# Source: https://github.com/astro-informatics/s2fft/blob/67bf952e0319b37cf2844d0d3d20e5b541844ed4/s2fft/general_precompute/wigner.py
# Title: s2fft/general_precompute/wigner.py (parent of d3fd4300 "remove loop from wigner forward")
# Cut: only the two JAX precompute transforms kept (inverse vectorised with einsum, forward looping over n); numpy versions and wrappers removed; docstrings shortened.
import numpy as np
from s2fft.wigner import samples
from s2fft import quadrature, resampling
from s2fft.general_precompute import spin_spherical as s2
from s2fft.general_precompute.construct import healpix_phase_shifts
from functools import partial

from jax import jit
import jax.numpy as jnp
from jax.config import config

config.update("jax_enable_x64", True)



@partial(jit, static_argnums=(2, 3, 4, 5))
def inverse_transform_jax(
    flmn: jnp.ndarray,
    kernel: jnp.ndarray,
    L: int,
    N: int,
    sampling: str,
    nside: int,
    phase_shifts: jnp.ndarray,
) -> jnp.ndarray:
    r"""Compute the inverse Wigner transform, i.e. inverse Fourier transform on SO(3)."""
    m_offset = 1 if sampling in ["mwss", "healpix"] else 0
    fnab = jnp.zeros(samples.fnab_shape(L, N, sampling), dtype=jnp.complex128)
    fnab = fnab.at[..., m_offset:].set(
        jnp.einsum(
            "...ntlm, ...nlm -> ...ntm",
            kernel,
            jnp.einsum(
                "...nlm,...l->...nlm",
                flmn,
                jnp.sqrt((2 * jnp.arange(L) + 1) / (16 * jnp.pi**3)),
            ),
            optimize=True,
        )
    )

    if sampling.lower() in ["mw", "mwss", "dh"]:
        fnab = jnp.fft.ifftshift(fnab, axes=(-1, -3))
        return jnp.fft.ifft2(fnab, axes=(-1, -3), norm="forward")

    else:
        raise ValueError("Sampling not yet implemented")


@partial(jit, static_argnums=(2, 3, 4, 5))
def forward_transform_jax(
    f: jnp.ndarray,
    kernel: jnp.ndarray,
    L: int,
    N: int,
    sampling: str,
    nside: int,
    phase_shifts: jnp.ndarray,
) -> jnp.ndarray:
    r"""Compute the forward Wigner transform via precompute."""
    flmn = jnp.zeros(samples.flmn_shape(L, N), dtype=jnp.complex128)
    fban = jnp.fft.fftshift(jnp.fft.fft(f, axis=0, norm="backward"), axes=0)
    fban *= 2 * jnp.pi / (2 * N - 1)

    for n in range(-N + 1, N):
        flmn = flmn.at[N - 1 + n].set(
            (-1) ** n
            * s2.forward_transform_jax(
                fban[N - 1 + n],
                kernel[N - 1 + n],
                L,
                sampling,
                -n,
                nside,
                phase_shifts,
            )
        )

    flmn = jnp.einsum(
        "nlm,l->nlm",
        flmn,
        jnp.sqrt(4 * jnp.pi / (2 * jnp.arange(L) + 1)),
        optimize=True,
    )

    return flmn
