"""Per-example gradients: a gradient function called once per sample of a data-sized array.

``[jax.grad(loss)(p, x) for x in xs]``, ``list(map(g, xs))``, ``for i in range(n): g(p,
xs[i])``: a derivative (``gradient.gradient_calls``) computed in a per-sample loop
(``analysis/per_sample.py``) whose mapped values are data arrays, with the sample passed to
it. GA102 reads them here: the comprehension or ``map`` with its gradient call, a ``for`` or
``while`` loop calling gradients (``gradient_loop``), whether a loop is sequential (it carries
the parameters it differentiates at) or host code, and the autograd shapes (a per-point
derivative ``grad(f)`` of one point, or with respect to a number every point shares;
per-example gradients that are added up), which have no ``vmap`` but another rewrite.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable

from gradadvisor.analysis.extent import Extent
from gradadvisor.analysis.gradient import (
    DIFFERENTIATED_ARGUMENTS, bound_transform, called_definition, derivative_kind, differentiated_parameters, differentiated_positions, gradient_call,
    gradient_calls, is_autograd,
)
from gradadvisor.analysis.host_code import assigns_items
from gradadvisor.analysis import library as lib
from gradadvisor.analysis.per_sample import arrays_are_data, host_body, joining, list_source, map_loop, read, read_index, single_generator, while_loop
from gradadvisor.analysis.values import SCALAR
from gradadvisor.analysis.syntax import grown_list, int_value, names_read, positional, sole_return, walk
from gradadvisor.analysis.vectorize import ElementLoop, ProductLoop, grid_loop, host_work, replace_names


@dataclass(frozen=True)
class PerExample:
    """One gradient call per element of the arrays ``loop`` walks."""

    loop: ElementLoop
    extent: Extent
    #: The transform that built the gradient function (``jax.grad``...), or "parameter".
    transform: str
    #: The parameter called, for a gradient function received as one (call sites prove it).
    param: str | None
    call: ast.Call
    #: Autograd derivatives: "point" (with respect to the point itself, ``elementwise_grad``),
    #: "number" (with respect to a number every point shares: one forward-mode pass).
    wrt: str = "point"


def reading(ctx, target: ast.AST, iterable: ast.AST, body: ast.AST, opaque_locals: bool = False) -> ElementLoop | None:
    """``for target in iterable: body`` as a map over data arrays (every mapped value an array;
    ``opaque_locals``: or a helper's result read at the loop index, ``per_sample.arrays_are_data``)."""
    loop = read(ctx, target, iterable, body)
    if isinstance(loop, ProductLoop):
        return grid_loop(target, iterable, body, ctx.resolve)  # ``for (i, j) in product(range(n), range(m))``: ``a[i, j]``, the grid's points
    return loop if isinstance(loop, ElementLoop) and arrays_are_data(loop, ctx, opaque_locals=opaque_locals) else None


def index_reading(ctx, index: str, bound: ast.expr, body: ast.AST) -> ElementLoop | None:
    """``body`` for ``index`` below ``bound`` as a map over data arrays."""
    loop = read_index(ctx, index, bound, body)
    return loop if loop is not None and arrays_are_data(loop, ctx) else None


def of_comprehension(node: ast.ListComp | ast.GeneratorExp, ctx) -> PerExample | None:
    """The comprehension calls a gradient function once per element of a data-sized array; None
    otherwise (and, for autograd, unless it is a per-point derivative)."""
    generator = single_generator(node)
    if generator is None:
        return None
    calls = gradient_calls(node.elt, names_read(generator.target), ctx)
    if not calls:
        return None
    extent = ctx.extent(generator.iter)
    if not extent.is_data:
        return None
    loop = reading(ctx, generator.target, generator.iter, node.elt)
    if loop is None or host_body(node.elt, ctx):
        return None
    call_node, transform, param = calls[0]
    wrt = "point"
    if is_autograd(transform, ctx.names):
        wrt = point_derivative(call_node, loop, ctx)
        if wrt is None:
            return None  # autograd: per-point derivatives (elementwise_grad, forward mode) or summed gradients only
    return PerExample(loop, extent, transform, param, call_node, wrt)


def of_map(node: ast.Call, ctx) -> PerExample | None:
    """``map(g, xs, ...)`` with ``g`` a gradient function: read as ``g(x, ...) for x, ... in zip(xs, ...)``."""
    found = map_loop(node, ctx.resolve)
    if found is None:
        return None
    target, iterable, body, _ = found
    mapped = node.args[0]
    if isinstance(mapped, ast.Lambda) and len(node.args) == 2 and len(mapped.args.args) == 1 and not (
            mapped.args.vararg or mapped.args.kwarg or mapped.args.kwonlyargs or mapped.args.posonlyargs):
        # ``map(lambda x: float(df(x)), xs)``: the lambda's call, its parameter the element
        # (a conversion to a Python number around it changes nothing of the per-point cost).
        target, body = ast.Name(id=mapped.args.args[0].arg, ctx=ast.Store()), mapped.body
        while isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in ("float", "int", "complex") and len(body.args) == 1:
            body = body.args[0]
        if not isinstance(body, ast.Call):
            return None
    transform = gradient_call(body, ctx)
    if transform is None:
        return None
    extent = ctx.extent(iterable)
    if not extent.is_data:
        return None
    loop = reading(ctx, target, iterable, body)
    if loop is None:
        return None
    wrt = point_derivative(body, loop, ctx) if is_autograd(transform[0], ctx.names) else "point"
    if wrt is None:
        return None
    return PerExample(loop, extent, transform[0], transform[1], body, wrt)


def per_point(call_node: ast.Call, loop: ElementLoop) -> bool:
    """``g(x)``: the gradient of a function of one point, over the rows of one array; or
    ``g(a[0], b[0])`` over ``zip(xs, ys)``: every argument is the point's own (a coordinate
    each), none is shared by all the points (weights make it a per-example gradient)."""
    if call_node.keywords or not call_node.args or loop.count is not None or any(loop.axis(number) != 0 for number in range(len(loop.variables))):
        return False
    read = [_point_variable(arg) for arg in call_node.args]
    return all(name in loop.variables for name in read) and len(set(read)) == len(read) == len(loop.variables)


def point_derivative(call_node: ast.Call, loop: ElementLoop, ctx) -> str | None:
    """What a derivative per point differentiates with respect to: "point" for the point itself
    (``per_point``, or ``grad(f, 1)(w, x)`` whose differentiated argument is the point's own: the
    other arguments are held fixed), "number" for a number every point shares (``grad(f, 1)(t,
    1.5)``: a sensitivity at each point, one forward-mode pass for all); None for anything else
    (gradients at shared weights: per-example gradients, which autograd cannot batch)."""
    if per_point(call_node, loop):
        return "point"
    if call_node.keywords or not call_node.args or loop.count is not None or any(loop.axis(number) != 0 for number in range(len(loop.variables))):
        return None
    positions = _differentiated(call_node.func, ctx)
    if not positions or any(position >= len(call_node.args) for position in positions) or any(isinstance(arg, ast.Starred) for arg in call_node.args):
        return None
    read = [_point_variable(arg) for arg in call_node.args]
    points = [variable for variable in read if variable in loop.variables]
    if sorted(points) != sorted(loop.variables):
        return None  # every point variable passed once, as itself
    differentiated = [call_node.args[position] for position in positions]
    if all(read[position] in loop.variables for position in positions):
        return "point"
    if all(_number(arg, ctx) for arg in differentiated):
        return "number"
    return None


def _differentiated(func: ast.expr, ctx) -> tuple[int, ...] | None:
    """The argument positions the gradient function ``func`` differentiates (``grad(f, 1)``, or
    a name bound once to it, or a helper of the module whose derivatives are taken at those of
    its parameters, or a method of the class around: ``def rhs(t, s): return grad(h)(s)``); None
    when not shown."""
    definition = called_definition(func, ctx)
    if definition is not None:
        params = [arg.arg for arg in [*definition.args.posonlyargs, *definition.args.args]][isinstance(func, ast.Attribute):]  # (``self``)
        named = differentiated_parameters(definition, ctx.resolve, lambda inner: bound_transform(inner, ctx))
        return tuple(index for index, param in enumerate(params) if param in named) or None
    func = followed_binding(func, ctx)[0]
    if not isinstance(func, ast.Call):
        return None
    transform = ctx.resolve(func.func) or ""
    return differentiated_positions(func, transform) if transform in DIFFERENTIATED_ARGUMENTS else None


def _number(arg: ast.expr, ctx) -> bool:
    """A Python number: written out (``1.5``, ``-2``) or a name the code binds to one (not a bool)."""
    value = ctx.value(arg)
    return value.kind == SCALAR and not isinstance(value.literal, bool)


def _point_variable(arg: ast.expr) -> str | None:
    """``x`` for ``x`` or ``x[0]`` (a literal item of the point), else None."""
    if isinstance(arg, ast.Subscript) and isinstance(arg.slice, ast.Constant) and type(arg.slice.value) is int:
        arg = arg.value
    return arg.id if isinstance(arg, ast.Name) else None


def carried_names(body: list[ast.stmt]) -> set[str]:
    """Names (and attribute bases) a loop body assigns, and lists it grows (``hist.append(s)``,
    read back as ``hist[-1]``): what may carry from one iteration to the next."""
    found: set[str] = set()
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, ast.stmt) and (grown := grown_list(node)) is not None:
                found.add(grown[0])
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    found |= names_read(target)
    return found


def host_loop(body: list[ast.stmt], ctx) -> bool:
    """The loop runs on the host: it calls NumPy (or another host library), writes items into a
    buffer (``out[i] = v``), prints or opens files."""
    return any(host_work(stmt, ctx.resolve) or any(assigns_items(node) for node in walk(stmt)) or _prints(stmt, ctx.is_builtin) for stmt in body)


def _prints(stmt: ast.stmt, is_builtin) -> bool:
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("print", "open") and is_builtin(node.func, node.func.id) for node in walk(stmt))


def accumulates(stmt: ast.stmt, found: ast.Call) -> bool:
    """``t += found`` or ``t = t + found`` (either order)."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name):
        return stmt.value is found
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.BinOp) and isinstance(stmt.value.op, ast.Add):
        total = stmt.targets[0].id
        left, right = stmt.value.left, stmt.value.right
        return (left is found and isinstance(right, ast.Name) and right.id == total) or (right is found and isinstance(left, ast.Name) and left.id == total)
    return False


def axis_zero(node: ast.Call) -> bool:
    """``np.sum(..., axis=0)``: a sum over the leading axis (the examples), and nothing else."""
    args = positional(node)
    axis = args[1] if len(args) > 1 else next((item.value for item in node.keywords if item.arg == "axis"), None)
    return isinstance(axis, ast.Constant) and axis.value == 0 and type(axis.value) is int and len(node.keywords) <= 1


def followed_binding(expr: ast.expr, ctx, hops: int = 8):
    """``(value, scope, position)``: what ``expr`` is here, following names each bound once
    (``g = grad(f, 1)`` ... ``g(t, 1.5)``: the ``grad`` call); the last name reached when one
    is not bound once (a parameter, a name bound on several paths)."""
    scope = ctx.scope
    position = scope.position_of(ctx.statement)
    for _ in range(hops):
        if not isinstance(expr, ast.Name):
            break
        found = single_assignment(expr.id, scope, position)
        if found is None:
            break
        expr, scope, position = found
    return expr, scope, position


def single_assignment(identifier: str, scope, position):
    """``(value, scope, position)`` of the one assignment of ``identifier`` that reaches
    ``position`` (looking out through enclosing scopes), else None."""
    while scope is not None:
        if scope.binds(identifier):
            found = scope.reaching(identifier, position)
            if len(found) == 1 and found[0].kind == "assign" and not found[0].path:
                return found[0].value, scope, found[0].position
            return None
        scope, position = scope.parent, None
    return None


def of_source(source: ast.AST, ctx) -> PerExample | None:
    """A list source (``per_sample.list_source``) read as per-example gradients: a comprehension
    (``of_comprehension``) or ``map`` (``of_map``)."""
    if isinstance(source, (ast.ListComp, ast.GeneratorExp)):
        return of_comprehension(source, ctx)
    return of_map(source, ctx)  # type: ignore[arg-type]


def sequential(found: ast.Call, loop: ElementLoop, target: ast.AST | None, carried: set[str]) -> bool:
    """The gradient call ``found`` reads, besides the loop's own variables (and ``target``, a
    ``for`` loop's), a name the loop body assigns (``carried_names``): the parameters it
    differentiates at change from one iteration to the next (per-example SGD), not a map."""
    shared = names_read(found.func) | {n for arg in [*found.args, *(k.value for k in found.keywords)] for n in names_read(arg)}
    shared -= set(loop.variables) | names_read(target) if target is not None else set(loop.variables)
    return bool(shared & carried)


def summed_autograd(comprehension: ast.ListComp | ast.GeneratorExp, ctx) -> tuple[ast.comprehension, ast.Call, str | None, Extent] | None:
    """``[g(w, x) for x in xs]`` whose element is itself an autograd gradient call, over a
    data-sized array (in a function): ``(generator, call, param, extent)``, for per-example
    gradients that are then added up; None otherwise."""
    generator = single_generator(comprehension) if ctx.function is not None else None
    if generator is None:
        return None
    calls = gradient_calls(comprehension.elt, names_read(generator.target), ctx)
    if not calls or not is_autograd(calls[0][1], ctx.names) or calls[0][0] is not comprehension.elt:
        return None
    extent = ctx.extent(generator.iter)
    if not extent.is_data:
        return None
    return generator, calls[0][0], calls[0][2], extent


def computes(transform: str, param: str | None) -> str:
    """What one call computes, as a message says it: "computes one gradient", or for a gradient
    function received as a parameter, "calls `grad_fn` (a gradient function at its call sites) once"."""
    if param and param.startswith("."):
        return f"calls `{param}` (a gradient function a class of the project holds) once"
    if param and param.startswith("@"):
        return f"calls `{param[1:]}` (a gradient function the module it is imported from binds) once"
    if param:
        return f"calls `{param}` (a gradient function at its call sites) once"
    return f"computes one {derivative_kind(transform)}"


def summed_examples(node: ast.Call, ctx) -> ast.ListComp | ast.GeneratorExp | None:
    """The comprehension in ``np.sum(np.stack([...]), axis=0)`` (or ``np.mean``, autograd's
    NumPy, any joining call inside): results per example added up over the examples; else None."""
    args = positional(node)
    if (ctx.resolve(node.func) or "") not in ("autograd.numpy.sum", "autograd.numpy.mean") or not args:
        return None
    first = args[0]
    if not (isinstance(first, ast.Call) and positional(first)):
        return None
    inner = positional(first)[0]
    if isinstance(inner, (ast.ListComp, ast.GeneratorExp)) and joining(ctx.resolve(first.func)) and axis_zero(node):
        return inner
    return None


@dataclass(frozen=True)
class GradientLoop:
    """A ``for`` loop (in a function) or ``while i < n`` loop over data-sized arrays whose body
    calls gradient functions with what it walks."""

    body: list[ast.stmt]
    #: ``(call, transform, param)`` for each gradient call (``gradient.gradient_calls``).
    calls: list
    extent: Extent
    #: The ``for`` loop's target; None for a ``while`` loop.
    target: ast.AST | None
    #: Reads a gradient call as a map over the loop's data arrays (None when it is not one).
    reading: Callable[[ast.AST], ElementLoop | None]
    #: Temporaries of one iteration made from the sample (``x = jnp.expand_dims(xs[i], 0)``),
    #: written into the gradient call before it is read (name -> value): they carry nothing between
    #: iterations.
    temporaries: dict[str, ast.expr] = field(default_factory=dict)


def sample_temporaries(body: list[ast.stmt], variables: set[str]) -> dict[str, ast.expr]:
    """Names the loop body assigns once, at its top level, from the loop's variables (or from
    such names) before any read of them: ``x = jnp.expand_dims(xs[i], 0)``. Each with its
    value, the earlier temporaries written in."""
    counts: dict[str, int] = {}
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                counts[node.id] = counts.get(node.id, 0) + 1
    found: dict[str, ast.expr] = {}
    seen_reads: set[str] = set()
    for stmt in body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and counts.get(stmt.targets[0].id) == 1 and stmt.targets[0].id not in seen_reads | names_read(stmt.value)
                and names_read(stmt.value) & (variables | set(found))):
            found[stmt.targets[0].id] = replace_names(stmt.value, found) if found else stmt.value  # type: ignore[assignment]
        else:
            made = _step_lambda(stmt, variables | set(found), counts, seen_reads)
            if made is not None:
                found[stmt.name] = replace_names(made, found) if found else made  # type: ignore[union-attr]
        seen_reads |= names_read(stmt)
    return found


def _step_lambda(stmt: ast.stmt, variables: set[str], counts: dict[str, int], seen_reads: set[str]) -> ast.Lambda | None:
    """``def project(v): return render(pose, v)`` made in the step from the sample: the
    ``lambda`` it is (one ``return``, plain parameters that shadow none of ``variables``, no
    decorator), for a gradient call handed it (``jax.vjp(project, vol)``); None otherwise."""
    if not isinstance(stmt, ast.FunctionDef) or stmt.decorator_list or stmt.name in counts or stmt.name in seen_reads:
        return None
    returned, args = sole_return(stmt), stmt.args
    if returned is None or args.vararg or args.kwarg or args.kwonlyargs or args.defaults or args.posonlyargs or {a.arg for a in args.args} & variables:
        return None
    return ast.copy_location(ast.Lambda(args=args, body=returned), stmt) if names_read(returned) & variables else None


def gradient_loop(node: ast.For | ast.While, ctx) -> GradientLoop | None:
    """``for x in xs: ... g(p, x)`` or ``while i < n: ... g(p, xs[i]); i += 1`` over data-sized
    arrays, in a function; None for any other loop. GA101 and GA102 both ask: answered once."""
    answers = ctx.memo("gradient_loop")
    if id(node) not in answers:
        answers[id(node)] = _gradient_loop(node, ctx)
    return answers[id(node)]


def _gradient_loop(node: ast.For | ast.While, ctx) -> GradientLoop | None:
    if isinstance(node, ast.For):
        if node.orelse:
            return None
        variables = names_read(node.target)
        temporaries = sample_temporaries(node.body, variables)
        calls = gradient_calls(node, variables | set(temporaries), ctx, held=True)
        extent = ctx.extent(node.iter) if calls else None
        if extent is None or not extent.is_data:
            return None
        if ctx.function is None and extent.proof != "proven":
            return None  # a module-level loop (a script, a notebook cell) over what it shows is data only

        def read_call(call: ast.AST) -> ElementLoop | None:
            return reading(ctx, node.target, node.iter, replace_names(call, temporaries) if temporaries else call, opaque_locals=True)

        return GradientLoop(node.body, calls, extent, node.target, read_call, temporaries)
    found = while_loop(node, ctx)
    if found is None:
        return None
    index, bound, body = found
    calls = [item for stmt in body for item in gradient_calls(stmt, {index}, ctx, held=True)]
    extent = ctx.extent_of_bound(bound) if calls else None
    if extent is None or not extent.is_data:
        return None
    return GradientLoop(body, calls, extent, None, lambda expr: index_reading(ctx, index, bound, expr))


#: Derivatives taken along one direction per call: a loop of them over basis vectors builds a Jacobian.
DIRECTIONAL = frozenset({"jax.vjp", "jax.linearize", "jax.jvp"})


def basis_direction(call: ast.Call, transform: str, index: str | None, temporaries: dict[str, ast.expr], ctx) -> str | None:
    """What the Jacobian is built along, when the directional derivative ``call`` (a pullback of
    ``jax.vjp``, a ``jax.linearize`` function, ``jax.jvp``) takes a one-hot vector at the loop
    index: ``jnp.zeros_like(y).at[i].set(1.0)``, ``jnp.eye(n)[i]``, ``jax.nn.one_hot(i, n)``
    (directly or through a temporary): "rows" for a pullback, "columns" for a forward product;
    "outputs" for the gradient of one output component at the index (``jax.grad(lambda z:
    f(z)[i])(x)``: row ``i`` of the Jacobian)."""
    if index is not None and output_component(call, index) is not None:
        return "outputs"
    if index is None or transform not in DIRECTIONAL:
        return None
    arguments = [replace_names(arg, temporaries) if temporaries else arg for arg in call.args]
    for argument in arguments:
        for node in walk(argument):
            if _one_hot(node, index, ctx):
                return "rows" if transform == "jax.vjp" else "columns"
    return None


def output_component(call: ast.Call, index: str) -> ast.Lambda | None:
    """The lambda of ``jax.grad(lambda z: f(z)[i])(x)``: a derivative of the function's output at
    the loop index, at a point that does not depend on it."""
    transform = call.func
    if not (isinstance(transform, ast.Call) and transform.args and isinstance(transform.args[0], ast.Lambda)):
        return None
    function = transform.args[0]
    body = function.body
    if not (isinstance(body, ast.Subscript) and isinstance(body.slice, ast.Name) and body.slice.id == index and index not in names_read(body.value)):
        return None
    if any(index in names_read(arg) for arg in [*call.args, *(keyword.value for keyword in call.keywords)]):
        return None
    return function


def _one_hot(node: ast.AST, index: str, ctx) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "set" and node.args:
        at = node.func.value
        one = int_value(node.args[0]) == 1 or isinstance(node.args[0], ast.Constant) and node.args[0].value == 1.0
        if one and isinstance(at, ast.Subscript) and isinstance(at.slice, ast.Name) and at.slice.id == index and isinstance(at.value, ast.Attribute) and at.value.attr == "at":
            base = at.value.value
            return isinstance(base, ast.Call) and (ctx.resolve(base.func) or "").rpartition(".")[2] in ("zeros", "zeros_like")
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == index and isinstance(node.value, ast.Call):
        return (ctx.resolve(node.value.func) or "").endswith("numpy.eye")
    if isinstance(node, ast.Call) and ctx.resolve(node.func) == "jax.nn.one_hot" and node.args:
        return isinstance(node.args[0], ast.Name) and node.args[0].id == index
    return False


def consumed_list(node: ast.Call, ctx) -> tuple[str, ast.AST, PerExample | None, str | None] | None:
    """``(how, source, found, function)`` for a call taking a list of per-example gradients as
    its first argument (``found``: the map, None when it is not one): ``"numpy"`` for a NumPy
    join (eager per-point gradients, advice), ``"other"`` for the builtin ``sum`` (GA301's) or
    another NumPy or SciPy consumer (host code), ``"jax"`` for a jax join (``function``, see
    ``per_sample.joining``); None for a call that takes no such list."""
    args = positional(node)
    source = list_source(args[0], ctx) if args else None
    if source is None:
        return None
    qualified = ctx.resolve(node.func) or ""
    module, _, function = qualified.rpartition(".")
    if module == "numpy" and function in lib.JOINING:
        return "numpy", source, of_source(source, ctx), None
    if ctx.is_builtin(node.func, "sum") or qualified.startswith(("numpy.", "scipy.")):
        return "other", source, None, None
    joined = joining(qualified)
    return ("jax", source, of_source(source, ctx), joined) if joined is not None else None
