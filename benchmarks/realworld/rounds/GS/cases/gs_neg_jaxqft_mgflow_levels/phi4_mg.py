# Source: https://github.com/orginos/jaxQFT/blob/3944a49c5635f74ef1652d1075be61583b8708e9/jaxqft/models/phi4_mg.py
# Title: jaxqft/models/phi4_mg.py (JAX MGFlow for scalar phi^4, functional, optax-friendly)
# Cut: kept the MLP, the RealNVP blocks, the 2x2 conv bijector, RG coarsen/refine and the
#      multigrid flow forward/inverse; dropped the initialisers, the parity modes of st_apply and the init wrappers.
from __future__ import annotations

import math
from typing import Dict, List, Sequence, Tuple

import jax
import jax.numpy as jnp


Array = jax.Array


def _std_normal_log_prob(z: Array, sum_axes: Sequence[int]) -> Array:
    return jnp.sum(-0.5 * (z * z + math.log(2.0 * math.pi)), axis=tuple(sum_axes))

def _linear(p: Dict[str, Array], x: Array) -> Array:
    return x @ p["W"] + p["b"]


def _mlp_apply(params: Dict[str, Dict[str, Array]], x: Array) -> Array:
    x = jax.nn.silu(_linear(params["l1"], x))
    x = jax.nn.silu(_linear(params["l2"], x))
    return _linear(params["l3"], x)


def st_apply(st_weights: Dict, mode_id: int, i: int, xA: Array) -> Tuple[Array, Array]:
    net = st_weights["nets"][i]
    st = _mlp_apply(net, xA)
    return jnp.split(st, 2, axis=-1)


def realnvp_g(cfg: Dict, weights: Dict, z: Array) -> Array:
    x = z
    n_blocks = cfg["masks"].shape[0]
    for i in range(n_blocks):
        m = cfg["masks"][i]
        mi = cfg["masks_inv"][i]
        xA = x * m
        s, t = st_apply(weights["st"], cfg["mode_id"], i, xA)
        s = jnp.tanh(s) * cfg["log_scale_clip"]
        s = s * mi
        t = t * mi
        x = xA + mi * (x * jnp.exp(s) + t)
    return x


def realnvp_f(cfg: Dict, weights: Dict, x: Array) -> Tuple[Array, Array]:
    z = x
    ldj = jnp.zeros((x.shape[0],), dtype=x.dtype)
    n_blocks = cfg["masks"].shape[0]
    for i in range(n_blocks - 1, -1, -1):
        m = cfg["masks"][i]
        mi = cfg["masks_inv"][i]
        zA = z * m
        s, t = st_apply(weights["st"], cfg["mode_id"], i, zA)
        s = jnp.tanh(s) * cfg["log_scale_clip"]
        s = s * mi
        t = t * mi
        z = mi * (z - t) * jnp.exp(-s) + zA
        ldj = ldj - jnp.sum(mi * s, axis=1)
    return z, ldj


def _pack2x2(z4: Array) -> Array:
    c00 = z4[:, :, 0::2, 0::2]
    c01 = z4[:, :, 0::2, 1::2]
    c10 = z4[:, :, 1::2, 0::2]
    c11 = z4[:, :, 1::2, 1::2]
    return jnp.concatenate([c00, c01, c10, c11], axis=1)


def _unpack2x2(y: Array) -> Array:
    B, _, H2, W2 = y.shape
    out = jnp.zeros((B, 1, H2 * 2, W2 * 2), dtype=y.dtype)
    out = out.at[:, :, 0::2, 0::2].set(y[:, 0:1])
    out = out.at[:, :, 0::2, 1::2].set(y[:, 1:2])
    out = out.at[:, :, 1::2, 0::2].set(y[:, 2:3])
    out = out.at[:, :, 1::2, 1::2].set(y[:, 3:4])
    return out


def _conv_apply_g(z4: Array, bij_cfg: Dict, bij_weights: Dict) -> Array:
    y = _pack2x2(z4)
    B, C, H2, W2 = y.shape
    flat = jnp.reshape(jnp.transpose(y, (0, 2, 3, 1)), (B * H2 * W2, C))
    flat = realnvp_g(bij_cfg, bij_weights, flat)
    y = jnp.transpose(jnp.reshape(flat, (B, H2, W2, C)), (0, 3, 1, 2))
    return _unpack2x2(y)


def _conv_apply_f(x4: Array, bij_cfg: Dict, bij_weights: Dict) -> Tuple[Array, Array]:
    y = _pack2x2(x4)
    B, C, H2, W2 = y.shape
    flat = jnp.reshape(jnp.transpose(y, (0, 2, 3, 1)), (B * H2 * W2, C))
    zf, ld = realnvp_f(bij_cfg, bij_weights, flat)
    y = jnp.transpose(jnp.reshape(zf, (B, H2, W2, C)), (0, 3, 1, 2))
    out = _unpack2x2(y)
    ld_per_sample = jnp.sum(jnp.reshape(ld, (B, H2, W2)), axis=(1, 2))
    return out, ld_per_sample




def rg_coarsen(f: Array, rg_mode: int) -> Tuple[Array, Array]:
    ff = f[:, None, :, :]
    if rg_mode == 0:
        c = 0.25 * (ff[:, :, 0::2, 0::2] + ff[:, :, 1::2, 0::2] + ff[:, :, 0::2, 1::2] + ff[:, :, 1::2, 1::2])
        up = jnp.repeat(jnp.repeat(c, 2, axis=2), 2, axis=3)
        r = ff - up
    else:  # select
        c = ff[:, :, ::2, ::2]
        up = jnp.repeat(jnp.repeat(c, 2, axis=2), 2, axis=3)
        r = ff - up
    return c[:, 0], r[:, 0]


def rg_refine(c: Array, r: Array) -> Array:
    up = jnp.repeat(jnp.repeat(c[:, None], 2, axis=2), 2, axis=3)[:, 0]
    return up + r


def _convflow_g(cfg: Dict, weights: Dict, z: Array, level: int) -> Array:
    z4 = z[:, None, :, :]
    nsteps = cfg["nconvs"]
    for k in range(nsteps):
        if cfg["fixed_bijector"]:
            bj0 = weights["shared_bijector"]
            bj1 = weights["shared_bijector"]
        else:
            bj0 = weights["cflow"][level][2 * k]
            bj1 = weights["cflow"][level][2 * k + 1]
        z4 = _conv_apply_g(z4, cfg["bij_cfg"], bj0)
        z4 = jnp.roll(z4, shift=(-1, -1), axis=(2, 3))
        z4 = _conv_apply_g(z4, cfg["bij_cfg"], bj1)
        z4 = jnp.roll(z4, shift=(1, 1), axis=(2, 3))
    return z4[:, 0]


def _convflow_f(cfg: Dict, weights: Dict, x: Array, level: int) -> Tuple[Array, Array]:
    ldj = jnp.zeros((x.shape[0],), dtype=x.dtype)
    z4 = x[:, None, :, :]
    nsteps = cfg["nconvs"]
    for k in range(nsteps - 1, -1, -1):
        if cfg["fixed_bijector"]:
            bj0 = weights["shared_bijector"]
            bj1 = weights["shared_bijector"]
        else:
            bj0 = weights["cflow"][level][2 * k]
            bj1 = weights["cflow"][level][2 * k + 1]
        z4 = jnp.roll(z4, shift=(-1, -1), axis=(2, 3))
        z4, l1 = _conv_apply_f(z4, cfg["bij_cfg"], bj1)
        z4 = jnp.roll(z4, shift=(1, 1), axis=(2, 3))
        z4, l0 = _conv_apply_f(z4, cfg["bij_cfg"], bj0)
        ldj = ldj + l1 + l0
    return z4[:, 0], ldj


def mgflow_g_from(cfg: Dict, weights: Dict, z: Array) -> Array:
    x = z
    fines: List[Array] = []
    for level in range(cfg["depth"] - 1):
        fx = _convflow_g(cfg, weights, x, level)
        cx, ff = rg_coarsen(fx, cfg["rg_mode"])
        fines.append(ff)
        x = cx
    fx = _convflow_g(cfg, weights, x, cfg["depth"] - 1)
    for k in range(cfg["depth"] - 1, 0, -1):
        fx = rg_refine(fx, fines[k - 1])
    return fx


def mgflow_f_from(cfg: Dict, weights: Dict, x: Array) -> Tuple[Array, Array]:
    ldj = jnp.zeros((x.shape[0],), dtype=x.dtype)
    fines: List[Array] = []
    z = x
    for _ in range(cfg["depth"] - 1):
        c, f = rg_coarsen(z, cfg["rg_mode"])
        fines.append(f)
        z = c
    z, ldk = _convflow_f(cfg, weights, z, cfg["depth"] - 1)
    ldj = ldj + ldk
    for k in range(cfg["depth"] - 2, -1, -1):
        y = rg_refine(z, fines[k])
        z, ldk = _convflow_f(cfg, weights, y, k)
        ldj = ldj + ldk
    return z, ldj


def mgflow_prior_sample_from(key: Array, cfg: Dict, batch_size: int, dtype=jnp.float32) -> Array:
    H, W = int(cfg["size_h"]), int(cfg["size_w"])
    return jax.random.normal(key, (batch_size, H, W), dtype=dtype)


def mgflow_prior_log_prob(z: Array) -> Array:
    return _std_normal_log_prob(z, sum_axes=(1, 2))


def mgflow_log_prob_from(cfg: Dict, weights: Dict, x: Array) -> Array:
    z, ldj = mgflow_f_from(cfg, weights, x)
    return mgflow_prior_log_prob(z) + ldj


def _split_model(model_or_cfg: Dict, maybe_weights: Dict | None = None):
    if maybe_weights is not None:
        return model_or_cfg, maybe_weights
    if "size_h" in model_or_cfg and "size_w" in model_or_cfg:
        return model_or_cfg, None
    if "cfg" in model_or_cfg and "weights" in model_or_cfg:
        return model_or_cfg["cfg"], model_or_cfg["weights"]
    raise ValueError("Expected either (cfg, weights) or {'cfg':..., 'weights':...}")


def mgflow_g(model_or_cfg: Dict, z: Array, weights: Dict | None = None) -> Array:
    cfg, w = _split_model(model_or_cfg, weights)
    return mgflow_g_from(cfg, w, z)


def mgflow_f(model_or_cfg: Dict, x: Array, weights: Dict | None = None) -> Tuple[Array, Array]:
    cfg, w = _split_model(model_or_cfg, weights)
    return mgflow_f_from(cfg, w, x)


def mgflow_prior_sample(key: Array, model_or_cfg: Dict, batch_size: int, dtype=jnp.float32, weights: Dict | None = None) -> Array:
    cfg, _ = _split_model(model_or_cfg, weights)
    return mgflow_prior_sample_from(key, cfg, batch_size, dtype=dtype)


def mgflow_log_prob(model_or_cfg: Dict, x: Array, weights: Dict | None = None) -> Array:
    cfg, w = _split_model(model_or_cfg, weights)
    return mgflow_log_prob_from(cfg, w, x)
