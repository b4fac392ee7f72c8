# Source: https://github.com/alexOarga/haiku-geometric/blob/829fb692a7568b6a4e777e5f46cd6acd902a0949/haiku_geometric/nn/pool/topk_pool.py
# Title: haiku_geometric/nn/pool/topk_pool.py
# Cut: TopKPooling module removed; _count_occurrences (jitted, fori_loop over batch ids) and select_batch_topk kept.
import jax.numpy as jnp
import jax
import haiku as hk
from functools import partial
from typing import Optional, Union
from haiku_geometric.utils import scatter, batch_softmax

MIN_INF = -65504.0


@partial(jax.jit, static_argnums=(1))
def _count_occurrences(arr, rrange):
    '''
    Given an array of positive integers, sequentially count the number of occurrences of
    each integer (starting at 0).
    For instance, given the array [0, 1, 1, 2, 2, 2, 0, 1, 1, 1], the output
    would be [0, 0, 1, 0, 1, 2, 2, 2, 3, 4].
    Given the array [1, 2, 3, 4, 5, 1, 1]
    the output would be [0, 0, 0, 0, 0, 1, 2]

    Parameters:
        arr (jnp.ndarray): Array of positive integers.
        rrange (int): Range of the integers in the array.
            It will be iterated similar to the 'range(rrange)' function.
    '''

    counts = jnp.zeros_like(arr)

    def body_fun(val, counts):
        mask = (arr == val)
        count = jnp.cumsum(mask)
        counts = jnp.where(mask, count, counts)
        return counts

    counts = jax.lax.fori_loop(0, rrange, body_fun, counts)

    return counts

def select_batch_topk(score, ratio, batch, batch_size=None):

    if batch_size is None:
        batch_size = jnp.max(batch) + 1

    nodes_per_batch = jax.ops.segment_sum(
        data=jnp.ones(score.shape[0], dtype=jnp.int32),
        segment_ids=batch, num_segments=batch_size)

    perm = jnp.argsort(-score, axis=-1)  # trick for descending order
    # Sort batch according to the score
    # This arrays will be cropped later according to the ratio param.
    batch = batch[perm]
    occ = _count_occurrences(batch, batch_size) - 1

    if ratio >= 1:
        k = jnp.full((batch_size,), int(ratio))
        k = jnp.minimum(k, nodes_per_batch)
    else:
        k = jnp.ceil(ratio * nodes_per_batch).astype(jnp.int32)

    threshold_per_batch = k[batch] - 1
    new_batch = jnp.where(occ <= threshold_per_batch, batch, jnp.full(batch.shape, batch_size))
    batch_size += 1
    return new_batch, perm

