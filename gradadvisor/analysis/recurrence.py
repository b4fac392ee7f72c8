"""Loop-carried dataflow: what a Python loop carries from one step to the next, and how.

Read by the recurrence rule (GA103). For one ``for`` or ``while`` loop, given its form
(``recurrence_form``), it answers:

- the *writes* into arrays at positions that move with the index or a counter, and for every
  read of such an array whether it sees what an *earlier step* wrote (``x[i - 1]``, ``x[:i]``,
  the whole array) or only the original values (``x[i]``, ``x[i + 1]`` in a forward loop); the
  positions themselves are footprints (``recurrence_footprints``);
- the *carried* names (a step reads the value an earlier step assigned) and among them the
  *recurrent* ones, whose new value depends on their old value through any chain of
  assignments (``h = tanh(W @ h + u[t])``; ``s`` and ``h`` updated from each other). Clocks and
  counters (``t = t + dt``, ``j += 1``) and PRNG keys split per step are set apart: they advance
  by a fixed rule and carry no data;
- what a step *stores*: a state written at the index or appended to a list (``hs.append(h)``).

Whether a recurrent state's update is affine in it is ``linear_recurrence``'s question.

Everything here is syntax plus the names the loop body assigns; it never runs code. Where it
cannot tell, it errs towards "depends on an earlier step": that keeps the advice (a scan) valid.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from gradadvisor.analysis.recurrence_footprints import Footprint, Write, chained_index, entry_name, offset, read_footprint, sees_earlier, write_of
from gradadvisor.analysis.recurrence_form import LoopForm, assigned_names, counter_step
from gradadvisor.analysis.syntax import child_nodes, grown_list, int_value, names_read, target_names, walk

#: Calls that derive a new PRNG key: a key split per step carries no data between steps.
KEY_UPDATES = frozenset({"jax.random.split", "jax.random.fold_in", "jax.random.PRNGKey", "jax.random.key", "jax.random.clone"})
#: Reads of an array that do not depend on its values.
METADATA = frozenset({"shape", "dtype", "ndim", "size", "at", "sharding", "aval", "weak_type"})


# -- the body as a sequence of steps ---------------------------------------------------------


@dataclass
class Item:
    """One statement of the loop body, in execution order, with the ``if`` tests it sits under.

    ``path`` names the branches that enclose it (an assignment is definite for the statements
    whose path extends its own). A *merge* item follows an ``if``: the names every branch assigns
    are definite from there on."""

    statement: ast.stmt
    tests: tuple[ast.expr, ...] = ()
    conditional: bool = False
    #: A nested loop or definition: read as a whole.
    opaque: bool = False
    path: tuple[tuple[int, int], ...] = ()
    merge: frozenset[str] | None = None


def body_items(body: list[ast.stmt], tests: tuple[ast.expr, ...] = (), conditional: bool = False, path: tuple = ()) -> list[Item]:
    items: list[Item] = []
    for stmt in body:
        if isinstance(stmt, ast.If):
            inner = tests + (stmt.test,)
            items.extend(body_items(stmt.body, inner, True, path + ((id(stmt), 0),)))
            items.extend(body_items(stmt.orelse, inner, True, path + ((id(stmt), 1),)))
            both = _definitely_assigned(stmt.body) & _definitely_assigned(stmt.orelse)
            items.append(Item(stmt, tests, conditional, path=path, merge=frozenset(both)))
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            items.append(Item(stmt, tests, conditional, opaque=False, path=path))
            items.extend(body_items(stmt.body, tests, conditional, path))
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            items.extend(body_items(stmt.body, tests, True, path + ((id(stmt), 0),)))  # type: ignore[attr-defined]
            for number, handler in enumerate(stmt.handlers, start=1):  # type: ignore[attr-defined]
                items.extend(body_items(handler.body, tests, True, path + ((id(stmt), number),)))
            items.extend(body_items(stmt.orelse, tests, True, path + ((id(stmt), 0),)))  # type: ignore[attr-defined]
            items.extend(body_items(stmt.finalbody, tests, conditional, path))  # type: ignore[attr-defined]
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Match)):
            items.append(Item(stmt, tests, conditional, opaque=True, path=path))
        else:
            items.append(Item(stmt, tests, conditional, path=path))
    return items


def _definitely_assigned(body: list[ast.stmt]) -> set[str]:
    """Names a block assigns on every path through it (its own statements and ``if``s with both branches)."""
    found: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            found.update(name for target in stmt.targets for name in target_names(target))
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and (stmt.value is not None or isinstance(stmt, ast.AugAssign)):
            found.update(target_names(stmt.target))
        elif isinstance(stmt, ast.If):
            found |= _definitely_assigned(stmt.body) & _definitely_assigned(stmt.orelse)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            found |= _definitely_assigned(stmt.body)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(stmt.name)
    return found


def exposed_reads(body: list[ast.stmt], defined: set[str] | None = None) -> set[str]:
    """Names a block reads before assigning them (upward-exposed reads), in execution order; a
    nested loop's own targets are defined by its header."""
    defined = set(defined or ())
    found: set[str] = set()

    def reads(node: ast.AST | None) -> None:
        if node is not None:
            found.update(names_read(node) - defined)

    for stmt in body:
        if isinstance(stmt, ast.Assign):
            reads(stmt.value)
            for target in stmt.targets:
                if not isinstance(target, (ast.Name, ast.Tuple, ast.List)):
                    reads(target)
            defined.update(name for target in stmt.targets for name in target_names(target))
        elif isinstance(stmt, ast.AugAssign):
            reads(stmt.value)
            reads(stmt.target if not isinstance(stmt.target, ast.Name) else None)
            if isinstance(stmt.target, ast.Name) and stmt.target.id not in defined:
                found.add(stmt.target.id)
        elif isinstance(stmt, ast.AnnAssign):
            reads(stmt.value)
            if stmt.value is not None:
                defined.update(target_names(stmt.target))
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            reads(stmt.iter)
            found |= exposed_reads(stmt.body, defined | set(target_names(stmt.target)))
            found |= exposed_reads(stmt.orelse, defined)
        elif isinstance(stmt, ast.While):
            reads(stmt.test)
            found |= exposed_reads(stmt.body, defined)
            found |= exposed_reads(stmt.orelse, defined)
        elif isinstance(stmt, ast.If):
            reads(stmt.test)
            found |= exposed_reads(stmt.body, defined)
            found |= exposed_reads(stmt.orelse, defined)
            defined |= _definitely_assigned(stmt.body) & _definitely_assigned(stmt.orelse)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                reads(item.context_expr)
                if item.optional_vars is not None:
                    defined.update(target_names(item.optional_vars))
            found |= exposed_reads(stmt.body, defined)
            defined |= _definitely_assigned(stmt.body)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            inner = {arg.arg for arg in ast.walk(stmt) if isinstance(arg, ast.arg)}
            found.update(names_read(stmt) - defined - inner - assigned_names(getattr(stmt, "body", [])))
            defined.add(stmt.name)  # type: ignore[union-attr]
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            found |= exposed_reads(stmt.body, defined)  # type: ignore[attr-defined]
            for handler in stmt.handlers:  # type: ignore[attr-defined]
                found |= exposed_reads(handler.body, defined)
            found |= exposed_reads(stmt.orelse + stmt.finalbody, defined)  # type: ignore[attr-defined]
        else:
            reads(stmt)
    return found


# -- dataflow --------------------------------------------------------------------------------


@dataclass
class Flow:
    form: LoopForm
    items: list[Item]
    #: Names the body binds (the loop's own targets excluded).
    assigned: set[str]
    writes: list[Write]
    #: Arrays written at positions that move with the index.
    moving_arrays: set[str]
    #: Names whose value from an earlier step is read.
    carried: set[str]
    #: Carried names whose new value depends on their old one (through any chain).
    recurrent: set[str]
    clocks: set[str]
    keys: set[str]
    #: name -> the old values its end-of-step value depends on.
    final: dict[str, frozenset[str]]
    #: Why each carried name is carried: the read that sees the earlier step.
    reasons: dict[str, str]
    #: Lists appended per step -> the appended values.
    appends: dict[str, list[ast.expr]]
    #: Recurrent names stored per step (written at the index, or appended).
    stored: set[str]
    #: Expression statements other than appends (calls for their side effects).
    side_effects: list[ast.stmt]
    #: For each write, the old values its value and position depend on.
    write_deps: dict[int, frozenset[str]]
    #: Before each statement: this step's values so far (name -> old values they depend on).
    snapshots: dict[int, dict[str, frozenset[str]]]
    has_walrus: bool = False
    #: Lists grown per step whose newest items the body reads (-> the newest read, as shown:
    #: ``ys[-1]``, ``T[n - 1]``; a list grown by ``append`` or filled by ``hist[t] = ...``).
    last_items: dict[str, str] = field(default_factory=dict)
    #: How many of each such list's newest items a step reads (``T[n - 1]`` and ``T[n - 2]``: 2);
    #: 0 when a step reads an item a table names (``frames[parents[i]]``): any earlier one.
    last_depths: dict[str, int] = field(default_factory=dict)

    def updates_of(self, name: str) -> list[ast.stmt]:
        return [item.statement for item in self.items if name in _item_targets(item)]


def _item_targets(item: Item) -> set[str]:
    stmt = item.statement
    if item.merge is not None:
        return set()
    if item.opaque:
        found = assigned_names([stmt])
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(stmt.name)
        return found
    if isinstance(stmt, ast.Assign):
        return {name for target in stmt.targets for name in target_names(target)} | {entry for target in stmt.targets for entry in [entry_name(target)] if entry}
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        return set(target_names(stmt.target)) if stmt.value is not None or isinstance(stmt, ast.AugAssign) else set()
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return {name for item in stmt.items if item.optional_vars is not None for name in target_names(item.optional_vars)}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in stmt.names}
    return set()


def analyse(form: LoopForm, resolve, code) -> Flow:
    """The dataflow of one loop body."""
    node = form.node
    items = body_items(node.body)
    var = form.index
    loop_names = set(form.targets) | ({var} if var else set())
    assigned = set()
    for item in items:
        assigned |= _item_targets(item)
    assigned -= set(form.targets)
    changing = assigned | loop_names  # positions anchored on other names stay put (``h.at[z, t + 1]``)
    #: Entries of local mappings the body assigns (``state["h"] = ...``): tracked like names.
    entries = {name for name in assigned if "[" in name or "." in name}
    # A list appended per step whose last items the body reads (``ys.append(ys[-1] + f(ys[-1]))``)
    # carries its last item like a name: each append assigns it.
    # (``ys += [v]`` and ``ys = ys + [v]`` assign the list only to grow it)
    rebound = set().union(*(_item_targets(item) for item in items if grown_list(item.statement) is None)) if items else set()
    last_items = {name: shown for name, shown in _last_item_lists(node.body, var).items() if name not in rebound - set(form.targets)}
    assigned |= set(last_items)
    # Positions may move with the index, or with a counter the body steps by a literal (``j += 1``).
    movers: list[tuple[str, int]] = [(var, form.direction)] if var else []
    for name in sorted(assigned):
        steps = [counter_step(item.statement) for item in items if name in _item_targets(item)]
        literals = [int_value(found[1]) if found is not None and found[0] == name else None for found in steps]
        if literals and all(literal is not None and literal != 0 for literal in literals) and len({literal > 0 for literal in literals}) == 1:  # type: ignore[operator]
            movers.append((name, 1 if literals[0] > 0 else -1))  # type: ignore[operator]
    # ... or with a local the body sets from the index each step (``idx = i``, ``j = i + 1``):
    # ``out = out.at[idx].set(...)`` writes where ``out.at[i]`` would.
    if var:
        for item in items:
            stmt = item.statement
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id in assigned and offset(stmt.value, var) is not None
                    and sum(stmt.targets[0].id in _item_targets(other) for other in items) == 1):
                movers.append((stmt.targets[0].id, form.direction))
    writes: list[Write] = []
    for item in items:
        if item.opaque:
            continue
        for mover, sign in movers:
            write = write_of(item.statement, mover, resolve, code)
            if write is not None and write.footprint.moving:
                write.var, write.direction = mover, sign
                writes.append(write)
                break
    moving_arrays = {write.array for write in writes}
    by_array: dict[str, list[Write]] = {}
    for write in writes:
        by_array.setdefault(write.array, []).append(write)
    #: The variable each array's positions move with (None: several, so no read can be placed).
    array_var: dict[str, str | None] = {
        array: found[0].var if len({write.var for write in found}) == 1 else None for array, found in by_array.items()
    }
    written_at: dict[int, Write] = {id(write.statement): write for write in writes}

    current: dict[str, frozenset[str]] = {}
    #: Where each name was assigned so far (branch paths): definite for statements below them.
    assigned_paths: dict[str, list[tuple]] = {}
    here: tuple = ()
    old_reads: set[str] = set()
    reasons: dict[str, str] = {}
    appends: dict[str, list[ast.expr]] = {}
    side_effects: list[ast.stmt] = []
    write_deps: dict[int, frozenset[str]] = {}
    snapshots: dict[int, dict[str, frozenset[str]]] = {}
    has_walrus = False
    for name, shown in last_items.items():
        reasons[name] = f"reads `{shown}`, added by the step before"

    def _read_of(node: ast.AST) -> tuple[str, Footprint] | None:
        for array in moving_arrays:
            found = read_footprint(node, {array}, array_var[array], resolve, code)
            if found is not None:
                return found if array_var[array] is not None else (array, Footprint(whole=True))
        return None

    def is_definite(name: str, path: tuple) -> bool:
        return any(path[: len(where)] == where for where in assigned_paths.get(name, ()))

    def assign(name: str, deps: frozenset[str], path: tuple) -> None:
        if path and name in current:
            deps = deps | current[name]  # a branch: the value before it may flow on
        current[name] = deps
        assigned_paths.setdefault(name, []).append(path)

    def name_deps(name: str) -> frozenset[str]:
        if name in loop_names and name not in assigned:
            return frozenset()
        if name in current:
            deps = current[name]
            if not is_definite(name, here):
                deps = deps | {name}
                old_reads.add(name)
                reasons.setdefault(name, f"reads `{name}`, which the step before updated")
            return deps
        if name in assigned:
            old_reads.add(name)
            reasons.setdefault(name, f"reads `{name}`, which the step before updated")
            return frozenset({name})
        return frozenset()

    def expr_deps(expr: ast.AST | None, skip: ast.AST | None = None) -> frozenset[str]:
        """The old values ``expr`` depends on. ``skip``: a subtree not to read (a write's base)."""
        if expr is None:
            return frozenset()
        found: set[str] = set()
        stack = [expr]
        while stack:
            current_node = stack.pop()
            if current_node is skip:
                continue
            if isinstance(current_node, ast.Attribute) and isinstance(current_node.value, ast.Name) and current_node.attr in METADATA and current_node.attr != "at":
                continue
            if isinstance(current_node, ast.Call) and isinstance(current_node.func, ast.Name) and current_node.func.id in ("len", "isinstance", "type") and current_node.args:
                if all(isinstance(arg, ast.Name) for arg in current_node.args):
                    continue
            entry = entry_name(current_node) if entries else None
            if entry is not None and entry in entries and isinstance(current_node.ctx, ast.Load):  # type: ignore[attr-defined]
                if entry in moving_arrays:
                    found.add(entry)
                    old_reads.add(entry)
                    reasons.setdefault(entry, f"reads all of `{entry}`, which earlier steps wrote")
                    found |= current.get(entry, frozenset())
                else:
                    found |= name_deps(entry)
                continue
            footprint = _read_of(current_node) if moving_arrays else None
            if footprint is not None:
                array, place = footprint
                earlier = [write for write in by_array[array] if sees_earlier(write.footprint, place, write.direction, changing)]
                if earlier:
                    found.add(array)
                    old_reads.add(array)
                    if isinstance(current_node, ast.Call) and len(current_node.args) > 1:
                        shown = f"`{array}` at `{_short(code(current_node.args[1]))}`"  # lax.dynamic_index_in_dim(x, i - 1)
                    else:
                        shown = f"`{_short(code(current_node), 40)}`"
                    reasons.setdefault(array, f"reads {shown}, written by an earlier step")
                if array in current:
                    found |= current[array]
                # the position expressions are read too
                if isinstance(current_node, ast.Subscript):
                    stack.append(current_node.slice)
                    if chained_index(current_node) is not None:
                        stack.append(current_node.value.slice)  # type: ignore[attr-defined]  # ``U[k - 1][t]``: both
                else:
                    stack.extend(current_node.args[1:])  # type: ignore[attr-defined]
                    stack.extend(keyword.value for keyword in current_node.keywords)  # type: ignore[attr-defined]
                continue
            if isinstance(current_node, ast.Name) and isinstance(current_node.ctx, ast.Load):
                if current_node.id in moving_arrays:
                    found.add(current_node.id)
                    old_reads.add(current_node.id)
                    reasons.setdefault(current_node.id, f"reads all of `{current_node.id}`, which earlier steps wrote")
                    if current_node.id in current:
                        found |= current[current_node.id]
                else:
                    found |= name_deps(current_node.id)
                continue
            if isinstance(current_node, ast.NamedExpr):
                nonlocal has_walrus
                has_walrus = True
            stack.extend(child_nodes(current_node))
        return frozenset(found)

    for item in items:
        stmt = item.statement
        here = item.path
        if item.merge is not None:
            for name in item.merge:
                assigned_paths.setdefault(name, []).append(item.path)
            continue
        snapshots[id(stmt)] = dict(current)
        control = frozenset().union(*(expr_deps(test) for test in item.tests)) if item.tests else frozenset()
        targets = _item_targets(item)
        if item.opaque:
            reads = exposed_reads([stmt])
            deps = frozenset().union(*(name_deps(name) for name in reads if name not in moving_arrays)) if reads else frozenset()
            deps |= frozenset().union(*(expr_deps(ast.Name(id=name, ctx=ast.Load())) for name in reads & moving_arrays)) if reads & moving_arrays else frozenset()
            deps |= control
            for name in targets:
                assign(name, deps, here if not isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) else here + ((id(stmt), 0),))
            continue
        write = written_at.get(id(stmt))
        if write is not None:
            if write.form == "at":
                base = write.call.func.value  # type: ignore[attr-defined]  # ``x.at[idx]``: written, not read
                deps = expr_deps(write.call, skip=base) | expr_deps(base.slice) | control
            else:
                deps = expr_deps(write.call, skip=write.call.args[0]) | control
            if write.array in current:
                deps |= current[write.array]
            write_deps[id(stmt)] = deps
            assign(write.array, deps, here)
            continue
        # ``xs.append(v)``, ``xs = xs + [v]``, or ``hist[t] = v`` into a list read at ``hist[t - 1]``: one item per step.
        appended = _append(stmt)
        if appended is None:
            appended = _stored_item(stmt, var)
            if appended is not None and appended[0] not in last_items:
                appended = None
        if appended is not None:
            list_name, value = appended
            appends.setdefault(list_name, []).append(value)
            write_deps[id(stmt)] = expr_deps(value) | control
            if list_name in last_items:
                assign(list_name, write_deps[id(stmt)], here)
            continue
        if isinstance(stmt, ast.Expr):
            expr_deps(stmt.value)
            side_effects.append(stmt)
            continue
        if isinstance(stmt, ast.Assign):
            deps = expr_deps(stmt.value) | control
            for target in stmt.targets:
                if not isinstance(target, (ast.Name, ast.Tuple, ast.List)) and entry_name(target) not in entries:
                    deps |= expr_deps(target)  # x[i] = v, obj.attr = v: host-side mutation
                    side_effects.append(stmt)
        elif isinstance(stmt, ast.AugAssign):
            deps = expr_deps(stmt.value) | expr_deps(ast.Name(id=stmt.target.id, ctx=ast.Load()) if isinstance(stmt.target, ast.Name) else stmt.target) | control
            if not isinstance(stmt.target, ast.Name):
                side_effects.append(stmt)
        elif isinstance(stmt, ast.AnnAssign):
            deps = expr_deps(stmt.value) | control
        else:
            deps = frozenset().union(*(expr_deps(child) for child in ast.iter_child_nodes(stmt) if isinstance(child, ast.expr))) | control
            if isinstance(stmt, (ast.Raise, ast.Assert)):
                pass
        for name in targets:
            assign(name, deps, here)

    # The while test runs at the start of every step: it reads old values.
    if isinstance(node, ast.While):
        expr_deps(node.test)

    final = {name: (current.get(name, frozenset()) | ({name} if not is_definite(name, ()) else frozenset())) for name in assigned}
    carried = (old_reads & assigned) | moving_arrays
    keys = {name for name in carried if _key_only(name, items, resolve)}
    # A clock serves the other statements (``t`` read by the state update, the test, a position);
    # ``x = x + 1.0`` read by nothing else is the state itself.
    read_by_others = {
        name for item in items if item.merge is None and not isinstance(item.statement, (ast.With, ast.AsyncWith))
        for name in names_read(item.statement) - _item_targets(item)
    }
    if isinstance(node, ast.While):
        read_by_others |= names_read(node.test)
    clocks = {name for name in carried if name not in moving_arrays and name in read_by_others and _clock(name, items, assigned | loop_names)}
    if form.index and form.index in assigned:
        clocks.add(form.index)
    candidates = carried - keys - clocks
    recurrent = _in_cycles({name: final.get(name, frozenset()) & candidates for name in candidates})
    stored: set[str] = set()
    for write in writes:
        deps = write_deps.get(id(write.statement), frozenset())
        stored |= deps & recurrent
        if write.array in recurrent:
            stored.add(write.array)
    for list_name, values in appends.items():
        for item in items:
            if id(item.statement) in write_deps and _append_target(item.statement, var) == list_name:
                stored |= write_deps[id(item.statement)] & recurrent
    return Flow(
        form, items, assigned, writes, moving_arrays, carried, recurrent, clocks, keys, final, reasons, appends, stored,
        side_effects, write_deps, snapshots, has_walrus, last_items, {name: _depth(node.body, name, var) for name in last_items},
    )


def recurrent_in_order(flow: Flow) -> list[str]:
    """The recurrent names in the order the body first updates them."""

    def first_place(name: str) -> tuple[int, int, str]:
        updates = flow.updates_of(name)
        if not updates:
            return 10**9, 0, name
        # ``u, v = step(u, v)``: one line; the targets' order breaks the tie.
        column = min((node.col_offset for node in ast.walk(updates[0]) if isinstance(node, ast.Name)
                      and node.id == name and isinstance(node.ctx, ast.Store)), default=0)
        return updates[0].lineno, column, name

    return sorted(flow.recurrent, key=first_place)


def _short(text: str, limit: int = 30) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def _append(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """``hs.append(v)``, ``hs += [v]``, ``hs = hs + [v]`` (or ``hs.insert(0, v)``, a backward
    loop's): (``hs``, ``v``)."""
    found = grown_list(stmt)
    return (found[0], found[1]) if found else None


def _stored_item(stmt: ast.stmt, var: str | None) -> tuple[str, ast.expr] | None:
    """``hist[t] = v`` (one item stored at the loop index, or at a literal offset from it): (``hist``, ``v``)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript)):
        return None
    target = stmt.targets[0]
    if isinstance(target.value, ast.Name) and offset(target.slice, var) is not None:
        return target.value.id, stmt.value
    return None


def _last_item_lists(body: list[ast.stmt], var: str | None) -> dict[str, str]:
    """Lists the loop body grows by one item per step and reads only behind the end it grows:
    what the earlier steps added is read back. ``ys.append(v)`` read at ``ys[-1]`` or at
    ``ys[n - 1]`` (``n`` the loop index: ``T.append(2 * x * T[n - 1] - T[n - 2])``);
    ``gae.insert(0, v)`` read at ``gae[0]``; and a list filled in place at the index,
    ``hist[t] = f(hist[t - 1])``. Each with how the message shows the newest item read."""
    def grown(node: ast.AST) -> tuple[str, str] | None:
        """(list, how) for ``ys.append(v)`` (``ys += [v]``...) / ``ys.insert(0, v)`` / ``hist[t] = v``."""
        if isinstance(node, ast.stmt) and (added := grown_list(node)) is not None:
            return added[0], added[2]
        found = _stored_item(node, var) if isinstance(node, ast.Assign) else None
        return (found[0], f"store{offset(node.targets[0].slice, var)}") if found else None  # type: ignore[attr-defined]

    growths = [(*found, node) for stmt in body for node in ast.walk(stmt) for found in [grown(node)] if found]
    result: dict[str, str] = {}
    for name in {list_name for list_name, _, _ in growths}:
        hows = {how for list_name, how, _ in growths if list_name == name}
        if len(hows) != 1:
            continue
        how = hows.pop()
        reads = [node for stmt in body for node in ast.walk(stmt) if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)]
        subscripts = [node for stmt in body for node in ast.walk(stmt)
                      if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and isinstance(node.ctx, ast.Load)]
        behind = [found for node in subscripts for found in [_behind(node.slice, how, var)] if found is not None]
        # ``ys.append``, ``ys = ys + [v]`` and ``hist[t] =`` name the list too (``ys += [v]`` stores it)
        stores = sum(_own_reads(node, name) for list_name, _, node in growths if list_name == name)
        if behind and len(behind) == len(subscripts) and len(reads) == len(behind) + stores:
            nearest = min(behind, key=lambda found: found[0])
            result[name] = f"{name}[{nearest[1]}]"
    return result


def _own_reads(stmt: ast.stmt, name: str) -> int:
    """How many times the statement growing the list ``name`` reads it outside the item it adds."""
    found = grown_list(stmt)
    item = found[1] if found else getattr(stmt, "value", None)
    inside = {id(node) for node in ast.walk(item)} if item is not None else set()
    return sum(1 for node in ast.walk(stmt) if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in inside)


def _behind(index: ast.expr, how: str, var: str | None) -> tuple[int, str] | None:
    """(how many items behind the newest, as shown) when ``index`` reads an item an earlier step
    added: ``-1`` after ``append``, ``0`` after ``insert(0, ...)``, ``t - 1`` after ``hist[t] = ...``
    or ``append`` (``T[n - 1]``), else None."""
    literal = int_value(index)
    if how == "insert":
        return (literal, str(literal)) if literal is not None and literal >= 0 else None
    if how == "append" and literal is not None:
        return (-literal - 1, str(literal)) if literal < 0 else None
    if how == "append" and _table_index(index, var):
        # ``frames.append(frames[parents[i]] @ T[i])``: an item a table names for this step (a
        # parent in a kinematic tree), added by an earlier step: how far behind is not shown
        return 1, ast.unparse(index)
    moved = offset(index, var)
    if moved is None:
        return None
    if how == "append" and moved >= 0:
        # ``hist = [p0, p1]``, then ``hist.append(f(hist[k], hist[k + 1]))``: the list grows one
        # item a step as the index does, so an item it reads at the index stays as far behind
        # the newest as the items the list started with (not shown here): ordered by offset
        return -moved - 1, ast.unparse(index)
    stored = int(how[len("store"):]) if how.startswith("store") else 0
    return (stored - moved - 1, ast.unparse(index)) if moved < stored else None


def _table_index(index: ast.expr, var: str | None) -> bool:
    """``parents[i]`` (or ``parent[i - 1]``): an entry of a table read at the loop index."""
    return var is not None and isinstance(index, ast.Subscript) and isinstance(index.value, ast.Name) and index.value.id != var \
        and offset(index.slice, var) is not None


def _depth(body: list[ast.stmt], name: str, var: str | None) -> int:
    """How many of the newest items of the list ``name`` a step reads (1 for ``ys[-1]``; 2 for
    ``T[n - 1]`` with ``T[n - 2]``), from the reads nearest and farthest behind."""
    reads = [node for stmt in body for node in ast.walk(stmt)
             if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and isinstance(node.ctx, ast.Load)]
    if any(_table_index(node.slice, var) for node in reads):
        return 0  # ``frames[parents[i]]``: whichever earlier item the table names
    positions = sorted(found for node in reads
                       for found in [int_value(node.slice) if int_value(node.slice) is not None else offset(node.slice, var)] if found is not None)
    return positions[-1] - positions[0] + 1 if positions else 1


def _append_target(stmt: ast.stmt, var: str | None = None) -> str | None:
    found = _append(stmt) or _stored_item(stmt, var)
    return found[0] if found else None


def _key_only(name: str, items: list[Item], resolve) -> bool:
    """Every update of ``name`` derives a PRNG key (``key, sub = jax.random.split(key)``)."""
    updates = [item.statement for item in items if name in _item_targets(item)]
    if not updates:
        return False
    for stmt in updates:
        value = getattr(stmt, "value", None)
        if not (isinstance(value, ast.Call) and (resolve(value.func) or "") in KEY_UPDATES):
            return False
    return True


def _clock(name: str, items: list[Item], variant: set[str]) -> bool:
    """Every update of ``name`` moves it by a step that does not change in the loop and is not
    computed by a call: ``t = t + dt``, ``j += 1``."""
    updates = [item for item in items if name in _item_targets(item)]
    if not updates:
        return False
    for item in updates:
        if item.opaque:
            return False
        found = counter_step(item.statement)
        if found is None or found[0] != name:
            return False
        step = found[1]
        if names_read(step) & variant or any(isinstance(node, ast.Call) for node in walk(step)):
            return False
    return True


def _in_cycles(graph: dict[str, frozenset[str]]) -> set[str]:
    """The nodes that lie on a cycle (self-loops included)."""
    found: set[str] = set()
    for start in graph:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            node = stack.pop()
            if node == start:
                found.add(start)
                break
            if node in seen or node not in graph:
                continue
            seen.add(node)
            stack.extend(graph[node])
    return found

