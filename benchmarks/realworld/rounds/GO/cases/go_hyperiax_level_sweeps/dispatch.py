# Source: https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/008e812f5da3223e4392b02cff20d590bece06f6/hyperiax/core/dispatch.py
# Title: hyperiax/core/dispatch.py (level-by-level up and down sweeps over a tree of shapes)
# Cut: kept the jitted up and down dispatchers; helper validators and docstrings dropped

from __future__ import annotations
from functools import partial
from typing import TYPE_CHECKING
import jax
import jax.numpy as jnp
from .errors import MissingField, SchemaMismatch
from .tree import Tree
from .views import Children, ChildrenAxis, Node, Parent


@partial(jax.jit, static_argnums=(0,))
def _up_dispatch(sweep: SweepFn, tree: Tree, params, key) -> Tree:
    topo = tree.topology
    data = dict(tree.data)
    reads_self, reads_children = _resolve_reads(
        sweep.reads,
        sweep.reads_children,
        tree.schema.names,
    )
    parent_writes = sweep.writes
    child_writes = sweep.writes_children
    expected_writes = frozenset(parent_writes) | frozenset(child_writes)
    all_writes_decl = parent_writes + child_writes
    schema = tree.schema

    for level in range(topo.depth - 1, -1, -1):
        child_ls = int(topo.level_starts[level + 1])
        child_le = int(topo.level_starts[level + 2])
        parent_ids = topo.pbuckets_ref[level + 1]
        num_segments = int(parent_ids.size)
        if num_segments == 0:
            continue

        parent_idx_jax = jnp.asarray(parent_ids)
        seg_ids = jnp.asarray(topo.pbuckets[child_ls:child_le])

        node_data = {k: data[k][parent_idx_jax] for k in reads_self}
        children_data = {
            k: ChildrenAxis(
                flat=data[k][child_ls:child_le],
                segments=seg_ids,
                num_segments=num_segments,
                trailing=schema[k].shape,
            )
            for k in reads_children
        }

        out = sweep.fn(Node(node_data), Children(children_data), params)
        _check_writes(out, expected_writes, all_writes_decl, direction="Up-sweep")

        for k in parent_writes:
            data[k] = data[k].at[parent_idx_jax].set(out[k])

        for k in child_writes:
            # out[k] is a ChildrenAxis whose flat block is the children at this
            # level in node order, i.e. exactly data[k][child_ls:child_le].
            data[k] = data[k].at[child_ls:child_le].set(out[k].flat)

    return Tree(topology=topo, schema=tree.schema, data=data)


@partial(jax.jit, static_argnums=(0,))
def _down_dispatch(sweep: SweepFn, tree: Tree, params, key) -> Tree:
    topo = tree.topology
    data = dict(tree.data)
    reads_self, reads_parent = _resolve_reads(
        sweep.reads,
        sweep.reads_parent,
        tree.schema.names,
    )
    expected_writes = frozenset(sweep.writes)

    per_level = jax.vmap(
        lambda nd, pd, p: sweep.fn(Node(nd), Parent(pd), p),
        in_axes=(0, 0, None),
    )

    # Walk root → leaves; level 1 is first (the root has no parent).
    for level in range(1, topo.depth + 1):
        ls = int(topo.level_starts[level])
        le = int(topo.level_starts[level + 1])

        parent_indices = jnp.asarray(topo.parents[ls:le])

        node_data = {k: data[k][ls:le] for k in reads_self}
        parent_data = {k: data[k][parent_indices] for k in reads_parent}

        out = per_level(node_data, parent_data, params)
        _check_writes(out, expected_writes, sweep.writes, direction="Down-sweep")

        for k, v in out.items():
            data[k] = data[k].at[ls:le].set(v)

    return Tree(topology=topo, schema=tree.schema, data=data)
