# Source: https://github.com/JamesTheory-5/jdsp-core/blob/4b40cac1f33663a594d6050821703e4ccabdd750/README.md
# Title: jdsp-core — jdsp_core.py (code block in README.md)
# Cut: kept the one-pole filters, Hilbert analytic signal, envelope follower and AM demodulator; noise, splines, LFOs, panning and plotting demos removed.
import os
os.environ["JAX_ENABLE_X64"] = "True"

import jax
import jax.numpy as jnp
from jax import lax, random

from jax import config
config.update("jax_enable_x64", True)
# ================================================================
# Helpers
# ================================================================

def _as_array(x):
    return jnp.asarray(x, dtype=jnp.float64)



def one_pole_coef(fc_hz, fs):
    if fc_hz <= 0:
        return 1.0
    return float(jnp.exp(-2.0 * jnp.pi * fc_hz / fs))


def hp_coef(fc_hz, fs):
    if fc_hz <= 0:
        return 0.0
    return float(jnp.exp(-2.0 * jnp.pi * fc_hz / fs))



def one_pole_lp(x, a):
    """
    y[n] = (1-a)*x[n] + a*y[n-1], y[-1] = 0
    """
    x = _as_array(x)
    one_minus_a = 1.0 - a

    def step(y_prev, xn):
        y = one_minus_a * xn + a * y_prev
        return y, y

    _, y = lax.scan(step, 0.0, x)
    return y



def one_pole_lp_var(x, a_arr):
    """
    a_arr: (N,) per-sample coefficient
    """
    x = _as_array(x)
    a_arr = _as_array(a_arr)

    def step(y_prev, xa):
        xn, a = xa
        y = (1.0 - a) * xn + a * y_prev
        return y, y

    _, y = lax.scan(step, 0.0, (x, a_arr))
    return y




def time_const_to_coef(tau_s, fs):
    if tau_s <= 0:
        return 0.0
    return float(jnp.exp(-1.0 / (tau_s * fs)))




def hilbert_analytic(x):
    """
    Hilbert transform via FFT (analytic signal).
    """
    x = _as_array(x)
    N = x.size
    X = jnp.fft.fft(x)
    H = jnp.zeros(N, dtype=jnp.float64)

    def even_case(H):
        H = H.at[0].set(1.0)
        H = H.at[N // 2].set(1.0)
        H = H.at[1:N // 2].set(2.0)
        return H

    def odd_case(H):
        H = H.at[0].set(1.0)
        H = H.at[1:(N + 1) // 2].set(2.0)
        return H

    H = lax.cond(N % 2 == 0, even_case, odd_case, H)
    return jnp.fft.ifft(X * H).astype(jnp.complex128)


# ================================================================
# Modulation
# ================================================================



def env_ar(x, ga, gr):
    """
    Attack/release envelope follower.
    ga, gr: "timescale" constants in [0,1), smaller = faster.
    """
    x = _as_array(x)
    # convert to effective coefficients (faster decay)
    ga = 1.0 - (1.0 - ga) * 0.1
    gr = 1.0 - (1.0 - gr) * 0.5

    def step(y_prev, xn):
        xn = jnp.abs(xn)
        y = jnp.where(
            xn > y_prev,
            ga * y_prev + (1 - ga) * xn,
            gr * y_prev + (1 - gr) * xn,
        )
        return y, y

    _, env = lax.scan(step, 0.0, x)
    return jnp.clip(env, 0.0, 1.0)


def am_demod_envelope(x, fs, tau_a=0.001, tau_r=0.03):
    x = _as_array(x)
    env_inst = jnp.abs(hilbert_analytic(x))
    ga = time_const_to_coef(tau_a, fs)
    gr = time_const_to_coef(tau_r, fs)
    return env_ar(env_inst, ga, gr)


# ================================================================
# LFOs
# ================================================================


