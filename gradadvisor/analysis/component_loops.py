"""Loops over the rows of a parameter while each step takes another array whole.

``for k in range(mu.shape[0]): nll += -logsumexp(log_pi[k] + logpdf(X, mu[k], sd[k]))``
walks the rows of ``mu`` and hands all of ``X`` to every step: the steps are already batched
over ``X``'s rows, and the loop runs over a second axis (mixture components, units, classes).
Whether that axis is small is not in the code, but one fact tells it apart from a loop over
data: a gradient is taken with respect to the walked parameter and not the array taken whole
(phase 2, ``Project.differentiated``). ``walked_rows`` gives phase 1's half of that question.
"""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis.extent import names_data_rows
from gradadvisor.analysis.syntax import names_read, walk

_ROWS = re.compile(r"(\w+)\.shape\[0\]|len\((\w+)\)")


def walked_rows(node: ast.AST, extent, ctx) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """``(walked, wholes, named)``: the loop at ``node`` walks the rows of the enclosing
    function's parameter ``walked`` (its count is ``walked.shape[0]`` or ``len(walked)``, or it
    iterates it), and its steps read the parameters ``wholes`` whole, never indexed, each an
    array whose own length the function reads (``N, D = X.shape``), and ``named`` as well, named
    as the data (``X``) though no length is read. None when the code shows no such pair."""
    if ctx.function is None or isinstance(ctx.function, ast.Lambda):
        return None
    params = ctx.scope.params
    found = _ROWS.fullmatch(extent.size or "")
    walked = (found.group(1) or found.group(2)) if found else extent.param if extent.per_element else None
    if walked is None or walked not in params:
        return None
    parts: set[int] = set()  # names read as ``x[...]``, ``x.attr`` or called: not taken whole
    loads: list[ast.Name] = []
    for child in walk(node):
        if isinstance(child, (ast.Subscript, ast.Attribute)):
            parts.add(id(child.value))
        elif isinstance(child, ast.Call):
            parts.add(id(child.func))
        elif isinstance(child, (ast.comprehension, ast.For)):
            parts.add(id(child.iter))  # walked row by row inside the step (a Gram matrix's inner loop), not taken whole
        elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load) and child.id in params and child.id != walked:
            loads.append(child)
    wholes = {child.id for child in loads if id(child) not in parts}
    sized = _sized(ctx.function) if wholes else set()
    named = {name for name in wholes - sized if names_data_rows(name)}  # named as the data (``X``), its length not read
    wholes &= sized
    return (walked, tuple(sorted(wholes)), tuple(sorted(named))) if wholes or named else None


def _sized(function: ast.AST) -> set[str]:
    """The names whose length the function reads (``X.shape``, ``len(X)``)."""
    found: set[str] = set()
    for child in walk(function):
        if isinstance(child, ast.Attribute) and child.attr == "shape" and isinstance(child.value, ast.Name):
            found.add(child.value.id)
        elif isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "len" and child.args and isinstance(child.args[0], ast.Name):
            found.add(child.args[0].id)
    return found


#: Parameter and keyword names that take an axis number.
AXIS_NAMES = re.compile(r"(?:axis|axes|ax|dim|dims|dimension|axis\d)")


def walks_axes(node: ast.AST, ctx) -> str | None:
    """How the loop at ``node`` uses its variable as an axis number (``jnp.sum(x, axis=i)``, or
    ``expand(u, i, n)`` with ``def expand(u, axis, n)``), or None: a loop over the axes of an
    array runs once per dimension, a handful, and its axis must be static (no ``vmap``)."""
    variables = loop_elements(node)
    if not variables:
        return None
    for call in (child for child in walk(node) if isinstance(child, ast.Call)):
        for item in call.keywords:
            if item.arg and AXIS_NAMES.fullmatch(item.arg) and _reads(item.value, variables):
                return f"`{item.arg}=` of a call takes the loop variable: the loop runs over axes"
        callee = ctx.local_function(call.func.id) if isinstance(call.func, ast.Name) else None
        if callee is None or isinstance(callee, ast.Lambda):
            continue
        params = [arg.arg for arg in [*callee.args.posonlyargs, *callee.args.args]]
        for position, arg in enumerate(call.args):
            if position < len(params) and AXIS_NAMES.fullmatch(params[position]) and _reads(arg, variables):
                return f"`{callee.name}` takes the loop variable as its `{params[position]}`: the loop runs over axes"
    return None


def names_entries(node: ast.AST) -> str | None:
    """How the loop at ``node`` uses its counter only to name entries of a mapping
    (``params[f"constant_{i}"]``, ``layers[f"w{i}"]``), or None: one step per named entry, a
    parameter or a layer each, not a row of data. Every read of the counter in the body sits in
    an f-string, and one such f-string is a subscript's key."""
    if not isinstance(node, ast.For) or not isinstance(node.target, ast.Name):
        return None
    counter = node.target.id
    keyed = inside = 0
    formatted: set[int] = set()
    for child in walk(node):
        if isinstance(child, ast.JoinedStr):
            named = {id(item) for item in walk(child) if isinstance(item, ast.Name) and item.id == counter}
            formatted |= named
            inside += bool(named)
        if isinstance(child, ast.Subscript) and isinstance(child.slice, ast.JoinedStr) and counter in names_read(child.slice):
            keyed += 1
    reads = [item for statement in node.body for item in walk(statement) if isinstance(item, ast.Name) and item.id == counter and isinstance(item.ctx, ast.Load)]
    if not keyed or not reads or any(id(item) not in formatted for item in reads):
        return None
    return f"the loop counter `{counter}` only names entries (`[f\"...{{{counter}}}\"]`): one step per named parameter, as over layers"


def names_options(node: ast.AST, branches_traced: bool = True) -> bool:
    """The loop at ``node`` walks keys or names: an item it walks is compared with a string
    literal (``for k, dist in enumerate(rvdist): if dist == "ln": ...``), or a Python ``if``
    tests an item for equality or membership (``for d in data_sets: if d != model.reference:``,
    which a row of a traced array cannot be), so the items are named options or the keys of a
    mapping, a few, not rows of an array (``branches_traced``: not for autograd, which records
    eager code, where a Python branch on a NumPy item is fine)."""
    if not isinstance(node, ast.For):
        return False
    target, iterable = node.target, node.iter
    if isinstance(target, ast.Tuple) and isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "enumerate" and len(target.elts) == 2:
        target, iterable = target.elts[1], iterable.args[0] if iterable.args else iterable
    if not isinstance(target, ast.Name):
        return False
    indices = isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range"
    tests = {id(part) for child in walk(node) if isinstance(child, (ast.If, ast.IfExp, ast.While)) for part in _test_parts(child.test)}
    for child in walk(node):
        if isinstance(child, ast.Compare) and isinstance(child.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
            sides = [child.left, *child.comparators]
            if not any(_reads(side, {target.id}) for side in sides):
                continue
            if branches_traced and not indices and id(child) in tests and len(sides) == 2:
                return True  # a Python branch on the item itself: a key or a name
            if any(
                    isinstance(side, ast.Constant) and isinstance(side.value, str)
                    or isinstance(side, (ast.Tuple, ast.List, ast.Set)) and side.elts and all(isinstance(item, ast.Constant) and isinstance(item.value, str) for item in side.elts)
                    for side in sides):
                return True
    return False


def _test_parts(test: ast.expr) -> list[ast.expr]:
    """A branch's test and, for ``a and not b``, its operands."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _test_parts(test.operand)
    if isinstance(test, ast.BoolOp):
        return [part for value in test.values for part in _test_parts(value)]
    return [test]


def _reads(expr: ast.AST, names: set[str]) -> bool:
    return isinstance(expr, ast.Name) and expr.id in names


def loop_elements(node: ast.AST) -> set[str]:
    """The names a ``for`` loop (or the first generator of a comprehension) binds per item."""
    loop = node if isinstance(node, (ast.For, ast.AsyncFor)) else next((child for child in walk(node) if isinstance(child, ast.comprehension)), None)
    if loop is None:
        return set()
    return {child.id for child in walk(loop.target) if isinstance(child, ast.Name)}


def host_elements(node: ast.AST, is_builtin) -> str | None:
    """Why the items the loop at ``node`` walks are Python numbers, or None: an item used as a
    slice bound (``tracks[sid][lo:hi]``) or a ``range`` bound must be concrete under a trace, so
    what the loop walks is a host-side list (segment descriptors, offsets), fixed under a trace,
    not an array argument of as many rows as the data."""
    elements = loop_elements(node)
    if not elements:
        return None
    for child in walk(node):
        if isinstance(child, ast.Slice):
            if names_read(ast.Tuple(elts=[part for part in (child.lower, child.upper, child.step) if part is not None], ctx=ast.Load())) & elements:
                return "the loop's items are slice bounds (Python numbers): a host-side list, fixed under a trace"
        elif isinstance(child, ast.Call) and is_builtin(child.func, "range") and any(names_read(arg) & elements for arg in child.args):
            return "the loop's items bound a `range` (Python numbers): a host-side list, fixed under a trace"
    return None


def ranked_elements(node: ast.AST, is_builtin) -> str | None:
    """Why the items the loop at ``node`` differ in structure, or None: the body branches in
    Python on an item's rank or shape, or on its type (``p[t] if p.ndim > 1 else p``,
    ``if isinstance(x, tuple)``): a list of differently-shaped items, which no single batched
    call takes."""
    elements = loop_elements(node)
    if not elements:
        return None
    tests = [child.test for child in walk(node) if isinstance(child, (ast.If, ast.IfExp))]
    for test in tests:
        for part in walk(test):
            if isinstance(part, ast.Attribute) and part.attr in ("ndim", "shape") and isinstance(part.value, ast.Name) and part.value.id in elements:
                return f"the loop branches on `{part.value.id}.{part.attr}`: its items differ in shape"
            if (isinstance(part, ast.Call) and is_builtin(part.func, "isinstance") and part.args
                    and isinstance(part.args[0], ast.Name) and part.args[0].id in elements):
                return f"the loop branches on the type of `{part.args[0].id}`: its items differ"
    return None


def opaque_elements(node: ast.AST, resolve) -> bool:
    """The loop's items are only handed whole to functions the file does not show to be jax's
    (``state = solve_subset(state, g)``): nothing in the loop uses an item as an array (no
    arithmetic, indexing, attribute or jax call), so what the walked list holds is not shown."""
    elements = loop_elements(node)
    body = node.body if isinstance(node, (ast.For, ast.AsyncFor)) else [node]
    uses = sum(1 for stmt in body for child in walk(stmt) if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load) and child.id in elements)
    handed = sum(
        1 for stmt in body for child in walk(stmt) if isinstance(child, ast.Call) and not (resolve(child.func) or "").startswith(("jax.", "numpy."))
        for arg in child.args if isinstance(arg, ast.Name) and arg.id in elements
    )
    return bool(elements) and uses > 0 and uses == handed
