# Source: https://github.com/neverix/micrlhf-progress/blob/86d446b16863ae481ced64165d0c8cf809829739/sprint/icl_sfc.ipynb
# Title: sprint/icl_sfc.ipynb (sparse feature circuits for in-context learning, "simple visualization")
# Cut: notebook cells 23-24, 25, 28, 31, 38-40 converted to a module; model loading, the resid/grad
#      collection (cells 2-21), the attention / error-node variants of the feature->resid grads and
#      the error-node branches of compute_edges cut.
#      resids_pre, resids_mid, sae_grads_*, masks come from the cut cells, as in the notebook.
import jax
import jax.numpy as jnp
from tqdm.auto import tqdm

from micrlhf.utils.load_sae import get_nev_it_sae_suite, resids_to_weights, sae_encode_gated


def mask_average(vector, mask):
    mask = masks[mask]
    while mask.ndim < vector.ndim:
        mask = mask[..., None]

    return ((mask * vector).sum(1) / mask.sum(1)).mean(0)


def transcoder_feature_to_mid(layer, feature_idx, mask):
    sae = get_nev_it_sae_suite(layer=layer, label="transcoder")
    resid = resids_mid[layer]

    def f(resid):
        resid = mlp_normalize(layer, resid)
        batch_token_feat = resids_to_weights(resid, sae)[:, :, feature_idx] * sae_grads_transcoder[layer][:, :, feature_idx]
        token_act = mask_average(batch_token_feat, mask)
        return token_act

    return jax.grad(f)(resid)


def pre_feature_to_pre(layer, feature_idx, mask):
    sae = get_nev_it_sae_suite(layer=layer)
    resid = resids_pre[layer]

    def f(resid):
        batch_token_feat = resids_to_weights(resid, sae)[:, :, feature_idx] * sae_grads_resid[layer][:, :, feature_idx]
        token_act = mask_average(batch_token_feat, mask)
        return token_act

    return jax.grad(f)(resid)


def compute_edges(
    feature,
    mask,
    layer_window=3,
    k = 32,
    abs_effects = False,
):
    feature_type, layer, feature_idx = feature
    match feature_type:
        case "r":
            resid_grad = pre_feature_to_pre(layer, feature_idx, mask)
        case "t":
            resid_grad = transcoder_feature_to_mid(layer, feature_idx, mask)
        case "a":
            resid_grad = attn_out_feature_to_pre(layer, feature_idx, mask)
    feature_effects = {}
    for l in range(layer, max(5, layer - 1 - layer_window), -1):
        if l < layer:
            for mask in masks:
                feature_effects[("t", l, mask)] = ie_pre_to_transcoder_features(l, resid_grad, mask)
        if l < layer or feature_type in ("t", "et"):
            for mask in masks:
                feature_effects[("a", l, mask)] = ie_mid_to_attn_features(l, resid_grad, mask)
        if l < layer or feature_type in ("t", "et", "a", "ea"):
            for mask in masks:
                feature_effects[("r", l, mask)] = ie_pre_to_pre_features(l, resid_grad, mask)
    top_effects = []
    for key, features in feature_effects.items():
        if features.ndim == 0:
            top_effects.append((float(features), key, 0))
            continue
        effects, indices = jax.lax.top_k(features if not abs_effects else jnp.abs(features), k)
        for i, e in zip(indices.tolist(), effects.tolist()):
            top_effects.append((e, key, i))
    top_effects.sort(reverse=True)
    return top_effects[:k]


important_feats_masks = {}
for mask in masks:
    all_important_features = []
    ie_arrays = dict(r=ie_resid, a=ie_attn, t=ie_transcoder)
    k = 4
    for layer in layers[1:-1]:
        for type in "rat":
            w, i = jax.lax.top_k(mask_average(ie_arrays[type][layer], mask), k)
            for feat in i.tolist():
                all_important_features.append((type, layer, feat))
    important_feats_masks[mask] = all_important_features

graph = []
for mask, features in tqdm(important_feats_masks.items()):
    for downstream_feature in tqdm(features):
        edges = compute_edges(downstream_feature, mask, layer_window=1)
        graph.extend([(weight, upstream_feature_key + (upstream_feature,), downstream_feature[:2] + (mask,) + downstream_feature[2:])
                      for weight, upstream_feature_key, upstream_feature in edges])
