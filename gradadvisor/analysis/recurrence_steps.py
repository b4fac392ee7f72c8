"""Whether a Python loop walks steps of data, and which data: the recurrence rule's question of size.

A loop over time steps, samples or grid points unrolls into as many copies of its body as the
data has steps; a loop over layers (``for w in ws: x = f(w @ x)``, ``self.layers[i](x)``), a few
refinements, a count named as small (``unroll``, ``order``, ``rounds``...), a blocked ``range`` or a
count that grows like a logarithm does not. ``step_inputs`` names the arrays a step reads one
element of: what a ``lax.scan`` would walk.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from gradadvisor.analysis.extent import HELD_SHAPE, SMALL_COUNT_NAME, SMALL_STEPS_NAME
from gradadvisor.analysis.gradient import GRADIENT_FUNCTIONS, derivative_kind
from gradadvisor.analysis.recurrence_work import derivative_call
from gradadvisor.analysis.syntax import dotted, int_value, names_read, one_line, tail_name, walk
from gradadvisor.analysis.vectorize import ARRAY_ATTRIBUTES

if TYPE_CHECKING:
    from gradadvisor.analysis.extent import Extent
    from gradadvisor.analysis.recurrence import Flow
    from gradadvisor.analysis.recurrence_form import LoopForm

#: A fixed step count that walks no data is reported from this many steps (15 power iterations,
#: 10 hash rounds or a chunk of 20 steps unrolled inside a scan are small and deliberate; 48
#: projections or 64 fixed-point sweeps unrolled under jit are not: the labelling rules call a
#: count of at most 16 small, and blind rounds labelled 25 to 64 fixed iterations slow). Counts
#: named as a few (rounds, Newton steps, an order) stay small.
LITERAL_STEPS = 24
#: A count a caller bounds below this (``if n <= 50: unrolled(x, n)``, the larger case sent
#: elsewhere) is a deliberate unroll.
DELIBERATE_UNROLL = 100
#: A fixed count of time steps (``n_steps``, ``horizon``, ``T``) is reported from this many: a
#: rollout of 20 or 50 steps under ``grad`` is the time axis of the data a ``lax.scan`` walks, not
#: a few deliberate iterations (the labelling rules call a count of at most 16 small).
TIME_STEPS = 20
#: Counts named as time steps (the name only sets which of the two thresholds applies).
TIME_STEPS_NAME = re.compile(
    r"^(?:n_?|num_?|number_of_)?(?:time_?)?steps?$|^(?:n_?|num_?)?(?:time_?steps?|timesteps?|t|nt|tsteps?)$|horizon|"
    r"^(?:n_?|num_?)?(?:rollout|unroll_length|traj(?:ectory)?_?len(?:gth)?|seq(?:uence)?_?len(?:gth)?)$",
    re.IGNORECASE,
)


def step_threshold(name: str | None) -> int:
    """The fixed count from which a loop counted by ``name`` is reported."""
    return TIME_STEPS if name and TIME_STEPS_NAME.search(name) else LITERAL_STEPS




def step_extent(form: LoopForm, ctx) -> Extent | None:
    """The extent of the loop's steps (a ``for`` header's iterable, a ``while`` loop's bound),
    when it grows with the data."""
    node = form.node
    if isinstance(node, ast.For):
        extent = ctx.extent(node.iter)
    elif form.bound is not None:
        extent = ctx.extent_of_bound(form.bound)
    else:
        return None
    if extent.kind == "static" and extent.default is not None:
        # ``def make_walker(grad_u, n=10)``: a few steps at the default; a call may pass more
        return replace(extent, kind="data", proof="likely")
    return extent if extent.is_data else None


def many_steps(form: LoopForm, flow: Flow, extent: Extent, ctx) -> bool:
    """The step count grows with the data, or is a literal of at least ``LITERAL_STEPS``."""
    node = form.node
    header = node.iter if isinstance(node, ast.For) else form.bound
    if isinstance(node, ast.For) and isinstance(node.iter, ast.Call) and ctx.is_builtin(node.iter.func, "range") and len(node.iter.args) == 3 and int_value(node.iter.args[2]) is None:
        return False  # range(0, n, block): one step per block
    if isinstance(node, ast.While) and any(
        isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "len" for child in walk(node.test)
    ):
        return False  # while len(parts) > k: a container shrinking by a factor, not a step per datum
    if _halving_carry(form, flow):
        return False  # tab = f(tab[..., ::2], tab[..., 1::2]): an axis halved each step, log2 of its length steps
    if _bisection(form, flow):
        return False  # u = (lo + hi) / 2, then lo or hi = u: each step halves an interval, as many steps as bits wanted
    if isinstance(node, ast.While) and _geometric_test(node):
        return False  # while norm(b) < 1000: b = b * 2: a value scaled each step reaches the bound in log steps
    # a count the code states (a literal, a field default worked out) outweighs a name in the header
    stated_count = extent.size is not None and extent.size.isdigit() and int(extent.size) >= LITERAL_STEPS
    for name in _header_names(header) if header is not None and not stated_count else ():
        if SMALL_STEPS_NAME.search(name) or SMALL_COUNT_NAME.match(name):
            stated = ctx.value(ast.Name(id=name, ctx=ast.Load())).literal
            if not (type(stated) is int and stated >= LITERAL_STEPS):
                return False  # unroll factors, series orders, rounds, dimensions: small by their name
            # ``degree: int = 100``: the value the code states outweighs the name
        value = ctx.facts.bindings_at(name, ctx.scope, ctx.statement)
        for binding in value:
            if binding.kind == "assign" and isinstance(binding.value, ast.AST) and _logarithmic(binding.value):
                return False  # num_rounds = int(ceil(3 * log(n) / log(m))): grows like log n
    count = int(extent.size) if extent.size is not None and extent.size.isdigit() else None
    if count is None and extent.param is not None and extent.size == extent.param:
        # ``def top_eig(M, n_steps=15)``: a count parameter with a literal default (under jit a
        # traced argument cannot drive ``range``, so the default is what runs unless a caller
        # passes a static one): judged by its default, as a literal count is. A default of a few
        # (``Extent.default``) is judged in phase 2, where a call may pass more.
        if extent.default is not None:
            return True
        default = ctx.value(ast.Name(id=extent.param, ctx=ast.Load())).literal
        count = default if isinstance(default, int) and not isinstance(default, bool) else None
    if count is not None and not walks_data(form, flow) and count < _threshold(header, extent, node, ctx):
        return False  # a fixed number of steps that walks no data: 15 power iterations, 10 rounds
    return True


def _bisection(form: LoopForm, flow: Flow) -> bool:
    """A step that takes the midpoint of two carried values (``u = (lo + hi) / 2``, ``0.5 * (a +
    b)``) and carries it on as one of them: a bisection, whose steps count the bits of precision
    wanted (a few dozen at most), not rows of data."""
    for stmt in walk(form.node):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        value = stmt.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div) and isinstance(value.right, ast.Constant) and value.right.value == 2:
            total = value.left
        elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult) and any(isinstance(side, ast.Constant) and side.value == 0.5 for side in (value.left, value.right)):
            total = value.right if isinstance(value.left, ast.Constant) else value.left
        else:
            continue
        if isinstance(total, ast.BinOp) and isinstance(total.op, ast.Add) and all(isinstance(side, ast.Name) and side.id in flow.carried for side in (total.left, total.right)):
            return True
    return False


def _geometric_test(node: ast.While) -> bool:
    """A ``while`` loop whose test compares values the body only scales by a number literal
    other than one (``b = b * 2``, ``n //= 2``, ``x = 3 * x``): the value grows or shrinks
    geometrically, so the bound is reached after a logarithm of it steps, not the bound's
    number of steps."""
    test = node.test
    if not isinstance(test, ast.Compare):
        return False
    moving = set(names_read(test))
    scaled: set[str] = set()
    for stmt in walk(node):
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id in moving:
            if not (isinstance(stmt.op, (ast.Mult, ast.Div, ast.FloorDiv)) and _scale(stmt.value)):
                return False
            scaled.add(stmt.target.id)
        elif isinstance(stmt, ast.Assign) and any(isinstance(target, ast.Name) and target.id in moving for target in stmt.targets):
            value = stmt.value
            name = next(target.id for target in stmt.targets if isinstance(target, ast.Name) and target.id in moving)
            if not (len(stmt.targets) == 1 and isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Mult, ast.Div, ast.FloorDiv))):
                return False
            own = (isinstance(value.left, ast.Name) and value.left.id == name and _scale(value.right)
                   or isinstance(value.op, ast.Mult) and isinstance(value.right, ast.Name) and value.right.id == name and _scale(value.left))
            if not own:
                return False
            scaled.add(name)
    return bool(scaled)


def _scale(expr: ast.expr) -> bool:
    """A number literal other than one (and its negation)."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float) and expr.value not in (0, 1)


def _halving_carry(form: LoopForm, flow: Flow) -> bool:
    """A carried array each step rebuilds from its own entries taken two at a time (``t = (1 - a)
    * t[..., ::2] + a * t[..., 1::2]``): every step halves an axis, so the loop can run only as
    many steps as the log2 of that axis's length (a butterfly, a tree reduction, a gate table),
    however long what it walks."""
    for stmt in walk(form.node):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        name = stmt.targets[0].id
        if name not in flow.carried:
            continue
        for child in walk(stmt.value):
            if isinstance(child, ast.Subscript) and isinstance(child.value, ast.Name) and child.value.id == name:
                parts = child.slice.elts if isinstance(child.slice, ast.Tuple) else [child.slice]
                if any(isinstance(part, ast.Slice) and part.upper is None and int_value(part.step) == 2 for part in parts):
                    return True
    return False


def _threshold(header: ast.AST | None, extent: Extent, loop: ast.AST, ctx) -> int:
    """``TIME_STEPS`` for a count named as time steps (``range(n_steps)``, ``n_steps = 50``), else
    ``LITERAL_STEPS``; an optimisation loop (a step that takes a derivative: ``p = p - lr *
    grad(loss)(p)``) counts iterations, not time, whatever its count's name."""
    names = ([extent.param] if extent.param else []) + sorted(names_read(header) if header is not None else ())
    threshold = min((step_threshold(name) for name in names), default=LITERAL_STEPS)
    if threshold < LITERAL_STEPS and optimisation_steps(loop, ctx):
        return LITERAL_STEPS
    return threshold


def optimisation_steps(loop: ast.AST, ctx) -> bool:
    """The loop's body takes a derivative (gradient descent, Newton steps, inner adaptation)."""
    return any(isinstance(node, ast.Call) and derivative_call(node, ctx) for node in walk(loop))


#: Counts named as inner or adaptation steps (meta-learning's few steps per task, a solver's
#: inner iterations): reported low, as Newton iterations are.
INNER_STEPS_NAME = re.compile(r"inner|adapt", re.IGNORECASE)


def inner_steps(form: LoopForm) -> str | None:
    """Why the loop's count is few by its name (``range(n_inner)``), or None."""
    header = form.node.iter if isinstance(form.node, ast.For) else form.bound
    for name in sorted(_header_names(header)) if header is not None else ():
        if INNER_STEPS_NAME.search(name):
            return f"`{name}` counts inner (adaptation) steps: a few per outer step, by its name"
    return None


def walks_data(form: LoopForm, flow: Flow) -> bool:
    """Whether each step takes its own part of an array (an element walked, an index read or
    written), so the count follows the data; a loop that walks none runs a count of steps."""
    return bool(form.elements) or bool(flow.writes) or any(
        isinstance(child, ast.Subscript) and form.index is not None and form.index in names_read(child.slice) for child in walk(form.node)
    )


def few_steps_passed(facts: list, threshold: int = LITERAL_STEPS) -> bool:
    """Every call site passes a literal count below ``threshold`` (``loop_threshold``; or its own
    parameter with such a default, or a count its guard bounds below it), and one does
    (``facts``: ``Project.arguments``)."""
    counts = [int(fact.kind.partition(":")[2]) for fact in facts if fact.kind.startswith(("int:", "bound:"))]
    return bool(facts) and len(counts) == len(facts) and max(counts) < threshold


def loop_threshold(form: LoopForm, extent: Extent, ctx) -> int:
    """The fixed count from which the loop ``form`` counted by ``extent`` is reported."""
    node = form.node
    return _threshold(node.iter if isinstance(node, ast.For) else form.bound, extent, node, ctx)


def _header_names(header: ast.AST) -> set[str]:
    """The names a loop header reads, and attribute names (``len(self.channels_list)``); not a
    shape indexed for one axis's length (``self.dims`` in ``range(self.dims[axis])``)."""
    found = set(names_read(header))
    found.update(node.attr for node in walk(header) if isinstance(node, ast.Attribute))
    for node in walk(header):
        if isinstance(node, ast.Subscript) and HELD_SHAPE.search(tail_name(node.value) or ""):
            found.discard(tail_name(node.value))
    return found


def _logarithmic(expr: ast.AST) -> bool:
    """``int(np.ceil(3 * np.log(n) / np.log(m)))``: a count that grows like a logarithm."""
    for child in walk(expr):
        if isinstance(child, ast.Call):
            name = dotted(child.func) or ""
            if name.rpartition(".")[2] in ("log", "log2", "log10", "log1p", "bit_length"):
                return True
    return False


def calls_indexed(loop: ast.AST, index: str | None) -> bool:
    """The body calls an item picked by the index (``self.layers[i](x)``): a list of functions."""
    if index is None:
        return False
    for node in walk(loop):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) and index in names_read(node.func.slice):
            return True
    return False


def counts_records(form: LoopForm) -> bool:
    """A loop counting a list (``range(len(groups))``) that reads an item through an attribute no
    array has (``groups[b].ids``, ``structures[i].name``): the items are records of differently
    shaped arrays, not rows of one array, and no scan or vmap walks them."""
    counted = _counted_list(form)
    if counted is None:
        return False
    parents = {id(child): node for node in walk(form.node) for child in ast.iter_child_nodes(node)}
    items = [node for node in walk(form.node) if _read_at(node, counted, form.index) and isinstance(node, ast.Subscript)]
    return any(isinstance(parent := parents.get(id(item)), ast.Attribute) and parent.attr not in ARRAY_ATTRIBUTES for item in items)


def weights_applied_to_state(form: LoopForm, flow: Flow, resolve) -> bool:
    """An element walked by the loop multiplies the state as a matrix (``w @ x``, ``x @ w``,
    ``jnp.dot(w, x)``): the loop walks the weights of layers, not steps of data."""
    elements = set(form.elements)
    counted = _counted_list(form)
    if not elements and counted is None:
        return False
    for node in walk(form.node):
        operands: tuple[ast.AST, ...] = ()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            operands = (node.left, node.right)
        elif isinstance(node, ast.Call) and (resolve(node.func) or "") in ("jax.numpy.dot", "jax.numpy.matmul", "autograd.numpy.dot") and len(node.args) == 2:
            operands = tuple(node.args)
        if len(operands) != 2:
            continue
        for weight, state in (operands, operands[::-1]):
            if counted is not None and _read_at(weight, counted, form.index) and names_read(state) & flow.recurrent:
                return True  # for i in range(len(Ws)): h = f(h @ Ws[i]): the loop counts the layers it applies
            weight_names = names_read(weight)
            if weight_names and weight_names <= elements | {"jnp", "np"} and weight_names & elements and names_read(state) & flow.recurrent:
                return True
    return False


def _counted_list(form: LoopForm) -> str | None:
    """``X`` of a loop ``for i in range([1, ]len(X))`` (or ``len(X) - 1``): the loop counts the items of ``X``."""
    stop = form.bounds[1] if form.bounds else None
    if isinstance(stop, ast.BinOp) and isinstance(stop.op, (ast.Add, ast.Sub)) and int_value(stop.right) is not None:
        stop = stop.left  # ``range(len(Ws) - 1)``: all the layers but the last
    if form.index is None or not (isinstance(stop, ast.Call) and isinstance(stop.func, ast.Name) and stop.func.id == "len" and len(stop.args) == 1):
        return None
    return dotted(stop.args[0])


def _read_at(node: ast.AST, array: str, index: str | None) -> bool:
    """``node`` is ``array[index]`` (``Ws[i]``, ``self.Ws[i]``), transposed or not."""
    if isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
        node = node.value
    return isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == index and dotted(node.value) == array


def step_inputs(form: LoopForm, flow: Flow, code) -> str:
    """The arrays a step reads one element of: what a scan walks."""
    if form.elements:
        texts = [one_line(code(iterable), 30) for iterable in form.elements.values()]
        return ", ".join(f"`{text}`" for text in dict.fromkeys(texts))
    if form.index is None:
        return ""
    found: list[str] = []
    walked_by = _comprehension_walks(form.node)
    for child in walk(form.node):
        if isinstance(child, ast.Subscript) and isinstance(child.slice, ast.Name) and child.slice.id == form.index:
            base = child.value
            if isinstance(base, ast.Attribute) and base.attr == "at":
                continue
            text = walked_by.get(base.id) if isinstance(base, ast.Name) else None
            text = text or dotted(base)
            if text is not None and text not in flow.moving_arrays and text not in flow.assigned and text not in found:
                found.append(text)
    return ", ".join(f"`{text}`" for text in found[:3])


def _comprehension_walks(loop: ast.AST) -> dict[str, str]:
    """Names bound by a comprehension in the loop to the items of a mapping or a sequence
    (``{key: val[k] for key, val in loop_args.items()}``): the step reads ``val[k]`` of each
    of ``loop_args``'s values, so the scan walks ``loop_args`` (a pytree), not ``val``."""
    walks: dict[str, str] = {}
    for node in walk(loop):
        if not isinstance(node, (ast.ListComp, ast.DictComp, ast.GeneratorExp, ast.SetComp)):
            continue
        for generator in node.generators:
            source = generator.iter
            if isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and source.func.attr in ("items", "values") and not source.args:
                source = source.func.value
            text = dotted(source)
            if text is None:
                continue
            targets = generator.target.elts if isinstance(generator.target, ast.Tuple) else [generator.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    walks[target.id] = text
    return walks


#: Linear solves a Newton step makes with a Jacobian of its state.
LINEAR_SOLVES = ("linalg.solve", "linalg.inv", "linalg.lstsq", "linalg.cho_solve", "linalg.lu_solve", "sparse.linalg.cg", "sparse.linalg.gmres")


def newton_iterations(form: LoopForm, flow: Flow, ctx) -> str | None:
    """Why the loop counts solver iterations, not data: it walks no data and each step solves a
    linear system with a Jacobian (or Hessian) evaluated in the step (``v = v - solve(J(v), r(v))``
    with ``J = jax.jacfwd(...)``): Newton and Gauss-Newton loops converge in a handful of steps."""
    if walks_data(form, flow):
        return None
    for node in walk(form.node):
        if not (isinstance(node, ast.Call) and (ctx.resolve(node.func) or "").endswith(LINEAR_SOLVES)):
            continue
        for inner in (child for arg in node.args for child in walk(arg)):
            if not isinstance(inner, ast.Call):
                continue
            transform = ctx.value(inner.func).transform  # ``J(v)`` with ``J = jax.jacfwd(g)``, or ``jax.jacfwd(g)(v)``
            if transform in GRADIENT_FUNCTIONS and derivative_kind(transform) in ("Jacobian", "Hessian"):
                return (f"each step solves with a {derivative_kind(transform)} evaluated in the step (line {node.lineno}): "
                        "Newton iterations, a handful of steps rather than one per datum")
    return None


#: Loops of the library that run a step function over a sequence: the step passed first.
LOOP_PRIMITIVES = frozenset({"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop"})


def repeated_scan_step(form: LoopForm, flow: Flow, ctx) -> str | None:
    """Why the loop repeats a step a set number of times rather than walking data: it walks no
    data and calls a step function that the same function also runs with ``lax.scan`` (or
    ``fori_loop``, ``while_loop``): the main recurrence is a scan already, and the Python loop
    repeats its step a few more times (a sampler's extra final steps)."""
    function = ctx.function
    if walks_data(form, flow) or function is None:
        return None
    called = {node.func.id for node in walk(form.node) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    if not called:
        return None
    for node in walk(function):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in called \
                and ctx.resolve(node.func) in LOOP_PRIMITIVES:
            return (f"each step calls `{node.args[0].id}`, which `{ctx.resolve(node.func).rpartition('.')[2]}` at line {node.lineno} "
                    "already runs over the sequence: this loop repeats that step a set number of times")
    return None


def shifted_windows(form: LoopForm, flow: Flow, code) -> str | None:
    """Why the loop counts shifts, not data: its index is read only in slice bounds, each step
    taking the arrays nearly whole and shifted by it (``r[n - 1 - i:len(r) - i]``), with no
    element read at the index: an n-step return, a stencil's taps, a window's length."""
    index = form.index
    if index is None or not isinstance(form.node, ast.For):
        return None
    bounds: list[ast.Slice] = []
    for node in walk(form.node):
        if isinstance(node, ast.Slice) and any(part is not None and index in names_read(part) for part in (node.lower, node.upper)):
            bounds.append(node)
    if not bounds:
        return None
    inside = {id(child) for bound in bounds for part in (bound.lower, bound.upper) if part is not None for child in walk(part)}
    if any(isinstance(node, ast.Name) and node.id == index and id(node) not in inside for stmt in form.node.body for node in walk(stmt)):
        return None  # the index is read elsewhere too (an element, a value)
    if not any(part is not None and _length_of_something(part) for bound in bounds for part in (bound.upper, bound.lower)):
        return None  # ``x[i:i + 2]``: a window walking the data, not the data shifted
    shown = next(bound for bound in bounds)
    return (f"each step reads the arrays whole, shifted by `{index}` (`{code(shown)}`): the loop counts shifts "
            "(an n-step return, a stencil's taps), not one step per datum")


def _length_of_something(expr: ast.AST) -> bool:
    """``len(r) - i``, ``x.shape[0] - i``, ``-i``: a bound measured from an array's end."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return True
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
        or isinstance(node, ast.Attribute) and node.attr == "shape"
        for node in walk(expr)
    )
