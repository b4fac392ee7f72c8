# Source: https://github.com/jubueche/BPTT-Lipschitzness/blob/1a9f889c19557af82f03611ccb801cca4ecfc378/RNN_Jax.py
# Title: RNN_Jax.py (_evolve_RNN)
# Cut: the function as written.
from jax import jit, custom_gradient
from jax.lax import scan
import jax.numpy as jnp


@jit
def _evolve_RNN(state0,
                W_in,
                W_rec,
                W_out,
                b_out,
                tau,
                thr,
                dampening_factor,
                n_refractory,
                decay,
                tau_adaptation,
                beta,
                decay_b,
                dt,
                noise_std,
                I_input,
                dropout_mask):

    batch_size = I_input.shape[1]
    T = I_input.shape[0]
    N = W_rec.shape[0]

    static_params = {}
    static_params["W_in"] = W_in
    static_params["W_rec"] = W_rec
    static_params["tau"] = tau
    static_params["thr"] = thr
    static_params["dampening_factor"] = dampening_factor
    static_params["n_refractory"] = n_refractory
    static_params["_decay"] = decay
    static_params["tau_adaptation"] = tau_adaptation
    static_params["_beta"] = beta
    static_params["decay_b"] = decay_b
    static_params["dt"] = dt
    static_params["dropout_mask"] = dropout_mask

    @custom_gradient # z = f(V,DF) is computed here. Given dE/dz, we can compute dE/dV using the chain rule: dE/dz * dz/dV 
    def SpikeFunction(v_scaled):
        z_ = (v_scaled > 0.).astype(jnp.float32)
        def grad(dE_dz):
            dz_dv_scaled = jnp.maximum(1 - jnp.abs(v_scaled), 0)
            dz_dv_scaled *= 0.3
            dE_dv_scaled = dE_dz * dz_dv_scaled
            return (dE_dv_scaled,)
        return z_, grad

    @jit
    def compute_z(v, adaptive_thr, dt):
        v_scaled = (v - adaptive_thr) / adaptive_thr
        z = SpikeFunction(v_scaled)
        z = z * 1 / dt
        return z

    @jit
    def forward(evolve_state, I_input):
        (state, static_params) = evolve_state
        new_b = static_params["decay_b"] * state["_b"] + (jnp.ones(shape=(1,static_params["W_rec"].shape[0])) - static_params["decay_b"]) * state["_z"]
        thr = static_params["thr"] + new_b * static_params["_beta"]
        I_in = I_input @ static_params["W_in"]
        I_rec = state["_z"] @ static_params["W_rec"]
        I_t = I_in + I_rec
        I_reset = state["_z"] * thr * static_params["dt"]
        new_v = static_params["_decay"] * state["_v"] + (1. - static_params["_decay"]) * I_t - I_reset
        not_refractory = (state["_r"] <= .1).astype(jnp.float32)
        new_z = static_params["dropout_mask"] * not_refractory * compute_z(new_v, thr, static_params["dt"])
        new_r = jnp.clip(state["_r"] + static_params["n_refractory"] * new_z - 1., 0., static_params["n_refractory"])
        state["_v"] = new_v ; state["_z"] = new_z ; state["_b"] = new_b ; state["_r"] = new_r
        return (state, static_params), (state["_z"])

    (_,_), (Z) = scan(forward,(state0, static_params),I_input)
    Z = jnp.transpose(Z, axes=(1,0,2))
    rnn_out = jnp.mean(Z, axis=1)
    rnn_out = rnn_out @ W_out + b_out

    return rnn_out, Z
