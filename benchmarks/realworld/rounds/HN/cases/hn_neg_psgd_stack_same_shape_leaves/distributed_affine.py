# Source: https://github.com/evanatyourservice/psgd_jax/blob/a6117824e5fe0fa67918baa12015eb35a3857fa4/psgd_jax/distributed_affine.py
# Title: psgd_jax/distributed_affine.py (PSGD affine, distributed/scan-friendly version)
# Cut: kept the stacking / preconditioning part of update_fn as a function of its closure values, and the
#      sort/stack/unstack helpers; momentum, clipping, sharding, the math kernels and the optax wrapper dropped
#      (the kernels are imported by name).
from collections import defaultdict
from typing import List, Tuple

import jax
from jax import numpy as jnp
from optax import tree_utils as otu

from psgd_jax.distributed_affine import (
    _efficient_cond,
    _precond_grad_affine_math,
    _update_precond_affine_dropv_math,
)


def precondition(key, gs, Qs, update_prob_in, precond_lr_in, precision, precond_dtype, best_effort_scan=True):
    # stack same-shaped matrices to scan over
    if best_effort_scan:
        gs, Qs, revert_indices = _stack_matrices(gs, Qs)

    map_batch_size = 1  # interpolates between scan and vmap, 1 being scan unroll=1

    # update preconditioner
    key, subkey = jax.random.split(key)
    do_update = jax.random.uniform(subkey, dtype=jnp.float32) < update_prob_in

    def update_preconditioner():
        ukey = key
        if best_effort_scan:
            key_list = []
            for g in gs:
                n_keys = jax.random.split(ukey, g.shape[0] + 1)
                ukey, keys = n_keys[0], n_keys[1:]
                key_list.append(keys)

            new_Qs = [
                jax.lax.map(
                    lambda xs: _update_precond_affine_dropv_math(
                        *xs, precond_lr_in, precision
                    ),
                    (k, Ql, Qr, g),
                    batch_size=map_batch_size,
                )
                for (k, (Ql, Qr), g) in zip(key_list, Qs, gs)
            ]
        else:
            keys = jax.random.split(ukey, len(Qs))
            new_Qs = [
                _update_precond_affine_dropv_math(
                    k, Ql, Qr, g, precond_lr_in, precision
                )
                for (k, (Ql, Qr), g) in zip(keys, Qs, gs)
            ]

        new_Qs = otu.tree_cast(new_Qs, precond_dtype)
        return new_Qs

    Qs = _efficient_cond(do_update, update_preconditioner, Qs)

    # precondition grads
    if best_effort_scan:
        precond_grad_fn = lambda l, r, g: jax.lax.map(
            lambda xs: _precond_grad_affine_math(*xs),
            (l, r, g),
            batch_size=map_batch_size,
        )
    else:
        precond_grad_fn = _precond_grad_affine_math

    gs = [precond_grad_fn(Ql, Qr, g) for ((Ql, Qr), g) in zip(Qs, gs)]

    # unstack matrices
    if best_effort_scan:
        gs, Qs = _unstack_matrices(gs, Qs, revert_indices)
    return gs, Qs


def _sort_and_group_matrices(matrix_shapes: List[Tuple[int, ...]]):
    """Sorts and groups matrices by shape."""
    indexed_list = list(enumerate(matrix_shapes))
    sorted_indexed = sorted(indexed_list, key=lambda x: x[1])

    sorted_shapes = [shape for _, shape in sorted_indexed]
    change_indices = [original_index for original_index, _ in sorted_indexed]
    revert_indices = [0] * len(matrix_shapes)
    for new_pos, (original_index, _) in enumerate(sorted_indexed):
        revert_indices[original_index] = new_pos

    shape_groups = defaultdict(list)
    for i, shape in enumerate(sorted_shapes):
        shape_groups[shape].append(i)

    unique_sorted_shapes = list(shape_groups.keys())

    return unique_sorted_shapes, dict(shape_groups), change_indices, revert_indices


def _stack_matrices(gs: List[jnp.ndarray], Qs: List[Tuple[jnp.ndarray, jnp.ndarray]]):
    """Sorts and stacks grads and preconditioners for scan."""
    shapes = [g.shape for g in gs]

    unique_shapes, shape_groups, change_indices, revert_indices = (
        _sort_and_group_matrices(shapes)
    )

    sorted_gs = [gs[i] for i in change_indices]
    sorted_Qs = [Qs[i] for i in change_indices]

    stacked_gs = []
    stacked_Qs = []

    for shape in unique_shapes:
        indices = shape_groups[shape]
        stacked_g = jnp.stack([sorted_gs[i] for i in indices])
        stacked_gs.append(stacked_g)
        stacked_Q = [
            jnp.stack([sorted_Qs[i][0] for i in indices]),
            jnp.stack([sorted_Qs[i][1] for i in indices]),
        ]
        stacked_Qs.append(stacked_Q)

    return stacked_gs, stacked_Qs, revert_indices


def _unstack_matrices(
    stacked_gs: List[jnp.ndarray],
    stacked_Qs: List[Tuple[jnp.ndarray, jnp.ndarray]],
    revert_indices: List[int],
):
    """Unstacks and reverts matrices to their original order."""
    unstacked_gs = []
    unstacked_Qs = []

    for g, Q in zip(stacked_gs, stacked_Qs):
        unstacked_gs.extend(jnp.split(g, g.shape[0]))
        unstacked_Qs.extend(
            zip(jnp.split(Q[0], Q[0].shape[0]), jnp.split(Q[1], Q[1].shape[0]))
        )

    gs = [jnp.squeeze(unstacked_gs[i], axis=0) for i in revert_indices]
    Qs = [
        [jnp.squeeze(q[0], axis=0), jnp.squeeze(q[1], axis=0)]
        for q in [unstacked_Qs[i] for i in revert_indices]
    ]

    return gs, Qs
