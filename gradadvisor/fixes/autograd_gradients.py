"""Autograd gradient rewrites: per-example derivatives in autograd's own terms (it has no ``vmap``).

Per-point derivatives of a function of one point (``[grad(f)(x) for x in xs]``) become
``elementwise_grad(f)(xs)`` (nested for ``grad(grad(f))``), found by following the names bound
to the gradient functions back to ``f``; derivatives with respect to a number every point
shares (``[grad(f, 1)(t, 1.5) for t in ts]``) are one forward-mode pass,
``make_jvp(lambda v: f(ts, v))(1.5)(1.0)[1]``; per-example gradients that are added up become one
gradient of the summed loss, ``grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)``,
spelled with the file's own aliases. Both are advice (GA102 proposes them without a fix), and
this module words them (``per_point_advice``, ``summed_loss_advice``).
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.gradient import derivative_kind, differentiated_positions
from gradadvisor.analysis.host_code import assigns_items
from gradadvisor.analysis.per_example_gradients import PerExample, accumulates, followed_binding, single_assignment
from gradadvisor.analysis.per_sample import first_array, quoted
from gradadvisor.analysis.syntax import attribute_path, call, name, one_line, positional, walk
from gradadvisor.analysis.vectorize import ElementLoop


def elementwise_grad(ctx, found_call: ast.Call, loop: ElementLoop) -> str | None:
    """``elementwise_grad(f)(xs, *shared)`` for a per-point ``grad(f)(x, *shared)``
    (``grad(grad(f))`` nests it), in autograd's own terms; None when the gradient function
    cannot be read back to ``f``."""
    spelled, _ = ctx.spell("autograd.elementwise_grad")
    if not spelled:
        return None
    expression, scope, position = followed_binding(found_call.func, ctx)
    rewritten = _elementwise(ctx, expression, scope, position, spelled, 0)
    if rewritten is None:
        return None
    return ctx.renderer.code(ast.Call(func=rewritten, args=_batched_arguments(found_call, loop), keywords=[]))


def _batched_arguments(found_call: ast.Call, loop: ElementLoop, replaced: dict[int, ast.expr] | None = None) -> list[ast.expr]:
    """The arguments of the per-point call with each point variable as the array it walks (and
    the positions in ``replaced`` as given): the same call, for the whole batch."""
    arrays = dict(zip(loop.variables, loop.arrays))
    args: list[ast.expr] = []
    for position, arg in enumerate(found_call.args):
        if replaced and position in replaced:
            args.append(replaced[position])
        elif isinstance(arg, ast.Name) and arg.id in arrays:
            args.append(arrays[arg.id])
        elif isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name) and arg.value.id in arrays:
            args.append(ast.Subscript(value=arrays[arg.value.id], slice=ast.Tuple(elts=[ast.Slice(), arg.slice], ctx=ast.Load()), ctx=ast.Load()))
        else:
            args.append(arg)
    return args


def _elementwise(ctx, expr: ast.expr, scope, position, spelled: str, depth: int) -> ast.expr | None:
    """``grad(g)`` as ``elementwise_grad(g')``, following names bound to gradient functions."""
    if depth > 24:
        return None
    if isinstance(expr, ast.Name):
        found = single_assignment(expr.id, scope, position)
        if found is not None and isinstance(found[0], ast.Call):
            return _elementwise(ctx, *found, spelled, depth + 1)
        return expr
    if isinstance(expr, ast.Call) and ctx.resolve(expr.func) == "autograd.grad" and len(expr.args) == 1 and not expr.keywords:
        inner = _elementwise(ctx, expr.args[0], scope, position, spelled, depth + 1)
        return call(attribute_path(spelled), inner) if inner is not None else None
    return None


def summed_loss(ctx, found: ast.Call, comprehension) -> tuple[str, str] | None:
    """``(rewrite, loss)``: ``grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)`` for
    the per-example gradients ``found`` (``comprehension(call)`` wraps a call of the loss in the
    loop), and the loss function's name; None when ``found`` is not ``grad(loss)`` called with
    the parameters first, or the file cannot spell the rewrite."""
    value = ctx.value(found.func)
    spelled_grad, _ = ctx.spell("autograd.grad")
    spelled_sum, _ = ctx.spell("autograd.numpy.sum")
    spelled_stack, _ = ctx.spell("autograd.numpy.stack")
    args = positional(found)
    differentiated = args[0] if args else None
    if not (value.function and value.transform == "autograd.grad" and isinstance(differentiated, ast.Name) and not found.keywords and spelled_grad and spelled_sum and spelled_stack):
        return None
    per_example = ast.Call(func=name(value.function), args=found.args, keywords=[])
    summed = call(attribute_path(spelled_sum), call(attribute_path(spelled_stack), comprehension(per_example)))
    lam = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=differentiated.id)], kwonlyargs=[], kw_defaults=[], defaults=[]), body=summed)
    return ctx.renderer.code(call(call(attribute_path(spelled_grad), lam), differentiated)), value.function


def summed_loss_advice(ctx, found: ast.Call, comprehension) -> str:
    """Advice in autograd's own terms: ``grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)``."""
    rewritten = summed_loss(ctx, found, comprehension)
    if rewritten is None:
        return "their sum is one gradient of the summed loss (autograd has no `vmap`; faster still with the loss written for a batch)"
    rewrite, loss = rewritten
    return f"their sum is one gradient of the summed loss: `{one_line(rewrite, 140)}` (autograd has no `vmap`; faster still with `{loss}` written for a batch)"


def forward_mode(ctx, found: PerExample) -> str | None:
    """``make_jvp(lambda v: f(ts, v))(1.5)(1.0)[1]`` for ``[grad(f, 1)(t, 1.5) for t in ts]``: the
    derivative with respect to a shared number at every point, in one forward-mode pass over
    the whole batch; None when the gradient function is not ``grad(f, k)`` of a named ``f`` (one
    differentiated argument) or the file cannot spell ``make_jvp``."""
    spelled, _ = ctx.spell("autograd.make_jvp")
    built = followed_binding(found.call.func, ctx)[0]
    if not spelled or not isinstance(built, ast.Call) or not built.args or not isinstance(built.args[0], ast.Name):
        return None
    if ctx.resolve(built.func) not in ("autograd.grad", "autograd.elementwise_grad", "autograd.jacobian"):
        return None
    positions = differentiated_positions(built, ctx.resolve(built.func) or "")
    if positions is None or len(positions) != 1:
        return None
    taken = {node.id for node in walk(found.call) if isinstance(node, ast.Name)} | {node.id for array in found.loop.arrays for node in walk(array) if isinstance(node, ast.Name)}
    variable = next(candidate for candidate in ("v", "v_", "v__", "value_") if candidate not in taken)
    args = _batched_arguments(found.call, found.loop, {positions[0]: ast.Name(id=variable, ctx=ast.Load())})
    lam = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=variable)], kwonlyargs=[], kw_defaults=[], defaults=[]),
                     body=ast.Call(func=built.args[0], args=args, keywords=[]))
    jvp = call(call(call(attribute_path(spelled), lam), found.call.args[positions[0]]), ast.Constant(value=1.0))
    return ctx.renderer.code(ast.Subscript(value=jvp, slice=ast.Constant(value=1), ctx=ast.Load()))


def per_point_advice(ctx, found: PerExample) -> str | None:
    """What autograd per-point derivatives compute and the rewrite, as a message says it after the
    code: ``elementwise_grad``, forward mode (``make_jvp``) for a derivative with respect to a
    shared number, or for a per-point ``jacobian`` / ``hessian`` a function written for the whole
    batch; None for any other (no rewrite to name)."""
    array = first_array(ctx, found.loop)
    if found.wrt == "number":
        rewrite = forward_mode(ctx, found)
        how = f"`{one_line(rewrite, 120)}`" if rewrite is not None else "one forward-mode pass (`make_jvp` of the function of the whole batch)"
        return (
            f"computes one derivative per element of `{array}` with respect to a number every point shares; {how} "
            f"computes them all at once if the function treats each point on its own (autograd has no `vmap`)"
        )
    rewrite = elementwise_grad(ctx, found.call, found.loop)
    if rewrite is None:
        if not found.transform.endswith(("jacobian", "hessian")):
            # the differentiated function cannot be written here (an attribute, a helper's result)
            return (
                f"computes one gradient per element of `{array}` (autograd has no `vmap`): `elementwise_grad` of "
                f"the function computes them in one pass if it treats each point on its own"
            )
        # autograd's jacobian per point: no vmap and no elementwise rewrite; the batch at once.
        return (
            f"computes one derivative per element of `{array}` (autograd "
            f"has no `vmap`): write the function to take the whole batch and differentiate it once (the per-point "
            f"blocks are the block diagonal of its Jacobian), or use jax's `vmap` of the derivative"
        )
    return (
        f"computes one gradient per element of `{array}`; `{one_line(rewrite, 120)}` computes them "
        f"in one pass if the function treats each point on its own (autograd has no `vmap`)"
    )


def loop_advice(ctx, node: ast.AST, body: list[ast.stmt], found: ast.Call, loop: ElementLoop, transform: str) -> str | None:
    """The message for a derivative per point in an autograd ``for`` loop: ``total = total +
    g(w, x)`` (or ``+=``) is the gradient of the summed loss; a derivative feeding a total or a
    buffer (``tot += (d1(p, w)[1] - ...) ** 2``, ``A[t] = jac(x[t])``) is one derivative per
    point, the batch at once. None for a loop that does neither (a list of gradients)."""
    if not isinstance(node, ast.For):
        return None
    if not any(accumulates(stmt, found) for stmt in body):
        summed_or_stored = (stmt for stmt in walk(node) if isinstance(stmt, ast.AugAssign) and not isinstance(stmt.value, ast.Constant) or assigns_items(stmt))
        if not any(summed_or_stored):
            return None
        return (f"{quoted(ctx.code(found))} computes one {derivative_kind(transform)} per element of `{first_array(ctx, loop)}` in a Python loop "
                "(autograd has no `vmap`): write the function to take the whole batch and differentiate it once (the per-point blocks "
                "are the block diagonal of its Jacobian), or use jax's `vmap` of the derivative")
    advice = summed_loss_advice(ctx, found, lambda call_node: ast.ListComp(elt=call_node, generators=[ast.comprehension(target=node.target, iter=node.iter, ifs=[], is_async=0)]))
    return f"{quoted(ctx.code(found))} is added up once per element of `{first_array(ctx, loop)}`; {advice}"
