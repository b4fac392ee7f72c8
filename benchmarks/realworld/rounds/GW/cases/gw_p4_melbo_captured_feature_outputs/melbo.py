# Source: https://github.com/neverix/micrlhf-progress/blob/0c7a9499985713fffffccc35d6c64186d98d9f50/sprint/melbo.ipynb
# Title: sprint/melbo.ipynb (MELBO steering vectors vs. SAE decoder directions, Phi-3)
# Cut: notebook cells 5-6, 8-9 converted to a module; model loading, the MELBO optimisation loop
#      and the sampling cells cut. `taker`, `inputs`, `resid_initial`, `scale`, `bs` as defined in the
#      cut cells (bs = 16).
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from penzai import pz
from tqdm.auto import trange

from micrlhf.utils.load_sae import get_sae

sae = get_sae(layer_source, 6)

feat_bs = 64
feat_outs = []
try:
    for index in trange(0, len(sae["W_dec"]), feat_bs):
        rep = sae["W_dec"][index:index+feat_bs]
        rep = pz.nx.wrap(rep, "batch", "embedding")
        rep = pz.nx.nmap(lambda a: a / jnp.linalg.norm(a) * scale)(rep.untag("embedding")).tag("embedding")
        resid = pz.nx.nmap(lambda x, y: x.at[-1].add(y))(resid_initial[{"batch": 0}].untag("seq"), rep).tag("seq")
        resid_out = taker(dataclasses.replace(inputs, tokens=resid,
                                            attention_mask=inputs.attention_mask,
                                            positions=inputs.positions))[{"seq": -1}]
        feat_outs.append(np.array(resid_out.unwrap("batch", "embedding")))
except KeyboardInterrupt:
    pass
all_outs = np.concatenate(feat_outs, axis=0)


@jax.jit
def cdist(a, b):
    return jax.vmap(jax.vmap(lambda x, y: jnp.linalg.norm(x - y), in_axes=(0, None), out_axes=0), in_axes=(None, 0), out_axes=1)(a, b)
ao = all_outs.astype(jnp.float16)
ao = jnp.asarray(ao)
vchunk = 2048
existing = []
@jax.jit
def vscan(carry, v, diff):
    max_dist, rc = carry
    sl = jnp.arange(vchunk) + v
    dists = cdist(ao[sl], ao)
    dists += (diff[sl, None] + diff[None, :]) * (np.arange(vchunk)[:, None] + v != np.arange(len(diff))[None, :])
    maxd = dists.max()
    md = (dists).ravel().argmax()
    row, col = jnp.unravel_index(md, dists.shape)
    row += v
    cond = maxd > max_dist
    max_dist = jax.lax.select(cond, maxd, max_dist)
    rc = jax.lax.select(cond, jnp.array([row, col]), rc)
    return (max_dist, rc), None
for _ in trange(bs // 2):
    diff = jnp.zeros((ao.shape[0],), dtype=jnp.float32)
    if existing:
        je = jnp.asarray(existing)
        diff += cdist(ao[je], ao).sum(axis=0)
        diff = diff.at[je].set(-1e6)
    max_dist, rc = 0.0, (0, 0)
    (max_dist, rc), _ = jax.lax.scan(partial(vscan, diff=diff), (max_dist, jnp.array(rc)), jnp.arange(0, len(diff), vchunk))
    existing.extend(rc)
vectors = sae["W_dec"][jnp.asarray(existing)]
