# Source: https://github.com/XanaduAI/qml-benchmarks/blob/0bbf84855d4da9099adea6a7522029795664d05b/src/qml_benchmarks/model_utils.py
# Title: src/qml_benchmarks/model_utils.py -- chunk_vmapped_fn
# Cut: only chunk_vmapped_fn kept (docstring shortened).
import jax.numpy as jnp
from sklearn.utils import gen_batches


def chunk_vmapped_fn(vmapped_fn, start, max_vmap):
    def chunked_fn(*args):
        batch_len = len(args[start])
        batch_slices = list(gen_batches(batch_len, max_vmap))
        res = [
            vmapped_fn(*args[:start], *[arg[slice] for arg in args[start:]])
            for slice in batch_slices
        ]
        if batch_len / max_vmap % 1 != 0.0:
            diff = max_vmap - len(res[-1])
            res[-1] = jnp.pad(
                res[-1], [(0, diff), *[(0, 0)] * (len(res[-1].shape) - 1)]
            )
            return jnp.concatenate(res)[:-diff]
        else:
            return jnp.concatenate(res)

    return chunked_fn
