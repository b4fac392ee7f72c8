"""The builtin ``sum()`` over an array's elements rewritten as one ``jnp.sum(..., axis=0)``.

``sum(f(x_i) for x_i in x)`` becomes ``jnp.sum(f(x), axis=0)`` when the body is elementwise,
``jnp.sum(jax.vmap(f)(x), axis=0)`` otherwise (``vectorize.batched`` builds the expression);
``sum(t ** 2 for t in range(T))`` maps the body over ``jnp.arange(T)``; ``sum(x)`` becomes
``jnp.sum(x, axis=0)``. What the fix needs proven: the iterated value an array, the body's
assumptions (free names that might broadcast), no start value, a dtype whose sum matches
repeated ``+`` and an array that is not empty (the builtin sum of nothing is the integer 0).
GA301 builds its fixes here; ``ctx`` is a rule's context.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.syntax import attribute_path, call, constant, one_line
from gradadvisor.analysis.vectorize import ElementLoop, Vectorized, batched
from gradadvisor.fixes.edits import Fix, Preconditions


def shown_sum(ctx, node: ast.Call) -> str:
    """The ``sum(...)`` call as the message shows it."""
    return f"`{one_line(ctx.code(node), 60)}`" if len(ctx.code(node)) <= 60 else "sum(... for ...)"


def element_sum_advice(ctx, node: ast.Call, element: ElementLoop) -> tuple[str, str, Fix | None]:
    """The sum as shown, the advice naming its rewrite, and the fix (None when there is none)."""
    rewrite, fix = element_sum(ctx, node, element, ctx.names.numpy_module())
    if rewrite is not None:
        advice = f"use `{one_line(rewrite, 120)}`"
    else:
        numpy_sum, _ = ctx.spell(f"{ctx.names.numpy_module()}.sum")
        arrays = "arrays" if len(element.arrays) > 1 else "array"
        advice = f"compute the body on the whole {arrays} and use `{numpy_sum or 'jnp.sum'}(..., axis=0)`"
    return shown_sum(ctx, node), advice, fix


def element_sum(ctx, node: ast.Call, loop: ElementLoop, numpy_module: str, extra_imports=(), index_values: bool = False) -> tuple[str | None, Fix | None]:
    """The rewritten code (None when there is none) and its fix. ``index_values``: the loop
    walks ``range(...)`` and the body uses the index as a number (now ``jnp.arange``'s ints)."""
    vmap = ""
    if numpy_module == "jax.numpy":
        vmap, vmap_imports = ctx.spell("jax.vmap")
    else:
        vmap_imports = []
    vectorized: Vectorized = batched(loop, ctx.resolve, vmap or "jax.vmap")
    if vectorized.how == "vmap" and (numpy_module == "autograd.numpy" or not vmap):
        return None, None
    spelled, imports = ctx.spell(f"{numpy_module}.sum")
    if not spelled:
        return None, None
    summed = call(attribute_path(spelled), vectorized.expression, axis=constant(0))
    start = node.args[1] if len(node.args) == 2 else next((k.value for k in node.keywords if k.arg == "start"), None)
    replacement: ast.expr = summed
    conditions = Preconditions()
    if start is not None and not (isinstance(start, ast.Constant) and start.value == 0 and not isinstance(start.value, bool)):
        replacement = ast.BinOp(left=start, op=ast.Add(), right=summed)
        conditions.require(False, "the start value adds the same way to one sum as to the running total")
    array = loop.arrays[0]
    if index_values:
        conditions.require(False, f"the body computes the same with `{loop.variables[0]}` as a traced int32 as with a Python int")
        rewrite = ctx.renderer.replace_expression(node, replacement)
        fix = conditions.fix(rewrite, imports=[*imports, *extra_imports, *(vmap_imports if vectorized.how == "vmap" else [])])
        return rewrite.text, fix
    value = ctx.value(array)
    conditions.require(value.kind == v.ARRAY, f"`{one_line(ctx.code(array), 30)}` is an array (not a list or tuple of arrays)")
    for assumption in vectorized.assumptions:
        conditions.require(False, assumption.replace(" broadcast against", " might broadcast differently against") if "broadcast" in assumption else assumption)
    dtype_and_empty(ctx, conditions, value, array)
    rewrite = ctx.renderer.replace_expression(node, replacement)
    fix = conditions.fix(rewrite, imports=[*imports, *(vmap_imports if vectorized.how == "vmap" else [])])
    return rewrite.text, fix


def whole_array_sum(ctx, node: ast.Call, operand: ast.expr, value: v.Value) -> tuple[str, Fix | None]:
    """``sum(x)`` as ``jnp.sum(x, axis=0)``: the code the message names, and the fix (None where
    the file cannot spell the sum)."""
    spelled, imports = ctx.spell(f"{ctx.names.numpy_module()}.sum")
    content = f"{spelled or 'jnp.sum'}({ctx.code(operand)}, axis=0)"
    if not spelled:
        return content, None
    conditions = Preconditions()
    conditions.require(value.kind == v.ARRAY, f"`{one_line(ctx.code(operand), 30)}` is an array (not a list of numbers)")
    dtype_and_empty(ctx, conditions, value, operand)
    replacement = call(attribute_path(spelled), operand, axis=constant(0))
    rewrite = ctx.renderer.replace_expression(node, replacement)
    return content, conditions.fix(rewrite, imports=imports)


def dtype_and_empty(ctx, conditions: Preconditions, value: v.Value, array: ast.expr) -> None:
    """The array's dtype sums as repeated ``+`` does, and the array is not empty."""
    text = one_line(ctx.code(array), 30)
    if value.dtype is not None:
        conditions.require(value.dtype not in v.SMALL_DTYPES, f"`{text}` has a dtype whose sum matches repeated `+` ({value.dtype} does not)")
    else:
        conditions.require(False, f"`{text}` has a known dtype whose sum matches repeated `+` (not bool or a small one)", ctx.dtype_callers(array))
    rows = value.shape[0] if value.shape else None
    conditions.require(
        isinstance(rows, int) and rows > 0,
        f"`{text}` is not empty (the builtin sum of nothing is the integer 0, `jnp.sum` gives float zeros)",
    )
