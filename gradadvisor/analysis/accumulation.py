"""Accumulations: a loop body read as sums, one term per step, into accumulators.

An *accumulation* is ``acc += term``, ``acc = acc + term`` (or ``term + acc``), ``acc -= term``,
``acc = acc - term`` or ``acc = jnp.add(acc, term)``. A loop body is a sum when it holds only
accumulations and plain local assignments (whose values are inlined into the terms), carries
nothing from one step to the next but each accumulator into itself, and no term reads an
accumulator (that is a recurrence). A sum over the *rows of data-sized arrays* asks more:
the loop is not building a list or a string, every term changes with the loop, no step
builds a module, computes a gradient (chunked on purpose) or works on NumPy, and the walked
elements are array rows (not host numbers, models, or different arrays reduced whole).

Also here: what the work of such a loop is (jax, host-side driver code, or plain arithmetic
that only a trace makes jax), whether the code is a method of a flax.linen or haiku module
(whose submodules need the library's own ``vmap``), and whether an accumulator's start
survives an empty loop unchanged under the batched sum. GA302 asks these; ``ctx`` is a
rule's context.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gradadvisor.analysis import values as v
from gradadvisor.analysis.accumulation_walk import for_level
from gradadvisor.analysis.extent import is_data_name
from gradadvisor.analysis.gradient import COMPILING, transform_name
from gradadvisor.analysis.library import key_split
from gradadvisor.analysis.recurrence_steps import calls_indexed
from gradadvisor.analysis.syntax import free_reads, grown_list, int_value, names_read, one_line, target_names, walk
from gradadvisor.analysis.vectorize import (
    builds_modules,
    calls_host_numpy,
    calls_jax,
    calls_outside_jax,
    computes_gradients,
    converts_to_python,
    element_is_object,
    has_walrus,
    reduces_whole,
    replace_names,
)

if TYPE_CHECKING:
    from gradadvisor.analysis.extent import Extent
    from gradadvisor.analysis.accumulation_walk import Level

#: The ``add`` functions an accumulation may be spelled with.
ADD_FUNCTIONS = ("jax.numpy.add", "autograd.numpy.add")
#: A running maximum or minimum (``worst = jnp.maximum(worst, term)``): a fold of one term per
#: step, as a sum is; the batched form reduces the terms with ``jnp.max`` / ``jnp.min``.
FOLD_FUNCTIONS = {"jax.numpy.maximum": "max", "jax.numpy.minimum": "min", "jax.numpy.fmax": "max", "jax.numpy.fmin": "min",
                  "autograd.numpy.maximum": "max", "autograd.numpy.minimum": "min",
                  "jax.numpy.logical_or": "any", "jax.numpy.logical_and": "all"}
#: A running test (``hit = hit | (x[i] > t)``, ``ok &= test(x[i])``): one ``jnp.any`` / ``jnp.all``.
LOGICAL_FOLDS = {ast.BitOr: "any", ast.BitAnd: "all"}
#: jax.numpy functions whose result is a boolean test of their arguments.
TESTS = frozenset({"isnan", "isinf", "isfinite", "isclose", "allclose", "logical_and", "logical_or", "logical_not", "logical_xor",
                   "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "any", "all", "signbit", "isin"})


def is_test(term: ast.expr, resolve) -> bool:
    """``term`` is a boolean test: a comparison, ``~``, ``&``/``|`` of tests, or a jax.numpy
    test (``jnp.isnan(x[i])``); not integer bits (``1 << i``)."""
    if isinstance(term, ast.Compare):
        return True
    if isinstance(term, ast.UnaryOp) and isinstance(term.op, ast.Invert):
        return is_test(term.operand, resolve)
    if isinstance(term, ast.BinOp) and type(term.op) in (ast.BitAnd, ast.BitOr, ast.BitXor):
        return is_test(term.left, resolve) and is_test(term.right, resolve)
    if isinstance(term, ast.Call):
        module, _, function = (resolve(term.func) or "").rpartition(".")
        return module in ("jax.numpy", "autograd.numpy") and function in TESTS
    return False


@dataclass
class Accumulation:
    """``name += term`` (or ``name = name + term``, ``-=``, ``name = jnp.add(name, term)``)."""

    statement: ast.stmt
    name: str
    term: ast.expr
    subtract: bool
    #: The term with the body's local assignments substituted in.
    inlined: ast.expr | None = None
    #: Added in the branches of an ``if``: the term is a conditional expression of them.
    branches: int = 0
    #: How many statements of one step add to it (``pen += a`` ... ``pen += b``: 2).
    terms: int = 1
    #: "add" for a sum; "max" or "min" for a running maximum or minimum (``FOLD_FUNCTIONS``);
    #: "prod" for a running product (``surv *= 1 - h[t]``); "any" or "all" for a running test
    #: (``hit = hit | cond``, ``ok &= cond``: ``LOGICAL_FOLDS``).
    fold: str = "add"

    @property
    def signed(self) -> ast.expr:
        """The term as added (``-term`` for ``-=``)."""
        return _signed(self.term, self.subtract)


@dataclass
class Body:
    accumulations: list[Accumulation]
    #: Names the body assigns besides the accumulators (their values are inlined).
    locals: list[str]
    #: Lists the body appends one item to per step besides (``log_probs.append(lp)``): a batched
    #: rewrite must return them too, so there is advice and no fix.
    collected: list[str] = field(default_factory=list)
    #: The step runs an inner loop of its own (``for W, b in layers: h = f(W, h, b)``): its
    #: terms cannot be written as one expression, so there is advice and no rewrite.
    opaque: bool = False
    #: A call's several results are unpacked into locals (``gx, gy = derivs(...)``).
    unpacked: bool = False
    #: Branches that only report (``if jnp.isnan(acc): print(...)``), left out of the sum: the
    #: rewrite would drop them, so there is advice and no fix.
    checks: int = 0
    #: Keys the step splits afresh (``key, sub = jax.random.split(key)``: ``{"key": ("sub",)}``):
    #: each step draws with a new key, so its term changes with the step though the index is
    #: unused; a batched rewrite splits them once (advice, no fix).
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def branched(self) -> bool:
        return any(item.branches for item in self.accumulations)


def branched_accumulation(stmt: ast.If, resolve) -> Accumulation | None:
    """A running total split across ``if``/``elif``/``else`` branches (``if k == "a": tot += f(x)
    elif ...: tot -= g(x)``): one accumulation whose term is the conditional expression of the
    branches' terms (zero where no branch adds); None unless every branch only adds to the same
    one accumulator, once."""
    terms: list[tuple[ast.expr, ast.expr]] = []
    name = None
    node: ast.stmt | None = stmt
    fallback: ast.expr = ast.Constant(0)
    single = accumulation_of(stmt.body[0], resolve) if len(stmt.body) == 1 else _after_locals(stmt.body, resolve)
    if single is not None and single.fold in ("max", "min") and not stmt.orelse and single.name not in names_read(stmt.test):
        # ``if ok: m = jnp.maximum(m, term)``: a running maximum of the terms where the test holds
        # (the identity, -inf or inf, elsewhere)
        identity = ast.UnaryOp(op=ast.USub(), operand=_inf()) if single.fold == "max" else _inf()
        return Accumulation(stmt, single.name, ast.IfExp(test=stmt.test, body=single.term, orelse=identity), False, branches=1, fold=single.fold)
    while isinstance(node, ast.If):
        found = accumulation_of(node.body[0], resolve) if len(node.body) == 1 else _after_locals(node.body, resolve)
        if found is None and _records_only(node.body):
            terms.append((node.test, ast.Constant(0)))  # `if verbose: log[k] = v`: adds nothing
        elif found is None or found.fold != "add" or name is not None and found.name != name:
            return None
        else:
            name = found.name
            terms.append((node.test, found.signed))
        if not node.orelse:
            node = None
        elif len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
        else:
            last = accumulation_of(node.orelse[0], resolve) if len(node.orelse) == 1 else None
            if last is None and _records_only(node.orelse):
                node = None  # the else branch only logs: it adds nothing
                continue
            if last is None or last.fold != "add" or name is not None and last.name != name:
                return None
            name = last.name
            fallback = last.signed
            node = None
    if name is None or any(name in names_read(test) for test, _ in terms):
        return None
    term = fallback
    for test, value in reversed(terms):
        term = ast.IfExp(test=test, body=value, orelse=term)
    return Accumulation(stmt, name, term, False, branches=len(terms) + (not isinstance(fallback, ast.Constant)))


def _inf() -> ast.expr:
    return ast.Call(func=ast.Name(id="float", ctx=ast.Load()), args=[ast.Constant("inf")], keywords=[])


def _after_locals(body: list[ast.stmt], resolve) -> Accumulation | None:
    """A branch that computes locals, then adds once (``if el in table: ab = table[el]; op =
    f(x, ab); total += op``): the accumulation with the locals written into its term (each
    assigned once, by a plain name or a tuple of them, ``a, b = f(x)``, before the addition)."""
    *steps, last = body
    found = accumulation_of(last, resolve) if steps else None
    if found is None:
        return None
    values: list[dict[str, ast.expr]] = []
    for stmt in steps:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        if isinstance(target, ast.Name):
            values.append({target.id: stmt.value})  # type: ignore[union-attr]
        elif isinstance(target, ast.Tuple) and all(isinstance(item, ast.Name) for item in target.elts):
            values.append({item.id: ast.Subscript(value=stmt.value, slice=ast.Constant(k), ctx=ast.Load())  # type: ignore[union-attr,attr-defined]
                           for k, item in enumerate(target.elts)})
        else:
            return None
    names = [name for mapping in values for name in mapping]
    if len(set(names)) != len(names) or found.name in names:
        return None
    term = found.term
    for mapping in reversed(values):
        term = replace_names(term, mapping)  # type: ignore[assignment]
    return replace(found, term=term)


def accumulation_of(stmt: ast.stmt, resolve) -> Accumulation | None:
    """``stmt`` as an accumulation, or None."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, (ast.Add, ast.Sub)):
        return Accumulation(stmt, stmt.target.id, stmt.value, isinstance(stmt.op, ast.Sub))
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, ast.Mult):
        # ``surv *= 1 - h[t]``: a running product, one factor per step
        return Accumulation(stmt, stmt.target.id, stmt.value, False, fold="prod") if stmt.target.id not in names_read(stmt.value) else None
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and type(stmt.op) in LOGICAL_FOLDS:
        # ``ok &= test(x[i])``: a running test, one condition per step
        if stmt.target.id in names_read(stmt.value) or not is_test(stmt.value, resolve):
            return None
        return Accumulation(stmt, stmt.target.id, stmt.value, False, fold=LOGICAL_FOLDS[type(stmt.op)])
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return None
    target = stmt.targets[0].id
    value = stmt.value
    if isinstance(value, ast.BinOp) and type(value.op) in LOGICAL_FOLDS:
        own = [side for side in (value.left, value.right) if isinstance(side, ast.Name) and side.id == target]
        term = value.right if own and own[0] is value.left else value.left
        if len(own) == 1 and target not in names_read(term) and is_test(term, resolve):
            return Accumulation(stmt, target, term, False, fold=LOGICAL_FOLDS[type(value.op)])
        return None
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):
        own = [side for side in (value.left, value.right) if isinstance(side, ast.Name) and side.id == target]
        factor = value.right if own and own[0] is value.left else value.left
        if len(own) == 1 and target not in names_read(factor):
            return Accumulation(stmt, target, factor, False, fold="prod")
        return None
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        if isinstance(value.left, ast.Name) and value.left.id == target:
            return Accumulation(stmt, target, value.right, isinstance(value.op, ast.Sub))
        if isinstance(value.op, ast.Add) and isinstance(value.right, ast.Name) and value.right.id == target:
            return Accumulation(stmt, target, value.left, False)
        chained = _chained_term(value, target)
        if chained is not None:
            return Accumulation(stmt, target, *chained)
    if isinstance(value, ast.Call) and len(value.args) == 3 and not value.keywords and (resolve(value.func) or "") in WHERE_FUNCTIONS:
        return _masked(stmt, target, value)
    if isinstance(value, ast.Call) and len(value.args) == 2 and not value.keywords:
        qualified = resolve(value.func) or ""
        if qualified in FOLD_FUNCTIONS:
            first, second = value.args
            own = [item for item in value.args if isinstance(item, ast.Name) and item.id == target]
            term = second if own and own[0] is first else first
            if len(own) == 1 and not isinstance(term, ast.Starred) and target not in names_read(term):
                return Accumulation(stmt, target, term, False, fold=FOLD_FUNCTIONS[qualified])
            return None
        if qualified in ADD_FUNCTIONS:
            first, second = value.args
            if isinstance(first, ast.Name) and first.id == target and not isinstance(second, ast.Starred):
                return Accumulation(stmt, target, second, False)
            if isinstance(second, ast.Name) and second.id == target and not isinstance(first, ast.Starred):
                return Accumulation(stmt, target, first, False)
    return None


#: ``jnp.where``: a total that gains a term only where a condition holds.
WHERE_FUNCTIONS = frozenset({"jax.numpy.where", "autograd.numpy.where"})


def _masked(stmt: ast.stmt, target: str, value: ast.Call) -> Accumulation | None:
    """``acc = jnp.where(flag, acc + term, acc)`` (or the branches swapped): the total gains
    ``jnp.where(flag, term, 0)`` each step."""
    condition, taken, kept = value.args
    if target in names_read(condition):
        return None
    swapped = isinstance(taken, ast.Name) and taken.id == target
    if swapped:
        taken, kept = kept, taken
    if not (isinstance(kept, ast.Name) and kept.id == target and isinstance(taken, ast.BinOp) and isinstance(taken.op, (ast.Add, ast.Sub))):
        return None
    if not (isinstance(taken.left, ast.Name) and taken.left.id == target) or target in names_read(taken.right):
        return None
    zero = ast.Constant(0.0)
    parts = [condition, zero, taken.right] if swapped else [condition, taken.right, zero]
    term = ast.copy_location(ast.Call(func=value.func, args=parts, keywords=[]), value)
    return Accumulation(stmt, target, term, isinstance(taken.op, ast.Sub))


def _chained_term(value: ast.BinOp, target: str) -> tuple[ast.expr, bool] | None:
    """``total + a - b`` (``(total + a) - b``): the term ``a - b`` added, as written after the
    total; ``total - a + b`` subtracts ``a - b``. None unless the chain starts with ``target``."""
    operands: list[ast.expr] = []
    ops: list[ast.operator] = []
    node: ast.expr = value
    while isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        operands.append(node.right)
        ops.append(node.op)
        node = node.left
    if not (isinstance(node, ast.Name) and node.id == target) or len(operands) < 2:
        return None
    operands.reverse()
    ops.reverse()
    subtract = isinstance(ops[0], ast.Sub)
    term = operands[0]
    for op, operand in zip(ops[1:], operands[1:]):
        flipped = ast.Sub() if isinstance(op, ast.Add) == subtract else ast.Add()
        term = ast.BinOp(left=term, op=flipped, right=operand)
        term.lineno, term.col_offset = value.lineno, value.col_offset  # rendered, not cut from the source
    if any(isinstance(child, ast.Name) and child.id == target for operand in operands for child in ast.walk(operand)):
        return None  # the total read again inside a term: not a plain sum
    return term, subtract


def accumulation_body(statements: list[ast.stmt], loop_names: set[str], resolve, index_function=None) -> Body | None:
    """The accumulations of a loop body made of them and of plain local assignments, with
    no value carried from one step to the next but each accumulator into itself.
    ``index_function``: whether a call only does integer arithmetic (``_unpacked_call``)."""
    accumulations: list[Accumulation] = []
    local_values: list[tuple[str, ast.expr]] = []
    local_statements: list[tuple[str, ast.expr, ast.stmt]] = []
    appends: list[tuple[str, ast.expr]] = []  # (list, item) of ``log_probs.append(lp)``
    statements = _settled_branches(statements, loop_names)
    statements = [part for stmt in statements for part in _unpacked_parts(_as_reshape(stmt))]
    # ``if jnp.isnan(acc): print(...)``: a check that only reports, whatever it reads (the running
    # total included); the sum is the same without it, but a rewrite would drop it: advice only
    checks = [stmt for stmt in statements if isinstance(stmt, ast.If) and not stmt.orelse and _reports_only(stmt.body)]
    statements = [stmt for stmt in statements if stmt not in checks]
    helpers: list[ast.FunctionDef] = []  # a ``def`` in the step (a helper called right after): advice, no rewrite
    unpacked = False
    keys = {split[0]: split[1] for split in (key_split(stmt, resolve) for stmt in statements) if split is not None}
    if keys:
        statements = [stmt for stmt in statements if key_split(stmt, resolve) is None]
        if any(names_read(stmt) & set(keys) for stmt in statements):
            return None  # the key itself is read too: carried state, not only a fresh key per step
    for stmt in statements:
        if isinstance(stmt, ast.Pass):
            continue
        if isinstance(stmt, ast.FunctionDef) and not any(isinstance(child, (ast.Nonlocal, ast.Global)) for child in walk(stmt)):
            helpers.append(stmt)
            # read as a local whose value is what the helper reads (its closure), so a term that
            # calls it changes with the step when what it reads does
            closure = ast.Tuple(elts=[ast.Name(id=read, ctx=ast.Load()) for read in sorted(free_reads(stmt))], ctx=ast.Load())
            local_values.append((stmt.name, closure))
            local_statements.append((stmt.name, closure, stmt))
            continue
        found = accumulation_of(stmt, resolve) if not isinstance(stmt, ast.If) else branched_accumulation(stmt, resolve)
        if found is not None:
            accumulations.append(found)
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            local_values.append((stmt.targets[0].id, stmt.value))
            local_statements.append((stmt.targets[0].id, stmt.value, stmt))
            continue
        parts = _unpacked_call(stmt, loop_names, index_function)
        if parts is not None:
            # ``gx, gy = basis(grid, p[s])``: each name one item of what the call returns (advice only:
            # a rewrite would call it once per item)
            unpacked = True
            local_values.extend(parts)
            local_statements.extend((local, value, stmt) for local, value in parts)
            continue
        appended = _appended(stmt)
        if appended is not None:
            appends.append(appended)
            continue
        inner = _inner_loop(stmt)
        if inner is not None:
            local_values.extend((local, stmt) for local in sorted(inner))  # type: ignore[misc]
            continue
        return None  # a call for its effect, if, break, x[i] = ..., a, b = ...
    if not accumulations or any(has_walrus(stmt) for stmt in statements):
        return None
    totals = {item.name for item in accumulations}
    if any(not (names_read(check.test) & totals or _array_call(check.test, resolve)) for check in checks):
        return None  # ``if n is None: raise ...``: a check of the items' structure, not of a value
    inner_loops = any(isinstance(stmt, (ast.For, ast.While)) for stmt in statements)
    own_terms = {id(item.statement): item.term for item in accumulations}
    if appends:
        statements = [stmt for stmt in statements if _appended(stmt) is None]
        collected = {target for target, _ in appends}
        items = {name for _, item in appends for name in names_read(item)}
        if collected & (loop_names | items | {name for stmt in statements for name in names_read(stmt)}):
            return None  # a list the step reads back (its last item: a recurrence), or walks
        if items & {item.name for item in accumulations}:
            return None  # a list of the running totals: a cumulative sum, not one total
    names = [item.name for item in accumulations]
    local_names = [local for local, _ in local_values]
    if any(names_read(helper) & set(names) for helper in helpers):
        return None  # a helper that reads a running total: carried from step to step
    # A temporary rebound in straight line (``t = w @ x; t = jnp.sin(t); acc += t``) is inlined
    # in order below, as the SSA form of the step would read.
    if set(names) & (loop_names | set(local_names)) or set(local_names) & loop_names:
        return None
    # Nothing flows from one step to the next but each accumulator into itself, and no
    # accumulator is read by any term (a recurrence, or accumulators feeding each other).
    assigned: set[str] = set()
    for stmt in statements:
        if isinstance(stmt, ast.Pass):
            continue
        if id(stmt) in own_terms:
            reads = names_read(own_terms[id(stmt)])
            if reads & set(names) or (reads - assigned) & set(local_names):
                return None
            continue
        if isinstance(stmt, (ast.For, ast.While)):
            inner = _inner_loop(stmt) or set()
            own = set(target_names(stmt.target)) if isinstance(stmt, ast.For) else set()
            reads = names_read(stmt.iter if isinstance(stmt, ast.For) else stmt.test) | (_read_before_assigned(stmt.body, inner) - own)
        elif isinstance(stmt, ast.FunctionDef):
            reads = free_reads(stmt)
        else:
            reads = names_read(stmt.value)  # type: ignore[attr-defined]
        if reads & set(names) or (reads - assigned) & set(local_names):
            return None
        if isinstance(stmt, ast.FunctionDef):
            assigned.add(stmt.name)
        elif isinstance(stmt, (ast.For, ast.While)):
            assigned.update(_inner_loop(stmt) or ())
        else:
            assigned.update(names_read(stmt.targets[0]))  # type: ignore[attr-defined]
    order = {id(stmt): number for number, stmt in enumerate(statements)}
    for accumulation in accumulations:
        inlined: ast.AST = accumulation.term
        if not inner_loops:
            before = [(local, value) for local, value, stmt in local_statements if order[id(stmt)] < order[id(accumulation.statement)]]
            for local, value in reversed(before):
                inlined = replace_names(inlined, {local: value})
        accumulation.inlined = inlined  # type: ignore[assignment]
    # ``pen += a`` ... ``pen += b``: one total gaining two terms a step (neither reads it: checked
    # above), read as one accumulation of their sum; advice, no rewrite.
    merged: dict[str, Accumulation] = {}
    for item in accumulations:
        first = merged.get(item.name)
        if first is None:
            merged[item.name] = item
            continue
        if item.branches or first.branches or item.fold != "add" or first.fold != "add":
            return None  # a fold mixed with another update of the same total
        both = Accumulation(first.statement, item.name, ast.BinOp(left=first.signed, op=ast.Add(), right=item.signed), False, terms=first.terms + 1)
        both.inlined = ast.BinOp(left=_signed(first.inlined, first.subtract), op=ast.Add(), right=_signed(item.inlined, item.subtract))  # type: ignore[arg-type]
        merged[item.name] = both
    opaque = inner_loops or bool(helpers) or unpacked or len(merged) < len(accumulations) or bool(keys)
    return Body(list(merged.values()), list(dict.fromkeys(local_names)), list(dict.fromkeys(target for target, _ in appends)), opaque=opaque, unpacked=unpacked,
                checks=len(checks), keys=keys)



def _signed(term: ast.expr, subtract: bool) -> ast.expr:
    return ast.UnaryOp(op=ast.USub(), operand=term) if subtract else term


def _inner_loop(stmt: ast.stmt) -> set[str] | None:
    """The names an inner loop of a step assigns (its targets too), when all it does is assign
    plain names (``for W, b in layers: h = jnp.tanh(W @ h + b)``); None for anything else."""
    if not isinstance(stmt, (ast.For, ast.While)) or stmt.orelse:
        return None
    assigned = set(target_names(stmt.target)) if isinstance(stmt, ast.For) else set()
    for item in stmt.body:
        if isinstance(item, ast.Assign) and all(isinstance(target, (ast.Name, ast.Tuple)) for target in item.targets):
            assigned.update(name for target in item.targets for name in target_names(target))
        elif isinstance(item, ast.AugAssign) and isinstance(item.target, ast.Name):
            assigned.add(item.target.id)
        else:
            return None
    return assigned


def _read_before_assigned(body: list[ast.stmt], assigned: set[str]) -> set[str]:
    """The names ``body`` reads (on its first pass) before assigning them: from outside it."""
    reads: set[str] = set()
    done: set[str] = set()
    for item in body:
        value = item.value if isinstance(item, (ast.Assign, ast.AugAssign)) else item
        reads |= names_read(value) - done
        if isinstance(item, ast.AugAssign):
            reads |= {item.target.id} - done  # type: ignore[union-attr]
        done |= {name for target in (item.targets if isinstance(item, ast.Assign) else [item.target]) for name in target_names(target)}  # type: ignore[attr-defined]
    return reads


def _unpacked_call(stmt: ast.stmt, loop_names: set[str], index_function=None) -> list[tuple[str, ast.expr]] | None:
    """``(name, call[k])`` for each name of ``a, b = call(...)`` (plain names, no star); else None,
    and None when the call is handed a loop variable itself (``f(params, window_size)``: a size
    per step, so each step's results may have shapes of their own), unless ``index_function``
    says the call only does integer arithmetic on it (``a, b = divmod(n, 3)``, a helper splitting a
    flat index: the step's indices, as ``a, b = n // 3, n % 3`` would be)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Call)):
        return None
    if any(isinstance(arg, ast.Name) and arg.id in loop_names for arg in [*stmt.value.args, *(item.value for item in stmt.value.keywords)]):
        if index_function is None or not index_function(stmt.value):
            return None
    items = stmt.targets[0].elts
    if not all(isinstance(item, ast.Name) for item in items):
        return None
    return [(item.id, ast.Subscript(value=stmt.value, slice=ast.Constant(k), ctx=ast.Load())) for k, item in enumerate(items)]  # type: ignore[attr-defined]


def _unpacked_parts(stmt: ast.stmt) -> list[ast.stmt]:
    """``a, b, p = row[0], row[1], row[2:]`` as three assignments, one per name (each value
    reads none of the names, so the order does not matter), and ``p, q, w = tab[r]`` as
    ``p = tab[r][0]`` and so on; any other statement as it is."""
    if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Subscript)
            and all(isinstance(target, ast.Name) for target in stmt.targets[0].elts)
            and not {target.id for target in stmt.targets[0].elts} & names_read(stmt.value)):  # type: ignore[attr-defined]
        # ``p, q, w = tab[r]``: a row unpacked, ``tab[r][0]``, ``tab[r][1]``, ``tab[r][2]``
        row = stmt.value
        return [ast.copy_location(ast.Assign(targets=[ast.Name(id=target.id, ctx=ast.Store())],  # type: ignore[attr-defined]
                                             value=ast.Subscript(value=row, slice=ast.Constant(k), ctx=ast.Load())), stmt)
                for k, target in enumerate(stmt.targets[0].elts)]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Tuple)):
        return [stmt]
    targets, values = stmt.targets[0].elts, stmt.value.elts
    if len(targets) != len(values) or not all(isinstance(target, ast.Name) for target in targets) or any(isinstance(value, ast.Starred) for value in values):
        return [stmt]
    names = {target.id for target in targets}  # type: ignore[attr-defined]
    if len(names) != len(targets) or any(names_read(value) & names for value in values):
        return [stmt]
    return [ast.copy_location(ast.Assign(targets=[ast.Name(id=target.id, ctx=ast.Store())], value=value), stmt) for target, value in zip(targets, values)]  # type: ignore[attr-defined]


def _reads_before_assigning(branch: list[ast.stmt]) -> bool:
    """A branch reads one of its own targets before it assigns it (its previous step's value)."""
    targets = {item.targets[0].id for item in branch}  # type: ignore[attr-defined]
    assigned: set[str] = set()
    for item in branch:
        if names_read(item.value) & (targets - assigned):  # type: ignore[attr-defined]
            return True
        assigned.add(item.targets[0].id)  # type: ignore[attr-defined]
    return False


def _records_only(statements: list[ast.stmt]) -> bool:
    """A branch that only records values on the side: item stores into a local container
    (``log[f"s{i}"] = v``), ``append`` or ``print`` calls."""
    def records(stmt: ast.stmt) -> bool:
        if isinstance(stmt, ast.Assign):
            return all(isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) for target in stmt.targets)
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        return _appended(stmt) is not None or isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print"
    return bool(statements) and all(records(stmt) for stmt in statements)


#: Methods that only report (a logger's): ``log.warning(...)``.
REPORTING_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "log"})


def _reports_only(statements: list[ast.stmt]) -> bool:
    """A branch that only reports: ``print(...)``, a logger's call, ``warnings.warn(...)``, or
    ``raise``; it changes no value the loop computes."""
    def reports(stmt: ast.stmt) -> bool:
        if isinstance(stmt, ast.Raise):
            return True
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not isinstance(call, ast.Call):
            return False
        func = call.func
        return isinstance(func, ast.Name) and func.id == "print" or isinstance(func, ast.Attribute) and func.attr in REPORTING_METHODS
    return bool(statements) and all(reports(stmt) for stmt in statements)


def _array_call(test: ast.expr, resolve) -> bool:
    """``jnp.isnan(...)``, ``np.any(...)``: the test computes on arrays (a check of values)."""
    return any(isinstance(node, ast.Call) and (resolve(node.func) or "").split(".")[0] in ("jax", "numpy", "autograd") for node in walk(test))


def _settled_branches(statements: list[ast.stmt], loop_names: set[str]) -> list[ast.stmt]:
    """An ``if`` on a flag the loop does not change (``if use_entropy:``, a setting) that only
    assigns locals: every step takes the same branch, so each step computes what one branch
    says. One plain assignment of the same name per branch reads as the conditional
    expression (``e = f(x) if flag else 0.0``); longer branches as the ``if`` branch's
    statements (the terms are per-step work either way; a fix is not offered with locals)."""
    changed = {name for stmt in statements for node in ast.walk(stmt) if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
               for target in (node.targets if isinstance(node, ast.Assign) else [node.target]) for name in target_names(target)}
    settled: list[ast.stmt] = []
    for stmt in statements:
        if not isinstance(stmt, ast.If) or names_read(stmt.test) & (loop_names | changed):
            settled.append(stmt)
            continue
        branches = [stmt.body, stmt.orelse]
        assigns = [item for branch in branches for item in branch]
        if not all(isinstance(item, ast.Assign) and len(item.targets) == 1 and isinstance(item.targets[0], ast.Name) for item in assigns):
            settled.append(stmt)
            continue
        if any(_reads_before_assigning(branch) for branch in branches):
            settled.append(stmt)  # total = total + x in a branch: a conditional sum, not a local
            continue
        first, other = stmt.body, stmt.orelse
        if len(first) == 1 and len(other) == 1 and first[0].targets[0].id == other[0].targets[0].id:  # type: ignore[attr-defined]
            value = ast.copy_location(ast.IfExp(test=stmt.test, body=first[0].value, orelse=other[0].value), stmt)  # type: ignore[attr-defined]
            settled.append(ast.copy_location(ast.Assign(targets=[ast.Name(id=first[0].targets[0].id, ctx=ast.Store())], value=value), stmt))  # type: ignore[attr-defined]
        else:
            settled.extend(first)
    return settled


def _appended(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """``log_probs.append(lp)`` (or ``log_probs += [lp]``): the list a step adds one item to
    besides its sums, and the item."""
    found = grown_list(stmt)
    return (found[0], found[1]) if found is not None and found[2] == "append" else None


def _as_reshape(stmt: ast.stmt) -> ast.stmt:
    """``row.shape = (n, 1)`` (NumPy's in-place reshape, autograd-era code) read as the
    rebinding ``row = row.reshape((n, 1))``; any other statement as it is."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)):
        return stmt
    target = stmt.targets[0]
    if target.attr != "shape" or not isinstance(target.value, ast.Name):
        return stmt
    name = target.value.id
    reshaped = ast.Call(ast.Attribute(ast.Name(name, ast.Load()), "reshape", ast.Load()), [stmt.value], [])
    return ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], ast.copy_location(reshaped, stmt.value)), stmt)


def stateful_calls(node: ast.AST, ctx) -> list[str]:
    """``sim.advance(j)`` where ``sim = Sim(eps)`` was made by a class of this module whose
    ``advance`` assigns to ``self`` (``self.E = self.E + ...``): the calls in ``node`` that move
    an object's state, one step after another, as ``obj.method``. A class the code does not
    show says nothing."""
    found: list[str] = []
    for call in walk(node):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)):
            continue
        receiver = call.func.value.id
        made = ctx.assigned(receiver)
        if not (isinstance(made, ast.Call) and isinstance(made.func, ast.Name)):
            continue
        defined = ctx.scope.definition(made.func.id, "class")
        klass = defined[0] if defined is not None else None
        method = next((stmt for stmt in getattr(klass, "body", ()) if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == call.func.attr), None)
        if method is not None and _assigns_self(method):
            found.append(f"{receiver}.{call.func.attr}")
    return found


def _assigns_self(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The method rebinds an attribute of its instance (``self.E = ...``, ``self.t += dt``)."""
    args = method.args.posonlyargs + method.args.args
    if not args:
        return False
    own = args[0].arg
    for node in walk(method):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        if any(isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == own for target in targets):
            return True
    return False


def summed_rows(ctx, levels: list[Level], statements: list[ast.stmt]) -> Body | None:
    """The body of a loop nest (``levels``, body ``statements``) that adds one term per row
    of data-sized arrays into its accumulators; None when the loop is something else."""
    loop_names = {name for level in levels for name in level.targets}
    body = accumulation_body(statements, loop_names, ctx.resolve, lambda call: index_arithmetic(call, ctx))
    if body is None:
        return None
    accumulations = body.accumulations
    if any(ctx.value(ast.Name(id=item, ctx=ast.Load())).kind != v.SEQUENCE for item in body.collected):
        return None  # appends to a list it was handed (a log, a side effect), not one of its own
    if len(loop_names) != sum(len(level.targets) for level in levels):
        return None  # nested loops reusing a name
    for accumulation in accumulations:
        start = ctx.value(ast.Name(id=accumulation.name, ctx=ast.Load()))
        if start.kind in (v.SEQUENCE, v.STRING, v.MAPPING) or isinstance(accumulation.term, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.JoinedStr, ast.ListComp)):
            return None  # building a list, a tuple or a string, not a sum
    header_reads = set().union(*(level.header_reads for level in levels))
    if header_reads & {item.name for item in accumulations}:
        return None  # the loop's own bounds read an accumulator
    extents = [level.extent for level in levels]
    if not any(extent.is_data for extent in extents):
        return None
    if any(level.extent.kind == "static" and (level.index is None or level is levels[0]) for level in levels):
        return None  # a few objects walked (layers, terms), or a small outer loop: not one sum over the rows
    if any(level.extent.kind not in ("static", "data") for level in levels):
        return None
    if body.unpacked and any(level.extent.per_element for level in levels):
        return None  # for xs, ys in zip(tasks_x, tasks_y): mll, st = model(xs, ys): records (tasks) handed whole to a model
    terms = [item.inlined for item in accumulations]
    fresh = {sub for subs in body.keys.values() for sub in subs}  # a key split afresh each step
    if any(not names_read(term) & (loop_names | fresh) for term in terms):  # type: ignore[arg-type]
        return None  # a term that does not change with the loop (a counter)
    whole_body = ast.Module(body=list(statements), type_ignores=[])
    if builds_modules(whole_body, ctx.resolve) or computes_gradients(whole_body, ctx.resolve, ctx.value) or calls_host_numpy(whole_body, ctx.resolve):
        return None  # a new module per step; gradient accumulation (chunked on purpose); NumPy
    if any(calls_indexed(term, level.index) for level in levels for term in terms):  # type: ignore[arg-type]
        return None  # ops[i](v): a list of functions, not rows of an array
    if stateful_calls(whole_body, ctx):
        return None  # fld = sim.advance(j): each step moves an object's state (a recurrence, not a sum of rows)
    for level in levels:
        for element, array in level.elements.items():
            for term in terms:
                if converts_to_python(term, element) and not module_constant(array, ctx) or element_is_object(term, element):  # type: ignore[arg-type]
                    return None  # host-side numbers (a module's constant labels convert under a trace too); or models, distributions
                if (len(level.elements) == 1 and level.index is None and (reduces_whole(term, element, ctx.resolve) or helper_reduces_whole(term, element, ctx))  # type: ignore[arg-type]
                        and not ctx.value(array).is_array and not is_data_name(array)):
                    return None  # jnp.sum(w ** 2) for w in ws, entropy(p) for p in probs: a list of different arrays
        if len(level.elements) > 1 and level.index is None and all(
            reduces_whole(term, element, ctx.resolve) and not indexes_with(term, element) and not ctx.value(array).is_array and not is_data_name(array)  # type: ignore[arg-type]
            for element, array in level.elements.items() for term in terms
        ):
            return None  # zip(real_outs, fake_outs), each item reduced whole: lists of differently shaped outputs
    return body


def helper_reduces_whole(term: ast.AST, element: str, ctx) -> bool:
    """``entropy(p)`` where the module's ``def entropy(probs)`` reduces its parameter as a whole
    (``jnp.sum(probs * jnp.log(probs))``, through the names it assigns): each item is taken whole,
    as the items of a list of different arrays are."""
    for node in walk(term):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        positions = [index for index, arg in enumerate(node.args) if isinstance(arg, ast.Name) and arg.id == element]
        function = ctx.local_function(node.func.id) if positions else None
        if function is None or function.args.vararg is not None:
            continue
        params = [arg.arg for arg in [*function.args.posonlyargs, *function.args.args]]
        if positions[0] >= len(params):
            continue
        derived = {params[positions[0]]}
        for stmt in function.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and names_read(stmt.value) & derived \
                    and not any(isinstance(part, ast.Subscript) for part in walk(stmt.value)):
                derived.add(stmt.targets[0].id)
        if any(reduces_whole(stmt, name, ctx.resolve) and not _only_as_key(stmt, name) for stmt in function.body for name in derived):
            return True
    return False


def _only_as_key(stmt: ast.AST, name: str) -> bool:
    """``name`` is read in ``stmt`` only as a subscript's key (``env[name]``): the item picks an
    entry, it is not the array reduced."""
    keys = {id(node) for sub in walk(stmt) if isinstance(sub, ast.Subscript) for node in walk(sub.slice)}
    return all(id(node) in keys for node in walk(stmt) if isinstance(node, ast.Name) and node.id == name)


def integer_fold(ctx, accumulations: list[Accumulation], statements: list[ast.stmt]) -> str | None:
    """Why the loop likely folds Python ints (``result = 1; for x in xs: result *= x``, the
    product of a shape's sizes), or None: every accumulator starts as an int literal and the step
    calls nothing, so nothing in it makes an array."""
    starts = [ctx.value(ast.Name(id=item.name, ctx=ast.Load())) for item in accumulations]
    if not all(start.kind == v.SCALAR and type(start.literal) is int for start in starts):
        return None
    if any(isinstance(node, ast.Call) for statement in statements for node in walk(statement)):
        return None
    return "the total starts as an int and the step calls nothing that makes an array: likely Python ints (sizes, counts), a constant under a trace"


#: Builtins of integer arithmetic: what a helper splitting a flat index may call.
INDEX_BUILTINS = frozenset({"divmod", "int", "abs", "min", "max", "len"})


def index_arithmetic(call: ast.Call, ctx) -> bool:
    """``divmod(n, 3)``, or a call of a helper of this module whose body is integer arithmetic on
    its parameters (``def split(n): return n // 9, (n // 3) % 3``): indices, not arrays."""
    if isinstance(call.func, ast.Name) and ctx.is_builtin(call.func, call.func.id):
        return call.func.id == "divmod"
    helper = ctx.local_function(call.func.id) if isinstance(call.func, ast.Name) else None
    if helper is None:
        return False
    body = helper.body[1:] if helper.body and isinstance(helper.body[0], ast.Expr) and isinstance(helper.body[0].value, ast.Constant) else helper.body
    if not body or not all(isinstance(stmt, (ast.Assign, ast.Return)) for stmt in body):
        return False
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Name) and node.func.id in INDEX_BUILTINS and ctx.is_builtin(node.func, node.func.id)):
                return False
        elif isinstance(node, ast.BinOp):
            if not isinstance(node.op, (ast.FloorDiv, ast.Mod, ast.Add, ast.Sub, ast.Mult)):
                return False
        elif isinstance(node, (ast.Subscript, ast.Attribute, ast.Lambda, ast.Dict, ast.List)) or isinstance(node, ast.Constant) and not isinstance(node.value, int):
            return False
    return True


def indexes_with(term: ast.AST, name: str) -> bool:
    """``name`` bounds a slice or indexes an array in ``term`` (``eps[start:stop]``): an offset, not an item reduced."""
    return any(isinstance(node, ast.Subscript) and name in names_read(node.slice) for node in walk(term))


def module_constant(array: ast.AST, ctx) -> bool:
    """``array`` is a module-level name no enclosing function binds (``y = data[-1]`` read in
    ``cost(w)``): a constant, concrete under a trace, so ``int(y[p])`` is a Python number."""
    return isinstance(array, ast.Name) and array.id not in ctx.local_names() and ctx.facts.module_scope.binds(array.id)


def work_of(ctx, statements: list[ast.stmt], terms: list[ast.expr], numbers: frozenset[str] = frozenset()) -> str:
    """What a summing loop computes (``Candidate.work``): "host" when it calls a compiled
    step, a model's apply or ``float(...)`` (a driver loop unless traced), "jax" when a term
    does jax.numpy work, "unknown" for plain arithmetic (jax arrays only inside a trace).
    ``numbers``: the loop's counters (Python ints): ``float(j)`` of one is not host work."""
    whole_body = ast.Module(body=list(statements), type_ignores=[])
    if calls_outside_jax(whole_body, ctx.resolve, ctx.is_builtin, lambda name: _plain_function(ctx, name), numbers):
        return "host"
    if any(calls_jax(term, ctx.resolve, ctx.local_function) for term in terms):
        return "jax"
    return "unknown"


def _plain_function(ctx, name: str) -> ast.AST | None:
    """The ``def`` of a function of this module that is not compiled on its own: a
    ``@jax.jit`` step called once per batch makes a host-side driver loop."""
    definition = ctx.local_function(name)
    if definition is None or any(transform_name(decorator, ctx.names) in COMPILING for decorator in definition.decorator_list):
        return None
    return definition


def lifted_module(ctx) -> str | None:
    """``nn.vmap`` / ``hk.vmap`` when the code is a method of a flax.linen or haiku module."""
    scopes = ctx.scopes
    methods = [number for number, node in enumerate(scopes) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not methods or methods[-1] == 0 or not isinstance(scopes[methods[-1] - 1], ast.ClassDef):
        return None
    klass = scopes[methods[-1] - 1]
    for base in klass.bases:
        qualified = ctx.resolve(base) or ""
        if qualified.startswith("flax.linen"):
            return "nn.vmap"
        if qualified.startswith("haiku"):
            return "hk.vmap"
    return None


def keeps_initial(value: v.Value, term: v.Value) -> bool:
    """Proven: ``acc + jnp.sum(<nothing>)`` is ``acc`` exactly: ``acc`` (``value``) is a jax
    array whose literal shape and dtype are those of the result (``term``, one step's)."""
    if not (value.is_array and not value.host and term.is_array and value.shape is not None and term.shape is not None):
        return False
    if not all(isinstance(dim, int) for dim in (*value.shape, *term.shape)) or value.dtype is None or value.dtype != term.dtype:
        return False
    return len(term.shape) <= len(value.shape) and all(t in (1, s) for s, t in zip(reversed(value.shape), reversed(term.shape)))


def segment_bounds(term: ast.AST, index: str | None, elements: dict | None = None) -> str | tuple[str, str] | None:
    """The offsets when ``term`` reads a segment between consecutive offsets at the loop index
    (``xs[:, bounds[k]:bounds[k + 1]]``: ``"bounds"``), or between two elements the loop walks
    (``eps[start:stop]`` for ``start, stop in zip(starts, stops)``: ``("starts", "stops")``):
    ragged segments, one term each; else None."""
    for node in ast.walk(term):
        if elements and isinstance(node, ast.Slice) and isinstance(node.lower, ast.Name) and isinstance(node.upper, ast.Name) \
                and node.lower.id in elements and node.upper.id in elements and node.step is None:
            lower, upper = elements[node.lower.id], elements[node.upper.id]
            if isinstance(lower, ast.Name) and isinstance(upper, ast.Name):
                return lower.id, upper.id
    for node in ast.walk(term) if index is not None else ():
        if not (isinstance(node, ast.Slice) and isinstance(node.lower, ast.Subscript) and isinstance(node.upper, ast.Subscript)):
            continue
        lower, upper = node.lower, node.upper
        if not (isinstance(lower.value, ast.Name) and isinstance(upper.value, ast.Name) and lower.value.id == upper.value.id):
            continue
        at, following = lower.slice, upper.slice
        if isinstance(at, ast.Name) and at.id == index and isinstance(following, ast.BinOp) and isinstance(following.op, ast.Add) \
                and isinstance(following.left, ast.Name) and following.left.id == index and isinstance(following.right, ast.Constant) and following.right.value == 1:
            return lower.value.id
    return None


def triangle_slice(term: ast.AST, index: str | None) -> ast.Subscript | None:
    """A slice of the rows before or after the step's own, bounded by the loop index
    (``ts[:n]``, ``w[k, kind[:n]]``, ``x[i + 1:]``): each step pairs its row with the others on
    one side, a sum over a triangle of pairs; None when no read is one."""
    if index is None:
        return None
    for node in ast.walk(term):
        if not (isinstance(node, ast.Subscript) and isinstance(node.slice, (ast.Slice, ast.Tuple))):
            continue
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        for part in parts:
            if not isinstance(part, ast.Slice) or part.step is not None:
                continue
            bounds = [bound for bound in (part.lower, part.upper) if bound is not None]
            if len(bounds) == 1 and _at_index(bounds[0], index):
                return node
    return None


def _at_index(bound: ast.expr, index: str) -> bool:
    """``n``, ``n + 1``, ``n - 1``: the loop index, or it plus or minus a literal."""
    if isinstance(bound, ast.Name):
        return bound.id == index
    return (isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub)) and isinstance(bound.left, ast.Name)
            and bound.left.id == index and isinstance(bound.right, ast.Constant) and type(bound.right.value) is int)


@dataclass
class PairSum:
    """A sum over the pairs of a triangle: ``for a in range(M): for b in range(a): e += phi(p[a],
    p[b])``, or ``for a, b in itertools.combinations(p, 2)``; one term per pair under the trace."""

    body: Body
    extent: Extent
    #: What the pairs are of, as the message shows it, and the inner loop (claimed: not reported again).
    pairs_of: str
    inner: ast.For | None


def pair_sum(ctx, node: ast.For) -> PairSum | None:
    """``node`` as a sum over the pairs of a triangle over data-sized rows, or None."""
    iterable, target = node.iter, node.target
    if isinstance(iterable, ast.Call) and ctx.resolve(iterable.func) == "itertools.combinations":
        # ``combinations(xs, 2)``: the pairs a < b of the rows of xs (or of range(n)'s indices).
        if not (len(iterable.args) == 2 and int_value(iterable.args[1]) == 2 and not iterable.keywords
                and isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(item, ast.Name) for item in target.elts)):
            return None
        extent = ctx.extent(iterable.args[0])
        variables = {item.id for item in target.elts}  # type: ignore[attr-defined]
        statements, inner = node.body, None
    else:
        if not (len(node.body) == 1 and isinstance(node.body[0], ast.For) and not node.body[0].orelse):
            return None
        inner = node.body[0]
        outer = for_level(ctx, node)
        if outer is None or not isinstance(target, ast.Name):
            return None
        if not (isinstance(inner.iter, ast.Call) and ctx.is_builtin(inner.iter.func, "range") and isinstance(inner.target, ast.Name)
                and target.id in names_read(inner.iter)):
            return None
        extent, variables, statements = outer.extent, {target.id, inner.target.id}, inner.body
    if extent is None or not extent.is_data or len(variables) != 2:
        return None
    body = accumulation_body(statements, variables, ctx.resolve)
    if body is None or any(not variables <= names_read(item.inlined) for item in body.accumulations):
        return None
    shown = f"`{one_line(ctx.code(iterable), 40)}`"
    return PairSum(body, extent, shown if inner is None else f"a triangular double loop over {shown}", inner)
