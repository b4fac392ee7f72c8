"""Facts and loop extents, one question each: what an expression holds at a statement."""

from __future__ import annotations

import ast
import textwrap

from gradadvisor.analysis import values as v
from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.syntax import Source
from gradadvisor.engine.context import Context


def _at_return(code: str) -> tuple[Context, ast.Return]:
    """A context standing at the ``return`` of the module's last function."""
    text = textwrap.dedent(code)
    tree = ast.parse(text)
    names = ImportMap(tree)
    ctx = Context("case.py", Source(text), tree, names, Facts(tree, Source(text), names))
    function = [node for node in tree.body if isinstance(node, ast.FunctionDef)][-1]
    ctx.enter(function)
    statement = function.body[-1]
    assert isinstance(statement, ast.Return)
    ctx.enter(statement)
    return ctx, statement


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
