# Source: https://github.com/Gattocrucco/bartz/blob/ac774bbde2eb8c56bba723db22903fb93639e119/src/bartz/jaxext.py
# Title: bartz src/bartz/jaxext.py at "batch evaluation of forest" (autobatch)
# Cut: other helpers removed; autobatch kept as written (docstring shortened).
import functools
import math
import warnings

import jax
from jax import numpy as jnp
from jax import tree_util
from jax import lax

def autobatch(func, max_io_nbytes, in_axes=0, out_axes=0, return_nbatches=False):
    """Batch a function such that each batch is smaller than a threshold."""

    def expand_axes(axes, tree):
        if isinstance(axes, int):
            return tree_util.tree_map(lambda _: axes, tree)
        return tree_util.tree_map(lambda _, axis: axis, tree, axes)

    def check_no_nones(axes, tree):
        def check_not_none(_, axis):
            assert axis is not None
        tree_util.tree_map(check_not_none, tree, axes)

    def extract_size(axes, tree):
        def get_size(x, axis):
            if axis is None:
                return None
            else:
                return x.shape[axis]
        sizes = tree_util.tree_map(get_size, tree, axes)
        sizes, _ = tree_util.tree_flatten(sizes)
        assert all(s == sizes[0] for s in sizes)
        return sizes[0]

    def sum_nbytes(tree):
        def nbytes(x):
            return math.prod(x.shape) * x.dtype.itemsize
        return tree_util.tree_reduce(lambda size, x: size + nbytes(x), tree, 0)

    def next_divisor_small(dividend, min_divisor):
        for divisor in range(min_divisor, int(math.sqrt(dividend)) + 1):
            if dividend % divisor == 0:
                return divisor
        return dividend

    def next_divisor_large(dividend, min_divisor):
        max_inv_divisor = dividend // min_divisor
        for inv_divisor in range(max_inv_divisor, 0, -1):
            if dividend % inv_divisor == 0:
                return dividend // inv_divisor
        return dividend

    def next_divisor(dividend, min_divisor):
        if min_divisor * min_divisor <= dividend:
            return next_divisor_small(dividend, min_divisor)
        return next_divisor_large(dividend, min_divisor)

    def pull_nonbatched(axes, tree):
        def pull_nonbatched(x, axis):
            if axis is None:
                return None
            else:
                return x
        return tree_util.tree_map(pull_nonbatched, tree, axes), tree

    def push_nonbatched(axes, tree, original_tree):
        def push_nonbatched(original_x, x, axis):
            if axis is None:
                return original_x
            else:
                return x
        return tree_util.tree_map(push_nonbatched, original_tree, tree, axes)

    def move_axes_out(axes, tree):
        def move_axis_out(x, axis):
            return jnp.moveaxis(x, axis, 0)
        return tree_util.tree_map(move_axis_out, tree, axes)

    def move_axes_in(axes, tree):
        def move_axis_in(x, axis):
            return jnp.moveaxis(x, 0, axis)
        return tree_util.tree_map(move_axis_in, tree, axes)

    def batch(tree, nbatches):
        def batch(x):
            return x.reshape((nbatches, x.shape[0] // nbatches) + x.shape[1:])
        return tree_util.tree_map(batch, tree)

    def unbatch(tree):
        def unbatch(x):
            return x.reshape((x.shape[0] * x.shape[1],) + x.shape[2:])
        return tree_util.tree_map(unbatch, tree)

    def check_same(tree1, tree2):
        def check_same(x1, x2):
            assert x1.shape == x2.shape
            assert x1.dtype == x2.dtype
        tree_util.tree_map(check_same, tree1, tree2)

    initial_in_axes = in_axes
    initial_out_axes = out_axes

    @jax.jit
    @functools.wraps(func)
    def batched_func(*args):
        example_result = jax.eval_shape(func, *args)

        in_axes = expand_axes(initial_in_axes, args)
        out_axes = expand_axes(initial_out_axes, example_result)
        check_no_nones(out_axes, example_result)

        size = extract_size((in_axes, out_axes), (args, example_result))

        args, nonbatched_args = pull_nonbatched(in_axes, args)

        total_nbytes = sum_nbytes((args, example_result))
        min_nbatches = total_nbytes // max_io_nbytes + bool(total_nbytes % max_io_nbytes)
        nbatches = next_divisor(size, min_nbatches)
        assert 1 <= nbatches <= size
        assert size % nbatches == 0
        assert total_nbytes % nbatches == 0

        batch_nbytes = total_nbytes // nbatches
        if batch_nbytes > max_io_nbytes:
            assert size == nbatches
            warnings.warn(f'batch_nbytes = {batch_nbytes} > max_io_nbytes = {max_io_nbytes}')

        def loop(_, args):
            args = move_axes_in(in_axes, args)
            args = push_nonbatched(in_axes, args, nonbatched_args)
            result = func(*args)
            result = move_axes_out(out_axes, result)
            return None, result

        args = move_axes_out(in_axes, args)
        args = batch(args, nbatches)
        _, result = lax.scan(loop, None, args)
        result = unbatch(result)
        result = move_axes_in(out_axes, result)

        check_same(example_result, result)

        if return_nbatches:
            return result, nbatches
        return result

    return batched_func
