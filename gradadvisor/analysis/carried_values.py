"""What the states a Python loop carries hold: jax arrays, or Python values on the host.

A recurrence unrolls under jit only when its states are arrays. ``state_evidence`` says "jax"
when the loop computes on arrays (``.at`` writes, a jax array carried, jax.numpy calls), "unknown"
when the states may be arrays (a parameter updated by arithmetic, data walked step by step) and
None for Python numbers, lists, NumPy arrays mutated in place, functions and callbacks.
``initial_value`` is what a name holds when the loop starts; ``updated_from_walked_data`` tells a
state that starts as a Python number but does arithmetic on the walked data (an array from the
first step on).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from gradadvisor.analysis import library as lib
from gradadvisor.analysis import values as v
from gradadvisor.analysis.gradient import TRANSFORM_LEVELS, gradient_call, method_around
from gradadvisor.analysis.recurrence_footprints import AT_METHODS
from gradadvisor.analysis.syntax import int_value, names_read, one_line, parameter_names, walk, walk_local
from gradadvisor.analysis.sample_sites import SITE_CALLS
from gradadvisor.analysis.vectorize import calls_jax

if TYPE_CHECKING:
    from gradadvisor.analysis.recurrence import Flow
    from gradadvisor.analysis.recurrence_form import LoopForm

#: Values that are never arrays: a loop that carries only these runs Python, not jax.
PYTHON_KINDS = frozenset({v.SCALAR, v.SIZE, v.STRING, v.SEQUENCE, v.MAPPING, v.NONE, v.MODULE})
#: Modules whose calls compute on arrays (not pytree utilities or transforms).
ARRAY_MODULES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.", "jax.ops.")
#: Collectives take pytrees: calling one says nothing about arrays being carried.
COLLECTIVES = frozenset({
    "jax.lax.psum", "jax.lax.pmean", "jax.lax.pmax", "jax.lax.pmin", "jax.lax.ppermute", "jax.lax.all_gather", "jax.lax.all_to_all",
    "jax.lax.axis_index", "jax.lax.stop_gradient",
})


def state_evidence(form: LoopForm, flow: Flow, states: list[str], ctx) -> str | None:
    """"jax" when the loop computes on arrays, "unknown" when the states may be arrays (a
    parameter updated by arithmetic, or data walked step by step), None for Python values,
    functions and callbacks (``fn = jax.vmap(fn)``, ``val = body_fun(i, val)``)."""
    initial = [seed_item(initial_value(name, form.node, ctx)) if name in flow.last_items else initial_value(name, form.node, ctx) for name in states]
    if any(value.kind == v.CALLABLE for value in initial):
        return None
    if any(_makes_function(getattr(stmt, "value", None), ctx) for name in states for stmt in flow.updates_of(name)):
        return None  # f = wrap(p, f): a chain of closures built step by step, a function, not an array
    if ctx.function is not None and any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in states for node in walk(ctx.function)):
        return None  # seeded = handlers.condition(seeded, ...) ... seeded(x): the state is called, a function
    if any(_mutated_in_place(form.node, name) for name in states if name not in flow.last_items):
        return None  # x[i] = v, x.append(v) on the state itself: a Python list or NumPy array
    if any(value.is_array and value.host for name, value in zip(states, initial) if name in flow.last_items):
        return None  # w = np.zeros(n); w[t] = w[t - 1] * r: a NumPy buffer filled on the host
    if flow.writes or any(value.is_array and not value.host for value in initial) or _array_calls(form.node, ctx):
        return "jax"
    if any(isinstance(child, ast.Call) and (gradient_call(child, ctx) or ("parameter",))[0] != "parameter" for child in walk(form.node)):
        return "jax"  # each step takes a derivative (an inner optimisation loop): what it carries are arrays
    for name in states:
        for stmt in flow.updates_of(name):
            value = getattr(stmt, "value", None)
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and _library_step(value.func.id, form.node, ctx):
                return "jax"  # init, apply = fire_descent(...); s = apply(s): a jax library's step
            if isinstance(value, ast.Call) and ctx.resolve(value.func) in SITE_CALLS:
                return "jax"  # h = numpyro.sample(f"h{t}", Normal(a * h, 1)): a site's draw, an array
            for call in (child for child in walk(value) if isinstance(child, ast.Call) and isinstance(child.func, ast.Name)) if value is not None else ():
                callee = ctx.value(call.func)
                if callee.kind == v.CALLABLE and callee.transform in TRANSFORM_LEVELS:
                    # state = jitted_step(state), or st = update(k, g(params(st)), st) with g = jax.grad(f):
                    # the update is computed from a jax function's result
                    return "jax"
    if all(name in flow.last_items for name in states) and items_from_walked_data(flow, states, ctx):
        return "unknown"  # ys.append(ys[-1] + dt * u[t]): the items are arrays of the data walked
    if all(value.kind in PYTHON_KINDS or value.is_array and value.host for value in initial):
        # A state that starts as a Python number (``x = 0.0``) but whose update does
        # arithmetic on the data the loop walks (``x = a * x + b * u[t]``) is an array from
        # the first step on, whatever it started as.
        # So is one a call hands the function's parameters each step (``U = ctrl.update(E, params)``
        # in a function differentiated with respect to ``params``).
        numbers = all(value.kind == v.SCALAR and not isinstance(value.literal, (bool, str)) for value in initial)
        if not (numbers and (updated_from_walked_data(flow, states, ctx) or fed_parameters(flow, states, ctx))):
            return None
        return "unknown"  # Python numbers made arrays by the update's arithmetic on arrays
    walks = bool(form.elements) or any(
        isinstance(child, ast.Subscript) and form.index is not None and form.index in names_read(child.slice) for child in walk(form.node)
    )
    arithmetic = any(_numeric_update(stmt, name) or _arithmetic_helper(stmt, ctx) for name in states for stmt in flow.updates_of(name))
    return "unknown" if walks or arithmetic or fed_parameters(flow, states, ctx) else None


def seed_item(value: v.Value) -> v.Value:
    """What a list carrying its newest item starts from (``ys = [y0]``: what ``y0`` holds);
    the list's own value when its items are not shown."""
    return value.item if value.kind == v.SEQUENCE and value.item is not None else value


def fed_parameters(flow: Flow, states: list[str], ctx) -> bool:
    """Every state's update is a call handed one of the function's parameters besides the state
    (``s = sim.advance({"c": cap}, s, u)`` in ``def settle(cap)``): under a transform of the
    function those are traced values, and so is what the call returns each step."""
    function = ctx.function
    if function is None or isinstance(function, ast.Lambda):
        return False
    params = parameter_names(function.args) - {"self", "cls"}
    for name in states:
        updates = flow.updates_of(name)
        if not updates:
            return False
        for stmt in updates:
            value = getattr(stmt, "value", None)
            if not isinstance(value, ast.Call):
                return False
            arguments = [*value.args, *(k.value for k in value.keywords)]
            if not any(names_read(arg) & params and name not in names_read(arg) for arg in arguments):
                return False
    return True


def _makes_function(value: ast.AST | None, ctx) -> bool:
    """``value`` calls a function of the module whose every ``return`` gives a function (a
    ``lambda``, or a ``def`` made inside it): a closure factory."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
        return False
    factory = ctx.local_function(value.func.id)
    if factory is None or isinstance(factory, ast.Lambda):
        return False
    inner = {node.name for node in factory.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    returns = [node for node in walk_local(factory) if isinstance(node, ast.Return)]
    return bool(returns) and all(isinstance(r.value, ast.Lambda) or isinstance(r.value, ast.Name) and r.value.id in inner for r in returns)


def _library_step(name: str, loop: ast.AST, ctx) -> bool:
    """``name`` is bound, before the loop, from what a JAX library function returns
    (``init, apply = jax_md.minimize.fire_descent(energy, shift)``): a step function of jax values."""
    inside = {id(child) for child in walk(loop)}
    bindings = [b for b in ctx.facts.bindings_at(name, ctx.scope, ctx.statement) if id(b.statement) not in inside]
    if not bindings:
        return False
    for binding in bindings:
        value = binding.value
        while isinstance(value, ast.Attribute):
            value = value.value  # ``blackjax.nuts(logdensity, step_size).step``
        if not (isinstance(value, ast.Call) and (ctx.resolve(value.func) or "").startswith(lib.JAX_LIBRARIES)):
            return False
    return True


def _arithmetic_helper(stmt: ast.stmt, ctx) -> bool:
    """``u, v = relax(u, v)`` where ``relax`` is a function of the file that returns arithmetic
    on its parameters (``return a * 0.5, b * 0.5``): the states may be arrays, as for
    ``u = a * u + b``."""
    value = getattr(stmt, "value", None)
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
        return False
    function = ctx.local_function(value.func.id)
    if function is None:
        return False
    params = {arg.arg for arg in function.args.args}
    # Locals assigned once from arithmetic on the parameters (``pos = pos + vel * dt``, then
    # ``return pos, vel + acc * dt``) stand for that arithmetic.
    assigned: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned.setdefault(node.targets[0].id, []).append(node.value)

    def arithmetic(part: ast.expr) -> bool:
        if isinstance(part, ast.Name) and len(assigned.get(part.id, ())) == 1:
            part = assigned[part.id][0]
        if not names_read(part) & params:
            return False
        # ``return a.at[i].set(...)``, ``return st._replace(a=st.a.at[i].add(v))``: a jax array's update
        return isinstance(part, (ast.BinOp, ast.UnaryOp)) or any(_at_update(node) for node in ast.walk(part))

    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            parts = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            if parts and all(arithmetic(part) for part in parts):
                return True
    return False


def _at_update(node: ast.AST) -> bool:
    """``x.at[i].set(v)`` (or ``.add``...): an update only a jax array has."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in AT_METHODS
            and isinstance(node.func.value, ast.Subscript) and isinstance(node.func.value.value, ast.Attribute) and node.func.value.value.attr == "at")


def initial_value(name: str, loop: ast.AST, ctx) -> v.Value:
    """What ``name`` holds when the loop starts (bindings inside the loop left out)."""
    inside = {id(child) for child in walk(loop)}
    bindings = [binding for binding in ctx.facts.bindings_at(name, ctx.scope, ctx.statement) if id(binding.statement) not in inside]
    if not bindings:
        return ctx.value(ast.Name(id=name, ctx=ast.Load())) if not ctx.scope.binds(name) else v.UNKNOWN_VALUE
    result = None
    for binding in bindings:
        result = v.join(result, ctx.facts.binding_value(binding, ctx.scope))
    return result or v.UNKNOWN_VALUE


def _array_calls(node: ast.AST, ctx) -> bool:
    """A jax.numpy / lax / nn / scipy / random call or a matrix product in ``node`` (or in a
    function of this module it calls, the first ten looked up); pytree utilities, collectives and
    transforms are not array work. ``vectorize.calls_jax`` walks, with only array calls resolved."""

    def array_call(func: ast.AST) -> str | None:
        qualified = ctx.resolve(func) or ""
        return qualified if qualified.startswith(ARRAY_MODULES) and qualified not in COLLECTIVES else None

    looked_up: list[str] = []

    def first_ten(name: str):
        looked_up.append(name)  # calls_jax looks each name up once
        if len(looked_up) > 10:
            return None
        return method_around(name[len("self."):], ctx) if name.startswith("self.") else ctx.local_function(name)

    return calls_jax(node, array_call, first_ten)


def _mutated_in_place(loop: ast.AST, name: str) -> bool:
    """``name[i] = v``, ``name.attr = v``, ``name.append(v)`` in ``loop``: a Python list or a NumPy array."""
    for node in walk(loop):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        for target in targets:
            if isinstance(target, (ast.Subscript, ast.Attribute)) and isinstance(target.value, ast.Name) and target.value.id == name:
                return True
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(func, ast.Attribute) and func.attr in ("append", "extend", "insert", "update", "pop") and isinstance(func.value, ast.Name) and func.value.id == name:
            return True
    return False


def _data_of(ctx):
    def is_data(expr: ast.AST) -> bool:  # an array or a parameter, not a shape or a list of sizes
        value = ctx.value(expr)
        return value.is_array and not value.host or value.kind == v.PARAM

    return is_data


def updated_from_walked_data(flow: Flow, states: list[str], ctx) -> bool:
    """Some state's update does arithmetic on the array data the loop walks
    (``x = a * x + b * u[t]``), or on an array or a parameter read whole (``p1 = (2 * j - 1) *
    z * p2 / j``: a Legendre recurrence in ``z``): an array from the first step on (reported
    only where a trace is proven, where parameters are arrays)."""
    data_of = _data_of(ctx)
    carried = set(states)
    derived = _derived_locals(flow.form.node, carried, data_of)

    def is_data(node: ast.AST) -> bool:
        return isinstance(node, ast.Name) and node.id in derived or data_of(node)

    through = _state_locals(flow.form.node, carried)

    def numeric(stmt: ast.stmt, name: str) -> bool:  # on the state, or on a local the step computes from it
        value = getattr(stmt, "value", None)
        return _numeric_update(stmt, name) or value is not None and any(_numeric_update(stmt, local) for local in names_read(value) & through)

    def arithmetic(stmt: ast.stmt, name: str) -> bool:  # on the state, or on another carried state
        value = getattr(stmt, "value", None)
        return numeric(stmt, name) or isinstance(stmt, ast.Assign) and isinstance(value, ast.BinOp) and bool(names_read(value) & carried)

    return any(
        numeric(stmt, name) and _reads_walked_data(getattr(stmt, "value", None), flow.form, is_data)
        or arithmetic(stmt, name) and _arithmetic_on(getattr(stmt, "value", None), is_data, set(flow.assigned) - derived)
        for name in states
        for stmt in flow.updates_of(name)
    )


def _state_locals(loop: ast.AST, carried: set[str]) -> set[str]:
    """Names the loop body assigns once, not carried, from arithmetic on a carried state or on
    such names (``e = 0.5 - u``, then ``u = k * e + d[t]``): the state enters its own update
    through them, as if written in place."""
    return _derived_locals(loop, set(carried), lambda node: False, through=carried)


def _derived_locals(loop: ast.AST, carried: set[str], is_data, through: set[str] = frozenset()) -> set[str]:
    """Names the loop body assigns once, not carried, from arithmetic on a parameter or an array
    (``beta = beta0 * (1 - kappa)``), or on such names: the parameter enters the states through
    them as if written in place."""
    assigned: dict[str, list[ast.expr]] = {}
    for node in walk(loop):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned.setdefault(node.targets[0].id, []).append(node.value)
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, values in assigned.items():
            if name in found or name in carried or len(values) != 1:
                continue
            if any(isinstance(node, ast.Name) and (node.id in found or node.id in through or node.id not in assigned and is_data(node))
                   for node in _operands(values[0])):
                found.add(name)
                changed = True
    return found


def _operands(expr: ast.AST | None):
    """The operands of the arithmetic ``expr`` is (through ``+ - * / **``..., not ``@``, and unary
    ``-``/``+``): what it computes with directly, not through a call, a comparison or a shape."""
    stack = [expr] if expr is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            stack.append(node.operand)
        else:
            yield node


def _arithmetic_on(expr: ast.AST | None, is_data, assigned: set[str]) -> bool:
    """``expr`` is arithmetic with an operand that is an array or a parameter (not one the loop
    assigns, not through a call): ``(2 * j - 1) * z * p2``."""
    return any(isinstance(node, ast.Name) and node.id not in assigned and is_data(node) for node in _operands(expr))


def items_from_walked_data(flow: Flow, states: list[str], ctx) -> bool:
    """Some list carrying its newest item gains items computed by arithmetic on the data the
    loop walks (``g.insert(0, r[t] + gamma * g[0])``), or on an array or a parameter read whole
    (``T.append(2 * x * T[n - 1] - T[n - 2])``: a Chebyshev recurrence in ``x``)."""
    is_data = _data_of(ctx)
    assigned = set(flow.assigned)

    def from_walked(value: ast.AST | None) -> bool:
        if _reads_walked_data(value, flow.form, is_data) or _arithmetic_on(value, is_data, assigned):
            return True
        # ``dt = ts[i + 1] - ts[i]``, then ``ys.append(ys[i] + dt * f(ys[i]))``: a temporary the
        # step computes from the walked data, once, is that data
        for node in _operands(value):
            if isinstance(node, ast.Name) and node.id in assigned and node.id not in states:
                updates = flow.updates_of(node.id)
                if len(updates) == 1 and isinstance(updates[0], ast.Assign) and _reads_walked_data(updates[0].value, flow.form, is_data):
                    return True
        return False

    return any(from_walked(value) for name in states for value in flow.appends.get(name, ()))


def _reads_walked_data(expr: ast.AST | None, form: LoopForm, is_data) -> bool:
    """True when ``expr`` reads the data the loop walks (``u[t]`` at its index, or its element
    variable, where ``is_data`` holds of the array walked) as an operand of arithmetic
    (``a * x + b * u[t]``), not through a call (``len(items[i])``, ``float(x[i])``), a
    comparison or a shape (``x.shape[d]``)."""
    for node in _operands(expr):
        if isinstance(node, ast.Name) and node.id in form.elements and is_data(form.elements[node.id]):
            return True
        if isinstance(node, ast.Subscript) and form.index is not None and form.index in names_read(node.slice) and is_data(node.value):
            return True
    return False


def _numeric_update(stmt: ast.stmt, name: str) -> bool:
    """``x = x + 1.0``, ``y = y * decay``, ``x -= lr * g``: arithmetic on the state itself that is
    not integer bookkeeping (``n *= 2``, ``k = k // d``) or list building (``[False] * n``)."""
    if isinstance(stmt, ast.AugAssign):
        op, operands = stmt.op, [stmt.value]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.BinOp) and name in names_read(stmt.value):
        op, operands = stmt.value.op, [stmt.value.left, stmt.value.right]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.UnaryOp) and name in names_read(stmt.value):
        return not isinstance(stmt.value.op, (ast.Not, ast.Invert))
    else:
        return False
    if isinstance(op, (ast.FloorDiv, ast.Mod, ast.LShift, ast.RShift, ast.BitAnd, ast.BitOr, ast.BitXor)):
        return False
    if any(isinstance(operand, (ast.List, ast.Tuple, ast.ListComp, ast.JoinedStr)) or isinstance(operand, ast.Constant) and isinstance(operand.value, str) for operand in operands):
        return False
    others = [operand for operand in operands if not (isinstance(operand, ast.Name) and operand.id == name)]
    if others and all(int_value(operand) is not None for operand in others):
        return False  # n *= 2, i = i + 1: integer bookkeeping
    return True


#: jax.numpy functions whose result is longer than their input: a state updated by one changes
#: shape every step, which ``lax.scan``/``fori_loop`` cannot carry (their carry keeps its shape).
SHAPE_GROWING = frozenset({"convolve", "concatenate", "append", "hstack", "vstack", "column_stack", "pad", "polymul",
                           "kron", "outer", "insert", "repeat", "tile"})


#: Growing calls that add items at the end: a history, whose items a scan can emit as outputs.
APPENDING = frozenset({"concatenate", "append", "hstack", "vstack", "column_stack"})


def reshapes_carry(loop: ast.AST, state: str, resolve, local_function=None) -> str | None:
    """The call that grows ``state`` when the loop assigns it from one (``poly = jnp.convolve(poly,
    q)``, ``xs = jnp.concatenate([xs, x])``, or ``xs = step(xs, k)`` with ``step`` a local function
    that does): its shape changes every step, so no scan carries it (``convolve`` with
    ``mode="same"``/``"valid"`` keeps or shrinks the length: not counted). None otherwise."""
    for node in ast.walk(loop):
        if not (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == state for t in node.targets)):
            continue
        value = node.value
        if not isinstance(value, ast.Call):
            continue
        grown = _growing_call(value, state, resolve)
        if grown is not None:
            return grown
        step = _local_step(value, state, local_function)
        if step is None:
            continue
        definition, inner = step  # ``def body_fn(states, key): ... return jnp.concatenate([states, y])``
        for child in ast.walk(definition):
            assigned = isinstance(child, ast.Assign) and any(isinstance(t, ast.Name) and t.id == inner for t in child.targets)
            if (assigned or isinstance(child, ast.Return)) and isinstance(child.value, ast.Call):
                grown = _growing_call(child.value, inner, resolve)
                if grown is not None:
                    return grown
    return None


def growing_carry(loop: ast.AST, states: list[str], ctx) -> str | None:
    """"history" when the loop grows its states by concatenation and each step reads them (see
    ``reads_history``); "grown" when it grows them otherwise (``poly = jnp.convolve(poly, q)``,
    independent results appended): no scan carries either; None when every state keeps its shape."""
    grown = [found for state in states if (found := reshapes_carry(loop, state, ctx.resolve, ctx.local_function)) is not None]
    if not grown:
        return None
    appended = all(found in APPENDING for found in grown)
    return "history" if appended and any(reads_history(loop, state, ctx.local_function) for state in states) else "grown"


def reads_history(loop: ast.AST, state: str, local_function=None) -> bool:
    """A step reads the grown ``state`` beyond growing it (``lhs = states[-p:]`` before
    ``states = jnp.concatenate([states, y])``, here or in the local function the loop calls with
    it): a history each step depends on, not independent results appended (a map, GA101's)."""
    places: list[tuple[ast.AST, str]] = [(loop, state)]
    for node in ast.walk(loop):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == state for t in node.targets) and isinstance(node.value, ast.Call):
            step = _local_step(node.value, state, local_function)
            if step is not None:
                places.append(step)
    for place, name in places:
        growth = [node for node in ast.walk(place) if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]
        growth += [node for node in ast.walk(place) if isinstance(node, ast.Return) and place is not loop and isinstance(node.value, ast.Call)]
        inside = {id(child) for node in growth for child in ast.walk(node.value)}
        if any(isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in inside for node in ast.walk(place)):
            return True
    return False


def _local_step(call: ast.Call, state: str, local_function) -> tuple[ast.FunctionDef, str] | None:
    """``(definition, param)`` when ``call`` (``states = body_fn(states, k)``) calls a local
    function with ``state`` as a plain argument: the function and the parameter receiving it."""
    definition = local_function(call.func.id) if local_function is not None and isinstance(call.func, ast.Name) else None
    if definition is None or isinstance(definition, ast.Lambda):
        return None
    params = [arg.arg for arg in definition.args.args]
    position = next((k for k, arg in enumerate(call.args) if isinstance(arg, ast.Name) and arg.id == state), None)
    return (definition, params[position]) if position is not None and position < len(params) else None


def _growing_call(value: ast.Call, state: str, resolve) -> str | None:
    qualified = resolve(value.func) or ""
    module, _, function = qualified.rpartition(".")
    if function not in SHAPE_GROWING or not module.endswith("numpy"):
        return None
    if function == "convolve" and any(k.arg == "mode" and isinstance(k.value, ast.Constant) and k.value.value in ("same", "valid") for k in value.keywords):
        return None
    if function in APPENDING:
        # the whole carry kept and added to (``[states, y]``); ``[states[1:], y]`` is a window
        first = value.args[0] if value.args else None
        parts = first.elts if isinstance(first, (ast.List, ast.Tuple)) else [first] if function == "append" else []
        return function if any(isinstance(part, ast.Name) and part.id == state for part in parts) else None
    if any(isinstance(n, ast.Name) and n.id == state for arg in value.args for n in ast.walk(arg)):
        return function
    return None


def carried_without_gradient(flow: Flow, states: list[str], ctx) -> str | None:
    """Why no gradient flows through the loop: every value its body computes (the carried
    ``states`` included) is a boolean or integer array the code states (``p =
    lax.bitwise_or(lax.lt(a, b), p)``, a running mask or count). None when any may hold floats:
    a greedy decode carries integer tokens, but each step runs a float model."""
    if not states or not all(flow.updates_of(state) for state in states):
        return None
    reason = None
    for stmt in walk(flow.form.node):
        if stmt is flow.form.node or not isinstance(stmt, ast.stmt):
            continue
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            if stmt.value is None:
                continue
            found = v.no_gradient_reason(ctx.value(stmt.value), one_line(ctx.code(stmt.value), 30))
            if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
                if v.no_gradient_reason(initial_value(stmt.target.id, flow.form.node, ctx), stmt.target.id) is None:
                    found = None
            if found is None:
                return None
            reason = reason or found
        elif isinstance(stmt, ast.Expr):
            return None  # a call for its effect: what it computes is not shown
    return reason
