# Source: https://github.com/yongchaoz/FRePo/blob/43e028a5839a5de367701b9e9544a08ffccb3166/lib/datadistillation/frepo.py
# Title: lib/datadistillation/frepo.py (FRePo dataset distillation)
# Cut: kept nfr and compute_feat_kpp; imports reduced; the jit wrapping line (line 629, inside the evaluation driver) reproduced in a small function

import functools

import jax
import jax.numpy as jnp
import jax.scipy as sp


def nfr(x_target, x_proto, y_proto, nn_state, feat_fn, reg=1e-6):
    x_proto = feat_fn(x_proto, nn_state)
    k_pp = x_proto.dot(x_proto.T)
    k_tp = x_target.dot(x_proto.T)
    k_pp_reg = (k_pp + jnp.abs(reg) * jnp.trace(k_pp) * jnp.eye(k_pp.shape[0]) / k_pp.shape[0])
    pred = jnp.dot(k_tp, sp.linalg.solve(k_pp_reg, y_proto, sym_pos=True))
    return pred


def compute_feat_kpp(x_proto, nn_state, feat_fn=None, reg=1e-6, chunk_size=500):
    train_size = x_proto.shape[0]
    if train_size <= chunk_size:
        x_proto = feat_fn(x_proto, nn_state)
    else:
        x_proto_list = []
        for i in range(train_size // chunk_size):
            x_proto_list.append(feat_fn(x_proto[i * chunk_size:(i + 1) * chunk_size], nn_state))

        if train_size % chunk_size != 0:
            x_proto_list.append(feat_fn(x_proto[train_size // chunk_size * chunk_size:], nn_state))
        x_proto = jnp.concatenate(x_proto_list, axis=0)

    k_pp = x_proto.dot(x_proto.T)
    k_pp_reg = (k_pp + jnp.abs(reg) * jnp.trace(k_pp) * jnp.eye(k_pp.shape[0]) / k_pp.shape[0])
    return x_proto, k_pp_reg


def make_krr_eval(feat_fn_eval):  # reconstructed wrapper around the original line
    jit_compute_feat_kpp = jax.jit(functools.partial(compute_feat_kpp, feat_fn=feat_fn_eval))
    return jit_compute_feat_kpp
