"""Rollout gradients: a gradient taken at each state a loop visits, feeding only totals.

``for t in range(max_steps): g = jax.grad(logp)(params, obs, act); acc = tree_map(add, acc,
g); obs, st, done = env.step(key, st, act)``: the loop carries a state (``obs``) from step to
step, and each step differentiates at it, but nothing the gradient feeds (``acc``) reaches the
state or the point differentiated at. The states are a sequence the rollout alone decides:
keep them (a list, or the outputs of a ``jax.lax.scan``), then one ``jax.vmap`` of the gradient
over them replaces the per-step derivatives. GA102 asks this of a loop over a data-sized range
whose gradient calls read no loop variable (``analysis/per_example_gradients.py`` answers the
ones that do). The facts, each of which must hold:

- the gradient's result is bound to one name by its own statement, and that name is read only
  where it is added into a total (``acc = acc + g``, ``acc += w * g``, ``acc =
  tree_map(f, acc, g)``) or appended to a list;
- nothing computed from the result (the totals included) is read by the gradient call, by a
  statement that updates another name, or by a test (``if``, ``while``, ``break``): the
  parameters differentiated at do not move (that is SGD, a sequential loop), and the rollout
  does not stop on them;
- the call reads a name the loop carries: assigned in the body after the call, so each step
  differentiates at the state the step before left.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.extent import Extent
from gradadvisor.analysis.gradient import gradient_call, gradient_calls
from gradadvisor.analysis.per_example_gradients import carried_names
from gradadvisor.analysis.syntax import assigned_targets, names_read, parameter_names, walk

#: The pytree maps a total can be added up with (``acc = tree_map(lambda a, b: a + b, acc, g)``).
TREE_MAPS = frozenset({"jax.tree_util.tree_map", "jax.tree.map", "jax.tree_map"})


@dataclass(frozen=True)
class RolloutGradient:
    """A gradient per step of a rollout, at the state the loop carries, feeding only totals."""

    call: ast.Call
    transform: str
    param: str | None
    #: The carried names the call reads (``obs``), as the code spells them.
    states: tuple[str, ...]
    #: The totals or lists the result feeds.
    totals: tuple[str, ...]
    extent: Extent


def rollout_gradient(node: ast.For | ast.While, ctx) -> RolloutGradient | None:
    """The first gradient call of the ``for`` loop ``node`` (or ``while t < n`` / ``while not
    done and t < n`` ending in ``t += 1``: at most ``n`` steps) that is taken at a carried state
    and feeds only totals (the module docstring's facts); None otherwise."""
    if node.orelse or ctx.function is None:
        return None
    if isinstance(node, ast.For):
        body, counter = node.body, names_read(node.target)
    else:
        bound = _step_bound(node)
        if bound is None:
            return None
        body, counter = node.body[:-1], {node.body[-1].target.id}  # type: ignore[attr-defined]
    assigned = carried_names(body) - counter
    defined = {stmt.name: stmt for stmt in body if isinstance(stmt, ast.FunctionDef)}
    # a function the step defines reads, for the gradient taken of it, what its body reads
    variables = assigned | {name for name, definition in defined.items() if (names_read(definition) - parameter_names(definition.args, packed=True)) & assigned}
    calls = [found for stmt in body for found in _gradient_calls(stmt, variables, defined, ctx)] if assigned else []
    if not calls:
        return None
    extent = ctx.extent(node.iter) if isinstance(node, ast.For) else ctx.extent_of_bound(bound)
    if not extent.is_data:
        return None
    if isinstance(node, ast.While) and not counter.isdisjoint(carried_names(body)):
        return None
    for call, transform, param in calls:
        found = _judged(body, call, assigned, node.test if isinstance(node, ast.While) else None, defined, ctx.resolve)
        if found is not None:
            states, totals = found
            return RolloutGradient(call, transform, param, states, totals, extent)
    return None


def _judged(body: list[ast.stmt], call: ast.Call, assigned: set[str], test: ast.expr | None,
            defined: dict[str, ast.FunctionDef], resolve) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    position = next((index for index, stmt in enumerate(body)
                     if isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)), None)
    if position is None:
        return None
    result = body[position].targets[0].id  # type: ignore[attr-defined]
    derived, totals = {result}, []
    for stmt in body[position + 1:]:
        if not names_read(stmt) & derived:
            continue
        total = _total(stmt, derived, resolve)
        if total is not None:
            totals.append(total)
        elif (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
              and stmt.targets[0].id not in derived and _count(body, stmt.targets[0].id) == 1):
            derived.add(stmt.targets[0].id)  # ``sq = tree_map(lambda g: g ** 2, grads)``: a temporary of the result
        else:
            return None
    if not totals:
        return None
    # what the result reaches, through two passes (the next iteration's reads too)
    tainted = {*derived, *totals}
    for _ in range(2):
        for stmt in body:
            if stmt is body[position]:
                continue
            if not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.FunctionDef)):
                if names_read(stmt) & tainted:
                    return None  # a test, a nested loop or a ``with`` reading it: the rollout depends on it
                continue
            if assigned_targets(stmt) and set(assigned_targets(stmt)) <= set(totals) | derived:
                continue
            if names_read(stmt) & tainted:
                return None  # the gradient moves something else: the parameters, the state
    reads = names_read(call)
    for name in list(reads):
        if name in defined:
            reads |= names_read(defined[name]) - parameter_names(defined[name].args, packed=True)
    if reads & tainted or test is not None and names_read(test) & tainted:
        return None
    later = {name for stmt in body[position + 1:] for name in assigned_targets(stmt)}
    states = sorted((reads & assigned & later) | _carried_through(body[:position], reads, later))
    if not states:
        return None
    return tuple(states), tuple(dict.fromkeys(totals))


def _step_bound(node: ast.While) -> ast.expr | None:
    """``n`` of ``while t < n:`` (or ``while not done and t < n:``) whose body ends in ``t += 1``."""
    last = node.body[-1] if node.body else None
    if not (isinstance(last, ast.AugAssign) and isinstance(last.op, ast.Add) and isinstance(last.target, ast.Name)
            and isinstance(last.value, ast.Constant) and last.value.value == 1 and type(last.value.value) is int):
        return None
    tests = node.test.values if isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.And) else [node.test]
    bounds = [test.comparators[0] for test in tests if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt)
              and isinstance(test.left, ast.Name) and test.left.id == last.target.id]
    return bounds[0] if len(bounds) == 1 else None


def _carried_through(before: list[ast.stmt], reads: set[str], later: set[str]) -> set[str]:
    """Carried names the call reads through temporaries of the step (``act =
    jnp.argmax(obs @ params)`` before ``grad(...)(params, obs, act)``)."""
    found: set[str] = set()
    for stmt in before:
        if names_read(stmt) & reads and not isinstance(stmt, ast.FunctionDef):
            found |= names_read(stmt) & later  # ``flat[k] = obs[k]`` in an inner loop over the state's parts too
    return found


def _gradient_calls(stmt: ast.stmt, variables: set[str], defined: dict[str, ast.FunctionDef], ctx) -> list:
    """The gradient calls of ``stmt`` that read ``variables``; a derivative of a function the step
    defines (``jax.grad(step_loss)(params)``, ``step_loss`` reading the state) counts as reading it."""
    if isinstance(stmt, ast.FunctionDef):
        return []
    found = gradient_calls(stmt, variables - set(defined), ctx, held=True)
    for node in walk(stmt):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and node.func.args and isinstance(node.func.args[0], ast.Name)
                and node.func.args[0].id in defined and node.func.args[0].id in variables and all(node is not item[0] for item in found)):
            transform = gradient_call(node, ctx, True)
            if transform is not None:
                found.append((node, *transform))
    return found


def _count(body: list[ast.stmt], name: str) -> int:
    return sum(1 for stmt in body for node in walk(stmt) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id == name)


def _total(stmt: ast.stmt, derived: set[str], resolve) -> str | None:
    """The total ``stmt`` adds a value of ``derived`` into (``acc = acc + g``, ``acc += w * g``, ``acc =
    tree_map(f, acc, g)``, ``acc.append(g)``), or None."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, (ast.Add, ast.Sub)) and isinstance(stmt.target, ast.Name):
        return stmt.target.id if names_read(stmt.value) & derived and stmt.target.id not in derived else None
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute) and stmt.value.func.attr == "append":
        owner = stmt.value.func.value
        return owner.id if isinstance(owner, ast.Name) and owner.id not in derived else None
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return None
    total, value = stmt.targets[0].id, stmt.value
    if total in derived:
        return None
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)) and _sides(value, total) and names_read(value) & derived:
        return total
    if isinstance(value, ast.Call) and resolve(value.func) in TREE_MAPS and len(value.args) >= 3:
        operands = value.args[1:]
        return total if any(isinstance(arg, ast.Name) and arg.id == total for arg in operands) and any(names_read(arg) & derived for arg in operands) else None
    return None


def _sides(value: ast.BinOp, total: str) -> bool:
    return any(isinstance(side, ast.Name) and side.id == total for side in (value.left, value.right))
