# Source: https://github.com/JamesTheory-5/ddsp_vmap_tubescreamer_noninv/blob/99900b463e4cbc799522c2b367bbb4c442cb987a/README.md
# Title: ddsp_vmap_tubescreamer_noninv (code block in README.md)
# Cut: kept the diode-pair helpers, one-pole steps, Newton feedback solver, tick, scan process and vmap batch wrapper; init/update_state and the Lambert-W helper removed.
import jax.numpy as jnp
from jax import lax, vmap


def _diode_pair_current(v, Is, nD, Vt):
    """
    Symmetric anti-parallel diode pair current:

        i(v) = 2 * Is * sinh(v / (nD * Vt))

    Implemented with exponent clipping for numerical safety.
    """
    v = jnp.float32(v)
    inv_nv = jnp.float32(1.0) / (nD * Vt)
    a = v * inv_nv

    # Clip exponent region to avoid overflow; 10..12 is conservative
    a_clip = jnp.clip(a, jnp.float32(-10.0), jnp.float32(10.0))
    i = jnp.float32(2.0) * Is * jnp.sinh(a_clip)
    return i


def _diode_pair_current_deriv(v, Is, nD, Vt):
    """
    Derivative di/dv for symmetric diode pair:

        i(v) = 2 Is sinh(v / (nD * Vt))
        di/dv = 2 Is (1/(nD Vt)) cosh(v / (nD Vt))
    """
    v = jnp.float32(v)
    inv_nv = jnp.float32(1.0) / (nD * Vt)
    a = v * inv_nv
    a_clip = jnp.clip(a, jnp.float32(-10.0), jnp.float32(10.0))

    di_dv = jnp.float32(2.0) * Is * inv_nv * jnp.cosh(a_clip)
    return di_dv


# -----------------------------------------------------------------------------
# PRE / POST FILTERS (SIMPLE 1-POLE SHAPING)
# -----------------------------------------------------------------------------

def _compute_hp_coef(fs, R_in, C_in):
    """
    Approximate 1-pole high-pass coefficient from analog RC:

        H(s) = sRC / (1 + sRC)

    We approximate the discrete time constant with:

        alpha_hp = exp(-1 / (fs * R_in * C_in))
    """
    tau = R_in * C_in
    alpha = jnp.exp(-1.0 / (fs * tau))
    alpha = jnp.clip(alpha, jnp.float32(0.0), jnp.float32(0.9999))
    return alpha


def _compute_lp_coef_from_tone(fs, tone_sm):
    """
    Map tone_sm (real) to a low-pass cutoff ~[500 Hz, 5 kHz] and compute
    a 1-pole LP coefficient:

        y[n] = (1-alpha) x[n] + alpha y[n-1]

    with alpha = exp(-2*pi*fc/fs).
    """
    tone_sm = jnp.float32(tone_sm)
    tone_norm = 1.0 / (1.0 + jnp.exp(-tone_sm))  # sigmoid
    tone_norm = jnp.clip(tone_norm, jnp.float32(1e-3), jnp.float32(1.0 - 1e-3))

    f_min = jnp.float32(500.0)
    f_max = jnp.float32(5000.0)
    log_ratio = jnp.log(f_max / f_min)
    fc = f_min * jnp.exp(log_ratio * tone_norm)

    alpha = jnp.exp(-2.0 * jnp.pi * fc / fs)
    alpha = jnp.clip(alpha, jnp.float32(0.0), jnp.float32(0.9999))
    return alpha


def _hp_step(x_t, z1, alpha_hp):
    """
    Simple 1-pole high-pass using filter:

        y = x_t - z1
        z1_new = x_t + alpha_hp * z1

    This is a standard HP structure with pole at alpha_hp.
    """
    y = x_t - z1
    z1_new = x_t + alpha_hp * z1
    return y, z1_new


def _lp_step(x_t, z1, alpha_lp):
    """
    Simple 1-pole low-pass:

        y = (1 - alpha_lp) * x_t + alpha_lp * z1
        z1_new = y
    """
    y = (1.0 - alpha_lp) * x_t + alpha_lp * z1
    return y, y


# -----------------------------------------------------------------------------
# NEWTON SOLVE FOR FEEDBACK OUTPUT
# -----------------------------------------------------------------------------

def _solve_feedback_output(v_lin, v_last, params):
    """
    Solve for y in:

        (v_lin - y)/R_fb = i_diode_pair(y)

    where i_diode_pair(y) is Shockley-based symmetric pair.

    We do a fixed-step Newton iteration:

        F(y)  = (v_lin - y)/R_fb - i_diode_pair(y) = 0
        dF/dy = -1/R_fb - di/dv

        y_{k+1} = y_k - F(y_k)/dF(y_k)
    """
    (
        fs,
        R_in,
        C_in,
        R_fb,
        R_g,
        Is,
        nD,
        Vt,
        drive_param,
        tone_param,
        smooth,
        newton_iters,
        eps,
    ) = params

    # Initial guess: last output value (warm start)
    y0 = v_last

    def body_fun(i, y_curr):
        i_d = _diode_pair_current(y_curr, Is, nD, Vt)
        di_dv = _diode_pair_current_deriv(y_curr, Is, nD, Vt)

        F = (v_lin - y_curr) / R_fb - i_d
        dF = -1.0 / R_fb - di_dv

        dF_safe = jnp.where(jnp.abs(dF) < eps,
                            jnp.sign(dF) * eps,
                            dF)
        y_next = y_curr - F / dF_safe
        return y_next

    y_final = lax.fori_loop(0, newton_iters, body_fun, y0)
    return y_final


# -----------------------------------------------------------------------------
# TICK
# -----------------------------------------------------------------------------

def ddsp_vmap_tubescreamer_noninv_tick(x_t, state, params):
    """
    Single-sample tick for the Tube Screamer-style non-inverting stage.

    Args:
        x_t   : input sample (float32 scalar/array)
        state : (env_state, diode_state, opamp_state)
        params: params tuple

    Returns:
        y_t, new_state
    """
    (env_state, diode_state, opamp_state) = state
    (drive_sm, tone_sm) = env_state
    (v_last,) = diode_state
    (hp_z1, lp_z1) = opamp_state

    (
        fs,
        R_in,
        C_in,
        R_fb,
        R_g,
        Is,
        nD,
        Vt,
        drive_param,
        tone_param,
        smooth,
        newton_iters,
        eps,
    ) = params

    x_t = jnp.float32(x_t)

    # --- Smooth drive and tone ---
    smooth = jnp.clip(smooth, jnp.float32(0.0), jnp.float32(1.0))
    drive_sm_new = smooth * drive_sm + (1.0 - smooth) * drive_param
    tone_sm_new = smooth * tone_sm + (1.0 - smooth) * tone_param

    # --- Compute drive gain (exp mapping) ---
    drive_gain = jnp.exp(drive_sm_new)

    # --- Pre high-pass ---
    alpha_hp = _compute_hp_coef(fs, R_in, C_in)
    x_hp, hp_z1_new = _hp_step(x_t, hp_z1, alpha_hp)

    # --- Non-inverting op-amp nominal gain ---
    # G_lin = 1 + R_fb / R_g, modulated by drive_gain
    G_lin = (1.0 + R_fb / R_g) * drive_gain
    v_plus = x_hp
    v_lin = G_lin * v_plus  # linear op-amp suggestion

    # --- Feedback solve for y_t with diode pair in feedback ---
    y_t = _solve_feedback_output(v_lin, v_last, params)

    # --- Post low-pass tone ---
    alpha_lp = _compute_lp_coef_from_tone(fs, tone_sm_new)
    y_tone, lp_z1_new = _lp_step(y_t, lp_z1, alpha_lp)

    # --- Update states ---
    env_state_new = (drive_sm_new, tone_sm_new)
    diode_state_new = (y_t,)   # store last output as diode_state
    opamp_state_new = (hp_z1_new, lp_z1_new)

    new_state = (env_state_new, diode_state_new, opamp_state_new)

    return y_tone, new_state


# -----------------------------------------------------------------------------
# PROCESS (TIME SEQUENCE)
# -----------------------------------------------------------------------------

def ddsp_vmap_tubescreamer_noninv_process(x, state, params):
    """
    Process a 1-D signal x with lax.scan.

    Args:
        x.shape = (T,)
        state   : initial state
        params  : parameter tuple

    Returns:
        y          : (T,) output
        final_state
    """

    def body_fn(carry, x_t):
        s = carry
        y_t, s_new = ddsp_vmap_tubescreamer_noninv_tick(x_t, s, params)
        return s_new, y_t

    final_state, y = lax.scan(body_fn, state, x)
    return y, final_state


# -----------------------------------------------------------------------------
# VMAP (BATCH)
# -----------------------------------------------------------------------------

def ddsp_vmap_tubescreamer_noninv_vmap(x_batch, state_batch, params_batch):
    """
    Batch wrapper using vmap over batch dimension.

    Args:
        x_batch.shape        = (B, T)
        state_batch          = tuple with leading dim B
        params_batch         = tuple with leading dim B (or broadcastable)

    Returns:
        y_batch        : (B, T)
        state_batch_out
    """
    def process_one(x, s, p):
        return ddsp_vmap_tubescreamer_noninv_process(x, s, p)

    yb, sb = vmap(process_one)(x_batch, state_batch, params_batch)
    return yb, sb


