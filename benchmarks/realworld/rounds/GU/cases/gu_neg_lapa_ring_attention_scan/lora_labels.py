# Source: https://github.com/tuananhroman/LAPA-Lora-Jax/blob/1761ccd8ad2b9a7134a45c37551ea03270ea0ac9/src/latent_pretraining/train.py
# Title: LAPA-Lora-Jax: src/latent_pretraining/train.py (_build_lora_label_fn for optax.multi_transform)
# Cut: kept _build_lora_label_fn verbatim (nested inside main() in the source, dedented one level); FLAGS (absl flags in the source) is passed in as an argument
import flax
from flax.traverse_util import flatten_dict, unflatten_dict


def _build_lora_label_fn(FLAGS):
    """Returns a callable params->labels (tree of 'train'/'freeze') for optax.multi_transform.
    Trainable iff the flattened path contains any token in FLAGS.lora_train_patterns.
    Used to avoid allocating Adam state for frozen (base) params during LoRA fine-tune.
    """
    patterns = [t for t in FLAGS.lora_train_patterns.split(',') if t]
    def _label_fn(params):
        flat = flatten_dict(flax.core.unfreeze(params) if hasattr(params, 'unfreeze') else params)
        out = {}
        for k in flat:
            path_str = '/'.join(map(str, k))
            is_trainable = any(p in path_str for p in patterns)
            out[k] = 'train' if is_trainable else 'freeze'
        tree = unflatten_dict(out)
        # Match container type of the input params (FrozenDict vs dict).
        if hasattr(params, 'unfreeze'):
            tree = flax.core.freeze(tree)
        return tree
    return _label_fn
