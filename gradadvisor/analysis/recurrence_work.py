"""Where a loop's work runs: in a trace, or on the host driving compiled code.

``loop_work`` says "driver" for a loop that logs, prints, times or reads values out to Python (it
runs on the host whatever the trace says), "host" when it calls compiled steps, gradients,
``.apply`` or NumPy per step (a training or sampling loop, unrolled only inside a proven trace),
"jax" for jax.numpy work, "python" for Python numbers or NumPy arrays carried on the host, else
"unknown". ``breaks_on_state`` finds an early exit on a computed value (``if loss < tol: break``),
which needs that value concretely.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Collection

from gradadvisor.analysis import library as lib
from gradadvisor.analysis import values as v
from gradadvisor.analysis.carried_values import fed_parameters, items_from_walked_data, seed_item, updated_from_walked_data
from gradadvisor.analysis.gradient import COMPILING, gradient_call
from gradadvisor.analysis.sample_sites import site_call
from gradadvisor.analysis.syntax import names_read, nested_statements, walk
from gradadvisor.analysis.vectorize import calls_jax

if TYPE_CHECKING:
    from gradadvisor.analysis.recurrence import Flow

#: Calls that say a loop runs on the host: printing, logging, timing, progress bars.
DRIVER_CALLS = re.compile(r"^(?:print|input|open|time\.\w+|logging\.\w+|absl\.logging\.\w+|tqdm(?:\.\w+)*|wandb\.\w+|pickle\.\w+)$")
#: Methods that read values out to the host, log or report: a loop calling them drives compiled code.
DRIVER_METHODS = frozenset({"item", "tolist", "block_until_ready", "info", "warning", "debug", "write", "log_metrics", "set_description", "set_postfix"})
#: Conversions to Python numbers: under a trace they fail, so a loop using them runs on the host.
CONCRETE = frozenset({"float", "int", "bool", "complex"})


def loop_work(node: ast.AST, flow: Flow, ctx) -> str:
    """"driver" for a loop that logs or reads values out to Python (it runs on the host, whatever
    the trace says), "printing" for one that only prints values (``grad`` runs Python's ``print``
    and branches on values: a host driver unless a gradient is proven to reach it), "host" when it calls compiled steps, gradients or NumPy (reported
    only in code proven traced), "jax" for jax.numpy work, "python" for Python numbers or NumPy
    arrays carried on the host, else "unknown"."""
    printing = False
    # a ``range`` loop's index is a Python int: a message naming it reads no array out
    counters = set(names_read(node.target)) if isinstance(node, ast.For) and isinstance(node.iter, ast.Call) and ctx.is_builtin(node.iter.func, "range") else set()
    for child in walk(node):
        if not isinstance(child, ast.Call):
            continue
        builtin = child.func.id if isinstance(child.func, ast.Name) and ctx.is_builtin(child.func, child.func.id) else ""
        qualified = ctx.resolve(child.func) or builtin
        if qualified == "print" and builtin:
            printing = printing or not _prints_constants(child, counters)  # a message with no value in it reads nothing out
            continue
        logs = qualified.startswith(("logging.", "absl.logging.")) or isinstance(child.func, ast.Attribute) and child.func.attr in LOG_METHODS
        if logs and _prints_constants(child, counters):
            continue  # ``logging.info("step %d", t)``: at trace time it logs once per unrolled step, reading nothing out
        if qualified and DRIVER_CALLS.match(qualified):
            return "driver"
        if isinstance(child.func, ast.Attribute) and child.func.attr in DRIVER_METHODS:
            return "driver"
        if builtin in CONCRETE and child.args and isinstance(child.args[0], ast.Call) and not (
            isinstance(child.args[0].func, ast.Name) and child.args[0].func.id in ("len", "round", "abs", "min", "max")
        ):
            return "driver"  # int(jnp.sum(...)), float(loss(...)): a concrete value, read on the host
    if printing:
        return "printing"  # prints values each step: a host driver, unless a gradient is proven to run it
    for child in walk(node):
        if not isinstance(child, ast.Call):
            continue
        qualified = ctx.resolve(child.func) or ""
        if qualified.startswith("numpy."):
            return "host"
        if isinstance(child.func, ast.Attribute) and child.func.attr == "apply" and not qualified.startswith("jax."):
            return "host"
        if derivative_call(child, ctx):
            return "host"
        if isinstance(child.func, ast.Name):
            callee = ctx.value(child.func)
            if callee.kind == v.CALLABLE and callee.transform in COMPILING:
                return "host"
    if flow.writes or calls_jax(node, ctx.resolve, ctx.local_function) or site_call(node, ctx.resolve) is not None:
        return "jax"  # jax.numpy work, or a probabilistic program's sites (their draws are jax arrays)
    states = flow.recurrent or flow.carried
    # (a list carrying its newest item holds what its seed item does: ``ys = [y0]``)
    values = [seed_item(value) if name in flow.last_items else value for name in states for value in [ctx.value(ast.Name(id=name, ctx=ast.Load()))]]
    kinds = {value.kind for value in values}
    if kinds == {v.SCALAR} and (updated_from_walked_data(flow, sorted(states), ctx) or fed_parameters(flow, sorted(states), ctx)):
        # x = 0.0, then x = a * x + b * u[t] or u = ctrl.update(e, params): an array after the first step
        return "unknown"
    if states and states <= set(flow.last_items) and items_from_walked_data(flow, sorted(states), ctx):
        return "unknown"  # g.insert(0, r[t] + gamma * g[0]): a list of arrays of the data walked
    if kinds and kinds <= {v.SCALAR, v.SIZE, v.STRING, v.SEQUENCE, v.MAPPING, v.NONE} or values and all(value.is_array and value.host for value in values):
        return "python"
    return "unknown"


def breaks_on_state(loop: ast.AST, flow: Flow) -> bool:
    """``if f(state) > tol: break``: an early exit on a value the loop computes needs that value
    concretely, so the loop runs on the host (under a trace the test would fail)."""
    watched = set(flow.recurrent)
    for name, deps in flow.final.items():
        if deps & flow.recurrent:
            watched.add(name)
    for node, inner in _ifs(loop):
        exits = (ast.Return,) if inner else (ast.Break, ast.Return)  # an inner loop's break ends that loop only
        if any(isinstance(child, exits) for stmt in node.body for child in _own_statements(stmt)):
            if names_read(node.test) & watched:
                return True
    return False


#: Statements whose ``break`` ends them.
LOOPS = (ast.For, ast.While, ast.AsyncFor)


#: Attributes of an array known at trace time: printing them reads no value out.
STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size"})


#: Logger methods (``logger.info``, ``logging.warning``).
LOG_METHODS = frozenset({"info", "warning", "debug", "log", "vlog"})


def _prints_constants(call: ast.Call, counters: Collection[str] = ()) -> bool:
    """``print("saturated")``, ``print(f"{seq.shape=}")``: every argument a literal or what a
    trace knows without a value (an array's shape, rank, dtype or ``len``, a ``range`` loop's
    index ``counters``)."""
    arguments = [*call.args, *(k.value for k in call.keywords)]
    return bool(arguments) and all(_static_text(arg, counters) for arg in arguments)


def _static_text(expr: ast.AST, counters: Collection[str] = ()) -> bool:
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.Name):
        return expr.id in counters
    if isinstance(expr, ast.JoinedStr):
        return all(_static_text(part.value if isinstance(part, ast.FormattedValue) else part, counters) for part in expr.values)
    if isinstance(expr, ast.Attribute):
        return expr.attr in STATIC_ATTRIBUTES
    if isinstance(expr, ast.Subscript):
        return _static_text(expr.value, counters) and isinstance(expr.value, ast.Attribute)  # x.shape[0]
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "len":
        return True
    return False


def _ifs(loop: ast.AST):
    """The ``if`` statements of ``loop``'s body, each with whether it sits in an inner loop (whose
    ``break`` ends that loop, not this one; a loop's ``else`` block is outside it)."""
    stack: list[tuple[ast.stmt, bool]] = [(stmt, False) for stmt in reversed(getattr(loop, "body", []))]
    while stack:
        node, inner = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, ast.If):
            yield node, inner
        if isinstance(node, LOOPS):
            stack.extend((child, True) for child in reversed(node.body))
            stack.extend((child, inner) for child in reversed(node.orelse))
        else:
            stack.extend((child, inner) for child in reversed(nested_statements(node)))


def _own_statements(stmt: ast.stmt):
    """``stmt`` and the statements it holds, not entering loops (whose ``break`` is their own)."""
    stack = [stmt]
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, LOOPS):
            stack.extend(nested_statements(node))


def derivative_call(call: ast.Call, ctx) -> bool:
    """A derivative computed here (``jax.grad(f)(...)``, ``g(...)`` with ``g = jax.grad(f)``,
    ``jax.vjp(f, x)``); a call of a parameter does not count (only call sites could say)."""
    found = gradient_call(call, ctx)
    return found is not None and found[0] != "parameter"


def joined_after(loop: ast.stmt, flow, ctx) -> bool:
    """A list the loop appends its states to is made one jax array after it (``jnp.array(out)``,
    ``jnp.stack(out)``, in the statements that follow the loop in its block)."""
    lists = set(flow.appends)
    if not lists:
        return False
    place = ctx.block_of(loop)
    if place is None:
        return False
    block, position = place
    for stmt in block[position + 1 :]:
        for node in ast.walk(stmt):
            first = node.args[0] if isinstance(node, ast.Call) and node.args else None
            if isinstance(first, ast.Subscript):  # jnp.stack(out[::-1])
                first = first.value
            if isinstance(first, ast.Name) and first.id in lists:
                module, _, function = (ctx.resolve(node.func) or "").rpartition(".")
                if module == "jax.numpy" and function in lib.JOINING:
                    return True
    return False


def step_callees(node: ast.AST, ctx, most: int = 8) -> list[str]:
    """The functions a loop's steps call, as references the project can resolve (``step``,
    ``mod.step``, and for a local bound to one, ``solver = RK4.integrator``, what it was bound
    to): whether one is compiled elsewhere is the project's question (a host driver calling
    jitted steps is not itself traced)."""
    found: list[str] = []
    for child in walk(node):
        if not isinstance(child, ast.Call) or len(found) >= most:
            continue
        func = child.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            found.append(f"{func.value.id}.{func.attr}")
        elif isinstance(func, ast.Name):
            bindings = ctx.facts.bindings_at(func.id, ctx.scope, ctx.statement) if ctx.scope.binds(func.id) else []
            if not bindings or any(binding.kind == "def" for binding in bindings):
                found.append(func.id)  # a function of the module, or one defined here (a jitted kernel)
            for binding in bindings:
                value = binding.value if binding.kind == "assign" and not binding.path else None
                if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
                    found.append(f"{value.value.id}.{value.attr}")
                elif isinstance(value, ast.Name):
                    found.append(value.id)
    return list(dict.fromkeys(found))
