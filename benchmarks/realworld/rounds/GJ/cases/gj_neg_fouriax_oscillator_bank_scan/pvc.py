# Source: https://github.com/mikesol/fouriax/blob/ed16e62e366cb96526ad4516419c79a32a90e590/src/fouriax/pvc.py
# Title: fouriax src/fouriax/pvc.py (convert_stft_to_amp_and_freq, noscbank_cell, noscbank)
# Cut: patching, FKT and phaselock routines dropped; convert_dft_to_amp_and_freq body elided; the long
#      noscbank_cell docstring shortened. tests/test_pvc.py jits convert_stft_to_amp_and_freq_using_0_phase and noscbank.
from functools import partial

import jax
import jax.numpy as jnp

TWOPI = 2 * jnp.pi


def convert_dft_to_amp_and_freq(real, imag, lastphase, d, r):
    ...



def convert_stft_to_amp_and_freq(real, imag, lastphase, d, r):
    stacked_ri = jnp.stack([real, imag], axis=-1)
    _, o = jax.lax.scan(
        lambda c, x: convert_dft_to_amp_and_freq(x[..., 0], x[..., 1], c, d, r),
        lastphase,
        jnp.transpose(stacked_ri, (1, 0, 2, 3)),
    )
    o = jnp.transpose(o, (1, 0, 2, 3))
    return o[..., 0], o[..., 1]


def convert_stft_to_amp_and_freq_using_0_phase(real, imag, d, r):
    return convert_stft_to_amp_and_freq(real, imag, jnp.zeros_like(real[:, 0, :]), d, r)


def noscbank_cell(lvix, chans, nw, p_inc, i_inv, rg):
    """Bank of oscillators: per oscillator (vmapped) one lax.scan over the samples of a hop."""
    lv, ix = lvix

    def _vmap(c, lastval, index):

        finc = (c[1] * p_inc - lastval[1]) * i_inv
        ainc = (c[0] - lastval[0]) * i_inv
        address = index

        def _loop(carry, _):
            addr, lastval = carry
            idx = addr
            o_chan = lastval[0] * nw * jnp.cos(TWOPI * idx)
            addr += lastval[1]

            lastval += jnp.array([ainc, finc])
            return (addr, lastval), o_chan

        carry, o = jax.lax.scan(_loop, (address, lastval), rg)
        address = carry[0]
        lastval = jnp.array([c[0], c[1] * p_inc])
        index = address
        return o, lastval, index

    chans = jnp.reshape(chans, (-1, 2))
    o, lastval, index = jax.vmap(_vmap, in_axes=0, out_axes=0)(chans, lv, ix)
    return (lastval, index), jnp.sum(o, axis=0)


def noscbank(lvix, chans, nw, p_inc, i_inv, rg):
    return jax.lax.scan(
        partial(noscbank_cell, nw=nw, p_inc=p_inc, i_inv=i_inv, rg=rg), lvix, chans
    )


