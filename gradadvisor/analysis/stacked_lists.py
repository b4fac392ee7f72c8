"""Stacked lists: per-sample results gathered in a list or a buffer, then made one array.

Three shapes of code gather one result per sample before the array exists: a list assigned
from a comprehension and joined later (``ys = [...]`` ... ``jnp.stack(ys)``), a list that a
loop appends to (``out = []``, ``for x in xs: out.append(f(x))``, ``jnp.stack(out)``), and a
preallocated array that a loop fills item by item (``out = np.zeros(n)``, ``out[i] = f(x[i])``).
This module finds them and the joining calls, and says when the list is used for nothing else
(so that building the array at once replaces it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.library import key_split
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.per_sample import joining
from gradadvisor.analysis.syntax import int_value, name_count, names_read, positional, target_names, walk
from gradadvisor.analysis.vectorize import replace_name, statement_lists

#: Constructors of an array that a loop then fills item by item.
FILLED_CONSTRUCTORS = frozenset({"zeros", "empty", "ones", "zeros_like", "empty_like", "ones_like", "full"})


def joined_only(statements: list[ast.stmt], index: int, list_name: str, own_uses: int, ctx) -> list[ast.Call]:
    """The joining calls of the list ``list_name`` (``jnp.stack(name)``...) in the statements
    after ``index``, when they are its only other uses in the function (after
    ``name = jnp.stack(name)`` the name holds the array, and may be used freely; ``len(name)``
    and a test of its truth, ``if name:``, count its items whatever holds them); empty
    otherwise. ``own_uses``: the uses made by the loop or assignment that builds the list."""

    def is_join(node: ast.AST) -> bool:
        if not isinstance(node, ast.Call):
            return False
        args = positional(node)
        if not (args and isinstance(args[0], ast.Name) and args[0].id == list_name):
            return False
        return joining(ctx.resolve(node.func)) is not None or builtin_sum(node, ctx)

    def counted(node: ast.AST) -> bool:  # len(name): the number of items, whatever holds them
        return isinstance(node, ast.Call) and ctx.is_builtin(node.func, "len") and len(node.args) == 1 and isinstance(node.args[0], ast.Name) and node.args[0].id == list_name

    found: list[ast.Call] = []
    later = statements[index + 1 :]
    accounted = own_uses + sum(1 for statement in later for node in walk(statement) if counted(node) or truth_test(node, list_name))
    for position, statement in enumerate(later):
        found.extend(node for node in walk(statement) if is_join(node))  # type: ignore[misc]
        value = statement.value if isinstance(statement, ast.Assign) else None
        while not is_join(value):
            if isinstance(value, (ast.Attribute, ast.Subscript)):
                value = value.value  # ``ys = jnp.array(ys).T``, ``ys = jnp.stack(ys)[:, 0]``: the join, then a view of it
            elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and not names_read(value) - names_read(value.func) & {list_name}:
                value = value.func.value  # ``ys = jnp.asarray(ys).flatten()``: a method of the joined array
            else:
                break
        if (
            isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and statement.targets[0].id == list_name and is_join(value)
        ):
            # ``ys = jnp.stack(ys)``: from here on ``ys`` is the joined array.
            accounted += 1 + sum(name_count(rest, list_name) for rest in later[position + 1 :])
            break
    if not found or name_count(ctx.function, list_name) != accounted + len(found):  # type: ignore[arg-type]
        return []
    return found


def truth_test(node: ast.AST, list_name: str) -> bool:
    """``node`` is an ``if``/``while``/conditional expression whose test is the truth of
    ``list_name`` (``if out:``, ``if not out:``)."""
    if not isinstance(node, (ast.If, ast.While, ast.IfExp)):
        return False
    test = node.test.operand if isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not) else node.test
    return isinstance(test, ast.Name) and test.id == list_name


def tests_truth(statements: list[ast.stmt], list_name: str) -> bool:
    """Some statement tests the truth of ``list_name`` (``truth_test``)."""
    return any(truth_test(node, list_name) for statement in statements for node in walk(statement))


def builtin_sum(call: ast.Call, ctx) -> bool:
    """``sum(name)``: the builtin adding a list's items one by one (no start value)."""
    return ctx.is_builtin(call.func, "sum") and len(call.args) == 1 and not call.keywords


@dataclass(frozen=True)
class AppendedList:
    """``name = []`` ... a loop whose body ends with ``name.append(value)`` ... ``jnp.stack(name)``
    (or ``return name``: the list itself is the result)."""

    name: str
    #: What each iteration appends.
    value: ast.expr
    #: The values of the assignments before the append (temporaries of one iteration).
    steps: tuple[ast.expr, ...]
    #: The joining calls, the list's only other uses.
    joins: tuple[ast.Call, ...]
    #: Not joined: the list is returned as it is (one program output per element).
    returned: bool = False
    #: An array grown one result per step (``out = jnp.append(out, v)``), not a list.
    grown: bool = False
    #: The names the temporaries bind, in order (one per step; None for a tuple target).
    names: tuple[str | None, ...] = ()
    #: Other lists the same loop appends to, each starting empty and only joined (``fits``,
    #: ``pens``): maps of their own, so a rewrite of this list alone would drop them.
    others: tuple[str, ...] = ()
    #: Each value appended inside a one-element list (``xs.append([f(x)])``): the joined array
    #: has an extra axis of length 1 after the first.
    wrapped: bool = False
    #: Items the list holds before the loop (``out = [xs[0]]``): the map covers the loop's items,
    #: which then join those.
    seeded: int = 0
    #: The list's truth is tested (``if out:``) besides its joins: an array's truth is not its length.
    tested: bool = False
    #: Keys each step splits afresh (``key, sub = jax.random.split(key)``): split once, one per step.
    keys: tuple[str, ...] = ()
    #: The step prints (``print(g)``) besides computing: a host loop eagerly; under a trace the
    #: print runs once, when the step is traced, so the map stands, as advice.
    prints: bool = False

    @property
    def computed(self) -> ast.expr:
        """What one iteration computes: the appended value, with the temporaries ahead of it."""
        return self.value if not self.steps else ast.Tuple(elts=[*self.steps, self.value], ctx=ast.Load())

    @property
    def inlined(self) -> ast.expr | None:
        """The appended value with the temporaries written in (``a = A[k]; out.append(f(w, a))``
        reads as ``f(w, A[k])``), when each binds one name; None otherwise."""
        if not self.steps or None in self.names:
            return None
        value = self.value
        for name, step in reversed(list(zip(self.names, self.steps))):
            value = replace_name(value, name, step)  # type: ignore[arg-type]
        return value  # type: ignore[return-value]


def appended_list(node: ast.For | ast.While, body: list[ast.stmt], ctx) -> AppendedList | None:
    """The list that the loop ``node`` (whose body is ``body``) appends one value per iteration
    to, starting empty and then only joined, each iteration standing alone (temporaries
    assigned before they are read, nothing carried); None for any other loop."""
    if not body or not isinstance(body[-1], (ast.Assign, ast.Expr)):
        return None
    # ``fits.append(a); pens.append(b)``: a list appended before the last is a map of its own
    # when it, too, starts empty and is only joined (checked below); the last one is judged.
    side = {_appended_name(stmt): stmt for stmt in body[:-1] if _appended_name(stmt)}
    # ``key, sub = jax.random.split(key)``: a key split afresh each step, not state the map
    # carries (one key per step, split once before the loop)
    splits = {stmt: split[0] for stmt in body[:-1] if (split := key_split(stmt, ctx.resolve)) is not None}
    keys = tuple(splits.values())
    printed = [stmt for stmt in body[:-1] if _printing(stmt, ctx)]
    flat = _iteration_steps([stmt for stmt in body[:-1] if stmt not in side.values() and stmt not in splits and stmt not in printed], ctx)
    if flat is None or any(set(keys) & names_read(step) for _, step in flat) or set(keys) & names_read(body[-1]):
        return None
    append = body[-1]
    grown = _grown(append, ctx)
    if grown is not None:
        list_name, value = grown
    elif _appended_name(append) is None:
        return None
    else:
        list_name = _appended_name(append)  # type: ignore[assignment]
        value = append.value.args[0]  # type: ignore[attr-defined]
    wrapped = isinstance(value, ast.List) and len(value.elts) == 1 and not isinstance(value.elts[0], ast.Starred) and grown is None
    if wrapped:
        value = value.elts[0]  # ``xs.append([f(x)])``: one result per step, stacked with an axis of 1
    if isinstance(value, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
        return None  # joined per sample into one array, but vmapped into a tuple of arrays
    # Each iteration must stand alone: temporaries are assigned before they are read, and
    # nothing assigned in the body is read before its assignment (that would carry state).
    steps: list[ast.expr] = []
    assigned: set[str] = set()
    for targets, step in flat:
        if not all(isinstance(target, (ast.Name, ast.Tuple)) for target in targets):
            return None
        for target in targets:
            assigned |= names_read(target)
        steps.append(step)
    # The loop's own variables are fresh every iteration: reading one before the body rebinds it
    # (``x = x * scale`` first thing) carries nothing from the iteration before.
    available: set[str] = set(target_names(node.target)) if isinstance(node, ast.For) else set()
    for targets, step in flat:
        if names_read(step) & (assigned - available):
            return None
        for target in targets:
            available |= names_read(target)
    if list_name in assigned or list_name in names_read(value) or any(list_name in names_read(step) for step in steps):
        return None
    if list_name in side or set(side) & (assigned | names_read(value) | {n for step in steps for n in names_read(step)}):
        return None
    names = tuple(targets[0].id if len(targets) == 1 and isinstance(targets[0], ast.Name) else None for targets, _ in flat)
    siblings = ctx.block_of(node)
    if siblings is None:
        return None
    block, position = siblings
    own_uses = 2  # ``name = []`` and the append
    if not any(list_name in target_names(target) for stmt in block[:position] if isinstance(stmt, ast.Assign) for target in stmt.targets):
        # ``if mode: for ...: out.append(...)`` with ``out = []`` before the ``if``: the branch's
        # loop fills the list the code after the ``if`` joins (the other branch may fill it too)
        branch = _branch_of(ctx, block) if position == len(block) - 1 else None
        siblings = ctx.block_of(branch) if branch is not None else None
        if siblings is not None:
            block, position = siblings
            appends = sum(1 for child in walk(branch) if isinstance(child, ast.Expr) and _appended_name(child) == list_name)
            if name_count(branch, list_name) != appends:
                return None  # the branches use the list otherwise than by appending to it
            own_uses = 1 + appends
    starts = [stmt.value for stmt in block[:position] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
              and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == list_name]
    if grown is not None:
        if side or printed or not starts or not _empty_array(starts[-1], ctx):
            return None
        return AppendedList(list_name, value, tuple(steps), (), grown=True, names=names)
    seeded = _seed_count(block[:position], list_name)
    if seeded is None:
        return None
    if side and not all(_starts_empty(block[:position], other) and joined_only(block, position, other, 2, ctx) for other in side):
        return None
    joins = joined_only(block, position, list_name, own_uses, ctx)
    if not joins:
        if not side and not seeded and not printed and returned_only(block, position, list_name, own_uses, ctx):
            return AppendedList(list_name, value, tuple(steps), (), returned=True, names=names, wrapped=wrapped)
        return None
    return AppendedList(list_name, value, tuple(steps), tuple(joins), names=names, others=tuple(side), wrapped=wrapped,
                        seeded=seeded, tested=tests_truth(block[position + 1 :], list_name), keys=keys, prints=bool(printed))


def _printing(stmt: ast.stmt, ctx) -> bool:
    """``print(...)`` as a statement of its own (the builtin)."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name)
            and stmt.value.func.id == "print" and ctx.is_builtin(stmt.value.func, "print"))



def _seed_count(statements: list[ast.stmt], list_name: str) -> int | None:
    """How many items the list holds when the loop starts, from its last binding among
    ``statements``: 0 for ``[]`` (``a, b = [], []`` too), k for a list of k plain items
    (``out = [xs[0]]``); None for any other start."""
    for stmt in reversed(statements):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        target, value = stmt.targets[0], stmt.value
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            value = next((item for part, item in zip(target.elts, value.elts) if isinstance(part, ast.Name) and part.id == list_name), None)  # type: ignore[assignment]
            if value is None:
                continue
        elif not (isinstance(target, ast.Name) and target.id == list_name):
            continue
        return len(value.elts) if isinstance(value, ast.List) and not any(isinstance(item, ast.Starred) for item in value.elts) else None
    return None


def _branch_of(ctx, block: list[ast.stmt]) -> ast.If | None:
    """The ``if`` statement one of whose branches is ``block``, in the current function."""
    for statements in statement_lists(ctx.function):
        for stmt in statements:
            if isinstance(stmt, ast.If) and (stmt.body is block or stmt.orelse is block):
                return stmt
    return None


def _appended_name(stmt: ast.stmt) -> str | None:
    """``name`` of a statement ``name.append(value)``, else None."""
    if (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr == "append" and isinstance(stmt.value.func.value, ast.Name) and len(stmt.value.args) == 1
            and not stmt.value.keywords and not isinstance(stmt.value.args[0], ast.Starred)):
        return stmt.value.func.value.id
    return None


def _starts_empty(statements: list[ast.stmt], list_name: str) -> bool:
    """The last binding of ``list_name`` among ``statements`` is ``[]`` (``a, b = [], []`` too)."""
    return _seed_count(statements, list_name) == 0


def _iteration_steps(statements: list[ast.stmt], ctx) -> list[tuple[list[ast.expr], ast.expr]] | None:
    """The assignments of one iteration before its append, in order, as ``(targets, value)``:
    ``h += b`` reads as ``h = h + b``, and an inner loop over something that is not data
    (``for layer in self.layers: h = layer(h)``) as one pass of its body, its own variable left
    free (what one sample goes through, layer after layer). None for any other statement (an
    ``if``, a call made for its effect, an inner loop over data: a product, not one map)."""
    steps: list[tuple[list[ast.expr], ast.expr]] = []
    for stmt in statements:
        if isinstance(stmt, ast.Assign):
            steps.append((list(stmt.targets), stmt.value))
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
            read = ast.Name(id=stmt.target.id, ctx=ast.Load())
            steps.append(([stmt.target], ast.copy_location(ast.BinOp(left=read, op=stmt.op, right=stmt.value), stmt.value)))
        elif isinstance(stmt, ast.For) and not stmt.orelse and isinstance(stmt.target, (ast.Name, ast.Tuple)):
            if ctx.extent(stmt.iter).is_data:
                return None  # an inner loop over data: a product of two walks
            inner = _iteration_steps(stmt.body, ctx)
            if inner is None or not inner:
                return None
            steps.extend(inner)
        else:
            return None
    return steps


def _grown(stmt: ast.stmt, ctx) -> tuple[str, ast.expr] | None:
    """``out = jnp.append(out, v)`` / ``out = jnp.concatenate([out, v])`` / ``out = jnp.vstack([out,
    row])``: ``(out, v)``."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call) and all(item.arg == "axis" and int_value(item.value) == 0 for item in stmt.value.keywords)):
        return None  # ``axis=0`` keeps the rows apart, as a stack does
    name, call = stmt.targets[0].id, stmt.value
    module, _, function = (ctx.resolve(call.func) or "").rpartition(".")
    if module not in AUTODIFF_NUMPY:
        return None
    if function == "append" and len(call.args) == 2 and isinstance(call.args[0], ast.Name) and call.args[0].id == name:
        return name, call.args[1]
    if function in ("concatenate", "hstack", "vstack", "row_stack") and len(call.args) == 1 and isinstance(call.args[0], (ast.List, ast.Tuple)):
        items = call.args[0].elts
        if len(items) == 2 and isinstance(items[0], ast.Name) and items[0].id == name:
            return name, items[1]
    return None


def _empty_array(expr: ast.expr, ctx) -> bool:
    """``jnp.array([])``, ``jnp.zeros(0)``, ``jnp.empty((0,))``: an empty jax array to grow."""
    if not isinstance(expr, ast.Call):
        return False
    qualified = ctx.resolve(expr.func) or ""
    module, _, function = qualified.rpartition(".")
    if module not in AUTODIFF_NUMPY or not expr.args:
        return False
    first = expr.args[0]
    if function in ("array", "asarray"):
        return isinstance(first, (ast.List, ast.Tuple)) and not first.elts
    if function in ("zeros", "empty"):
        sizes = first.elts if isinstance(first, ast.Tuple) else [first]
        return bool(sizes) and isinstance(sizes[0], ast.Constant) and sizes[0].value == 0
    return False


def returned_only(statements: list[ast.stmt], index: int, list_name: str, own_uses: int, ctx) -> bool:
    """Whether the list ``list_name`` is, after the statement at ``index``, only returned as it
    is (``return outputs``): one output of the program per element, never joined."""
    later = statements[index + 1 :]
    returns = [s for s in later if isinstance(s, ast.Return) and isinstance(s.value, ast.Name) and s.value.id == list_name]
    return bool(returns) and name_count(ctx.function, list_name) == own_uses + len(returns)  # type: ignore[arg-type]


@dataclass(frozen=True)
class FilledBuffer:
    """``buffer = np.zeros(n)`` ... ``for index in ...: buffer[index] = value``."""

    buffer: str
    index: str
    value: ast.expr
    #: The qualified constructor (``numpy.zeros``, ``autograd.numpy.empty``...).
    constructor: str
    #: The axis the index writes along: 0 for ``buffer[i]``, 1 for ``buffer[:, i]``.
    axis: int = 0


def filled_buffer(node: ast.For, ctx) -> FilledBuffer | None:
    """A loop whose one statement writes a value per index into a fresh array made for it (not
    reading what an earlier step wrote, which is a recurrence); None for any other loop."""
    if len(node.body) != 1 or not isinstance(node.target, ast.Name):
        return None
    stmt = node.body[0]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript)):
        return None
    target, value, index = stmt.targets[0], stmt.value, node.target.id
    axis = _written_axis(target.slice, index)
    if not isinstance(target.value, ast.Name) or axis is None:
        return None
    buffer = target.value.id
    if buffer in names_read(value) or isinstance(value, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
        return None  # reads what an earlier step wrote (a recurrence), or fills a row with a tuple
    siblings = ctx.block_of(node)
    if siblings is None:
        return None
    block, position = siblings
    made = None
    for earlier in block[:position]:
        if isinstance(earlier, ast.Assign) and len(earlier.targets) == 1 and isinstance(earlier.targets[0], ast.Name) and earlier.targets[0].id == buffer:
            made = earlier.value
    constructor = ctx.resolve(made.func) if isinstance(made, ast.Call) else None
    if constructor is None or not constructor.startswith(AUTODIFF_NUMPY + ("numpy.",)) or constructor.rpartition(".")[2] not in FILLED_CONSTRUCTORS:
        return None  # not a fresh array made for the loop to fill
    return FilledBuffer(buffer, index, value, constructor, axis)


def _written_axis(position: ast.expr, index: str) -> int | None:
    """The axis ``buffer[position]`` writes along: ``i`` is 0, ``:, i`` is 1 (every other
    position a whole ``:``); None for any other position."""
    if isinstance(position, ast.Name):
        return 0 if position.id == index else None
    if not isinstance(position, ast.Tuple):
        return None
    axes = [at for at, item in enumerate(position.elts) if isinstance(item, ast.Name) and item.id == index]
    whole = all(
        isinstance(item, ast.Slice) and item.lower is None and item.upper is None and item.step is None
        for at, item in enumerate(position.elts) if at not in axes
    )
    return axes[0] if len(axes) == 1 and whole else None


@dataclass(frozen=True)
class PairList:
    """``for a in range(m): for b in range(a + 1, m): d.append(f(p[a], p[b]))`` ... ``jnp.array(d)``:
    one value per pair of a triangle, joined after the loops."""

    name: str
    joins: tuple[ast.Call, ...]
    inner: ast.For
    #: Every pair of two ranges (``for b in range(m)`` inside ``for a in range(n)``), not a triangle.
    grid: bool = False


def pair_list(node: ast.For, ctx) -> PairList | None:
    """The pairs the double loop at ``node`` appends one value each for (a triangle, the inner
    range bounded by the outer index; or the grid of two ranges), the list starting empty before
    it and only joined after; None for any other loop."""
    if node.orelse or len(node.body) != 1 or not isinstance(node.target, ast.Name):
        return None
    inner = node.body[0]
    if not (isinstance(inner, ast.For) and not inner.orelse and isinstance(inner.target, ast.Name) and inner.body
            and isinstance(inner.iter, ast.Call) and ctx.is_builtin(inner.iter.func, "range") and not inner.iter.keywords):
        return None
    bounds = inner.iter.args
    grid = node.target.id not in names_read(inner.iter)
    reading = [node.target.id in names_read(bound) for bound in bounds[:2]]
    outer_range = isinstance(node.iter, ast.Call) and ctx.is_builtin(node.iter.func, "range")
    if grid and (not outer_range or len(bounds) != 1 or not ctx.extent(inner.iter).is_data):
        return None  # every pair of two ranges: the inner one grows with the data too (else a map with a small inner loop)
    if not grid and (len(bounds) > 2 or len(bounds) == 2 and sum(reading) != 1):
        return None  # range(a + 1, a + 3): a band of neighbours, not a triangle
    list_name = _appended_name(inner.body[-1])
    if list_name is None:
        return None
    value = inner.body[-1].value.args[0]  # type: ignore[attr-defined]
    for stmt in reversed(inner.body[:-1]):  # ``d = norm(p[i] - p[j]); out.append(d)``: temporaries written in
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            return None
        value = replace_name(value, stmt.targets[0].id, stmt.value)  # type: ignore[assignment]
    if not {node.target.id, inner.target.id} <= names_read(value) or list_name in names_read(value):
        return None
    siblings = ctx.block_of(node)
    if siblings is None:
        return None
    block, position = siblings
    joins = joined_only(block, position, list_name, 2, ctx) if _starts_empty(block[:position], list_name) else []
    return PairList(list_name, tuple(joins), inner, grid) if joins else None
