# Source: https://github.com/remifan/commplax/blob/8d51d6fdd42b8c2d40ff9e5ad22e30b3540ab54d/commplax/subcarrier.py
# Title: commplax subcarrier.py, digital sub-carrier multiplexer for 1600ZR+ (OIF)
# Cut: helpers and subcarrier_mux kept, docstrings dropped; rcosdesign replaced by a
#      stand-in taps array; the jitted mux call at the end is reconstructed.
import jax
import jax.numpy as jnp
from jax import vmap
from jax.scipy.signal import fftconvolve


def _upsample(x, factor):
    """Upsample 1D signal by inserting zeros."""
    n = x.shape[0]
    y = jnp.zeros(n * factor, dtype=x.dtype)
    y = y.at[::factor].set(x)
    return y


def _upsample_2d(x, factor):
    """Upsample 2D signal (n_samples, n_pols) along first axis."""
    return vmap(lambda col: _upsample(col, factor), in_axes=1, out_axes=1)(x)


def _apply_filter(x, h):
    """Apply filter to 1D signal."""
    return fftconvolve(x, h, mode='same')


def _apply_filter_2d(x, h):
    """Apply filter to 2D signal (n_samples, n_pols) along first axis."""
    if x.ndim == 1:
        return _apply_filter(x, h)
    return vmap(lambda col: _apply_filter(col, h), in_axes=1, out_axes=1)(x)


def subcarrier_mux(num_subcarriers=2, rolloff=1/16, sps=2, rrc_span=32):
    # Design RRC filter for pulse shaping
    rrc = jnp.hanning(rrc_span * sps + 1)  # stand-in for rcosdesign(rolloff, rrc_span, sps, shape='sqrt')

    # Normalized frequency offset for each sub-carrier
    # Sub-carriers at ±¼·(1+α) relative to aggregate symbol rate
    # In normalized frequency (relative to sample rate = sps * baud_per_sc):
    # offset = ±¼·(1+α) * Fb / Fs = ±¼·(1+α) * Fb / (sps * Fb/2) = ±(1+α)/(2*sps)
    freq_offset_norm = (1 + rolloff) / (2 * sps)

    def _freq_shift(signal, f_norm):
        n_samples = signal.shape[0]
        t = jnp.arange(n_samples)
        shift = jnp.exp(1j * 2 * jnp.pi * f_norm * t)
        if signal.ndim == 2:
            shift = shift[:, None]
        return signal * shift

    def mux(subcarrier_symbols):
        if isinstance(subcarrier_symbols, jnp.ndarray) and subcarrier_symbols.ndim == 3:
            subcarrier_symbols = [subcarrier_symbols[i] for i in range(num_subcarriers)]

        combined = None
        for i, sc_syms in enumerate(subcarrier_symbols):
            sc_syms = jnp.atleast_1d(sc_syms)
            is_1d = sc_syms.ndim == 1

            if is_1d:
                sc_syms = sc_syms[:, None]

            # 1. Upsample (insert zeros)
            upsampled = _upsample_2d(sc_syms, sps)

            # 2. RRC pulse shaping
            shaped = _apply_filter_2d(upsampled, rrc)

            # 3. Frequency shift: SC0 -> -offset, SC1 -> +offset
            f_shift = (2 * i - (num_subcarriers - 1)) / (num_subcarriers - 1) * freq_offset_norm
            shifted = _freq_shift(shaped, f_shift)

            # 4. Accumulate
            if combined is None:
                combined = shifted
            else:
                combined = combined + shifted

            if is_1d:
                combined = combined[:, 0]

        return combined

    def demux(combined_signal):
        combined = jnp.atleast_1d(combined_signal)
        is_1d = combined.ndim == 1

        if is_1d:
            combined = combined[:, None]

        subcarrier_symbols = []
        for i in range(num_subcarriers):
            # 1. Frequency shift to baseband (opposite sign of mux)
            f_shift = -(2 * i - (num_subcarriers - 1)) / (num_subcarriers - 1) * freq_offset_norm
            baseband = _freq_shift(combined, f_shift)

            # 2. Matched filter (RRC)
            filtered = _apply_filter_2d(baseband, rrc)

            # 3. Downsample (at optimal sampling instant)
            # Adjust for filter group delay
            delay = len(rrc) // 2
            symbols = filtered[delay::sps]

            if is_1d:
                symbols = symbols[:, 0]

            subcarrier_symbols.append(symbols)

        return subcarrier_symbols

    return mux, demux


mux, demux = subcarrier_mux(num_subcarriers=2, sps=2)
mux_jit = jax.jit(mux)
