# Source: https://github.com/JamesTheory-5/fxdsp_compressor/blob/ea71004fdbe607e88168a1961ddced9834e3ee0b/README.md
# Title: fxdsp_compressor — fxdsp_compressor.py (code block in README.md)
# Cut: detector path only (diode rectifier, envelope follower, detector block); gain computer, compressor and plots removed; the return of envelope_detector_process_block condensed to two lines.
# fxdsp_compressor.py
import jax.numpy as jnp
from typing import Dict, Tuple, Literal
from jax import lax,jit


# ---------------------------------------------------------------------
# === Detector path (Rectifier + Envelope + Gain Computer) ===
# ---------------------------------------------------------------------

FORWARD_BIAS = 0
REVERSE_BIAS = 1
FULL_WAVE   = 2

PEAK = 0
RMS  = 1

def diode_rectifier_init(bias: int = FULL_WAVE, threshold: float = 0.3) -> Dict:
    state = {
        "bias": jnp.array(bias, dtype=jnp.int32),   # numeric, JAX-safe
        "threshold": 0.0,
        "vt": 0.0,
        "scale": 0.0
    }
    return diode_rectifier_set_threshold(state, threshold)

@jit
def diode_rectifier_set_threshold(state: Dict, threshold: float) -> Dict:
    th = jnp.clip(jnp.abs(threshold), 0.01, 0.9)

    # Extract bias flag
    bias = state["bias"]

    # Reverse bias flips sign
    sign = jnp.where(bias == REVERSE_BIAS, -1.0, 1.0)
    th = th * sign
    sc = (1.0 - jnp.abs(th)) * sign

    # JAX-safe diode equation
    vt = -0.1738 * th + 0.1735
    sc = sc / jnp.exp(1.0 / vt - 1.0)

    # Return a NEW state dict (critical!)
    return {
        "bias": bias,
        "threshold": th,
        "vt": vt,
        "scale": sc,
    }


@jit
def diode_rectifier_process_block(x: jnp.ndarray, state: Dict) -> Tuple[jnp.ndarray, Dict]:
    vt = state["vt"]
    scale = state["scale"]
    bias = state["bias"]

    # Precompute the 3 possible modes
    x_full = jnp.abs(x)
    x_rev  = -x
    x_fwd  = x

    # bias ∈ {0 = forward, 1 = reverse, 2 = full}
    is_full    = bias == FULL_WAVE
    is_reverse = bias == REVERSE_BIAS

    # Select mode with nested where (JAX-safe)
    x_proc = jnp.where(
        is_full,
        x_full,
        jnp.where(is_reverse, x_rev, x_fwd)
    )

    y = jnp.exp((x_proc / vt) - 1.0) * scale
    return y, state



def dynamic_envelope_init(attack: float, release: float, sr: float, mode=RMS) -> Dict:
    atk_coef = jnp.exp(-1.0 / (attack * sr)) if attack > 0 else 0.0
    rel_coef = jnp.exp(-1.0 / (release * sr)) if release > 0 else 0.0
    
    return {
        "attack_coef": atk_coef,
        "release_coef": rel_coef,
        "env": 0.0,
        "mode": mode,
    }

@jit
def dynamic_envelope_step(x: float, state: Dict) -> Tuple[float, Dict]:
    y_prev = state["env"]
    mode = state["mode"]  # 0=peak, 1=rms

    # x_in selection
    x_in = jnp.where(mode == 0, jnp.abs(x), x * x)

    # choose attack or release
    use_rel = x_in <= y_prev
    coef = jnp.where(use_rel, state["release_coef"], state["attack_coef"])

    y = (1 - coef) * x_in + coef * y_prev

    # RMS only
    y = jnp.where(mode == 1, jnp.sqrt(y), y)

    # immutable update
    new_state = dict(state)
    new_state["env"] = y

    return y, new_state

@jit
def dynamic_envelope_process(x: jnp.ndarray, state: Dict) -> Tuple[jnp.ndarray, Dict]:
    def step(carry_state, x_t):
        y_t, new_state = dynamic_envelope_step(x_t, carry_state)
        return new_state, y_t

    final_state, y_block = lax.scan(step, state, x)
    return y_block, final_state


def envelope_detector_init(bias=FULL_WAVE, threshold=0.3, attack=0.01, release=0.1, sr=48000, mode=RMS) -> Dict:
    diode = diode_rectifier_init(bias, threshold)
    env = dynamic_envelope_init(attack, release, sr, mode)
    return {"diode": diode, "env": env, "sr": sr}

@jit
def envelope_detector_process_block(x: jnp.ndarray, state: Dict) -> Tuple[jnp.ndarray, Dict]:
    y_rect, diode_state = diode_rectifier_process_block(x, state["diode"])
    y_env, env_state = dynamic_envelope_process(y_rect, state["env"])
    return y_env, {"diode": diode_state, "env": env_state, "sr": state["sr"]}
