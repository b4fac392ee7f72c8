# Source: https://github.com/tobyLovick/blackjax_ns_gw/blob/32b0041b880cef5059e99db7ba0a97f236ffd592/src/blackjax_alcs_gw150914.py
# Title: src/blackjax_alcs_gw150914.py (per-bin Laplace-marginalised GW likelihood for blackjax nested sampling)
# Cut: data loading, waveform, priors and the nested-sampling driver removed; the per-bin Newton solve,
#      its vmap over frequency bins and the prior log-density are the author's; alcs_bins_loglik is a
#      reconstructed wrapper for the per-detector call `jnp.dot(_alcs_bins(B, jnp.log(det.psd), ...), det.mask)`
#      made inside the source's jitted likelihood.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


# ---------------------------------------------------------------------------
# ALCS per-bin Laplace marginalisation
# ---------------------------------------------------------------------------
def _alcs_single_bin(B_i, log_S0_i, tau, log_two_df_over_pi):
    tau_sq = tau ** 2
    s0 = 0.5 * log_S0_i
    s = s0
    for _ in range(5):
        e2s = jnp.exp(-2.0 * s)
        f   = -2.0 + 2.0 * B_i * e2s - (s - s0) / tau_sq
        fp  = -4.0 * B_i * e2s        - 1.0 / tau_sq
        s   = s - f / fp
    log_f = (log_two_df_over_pi
             - 2.0 * s
             - B_i * jnp.exp(-2.0 * s)
             - 0.5 * jnp.log(2.0 * jnp.pi * tau_sq)
             - (s - s0) ** 2 / (2.0 * tau_sq))
    H = 4.0 + (2.0 * (s - s0) + 1.0) / tau_sq
    return log_f + 0.5 * jnp.log(2.0 * jnp.pi / H)

_alcs_bins = jax.vmap(_alcs_single_bin, in_axes=(0, 0, None, None))


@jax.jit
def alcs_bins_loglik(B, psd, mask, tau, log_two_df_over_pi):
    return jnp.dot(_alcs_bins(B, jnp.log(psd), tau, log_two_df_over_pi), mask)


@jax.jit
def log_uniform_logprob_tau(x):
    return jnp.where((x >= 0.001) & (x <= 2.0),
                     -jnp.log(x) - jnp.log(2.0 / 0.001),
                     -jnp.inf)
