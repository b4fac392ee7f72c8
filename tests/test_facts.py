"""Facts and loop extents, one question each: what an expression holds at a statement."""

from __future__ import annotations

import ast
import textwrap

import pytest

from conftest import context_at_return

from gradadvisor.analysis import values as v
from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.syntax import Source

_at_return = context_at_return

def test_partial_of_a_transform_is_the_transform():
    ctx, statement = _at_return(
        """
        from functools import partial
        import jax

        def f(loss):
            g = partial(jax.grad, argnums=1)(loss)
            return g
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.CALLABLE and value.transform == "jax.grad"


def test_a_transform_bound_to_a_name_applies_when_called():
    ctx, statement = _at_return(
        """
        import jax

        def f(loss):
            transform = jax.value_and_grad
            return transform(loss)
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.CALLABLE and value.transform == "jax.value_and_grad"


def test_a_dataset_iterator_is_not_an_array():
    ctx, statement = _at_return(
        """
        def f(dataset):
            return dataset.as_numpy_iterator()
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.SEQUENCE and value.length is None
    assert not ctx.extent(statement.value).is_data


def test_a_slice_with_literal_bounds_is_as_long_as_its_array():
    ctx, statement = _at_return(
        """
        import jax.numpy as jnp

        def f(n):
            xs = jnp.zeros((n, 3))
            return xs[:-1], xs[1:], xs[::2], xs[:3]
        """
    )
    first, second, third, small = statement.value.elts  # type: ignore[union-attr]
    assert ctx.extent(first).is_data and ctx.extent(first).proof == "proven"
    assert ctx.extent(second).is_data and ctx.extent(third).is_data
    assert ctx.extent(small).kind == "static"


def test_zip_of_parameters_runs_once_per_element():
    """``zip(xs, ys)`` over parameters: one iteration per element of what is passed (a traced
    function's parameters are arrays, so phase 2 can prove it data-sized)."""
    ctx, statement = _at_return(
        """
        def f(xs, ys):
            return zip(xs, ys), zip(xs[:-1], xs[1:])
        """
    )
    pairs, neighbours = statement.value.elts  # type: ignore[union-attr]
    for iterable in (pairs, neighbours):
        extent = ctx.extent(iterable)
        assert extent.is_data and extent.proof == "likely" and extent.per_element and extent.param == "xs"


def test_a_tuple_annotation_is_a_structure_item_by_item():
    """``Tuple[...]`` annotations: unpacking reads each element's annotation, and the length of a
    tuple is a fixed structure, not a data size (ott-jax's multi-marginal Sinkhorn loops over
    its ``k`` marginals this way)."""
    ctx, statement = _at_return(
        """
        from typing import Tuple
        import jax.numpy as jnp

        def f(const: Tuple[jnp.ndarray, Tuple[jnp.ndarray, ...], float], pair: tuple[int, int]):
            cost, a_s, eps = const
            k = len(a_s)
            return cost, a_s, eps, range(k), a_s, pair
        """
    )
    cost, a_s, eps, loop, items, pair = statement.value.elts  # type: ignore[union-attr]
    assert ctx.value(cost).is_array
    assert ctx.value(a_s).kind == v.SEQUENCE and ctx.value(a_s).item is not None and ctx.value(a_s).item.is_array
    assert ctx.value(eps).kind == v.SCALAR
    for iterable in (loop, items, pair):
        extent = ctx.extent(iterable)
        assert extent.kind == "static", (ast.unparse(iterable), extent)
    assert ctx.value(pair).length == 2


def test_a_sparse_identity_has_arrays_of_indices_and_data():
    ctx, statement = _at_return(
        """
        from jax.experimental import sparse

        def f():
            m = sparse.eye(1000)
            return m.indices, m.data
        """
    )
    indices, data = statement.value.elts  # type: ignore[union-attr]
    assert ctx.value(indices).shape == (1000, 2) and ctx.value(indices).dtype == "int32"
    assert ctx.value(data).shape == (1000,)


def test_arange_with_literal_float_bounds_counts_its_steps():
    ctx, statement = _at_return(
        """
        import numpy as np
        import jax.numpy as jnp

        def f():
            return np.arange(0, 1, 0.001), jnp.arange(2, 10), jnp.arange(1.0, 2.0, 0.25)
        """
    )
    steps, shifted, quarters = (ctx.value(item) for item in statement.value.elts)  # type: ignore[union-attr]
    assert steps.shape == (1000,) and steps.host
    assert shifted.shape == (8,)
    assert quarters.shape == (4,)


def test_vjp_returns_the_outputs_and_a_vjp_function():
    ctx, statement = _at_return(
        """
        import jax

        def f(model, w):
            y, vjp_fun = jax.vjp(model, w)
            return vjp_fun
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.CALLABLE and value.transform == "jax.vjp"


def test_map_imported_from_builtins_is_the_builtin():
    ctx, statement = _at_return(
        """
        from builtins import map

        def f(g, xs):
            return map(g, xs)
        """
    )
    assert ctx.is_builtin(statement.value.func, "map")  # type: ignore[union-attr]


def test_module_level_call_sites_tell_what_a_parameter_receives():
    from gradadvisor.analysis.project import Project
    from gradadvisor.analysis.summary import SummaryBuilder

    text = textwrap.dedent(
        """
        import jax

        def evaluate(df, points):
            return [df(p) for p in points]

        evaluate(jax.grad(lambda x: x ** 2), [0.5])
        """
    )
    tree = ast.parse(text)
    names = ImportMap(tree)
    builder = SummaryBuilder("script.py", tree, Source(text), names, Facts(tree, Source(text), names))
    summary = builder.build()
    builder.record_local_calls({"evaluate"})
    project = Project([summary])
    kinds = [fact.kind for fact in project.arguments("script.py", summary.top_level["evaluate"], "df")]
    assert kinds == ["gradient"]


def test_partial_of_a_library_class_is_that_class():
    ctx, statement = _at_return(
        """
        import functools
        import flax.linen as nn

        def f():
            norm = functools.partial(nn.LayerNorm, use_bias=False)
            return norm
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.MODULE and value.function == "flax.linen.LayerNorm"


def test_a_loop_over_arange_runs_as_often_as_range():
    ctx, statement = _at_return(
        """
        import jax.numpy as jnp

        def f(degree, x):
            n = x.shape[0]
            return jnp.arange(degree + 1), jnp.arange(3), jnp.arange(n)
        """
    )
    by_parameter, small, sized = (ctx.extent(item) for item in statement.value.elts)  # type: ignore[union-attr]
    assert by_parameter.is_data and by_parameter.proof == "likely" and by_parameter.param == "degree"
    assert small.kind == "static"
    assert sized.is_data and sized.proof == "proven"


def test_an_array_made_from_records_of_loaded_data_is_data():
    text = textwrap.dedent(
        """
        import jax.numpy as jnp
        import tensorflow_datasets as tfds

        ds = tfds.load("mnist", split="train")
        imgs = jnp.array([e["image"].ravel() for e in tfds.as_numpy(ds)]) / 255.0
        small = jnp.array([float(k) for k in range(3)])
        """
    )
    tree = ast.parse(text)
    facts = Facts(tree, Source(text), ImportMap(tree))
    last = tree.body[-1]
    value = facts.value(ast.Name(id="imgs", ctx=ast.Load()), facts.module_scope, last)
    assert value.is_array and value.data
    assert not facts.value(ast.Name(id="small", ctx=ast.Load()), facts.module_scope, last).data


def test_ravel_of_anything_is_an_array_of_one_axis():
    # only arrays have ``.ravel()``: ``(t - self.net(z)).ravel()`` is one, whatever ``self.net`` returns
    ctx, statement = _at_return(
        """
        def f(self, z, t):
            r = (t - self.net(z)).ravel()
            return r
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.ARRAY and value.rank == 1


def test_a_list_literal_grown_by_appends_has_no_literal_length():
    # ``rows = []`` then ``rows.append(r)``: ``jnp.array(rows)`` is not an array of 0 rows
    ctx, statement = _at_return(
        """
        import jax.numpy as jnp

        def f(items):
            rows = []
            for item in items:
                rows.append([item.a, item.b])
            out = jnp.array(rows)
            return out
        """
    )
    value = ctx.value(statement.value)
    assert value.kind == v.ARRAY and (value.shape is None or value.shape[0] is None)


def test_reordering_axes_by_number_makes_an_array_of_what_a_layer_returns():
    # only arrays have ``.transpose(1, 0, 2)`` and ``.swapaxes(0, 1)``: a layer's output reordered
    ctx, _ = context_at_return(
        """
        def f(embed, x):
            a = embed(x).transpose(1, 0, 2)
            b = embed(x).swapaxes(0, 1)
            c = embed(x).transpose()
            return a
        """
    )
    a, b, c = (ctx.value(ast.Name(id=name, ctx=ast.Load())) for name in "abc")
    assert (a.kind, a.rank) == (v.ARRAY, 3)
    assert b.kind == v.ARRAY
    assert c.kind == v.UNKNOWN  # no axes given: a DataFrame has ``.transpose()`` too


def test_a_comprehension_over_two_fixed_ranges_has_their_product_of_items():
    # the nine outer products of a 3-vector basis: a fixed count, not the data's
    ctx, _ = context_at_return(
        """
        import jax.numpy as jnp

        def f(e, k):
            dirs = jnp.array([jnp.outer(e[i], e[j]) for i in range(3) for j in range(3)])
            tri = [e[i] * e[j] for i in range(k) for j in range(i)]
            return dirs
        """
    )
    dirs, tri = (ctx.value(ast.Name(id=name, ctx=ast.Load())) for name in ("dirs", "tri"))
    assert dirs.kind == v.ARRAY and dirs.shape[0] == 9
    assert tri.kind == v.SEQUENCE and tri.length is None  # the inner range reads the outer variable


@pytest.mark.parametrize(
    "expr, rank",
    [
        ("jnp.linalg.svd(x, full_matrices=False)[1]", 1),  # the singular values: one axis fewer
        ("jnp.linalg.svd(x, compute_uv=False)", 1),
        ("jnp.linalg.eigh(x, UPLO='L')[0]", 1),
        ("jnp.linalg.svd(x, full_matrices=False)[0]", 2),
    ],
)
def test_decomposition_parts_keep_their_ranks_under_shape_keeping_keywords(expr, rank):
    source = f"import jax.numpy as jnp\n\ndef f(x):\n    y = {expr}\n    return y\n"
    tree = ast.parse(source)
    facts = Facts(tree, Source(source), ImportMap(tree))
    function = tree.body[1]
    scope = facts.scope(function, facts.module_scope)
    value = facts.value(ast.Name(id="y", ctx=ast.Load()), scope, function.body[1])
    assert value.rank == rank
