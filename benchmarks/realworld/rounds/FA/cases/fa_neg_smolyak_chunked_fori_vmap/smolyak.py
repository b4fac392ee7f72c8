# Source: https://github.com/iwashita-nozomu/jax_utils/blob/e9c92570e15477088aab1589234676565f96d23f/python/jax_util/functional/smolyak.py
# Title: python/jax_util/functional/smolyak.py (Smolyak sparse-grid quadrature)
# Cut: smolyak_integrate_jit at the end is reconstructed (the class method forwards the same tables); kept the host-side Clenshaw-Curtis weights, the chunked last-axis evaluation, the per-axis recursion and the term loop; rule construction tables, the integrator class and Japanese comments dropped.
from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from scipy.fft import dct

import jax
import jax.numpy as jnp

Vector = jax.Array


def _clenshaw_curtis_weights(num_intervals: int, /) -> NDArray[np.floating[Any]]:
    coefficients = np.zeros(num_intervals + 1, dtype=np.float64)
    coefficients[0] = 1.0

    for mode in range(1, (num_intervals // 2) + 1):
        frequency = 2 * mode
        if frequency < num_intervals:
            coefficients[frequency] = -1.0 / (4.0 * mode * mode - 1.0)

    if num_intervals % 2 == 0:
        coefficients[num_intervals] = -1.0 / (num_intervals * num_intervals - 1.0)

    transformed = dct(coefficients, type=1)
    weights = np.empty(num_intervals + 1, dtype=np.float64)
    weights[0] = transformed[0] / num_intervals
    weights[-1] = transformed[-1] / num_intervals
    weights[1:-1] = 2.0 * transformed[1:-1] / num_intervals
    return 0.5 * weights




def _rule_segment(
    axis_levels: jax.Array,
    axis: int,
    rule_offsets: jax.Array,
    rule_lengths: jax.Array,
    /,
) -> tuple[jax.Array, jax.Array]:
    level_index = axis_levels[axis] - 1
    rule_offset = jnp.take(rule_offsets, level_index, mode="clip")
    rule_length = jnp.take(rule_lengths, level_index, mode="clip")
    return rule_offset, rule_length


def _replace_axis_value(
    point: Vector,
    axis: int,
    value: jax.Array,
    /,
) -> Vector:
    value_vector = jnp.reshape(jnp.asarray(value, dtype=point.dtype), (1,))
    return jnp.concatenate((point[:axis], value_vector, point[axis + 1 :]), axis=0)


def _integrate_last_axis(
    f: Function,
    axis_levels: jax.Array,
    axis: int,
    prefix_point: Vector,
    prefix_weight: jax.Array,
    acc: Vector,
    rule_nodes: Vector,
    rule_weights: Vector,
    rule_offsets: jax.Array,
    rule_lengths: jax.Array,
    *,
    chunk_size: int,
) -> Vector:
    rule_offset, rule_length = _rule_segment(axis_levels, axis, rule_offsets, rule_lengths)
    flat_chunk_indices = jnp.arange(chunk_size, dtype=jnp.int64)

    def chunk_body(chunk_index: int, leaf_acc: Vector) -> Vector:
        start = jnp.asarray(chunk_index, dtype=jnp.int64) * chunk_size
        local_indices = start + flat_chunk_indices
        valid_mask = local_indices < rule_length
        safe_local_indices = jnp.where(valid_mask, local_indices, 0)
        flat_indices = rule_offset + safe_local_indices
        axis_nodes = jnp.take(rule_nodes, flat_indices, mode="clip")
        axis_weights = jnp.take(rule_weights, flat_indices, mode="clip")

        def inject_axis_node(axis_node: Vector) -> Vector:
            return _replace_axis_value(prefix_point, axis, axis_node)

        points = jax.vmap(
            inject_axis_node,
            in_axes=0,
            out_axes=-1,
        )(axis_nodes)
        values = jax.vmap(f, in_axes=-1, out_axes=-1)(points)
        masked_weights = jnp.where(valid_mask, prefix_weight * axis_weights, 0)
        return leaf_acc + jnp.tensordot(values, masked_weights, axes=(-1, 0))

    num_chunks = jnp.floor_divide(rule_length + chunk_size - 1, chunk_size)
    return jax.lax.fori_loop(0, num_chunks, chunk_body, acc)


def _integrate_term_recursive(
    f: Function,
    axis_levels: jax.Array,
    axis: int,
    prefix_point: Vector,
    prefix_weight: jax.Array,
    acc: Vector,
    rule_nodes: Vector,
    rule_weights: Vector,
    rule_offsets: jax.Array,
    rule_lengths: jax.Array,
    *,
    chunk_size: int,
) -> Vector:
    if axis == prefix_point.shape[0] - 1:
        return _integrate_last_axis(
            f,
            axis_levels,
            axis,
            prefix_point,
            prefix_weight,
            acc,
            rule_nodes,
            rule_weights,
            rule_offsets,
            rule_lengths,
            chunk_size=chunk_size,
        )

    rule_offset, rule_length = _rule_segment(axis_levels, axis, rule_offsets, rule_lengths)

    def axis_body(local_index: int, loop_acc: Vector) -> Vector:
        flat_index = rule_offset + jnp.asarray(local_index, dtype=jnp.int64)
        axis_node = jnp.take(rule_nodes, flat_index, mode="clip")
        axis_weight = jnp.take(rule_weights, flat_index, mode="clip")
        next_point = _replace_axis_value(prefix_point, axis, axis_node)
        next_weight = prefix_weight * axis_weight
        return _integrate_term_recursive(
            f,
            axis_levels,
            axis + 1,
            next_point,
            next_weight,
            loop_acc,
            rule_nodes,
            rule_weights,
            rule_offsets,
            rule_lengths,
            chunk_size=chunk_size,
        )

    return jax.lax.fori_loop(0, rule_length, axis_body, acc)


def _smolyak_plan_integral(
    f: Function,
    term_levels: jax.Array,
    term_num_points: jax.Array,
    rule_nodes: Vector,
    rule_weights: Vector,
    rule_offsets: jax.Array,
    rule_lengths: jax.Array,
    *,
    chunk_size: int,
) -> Vector:
    zero_point = jnp.zeros((term_levels.shape[1],), dtype=rule_nodes.dtype)
    initial_value = jnp.zeros_like(f(zero_point))

    def term_body(term_index: int, acc: Vector) -> Vector:
        axis_levels = term_levels[term_index]
        return _integrate_term_recursive(
            f,
            axis_levels,
            0,
            zero_point,
            jnp.asarray(1.0, dtype=rule_weights.dtype),
            acc,
            rule_nodes,
            rule_weights,
            rule_offsets,
            rule_lengths,
            chunk_size=chunk_size,
        )

    return jax.lax.fori_loop(0, term_levels.shape[0], term_body, initial_value)


def smolyak_integrate_jit(f, term_levels, term_num_points, rule_nodes, rule_weights, rule_offsets, rule_lengths, chunk_size):
    # reconstructed caller: SmolyakIntegrator.integrate forwards its stored tables here
    return jax.jit(
        lambda *tables: _smolyak_plan_integral(f, *tables, chunk_size=chunk_size)
    )(term_levels, term_num_points, rule_nodes, rule_weights, rule_offsets, rule_lengths)
