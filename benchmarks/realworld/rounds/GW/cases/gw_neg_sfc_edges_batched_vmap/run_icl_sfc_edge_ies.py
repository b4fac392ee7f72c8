# Source: https://github.com/neverix/micrlhf-progress/blob/6c42eb4ec00ec38a03b8cba1ed3328c0be0f2796/sprint/run_icl_sfc_edge_ies.py
# Title: sprint/run_icl_sfc_edge_ies.py
# Cut: the averaged-over-positions edge computation of main() kept; model loading, node selection
#      and the per-position branch cut. `circuitizer`, `flat_feats`, `circuit_node_dict` are built in
#      the cut part of main().
from collections import defaultdict

import jax
import jax.numpy as jnp
import numpy as np
from tqdm.auto import tqdm, trange


def edges(circuitizer, flat_feats, circuit_node_dict):
    graph = []

    batch_size = 16
    for type, features in tqdm(sorted(flat_feats.items(), key=lambda x: (-x[0][-1], x[0][-2], x[0][-3]))):
        mask, feature_type, layer = type
        mask = jnp.array(list(circuitizer.masks.keys()).index(mask))
        for batch in trange(0, len(features), batch_size, postfix=str(type)):
            batch_features = features[batch:batch+batch_size]
            orig_length = len(batch_features)
            batch_features = batch_features + [0] * (batch_size - len(batch_features))
            feature_effectss = jax.vmap(lambda x: circuitizer.compute_feature_effects(feature_type, layer, x, mask, layer_window=1, position=None))(jnp.asarray(batch_features))
            top_effects = defaultdict(list)
            for key, featuress in feature_effectss.items():
                for elem, feature_effects in enumerate(featuress):
                    if elem >= orig_length:
                        continue
                    if feature_effects.ndim == 0:
                        top_effects[elem].append((float(feature_effects), key, 0))
                        continue

                    nodes_to_keep = circuit_node_dict.get(key, np.empty(0, dtype=np.int32))
                    effects = feature_effects[nodes_to_keep]
                    for idx, effect in zip(nodes_to_keep, effects):
                        top_effects[elem].append((float(effect), key, int(idx)))
            for elem, effects in top_effects.items():
                effects.sort(reverse=True)
                edges = effects
                graph.extend([(weight,  key + (upstream_feature,), (type[1], type[2], type[0], batch_features[elem],) ) for weight, key, upstream_feature in edges])
    return graph
