"""Statements in a loop body that take no part in what the loop computes, set aside before any
analysis.

A loop that maps, sums or carries is often written with something else in its step: a debugging
print behind a flag (``if verbose: print(i, loss)``), a timer nothing reads (``t0 =
time.time()``), a helper defined in the step that reads nothing the step binds (``def dist(u,
v): ...``). Each loop reader reads the step statement by statement, and any statement it does not
know makes it give up. ``set_aside_inert_steps`` rewrites the tree in place, before the facts
are built, so that every reader sees the step the loop computes:

- a guarded report (an ``if`` whose branches only print or log, whose test calls nothing and
  indexes nothing: a flag, ``i % 100 == 0``) is removed from the step;
- an assignment of a clock reading (``time.time()``, ``perf_counter()``, ``datetime.now()``) to a
  name the function reads nowhere else is removed from the step;
- the loop's item bound again to itself (``x = xs[k]`` in ``for k, x in enumerate(xs)``) is
  removed from the step;
- a parallel assignment of names (``p, q = a[c], b[c]``), no value reading a target, becomes one
  assignment per name;
- a ``def`` in the step, undecorated, whose free names are none of the step's own names, is moved
  to just before the loop (a closure that reads only what the step does not bind is the same
  function on every step).

Nodes keep their positions, so findings point at the user's code. The facts stay facts:
``set_aside(node)`` gives what was set aside from the loop ``node``, ``times_steps(node)`` says
whether a clock was read there (a loop timed step by step runs on the host unless a trace is
shown), and ``Context.add_candidate`` drops a fix whose edits would delete or cross a statement set
aside (the finding stays, as advice).
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.recurrence_form import assigned_names
from gradadvisor.analysis.syntax import free_reads, names_read, target_names
from gradadvisor.analysis.vectorize import statement_lists

#: Calls that report and compute nothing the program uses.
REPORTERS = frozenset({"print", "logging.info", "logging.debug", "logging.warning", "logging.error", "logging.log",
                       "jax.debug.print", "tqdm.tqdm.write", "tqdm.write"})
#: Calls that read a clock.
CLOCKS = frozenset({"time.time", "time.perf_counter", "time.monotonic", "time.process_time", "time.time_ns",
                    "time.perf_counter_ns", "timeit.default_timer", "datetime.datetime.now"})
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def set_aside_inert_steps(tree: ast.Module, text: str, resolve) -> None:
    """Set aside, in place, the inert statements of every loop body of ``tree`` (``resolve``:
    the file's import resolver). One walk of the tree; a loop whose step holds no statement of
    the kinds above is left at once."""
    if "for " not in text and "while " not in text:
        return
    reads: dict[int, dict[str, int]] = {}
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, function = stack.pop()
        if isinstance(node, _DEFS):
            function = node
        elif isinstance(node, _LOOPS) and function is not None and any(_maybe_inert(stmt, node) for stmt in node.body):
            known = reads.get(id(function))
            if known is None and any(isinstance(stmt, ast.Assign) and _clock_assignment(stmt, resolve) for stmt in node.body):
                known = reads[id(function)] = _name_reads(function)
            _set_aside(node, function, resolve, known or {})
        stack.extend((child, function) for child in ast.iter_child_nodes(node) if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)))


def _maybe_inert(stmt: ast.stmt, loop: ast.AST) -> bool:
    """A cheap first test: ``stmt`` is of a kind ``_set_aside`` may set aside."""
    if isinstance(stmt, (ast.If, *_DEFS, ast.AugAssign)):
        return True
    if not isinstance(stmt, ast.Assign):
        return False
    value = stmt.value
    return (isinstance(value, ast.Call) and not value.args and not value.keywords  # a clock
            or isinstance(value, ast.Tuple) and isinstance(stmt.targets[0], ast.Tuple)  # a parallel assignment
            or isinstance(value, ast.Subscript) and isinstance(getattr(loop, "iter", None), ast.Call))  # the item read again


def set_aside(node: ast.AST) -> tuple[ast.stmt, ...]:
    """The statements set aside from the loop ``node`` (empty for any other node)."""
    return getattr(node, "set_aside", ())


def times_steps(node: ast.AST) -> bool:
    """The loop ``node`` read a clock in its step (a timer set aside)."""
    return any(getattr(stmt, "clock", False) for stmt in set_aside(node))


def _set_aside(loop: ast.For | ast.AsyncFor | ast.While, function: ast.AST, resolve, reads: dict[str, int]) -> None:
    bound: set[str] = set()
    if any(isinstance(stmt, _DEFS) for stmt in loop.body):  # the names one step binds, its own variables too
        bound = assigned_names(loop.body) | (set(target_names(loop.target)) if isinstance(loop, (ast.For, ast.AsyncFor)) else set())
    kept: list[ast.stmt] = []
    hoisted: list[ast.stmt] = []
    dropped: list[ast.stmt] = []
    body = _joined_temporaries(loop.body, dropped)
    for stmt in body:
        if _guarded_report(stmt, resolve) or _target_reread(stmt, loop):
            dropped.append(stmt)
        elif (name := _clock_assignment(stmt, resolve)) is not None and reads.get(name, 0) == 0:
            stmt.clock = True  # type: ignore[attr-defined]
            dropped.append(stmt)
        elif isinstance(stmt, _DEFS) and _invariant_helper(stmt, bound, body):
            hoisted.append(stmt)
        elif (parts := _parallel_parts(stmt)) is not None:
            dropped.append(stmt)  # the fix would cross it: set aside, its parts kept
            kept.extend(parts)
        else:
            kept.append(stmt)
    if not (dropped or hoisted) or not kept:
        return  # a step made only of such statements is left as it is
    loop.body = kept
    loop.set_aside = tuple(dropped + hoisted)  # type: ignore[attr-defined]
    if hoisted:
        block = next((block for block in statement_lists(function) if any(stmt is loop for stmt in block)), None)
        if block is None:
            loop.body = kept + hoisted  # nowhere to move them: they stay in the step
            return
        position = next(number for number, stmt in enumerate(block) if stmt is loop)
        block[position:position] = hoisted


def _joined_temporaries(body: list[ast.stmt], dropped: list[ast.stmt]) -> list[ast.stmt]:
    """``lam = a; lam += b`` as ``lam = a + b`` (the pair goes to ``dropped``): a temporary built
    over two statements is one value of the step, not a total carried across steps."""
    joined: list[ast.stmt] = []
    for stmt in body:
        last = joined[-1] if joined else None
        if (isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, (ast.Add, ast.Sub, ast.Mult, ast.Div))
                and isinstance(last, ast.Assign) and len(last.targets) == 1 and isinstance(last.targets[0], ast.Name)
                and last.targets[0].id == stmt.target.id and stmt.target.id not in names_read(stmt.value) and getattr(last, "joined", None) is None):
            value = ast.copy_location(ast.BinOp(left=last.value, op=stmt.op, right=stmt.value), last.value)
            value.end_lineno = value.end_col_offset = None  # spans two statements: shown unparsed, not as a slice of text
            merged = ast.copy_location(ast.Assign(targets=last.targets, value=value), last)
            merged.end_lineno, merged.end_col_offset = stmt.end_lineno, stmt.end_col_offset
            merged.joined = (last, stmt)  # type: ignore[attr-defined]
            dropped.extend((last, stmt))
            joined[-1] = merged
            continue
        joined.append(stmt)
    return joined


def _target_reread(stmt: ast.stmt, loop: ast.AST) -> bool:
    """``x = xs[k]`` in ``for k, x in enumerate(xs)``: the loop's item bound again to itself."""
    if not (isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name)
            and loop.iter.func.id == "enumerate" and len(loop.iter.args) == 1 and not loop.iter.keywords
            and isinstance(loop.iter.args[0], ast.Name) and isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2
            and all(isinstance(item, ast.Name) for item in loop.target.elts)):
        return False
    index, item = (element.id for element in loop.target.elts)  # type: ignore[attr-defined]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == item):
        return False
    value = stmt.value
    return (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and value.value.id == loop.iter.args[0].id  # type: ignore[attr-defined]
            and isinstance(value.slice, ast.Name) and value.slice.id == index)


def _parallel_parts(stmt: ast.stmt) -> list[ast.stmt] | None:
    """``p, q = a[c], b[c]`` as ``p = a[c]`` then ``q = b[c]``, when no value reads a target (no
    swap) and each target is a plain name bound once; None for any other statement."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple)
            and isinstance(stmt.value, ast.Tuple) and len(stmt.targets[0].elts) == len(stmt.value.elts) > 1):
        return None
    targets, values = stmt.targets[0].elts, stmt.value.elts
    if not all(isinstance(target, ast.Name) for target in targets) or any(isinstance(value, ast.Starred) for value in values):
        return None
    names = [target.id for target in targets]  # type: ignore[attr-defined]
    if len(set(names)) != len(names) or any(names_read(value) & set(names) for value in values):
        return None
    return [ast.copy_location(ast.Assign(targets=[target], value=value), target) for target, value in zip(targets, values)]


def _reporting(stmt: ast.stmt, resolve) -> bool:
    """``print(...)``, ``logging.info(...)``, ``jax.debug.print(...)`` as a statement."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return False
    func = stmt.value.func
    qualified = resolve(func) or (func.id if isinstance(func, ast.Name) else None)
    return qualified in REPORTERS


def _guarded_report(stmt: ast.stmt, resolve) -> bool:
    """``if verbose: print(...)`` (``else`` too): every branch only reports, and the test calls
    nothing and indexes nothing (a flag or a count, not a test of a computed array)."""
    if not isinstance(stmt, ast.If):
        return False
    if any(isinstance(node, (ast.Call, ast.Subscript, ast.NamedExpr, ast.Await)) for node in ast.walk(stmt.test)):
        return False
    return all(_reporting(item, resolve) for item in [*stmt.body, *stmt.orelse])


def _clock_assignment(stmt: ast.stmt, resolve) -> str | None:
    """The name ``t0 = time.time()`` binds."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call) and not stmt.value.args and not stmt.value.keywords):
        return None
    return stmt.targets[0].id if resolve(stmt.value.func) in CLOCKS else None


def _name_reads(function: ast.AST) -> dict[str, int]:
    """How many times each name is read in ``function``, nested definitions included."""
    counts: dict[str, int] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            counts[node.id] = counts.get(node.id, 0) + 1
    return counts


def _invariant_helper(stmt: ast.FunctionDef | ast.AsyncFunctionDef, bound: set[str], body: list[ast.stmt]) -> bool:
    """A ``def`` in the step that is the same function on every step: no decorator, no
    ``global``/``nonlocal``, its name bound once in the step, and none of the step's names read
    inside it."""
    if stmt.decorator_list or any(isinstance(node, (ast.Global, ast.Nonlocal)) for node in ast.walk(stmt)):
        return False
    if sum(1 for other in body if isinstance(other, (*_DEFS, ast.ClassDef)) and other.name == stmt.name) != 1:
        return False
    if any(stmt.name in target_names(target) for other in body if isinstance(other, ast.Assign) for target in other.targets):
        return False
    arguments = stmt.args
    defaults = [*arguments.defaults, *(item for item in arguments.kw_defaults if item is not None)]
    if any(names_read(default) & bound for default in defaults):
        return False
    free = free_reads(stmt)
    return not (free & (bound - {stmt.name}))
