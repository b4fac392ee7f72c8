# Source: https://github.com/astro-informatics/s2fft/blob/eb2ead32a0869fc6f82e15488c575a23c10c4f9f/s2fft/wigner/price_mcewen_jax.py
# Title: s2fft/wigner/price_mcewen_jax.py (parent of 52dd3d92 "switch to lax.fori_loop in pm recursion")
# Cut: compute_slice_jax and latitudinal_step_jax kept; the numpy reference inverse_transform and __main__ removed.
import numpy as np
import jax.numpy as jnp
from jax import jit
from jax.config import config

config.update("jax_enable_x64", True)
from functools import partial

from s2fft import samples
from s2fft.wigner.price_mcewen import generate_precomputes


@partial(jit, static_argnums=(1, 2))
def compute_slice_jax(
    beta: jnp.ndarray, L: int, mm: int, precomps=None
) -> jnp.ndarray:

    ntheta = len(beta)
    el = jnp.arange(L)
    nel = len(el)

    # Indexing boundaries
    lims = [0, -1]

    dl_test = jnp.zeros((2 * L - 1, ntheta, nel), dtype=jnp.float64)
    if precomps is None:
        lrenorm, lamb, vsign, cpi, cp2, cs = generate_precomputes(beta, L, mm)
    else:
        lrenorm, lamb, vsign, cpi, cp2, cs = precomps

    for i in range(2):
        lind = L - 1
        sind = lims[i]
        sgn = (-1) ** (i)
        dl_iter = jnp.ones((2, ntheta, nel), dtype=jnp.float64)

        dl_iter = dl_iter.at[1, :, lind:].set(
            jnp.einsum(
                "l,tl->tl",
                cpi[0, lind:],
                dl_iter[0, :, lind:] * lamb[i, :, lind:],
            )
        )

        dl_test = dl_test.at[sind, :, lind:].set(
            dl_iter[0, :, lind:]
            * vsign[sind, lind:]
            * jnp.exp(lrenorm[i, :, lind:])
        )

        dl_test = dl_test.at[sind + sgn, :, lind - 1 :].set(
            dl_iter[1, :, lind - 1 :]
            * vsign[sind + sgn, lind - 1 :]
            * jnp.exp(lrenorm[i, :, lind - 1 :])
        )

        for m in range(2, L):
            lind = L - m - 1
            lamb = lamb.at[i, :, jnp.arange(nel)].add(cs)

            dl_entry = jnp.einsum(
                "l,tl->tl",
                cpi[m - 1, lind:],
                dl_iter[1, :, lind:] * lamb[i, :, lind:],
            )
            dl_entry -= jnp.einsum(
                "l,tl->tl", cp2[m - 1, lind:], dl_iter[0, :, lind:]
            )
            dl_entry = dl_entry.at[:, 0].set(1)

            dl_test = dl_test.at[sind + sgn * m, :, lind:].set(
                dl_entry
                * vsign[sind + sgn * m, lind:]
                * jnp.exp(lrenorm[i, :, lind:])
            )

            bigi = 1.0 / abs(dl_entry)
            lbig = jnp.log(abs(dl_entry))

            dl_iter = dl_iter.at[0, :, lind:].set(bigi * dl_iter[1, :, lind:])
            dl_iter = dl_iter.at[1, :, lind:].set(bigi * dl_entry)
            lrenorm = lrenorm.at[i, :, lind:].add(lbig)

    return dl_test


@partial(jit, static_argnums=(2, 3, 4))
def latitudinal_step_jax(
    flm: jnp.ndarray,
    beta: jnp.ndarray,
    L: int,
    mm: int,
    sampling: str = "mw",
    precomps=None,
) -> jnp.ndarray:

    ntheta = len(beta)  # Number of theta samples
    el = jnp.arange(L)
    nel = len(el)  # Number of harmonic modes.
    ftm = jnp.zeros(samples.ftm_shape(L, sampling), dtype=jnp.complex128)

    # Indexing boundaries
    lims = [0, -1]

    if precomps is None:
        lrenorm, lamb, vsign, cpi, cp2, cs = generate_precomputes(beta, L, mm)
    else:
        lrenorm, lamb, vsign, cpi, cp2, cs = precomps

    for i in range(2):
        lind = L - 1
        sind = lims[i]
        sgn = (-1) ** (i)
        dl_iter = jnp.ones((2, ntheta, nel), dtype=jnp.float64)

        dl_iter = dl_iter.at[1, :, lind:].set(
            jnp.einsum(
                "l,tl->tl",
                cpi[0, lind:],
                dl_iter[0, :, lind:] * lamb[i, :, lind:],
            )
        )

        # Sum into transform vector
        ftm = ftm.at[:, sind].set(
            jnp.nansum(
                dl_iter[0, :, lind:]
                * vsign[sind, lind:]
                * jnp.exp(lrenorm[i, :, lind:])
                * flm[lind:, sind],
                axis=-1,
            )
        )

        # Sum into transform vector
        ftm = ftm.at[:, sind + sgn].set(
            jnp.nansum(
                dl_iter[1, :, lind - 1 :]
                * vsign[sind + sgn, lind - 1 :]
                * jnp.exp(lrenorm[i, :, lind - 1 :])
                * flm[lind - 1 :, sind + sgn],
                axis=-1,
            )
        )

        for m in range(2, L):
            lind = L - m - 1
            lamb = lamb.at[i, :, np.arange(nel)].add(cs)

            dl_entry = jnp.einsum(
                "l,tl->tl",
                cpi[m - 1, lind:],
                dl_iter[1, :, lind:] * lamb[i, :, lind:],
            )
            dl_entry -= jnp.einsum(
                "l,tl->tl", cp2[m - 1, lind:], dl_iter[0, :, lind:]
            )
            dl_entry = dl_entry.at[:, 0].set(1)

            # Sum into transform vector
            ftm = ftm.at[:, sind + sgn * m].set(
                jnp.nansum(
                    dl_entry
                    * vsign[sind + sgn * m, lind:]
                    * jnp.exp(lrenorm[i, :, lind:])
                    * flm[lind:, sind + sgn * m],
                    axis=-1,
                )
            )

            bigi = 1.0 / abs(dl_entry)
            lbig = jnp.log(abs(dl_entry))

            dl_iter = dl_iter.at[0, :, lind:].set(bigi * dl_iter[1, :, lind:])
            dl_iter = dl_iter.at[1, :, lind:].set(bigi * dl_entry)
            lrenorm = lrenorm.at[i, :, lind:].add(lbig)

    return ftm
