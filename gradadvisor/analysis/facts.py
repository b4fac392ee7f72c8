"""The facts layer: what each name holds, where, and why.

For every function (and the module body), a ``Scope`` records its bindings in
statement order: assignments (with tuple unpacking), augmented assignments, loop
targets, ``with`` targets, imports, nested definitions, walrus targets and
parameters. Each statement gets a position (a pre-order index and the chain of
branches that enclose it), so a question asked at one statement sees the bindings
that reach it: the last assignment that dominates it, joined with assignments in
branches after that one and with assignments carried around an enclosing loop.
That is reaching definitions for structured code, in linear time, without a CFG.

``Facts.value(expr, scope, statement)`` then gives an expression an abstract
``Value`` (``analysis/values.py``): arrays with their shapes and dtypes, sizes
(``N = x.shape[0]``, ``T = len(data)``, ``n, d = X.shape``,
``N = int(t_max // dt)``), sequences with their lengths, transformed callables
(``jax.grad(loss)``), and parameters whose kind only call sites can tell. Facts
come from the code; names never decide here (``analysis/extent.py`` may use a
name to break a tie when there is no fact at all).

Evaluation is lazy and memoised: a file in which no rule asks anything pays only
for the statement walk of the functions it asks about.
"""

from __future__ import annotations

import ast
import re
import math
from dataclasses import dataclass, replace
from typing import Iterator

from gradadvisor.analysis import library as lib
from gradadvisor.analysis import values as v
from gradadvisor.analysis.config_values import configured
from gradadvisor.analysis.gradient import APPLIES, GRADIENT_FUNCTIONS, PAIR_TRANSFORMS, TRANSFORM_LEVELS, kept_transform, transform_name
from gradadvisor.analysis.lines import any_between, literal_lines
from gradadvisor.analysis.names import ImportMap, canonical, import_bindings
from gradadvisor.analysis.syntax import (
    FUNCTION_NODES, Source, attribute_root, child_nodes, dotted, int_value, jaxtyping_dims, keyword, leaves, nested_statements, names_read, one_line, positional, range_bounds,
    walk_local,
)
from gradadvisor.analysis.values import Value

#: Python builtins the evaluator understands (when the module does not rebind them).
BUILTINS = frozenset(
    {"len", "range", "xrange", "int", "float", "round", "abs", "min", "max", "sum", "list", "tuple", "zip", "enumerate", "map",
     "sorted", "reversed", "bool", "str", "dict", "set", "isinstance", "print", "iter", "next", "type", "divmod"}
)
MAX_DEPTH = 60

Chain = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Position:
    index: int
    chain: Chain


@dataclass(eq=False)
class Binding:
    """One place where a scope binds ``name``."""

    name: str
    kind: str  # assign | aug | ann | for | with | import | def | class | param | walrus | other
    position: Position
    statement: ast.AST | None
    #: What is bound: the assigned value, the loop's iterable, the imported qualified name...
    value: object = None
    #: The path into an unpacked value: ``a, (b, c) = ...`` binds ``b`` at (1, 0).
    path: tuple[int, ...] = ()
    #: For loop targets and unpacking: the whole target (to read ``zip``/``enumerate``).
    target: ast.AST | None = None


class Scope:
    """The bindings of one function, lambda or module body (read on first use)."""

    def __init__(self, node: ast.AST, parent: "Scope | None", walrus: list[int] | None = None) -> None:
        self.node = node
        self.parent = parent
        #: The lines holding ``:=`` (None: look everywhere).
        self._walrus = walrus
        self._bound = False

    def __getattr__(self, name: str):
        # The tables below are built the first time any of them is asked for.
        if name in _SCOPE_TABLES and not self.__dict__.get("_bound", True):
            self._bind()
            return self.__dict__[name]
        raise AttributeError(name)

    def _bind(self) -> None:
        self._bound = True
        self.bindings: dict[str, list[Binding]] = {}
        self.positions: dict[int, Position] = {}
        self.loops: set[int] = set()
        self.declared_global: set[str] = set()
        self.returns: list[ast.Return] = []
        #: Names whose items or attributes are assigned (``x[i] = v``): host-side, mutable data.
        self.mutated: dict[str, list[ast.AST]] = {}
        self.params: dict[str, ast.arg] = {}
        self.defaults: dict[str, ast.expr] = {}
        self.packed: set[str] = set()
        #: Each ``if`` statement by its index: its test, where it stands, and whether its body
        #: and its ``else`` always leave the function (to read ``isinstance`` guards).
        self.tests: dict[int, tuple[ast.expr, Chain, bool, bool]] = {}
        self._bind_parameters()
        self._bind_body()

    @property
    def is_module(self) -> bool:
        return isinstance(self.node, ast.Module)

    @property
    def name(self) -> str:
        return getattr(self.node, "name", "<lambda>" if isinstance(self.node, ast.Lambda) else "<module>")

    # -- building ------------------------------------------------------------------------

    def _add(self, name: str, kind: str, position: Position, statement, value=None, path=(), target=None) -> None:
        self.bindings.setdefault(name, []).append(Binding(name, kind, position, statement, value, path, target))

    def _bind_parameters(self) -> None:
        if not isinstance(self.node, FUNCTION_NODES):
            return
        args = self.node.args  # type: ignore[attr-defined]
        start = Position(-1, ())
        ordered = [*args.posonlyargs, *args.args]
        self.defaults.update(parameter_defaults(args))
        for arg in [*ordered, *args.kwonlyargs]:
            self.params[arg.arg] = arg
            self._add(arg.arg, "param", start, None, arg)
        for packed in (args.vararg, args.kwarg):
            if packed is not None:
                self.params[packed.arg] = packed
                self.packed.add(packed.arg)
                self._add(packed.arg, "param", start, None, packed)

    def _bind_body(self) -> None:
        node = self.node
        if isinstance(node, ast.Lambda):
            self.positions[id(node.body)] = Position(0, ())
            return
        counter = 0
        stack: list[tuple[ast.stmt, Chain]] = [(stmt, ()) for stmt in reversed(node.body)]  # type: ignore[attr-defined]
        while stack:
            stmt, chain = stack.pop()
            index = counter
            counter += 1
            position = Position(index, chain)
            self.positions[id(stmt)] = position
            if isinstance(stmt, ast.If):
                self.tests[index] = (stmt.test, chain, leaves(stmt.body), leaves(stmt.orelse))
            self._bind_statement(stmt, position)
            for block, branch in _blocks(stmt):
                inner = chain if branch is None else chain + ((index, branch),)
                if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) and branch == 0:
                    self.loops.add(index)
                if isinstance(stmt, (ast.For, ast.AsyncFor)) and branch == 0:
                    for path, name in _unpack(stmt.target):
                        self._add(name, "for", Position(index, inner), stmt, stmt.iter, path, stmt.target)
                if isinstance(block, ast.ExceptHandler):
                    if block.name:
                        self._add(block.name, "other", Position(index, inner), block)
                    block = block.body
                elif isinstance(block, ast.match_case):
                    for child in ast.walk(block.pattern):
                        bound = getattr(child, "name", None)
                        if isinstance(bound, str):
                            self._add(bound, "other", Position(index, inner), stmt)
                    block = block.body
                for child in reversed(block):  # type: ignore[arg-type]
                    stack.append((child, inner))

    def _bind_statement(self, stmt: ast.stmt, position: Position) -> None:
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                self._bind_target(target, stmt, position, stmt.value)
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self._bind_target(stmt.target, stmt, position, stmt.value)
        elif isinstance(stmt, ast.AugAssign):
            if isinstance(stmt.target, ast.Name):
                self._add(stmt.target.id, "aug", position, stmt, stmt)
            else:
                self._mutate(stmt.target, stmt)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                if item.optional_vars is not None:
                    for path, name in _unpack(item.optional_vars):
                        self._add(name, "with", position, stmt, item.context_expr, path)
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for local, qualified in import_bindings(stmt):
                self._add(local, "import", position, stmt, qualified)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self._add(stmt.name, "def", position, stmt, stmt)
        elif isinstance(stmt, ast.ClassDef):
            self._add(stmt.name, "class", position, stmt, stmt)
        elif isinstance(stmt, (ast.Global, ast.Nonlocal)):
            self.declared_global.update(stmt.names)
        elif isinstance(stmt, ast.Delete):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    self._add(target.id, "other", position, stmt)
        elif isinstance(stmt, ast.Return):
            self.returns.append(stmt)
        walrus = self._walrus
        if walrus is not None and not any_between(walrus, stmt.lineno, stmt.end_lineno or stmt.lineno):
            return
        # Walrus targets anywhere in the statement's own expressions.
        for child in _own_expressions(stmt):
            for inner in walk_local(child):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    self._add(inner.target.id, "walrus", position, stmt, inner.value)

    def _bind_target(self, target: ast.AST, stmt: ast.stmt, position: Position, value: ast.expr) -> None:
        if isinstance(target, (ast.Subscript, ast.Attribute)):
            self._mutate(target, stmt)
            return
        for path, name in _unpack(target):
            self._add(name, "assign", position, stmt, value, path, target)

    def _mutate(self, target: ast.AST, stmt: ast.stmt) -> None:
        base = target
        while isinstance(base, (ast.Subscript, ast.Attribute)):
            base = base.value
        if isinstance(base, ast.Name) and not (isinstance(target, ast.Attribute) and base.id == "self"):
            self.mutated.setdefault(base.id, []).append(stmt)

    # -- questions -------------------------------------------------------------------------

    def binds(self, name: str) -> bool:
        return name in self.bindings and name not in self.declared_global

    def definition(self, name: str, kind: str) -> "tuple[ast.AST, Scope] | None":
        """What ``name`` means here, lexically, when every binding of it in the nearest scope
        that binds it is of ``kind`` ("def" or "class"): the last one's node and that scope."""
        scope: Scope | None = self
        while scope is not None:
            if scope.binds(name):
                bindings = scope.bindings[name]
                return (bindings[-1].value, scope) if all(binding.kind == kind for binding in bindings) else None  # type: ignore[return-value]
            scope = scope.parent
        return None

    def position_of(self, statement: ast.AST | None) -> Position | None:
        if statement is None:
            return None
        return self.positions.get(id(statement))

    def reaching(self, name: str, at: Position | None) -> list[Binding]:
        """The bindings of ``name`` that can be in effect at ``at`` (all of them when ``at``
        is unknown, e.g. for a closure reading its enclosing function's variable)."""
        found = self.bindings.get(name, [])
        if at is None:
            return [binding for binding in found if binding.kind != "param"] or found
        dominating: Binding | None = None
        for binding in found:
            if binding.position.index < at.index and _is_prefix(binding.position.chain, at.chain):
                if dominating is None or binding.position.index >= dominating.position.index:
                    dominating = binding
            elif binding.kind == "param" and dominating is None:
                dominating = binding
        result = [dominating] if dominating is not None else []
        floor = dominating.position.index if dominating is not None else -2
        for binding in found:
            if binding is dominating:
                continue
            carried_by = self._carried_by(binding.position, at)
            if carried_by is not None:
                # Around an enclosing loop: unless a binding inside that loop kills it first.
                if dominating is None or dominating.position.index < carried_by:
                    result.append(binding)
            elif binding.position.index > floor and binding.position.index < at.index and _may_reach(binding.position.chain, at.chain):
                result.append(binding)
        return result

    def _carried_by(self, binding: Position, at: Position) -> int | None:
        """The index of the innermost loop through which ``binding`` reaches ``at`` on a
        later iteration (a binding after ``at`` in the loop, or in an exclusive branch)."""
        common = _common(binding.chain, at.chain)
        later = binding.index >= at.index
        exclusive = not later and not _may_reach(binding.chain, at.chain)
        if not (later or exclusive) or _is_prefix(binding.chain, at.chain) and not later:
            return None
        for index, branch in reversed(common):
            if index in self.loops and branch == 0:
                return index
        return None


_SCOPE_TABLES = frozenset({"bindings", "positions", "loops", "declared_global", "returns", "mutated", "params", "defaults", "packed", "tests"})


#: The container types an ``isinstance`` guard may name, and what the guarded name then is.
_GUARDED_KINDS = {"list": v.SEQUENCE, "tuple": v.SEQUENCE, "List": v.SEQUENCE, "Tuple": v.SEQUENCE, "Sequence": v.SEQUENCE,
                  "dict": v.MAPPING, "Dict": v.MAPPING, "Mapping": v.MAPPING}


def _narrowed(scope: Scope, name: str, at: Position | None, reaching: list[Binding]) -> Value | None:
    """What ``name`` is where an ``isinstance`` test on it selects the code: in the body of
    ``if isinstance(ps, list):``, in the ``else`` of ``if not isinstance(ps, (list, tuple)):``,
    or after such an ``if`` whose other branch always returns or raises, ``ps`` is a list
    whatever it was annotated as; None when no such guard holds ``at``."""
    if at is None or not scope.tests:
        return None
    latest = max((binding.position.index for binding in reaching), default=-1)
    inside = dict(at.chain)
    for index, (test, chain, body_exits, else_exits) in sorted(scope.tests.items(), reverse=True):
        if index < latest or index >= at.index:
            continue
        if index in inside:
            selected = inside[index] == 0  # in the body: the test holds; in the ``else``: it fails
        elif body_exits != else_exits and _is_prefix(chain, at.chain):
            selected = else_exits  # after the ``if``: the branch that falls through ran
        else:
            continue
        kind = _guarded_kind(test, name, selected)
        if kind is not None:
            evidence = (f"`{name}` is a {'list' if kind == v.SEQUENCE else 'mapping'} here (`{one_line(ast.unparse(test), 40)}`)",)
            return Value(v.MAPPING, evidence=evidence) if kind == v.MAPPING else Value(v.SEQUENCE, function="tuple", evidence=evidence)
    return None


def _guarded_kind(test: ast.expr, name: str, holds: bool) -> str | None:
    """The container kind ``isinstance(name, ...)`` (or its ``not``) says ``name`` has where the
    test ``holds`` (or fails); None when it says nothing of one kind."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, holds = test.operand, not holds
    if not (holds and isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
            and len(test.args) == 2 and isinstance(test.args[0], ast.Name) and test.args[0].id == name):
        return None
    types = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    kinds = {_GUARDED_KINDS.get((dotted(kind) or "").rpartition(".")[2]) for kind in types}
    return kinds.pop() if len(kinds) == 1 and None not in kinds else None


def _blocks(stmt: ast.stmt) -> Iterator[tuple[object, int | None]]:
    """The statement lists inside a compound statement, each with its branch number (None:
    the block always runs when the statement does, as a ``with`` body)."""
    if isinstance(stmt, (ast.If, ast.For, ast.AsyncFor, ast.While)):
        yield stmt.body, 0
        if stmt.orelse:
            yield stmt.orelse, 1
    elif isinstance(stmt, (ast.With, ast.AsyncWith)):
        yield stmt.body, None
    elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
        yield stmt.body, 0  # type: ignore[attr-defined]
        for number, handler in enumerate(stmt.handlers, start=1):  # type: ignore[attr-defined]
            yield handler, number
        if stmt.orelse:  # type: ignore[attr-defined]
            yield stmt.orelse, 1000  # type: ignore[attr-defined]
        if stmt.finalbody:  # type: ignore[attr-defined]
            yield stmt.finalbody, None  # type: ignore[attr-defined]
    elif isinstance(stmt, ast.Match):
        for number, case in enumerate(stmt.cases):
            yield case, number


def _own_expressions(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The expressions of a statement itself, not of the statements nested in it."""
    for name, value in ast.iter_fields(stmt):
        if name in ("body", "orelse", "finalbody", "handlers", "cases", "decorator_list"):
            continue
        if isinstance(value, ast.expr):
            yield value
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, (ast.expr, ast.withitem, ast.keyword)):
                    yield item


def _header_expressions(stmt: ast.stmt) -> Iterator[ast.AST]:
    """Everything a statement evaluates itself: its own expressions, decorators, default
    values, exception types and case guards (not the statements nested in it)."""
    yield from _own_expressions(stmt)
    yield from getattr(stmt, "decorator_list", ()) or ()
    arguments = getattr(stmt, "args", None)
    if isinstance(arguments, ast.arguments):
        yield from arguments.defaults
        yield from (default for default in arguments.kw_defaults if default is not None)
    for handler in getattr(stmt, "handlers", ()) or ():
        if handler.type is not None:
            yield handler.type
    for case in getattr(stmt, "cases", ()) or ():
        yield case.pattern
        if case.guard is not None:
            yield case.guard


def _introspects(function: ast.AST) -> bool:
    """Whether ``function`` reads its names by introspection (``locals()``, ``vars()``,
    ``eval``, ``exec``)."""
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("locals", "vars", "eval", "exec")
        for node in walk_local(function)
    )


def _reads_name(expression: ast.AST, name: str) -> bool:
    """Whether ``expression`` reads ``name`` in this scope (``del name`` counts: it needs the
    binding): comprehensions that bind it themselves read it only in their first iterable."""
    stack = [expression]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Load, ast.Del)):
            return True
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            bound = {target for generator in node.generators for _, target in _unpack(generator.target)}
            if name in bound:
                stack.append(node.generators[0].iter)
                continue
        stack.extend(child_nodes(node))
    return False


def _unpack(target: ast.AST, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], str]]:
    if isinstance(target, ast.Name):
        yield path, target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        starred = any(isinstance(element, ast.Starred) for element in target.elts)
        for number, element in enumerate(target.elts):
            if isinstance(element, ast.Starred):
                yield from ((p + (-1,), name) for p, name in _unpack(element.value, path + (number,)))
            else:
                yield from _unpack(element, path + ((number if not starred else -1),))


def _is_prefix(chain: Chain, other: Chain) -> bool:
    return len(chain) <= len(other) and other[: len(chain)] == chain


def _common(left: Chain, right: Chain) -> Chain:
    size = 0
    for a, b in zip(left, right):
        if a != b:
            break
        size += 1
    return left[:size]


def _may_reach(binding: Chain, at: Chain) -> bool:
    """Whether code in branch ``binding`` may run before ``at`` on one pass: not when both
    sit in different branches of the same ``if``/``try``/``match``."""
    common = len(_common(binding, at))
    if common < len(binding) and common < len(at) and binding[common][0] == at[common][0]:
        return False
    return True


#: ``self.df = jax.grad(...)``, ``self.g = compute_grad(...)``: an attribute bound to what a call
#: whose name ends in a transform's name returns (the cheap test before reading the classes).
SELF_TRANSFORM = re.compile(
    r"self\.\w+[ \t]*=[ \t]*[\w.]*(?:" + "|".join(sorted({name.rsplit(".", 1)[-1] for name in TRANSFORM_LEVELS})) + r")[ \t]*\("
)


def instance_assignments(klass: ast.ClassDef) -> dict[str, list[ast.expr | None]]:
    """``self.attr = value`` in the methods of ``klass`` (functions nested in them included,
    nested classes not): attr -> the values assigned, None for an augmented assignment."""
    found: dict[str, list[ast.expr | None]] = {}
    stack: list[ast.stmt] = [item for item in klass.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
    while stack:
        statement = stack.pop()
        if isinstance(statement, ast.ClassDef):
            continue
        stack.extend(statement.body if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) else nested_statements(statement))
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in statement.targets if isinstance(statement, ast.Assign) else [statement.target]:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    found.setdefault(target.attr, []).append(statement.value if not isinstance(statement, ast.AugAssign) else None)
    return found


class Facts:
    """The facts of one module: its scopes, and the value of any expression in them."""

    def __init__(self, module: ast.Module, source: Source, names: ImportMap) -> None:
        self.module = module
        self.source = source
        self.names = names
        self._walrus = literal_lines(":=", source)
        self.module_scope = Scope(module, None, self._walrus)
        self._scopes: dict[int, Scope] = {id(module): self.module_scope}
        self._values: dict[int, Value] = {}
        self._binding_values: dict[int, Value | None] = {}
        self._in_progress: set[int] = set()
        self._returns: dict[int, Value] = {}

    @property
    def enables_x64(self) -> bool:
        """The module turns on 64-bit mode (``jax.config.update("jax_enable_x64", True)``,
        ``config.jax_enable_x64 = True``): arrays without a stated dtype are then float64."""
        found = self.__dict__.get("_x64")
        if found is None:
            found = self.__dict__["_x64"] = bool(literal_lines("jax_enable_x64", self.source)) and any(
                isinstance(node, ast.Constant) and node.value == "jax_enable_x64" or isinstance(node, ast.Attribute) and node.attr == "jax_enable_x64"
                for node in ast.walk(self.module)
            )
        return found

    def instance_transform(self, scope: Scope, attr: str) -> Value | None:
        """``self.df`` in a method, when the class assigns ``self.df`` once, to a transform of a
        function (``self.df = grad(self.f)`` in ``__init__``): that transformed function."""
        table = self.__dict__.get("_instance_transforms")
        if table is None:
            table = self.__dict__["_instance_transforms"] = self._instance_transforms()
        while scope is not None and id(scope.node) not in table:
            scope = scope.parent  # type: ignore[assignment]
        return table[id(scope.node)].get(attr) if scope is not None else None

    def instance_count(self, scope: Scope, attr: str, depth: int = 0) -> Value | None:
        """``self.n_tok`` in a method, when ``__init__`` assigns it once, at its top level, to a
        size it reads from a shape (``self.n_tok = encode(example).shape[-1]``), and no other
        method of the class assigns it: that data size, else None."""
        while scope is not None and not (isinstance(scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and scope.node.args.args
                                         and scope.node.args.args[0].arg == "self"):
            scope = scope.parent  # type: ignore[assignment]
        klass = self._class_of(scope.node) if scope is not None else None
        if klass is None or depth > 4:
            return None
        memo = self.__dict__.setdefault("_instance_counts", {})
        key = (id(klass), attr)
        if key not in memo:
            memo[key] = None
            memo[key] = self._instance_count(klass, attr, depth)
        return memo[key]

    def _instance_count(self, klass: ast.ClassDef, attr: str, depth: int) -> Value | None:
        assigned = instance_assignments(klass).get(attr, [])
        init = next((item for item in klass.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"), None)
        if init is None or len(assigned) != 1 or assigned[0] is None:
            return None
        statement = next((stmt for stmt in init.body if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is assigned[0]), None)
        if statement is None:
            return None
        scope = self.scope(init, self.module_scope)
        evaluator = _Evaluator(self, scope, scope.position_of(statement), {})
        value = evaluator.eval(assigned[0], depth + 1)
        text = f"`self.{attr} = {one_line(self.source.segment(assigned[0]), 40)}` (in `__init__`)"
        shaped = any(isinstance(node, ast.Attribute) and node.attr == "shape" or isinstance(node, ast.Call) and (
            evaluator.is_builtin(node.func, "len") or evaluator.resolve(node.func) in ("jax.numpy.shape", "numpy.shape")) for node in ast.walk(assigned[0]))
        if value.kind == v.SIZE and value.param is None and shaped:
            # (a size of what ``__init__`` is passed, ``len(layers)``, is its callers' to show; an
            # ``int(spec["n"])`` is a setting and ``300`` a literal, both judged by ``extent``)
            return value.with_evidence(text)
        return None

    def _class_of(self, method: ast.AST) -> ast.ClassDef | None:
        """The class whose body defines ``method``."""
        return self._method_classes().get(id(method))

    def _method_classes(self) -> dict[int, ast.ClassDef]:
        """Each method of the module's classes (by node id) -> its class (one walk, kept)."""
        table = self.__dict__.get("_method_class_table")
        if table is None:
            table = self.__dict__["_method_class_table"] = {}
            stack = list(self.module.body)
            while stack:
                statement = stack.pop()
                if isinstance(statement, ast.ClassDef):
                    for item in statement.body:
                        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            table[id(item)] = statement
                stack.extend(nested_statements(statement))
        return table

    def _instance_transforms(self) -> dict[int, dict[str, Value]]:
        """For each method (by node id): its class's ``self.attr = transform(f)`` attributes."""
        table: dict[int, dict[str, Value]] = {}
        if not SELF_TRANSFORM.search(self.source.text):
            return table  # no ``self.x = f(...)`` at all
        for klass in dict.fromkeys(self._method_classes().values()):
            found: dict[str, Value] = {}
            for attr, assigned in instance_assignments(klass).items():
                value = assigned[0] if len(assigned) == 1 else None
                if isinstance(value, ast.Call) and value.args:
                    qualified = transform_name(value.func, self.names)
                    inner = value.args[0]
                    # jit(grad(f)) still computes a gradient (as for a name bound to one).
                    while qualified is not None and isinstance(inner, ast.Call) and inner.args and kept_transform(qualified, transform_name(inner.func, self.names)) != qualified:
                        qualified, inner = transform_name(inner.func, self.names), inner.args[0]
                    if qualified is not None:
                        found[attr] = Value(v.CALLABLE, transform=qualified, function=dotted(inner), evidence=(f"`self.{attr}` is `{one_line(self.source.segment(value), 40)}`",))
            for method in klass.body:
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    table[id(method)] = found
        return table

    # -- scopes --------------------------------------------------------------------------

    def scope(self, node: ast.AST, parent: Scope | None = None) -> Scope:
        """The scope of a function, lambda or the module; ``parent`` is the enclosing
        function's scope (the module's when None). Classes are not scopes for the code
        inside their methods."""
        found = self._scopes.get(id(node))
        if found is None:
            found = Scope(node, parent or self.module_scope, self._walrus)
            self._scopes[id(node)] = found
        return found

    def scope_of_definition(self, binding: Binding, scope: Scope) -> Scope | None:
        """The scope of a function bound by ``def`` in ``scope``."""
        node = binding.value
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self.scope(node, scope)
        return None

    # -- values ----------------------------------------------------------------------------

    def value(self, expr: ast.AST, scope: Scope, statement: ast.AST | None, overlay: dict[str, Value] | None = None) -> Value:
        """The abstract value of ``expr``, evaluated in ``scope`` at ``statement`` (the
        statement of that scope that holds ``expr``)."""
        return _Evaluator(self, scope, scope.position_of(statement), overlay or {}).eval(expr, 0)

    def name_value(self, name: str, scope: Scope, statement: ast.AST | None) -> Value:
        return self.value(ast.Name(id=name, ctx=ast.Load()), scope, statement)

    def bindings_at(self, name: str, scope: Scope, statement: ast.AST | None) -> list[Binding]:
        return scope.reaching(name, scope.position_of(statement))

    def same_binding(self, name: str, scope: Scope, first: ast.AST, second: ast.AST) -> bool:
        """``name`` holds the same value at statements ``first`` and ``second`` of ``scope``:
        the same bindings reach both (``N = len(x)`` ... ``for i in range(N)``: is it still
        this ``x``?). False when unsure (no binding reaches, or a position is unknown)."""
        if name in scope.declared_global or scope.position_of(first) is None or scope.position_of(second) is None:
            return False
        if not scope.binds(name):
            # Bound in an enclosing scope or the module: it is the same unless this scope binds it.
            return not self._bound_in_nested_or_global(name, scope)
        one = {id(binding) for binding in self.bindings_at(name, scope, first)}
        two = {id(binding) for binding in self.bindings_at(name, scope, second)}
        return bool(one) and one == two

    def _bound_in_nested_or_global(self, name: str, scope: Scope) -> bool:
        """Whether a function nested in ``scope`` may rebind ``name`` (``nonlocal``/``global``)."""
        for node in walk_local(scope.node):
            if node is not scope.node and isinstance(node, (*FUNCTION_NODES, ast.ClassDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Global, ast.Nonlocal)) and name in inner.names:
                        return True
        return False

    def read_outside(self, name: str, scope: Scope, region: ast.stmt) -> bool:
        """Whether a value that ``region`` (a statement and everything nested in it) binds to
        ``name`` may be read outside it: by a later statement of the scope, by the region's own
        header on a later pass of an enclosing loop (``for x in x:`` inside a loop), by a nested
        function, lambda or class, or through ``global``/``nonlocal``. A fix that removes the
        region (a loop rewritten as one statement) must not remove a value read later.
        Conservative: True when unsure."""
        if name in scope.declared_global or self._bound_in_nested_or_global(name, scope):
            return True
        inside = {id(node) for node in walk_local(region) if isinstance(node, ast.stmt)}
        inside |= {id(handler) for node in walk_local(region) for handler in getattr(node, "handlers", ()) or ()}
        made = [binding for binding in scope.bindings.get(name, []) if binding.statement is not None and id(binding.statement) in inside]
        if not made:
            return False
        made_ids = {id(binding) for binding in made}
        if _introspects(scope.node):
            return True  # locals(), vars(), eval(...), exec(...): any name may be read
        for node in walk_local(scope.node):
            if node is scope.node:
                continue
            if isinstance(node, (*FUNCTION_NODES, ast.ClassDef)):
                if any(isinstance(inner, ast.Name) and inner.id == name and isinstance(inner.ctx, ast.Load) for inner in ast.walk(node)):
                    return True  # a closure: it may run at any time
                continue
            if not isinstance(node, ast.stmt) or (id(node) in inside and node is not region):
                continue
            if not any(_reads_name(expression, name) for expression in _header_expressions(node)):
                continue
            if any(id(binding) in made_ids for binding in scope.reaching(name, scope.position_of(node))):
                return True
        return False

    def binding_value(self, binding: Binding, scope: Scope) -> Value | None:
        key = id(binding)
        if key in self._binding_values:
            return self._binding_values[key]
        if key in self._in_progress:
            return None  # a cycle (x = x + 1): this binding adds nothing new
        self._in_progress.add(key)
        try:
            result = self._evaluate_binding(binding, scope)
        finally:
            self._in_progress.discard(key)
        self._binding_values[key] = result
        return result

    def _evaluate_binding(self, binding: Binding, scope: Scope) -> Value | None:
        statement = binding.statement
        at = binding.position
        if binding.kind == "param":
            return self._parameter(binding.value, scope)  # type: ignore[arg-type]
        evaluator = _Evaluator(self, scope, at, {})
        line = getattr(statement, "lineno", None)
        if binding.kind in ("assign", "walrus"):
            value = binding.value
            others = _starred_others(statement, binding.name) if binding.path and binding.path[-1] == -1 else None
            if others is not None:
                result = _rest(evaluator.eval(value, 0), others)  # ``key, *subkeys = split(key, n + 1)``
            elif binding.path and isinstance(value, (ast.Tuple, ast.List)) and binding.path[0] >= 0 and len(value.elts) > binding.path[0] and not any(isinstance(e, ast.Starred) for e in value.elts):
                element = value.elts[binding.path[0]]
                result = evaluator.eval(element, 0)
                result = _unpacked(result, binding.path[1:], element, self.source)
            elif (counts := _unpacked_default(value, binding.path, scope)) is not None:
                result = counts  # ``gz, gy, gx = grid`` with ``grid=(16, 16, 16)``: the parameter's entry
            else:
                result = evaluator.eval(value, 0)  # type: ignore[arg-type]
                result = _unpacked(result, binding.path, value, self.source)  # type: ignore[arg-type]
                if result.kind == v.UNKNOWN and binding.path and _passes_itself(value, binding.name):
                    # ``dims, (reward, value) = to_time_major(reward, value)``: an unknown helper
                    # handed the name gives back its like (reordered, reshaped), by its name
                    before = evaluator.eval(ast.Name(id=binding.name, ctx=ast.Load()), 0)
                    if before.kind == v.PARAM or before.is_array:
                        result = before
            if isinstance(value, ast.List) and not binding.path and result.kind == v.SEQUENCE and _grown(scope.node, binding.name):
                # ``rows = []`` ... ``rows.append(r)``: as long as the appends make it; of k-tuples when each
                # append adds one (``idx.append((a, b))``: an index table's rows)
                arity = _appended_arity(scope.node, binding.name) if result.item is None and not value.elts else None
                result = v.sequence(None, result.item if arity is None else v.sequence(arity))
            if statement is not None and result.kind != v.UNKNOWN:
                result = result.with_evidence(f"`{one_line(self.source.segment(statement), 60)}` (line {line})")
            return result
        if binding.kind == "aug":
            stmt: ast.AugAssign = binding.value  # type: ignore[assignment]
            combined = ast.BinOp(left=ast.Name(id=binding.name, ctx=ast.Load()), op=stmt.op, right=stmt.value)
            ast.copy_location(combined, stmt)
            return evaluator.eval(combined, 0, text=self.source.segment(stmt))
        if binding.kind == "ann":
            return evaluator.eval(binding.value, 0)  # type: ignore[arg-type]
        if binding.kind == "for":
            target = binding.target
            iterable: ast.expr = binding.value  # type: ignore[assignment]
            result = evaluator.element_of(iterable, target, binding.path, 0)
            return result
        if binding.kind == "import":
            return Value(v.MODULE, function=binding.value)  # type: ignore[arg-type]
        if binding.kind == "def":
            node = binding.value
            transform = None
            for decorator in reversed(getattr(node, "decorator_list", ())):  # the innermost first
                outer = transform_name(decorator, self.names)
                if outer is not None:
                    # ``@jax.pmap`` over ``@jax.grad``: still a gradient a call (``kept_transform``)
                    transform = outer if transform is None else kept_transform(outer, transform)
            return Value(v.CALLABLE, transform=transform, function=getattr(node, "name", None))
        if binding.kind == "class":
            return Value(v.CALLABLE, function=getattr(binding.value, "name", None), transform="class")
        if binding.kind == "with":
            return v.UNKNOWN_VALUE
        return v.UNKNOWN_VALUE

    def _parameter(self, arg: ast.arg, scope: Scope) -> Value:
        name = arg.arg
        if name in scope.packed:
            kind = v.MAPPING if scope.node.args.kwarg is arg else v.SEQUENCE  # type: ignore[attr-defined]
            return Value(kind, evidence=(f"`{name}` collects extra arguments",))
        if name in ("self", "cls") and not isinstance(scope.node, ast.Lambda):
            return Value(v.OBJECT)
        annotation = self.source.segment(arg.annotation) if arg.annotation is not None else None
        default = scope.defaults.get(name)
        if isinstance(default, ast.Name):
            default = self.module_constant(default.id) or default  # ``nb: int = NB`` with ``NB = 2`` at module level
        literal = default.value if isinstance(default, ast.Constant) and isinstance(default.value, (int, float, bool)) else None
        if annotation is not None:
            annotated = _from_annotation(annotation, name, self._named_dims(scope, name))
            if annotated is not None:
                return annotated
        if isinstance(default, ast.Constant) and isinstance(default.value, str):
            return Value(v.STRING)
        if isinstance(default, ast.Constant) and default.value is None:
            literal = None
        return Value(v.PARAM, param=name, annotation=annotation, literal=literal)

    def module_constant(self, name: str) -> ast.Constant | None:
        """The number literal the module binds ``name`` to, once and nowhere else (``NUMRAD = 2``)."""
        module = self.module_scope
        bindings = module.bindings.get(name, []) if module.binds(name) else []
        if len(bindings) == 1 and bindings[0].kind in ("assign", "ann") and not bindings[0].path:
            value = bindings[0].value
            if isinstance(value, ast.Constant) and type(value.value) in (int, float):
                return value
        return None

    def _named_dims(self, scope: Scope, name: str) -> dict[str, str]:
        """The jaxtyping dimension names of the parameters before ``name`` (``a: Float[Array,
        "n k"]`` names ``n`` = ``a.shape[0]``): one name, one size, within a signature."""
        known: dict[str, str] = {}
        for param, arg in scope.params.items():
            if param == name:
                break
            if arg.annotation is not None:
                for index, dim in enumerate(jaxtyping_dims(self.source.segment(arg.annotation)) or ()):
                    if dim.isidentifier() and not dim.startswith("_"):
                        known.setdefault(dim, f"{param}.shape[{index}]")
        return known

    def parameter_of(self, expr: ast.AST, scope: Scope, statement: ast.AST | None) -> str | None:
        """The parameter of ``scope``'s function that ``expr`` (a name) holds at ``statement``:
        only its parameter binding reaches there, and nothing can rebind it from elsewhere
        (``global``, ``nonlocal``, a nested function). What a call site passes for that
        parameter is then what ``expr`` holds."""
        if not isinstance(expr, ast.Name) or expr.id not in scope.params or expr.id in scope.packed:
            return None
        name = expr.id
        if name in scope.declared_global or self._bound_in_nested_or_global(name, scope):
            return None
        reaching = self.bindings_at(name, scope, statement)
        if len(reaching) != 1 or reaching[0].kind != "param":
            return None
        return name

    def dtype_source(self, expr: ast.AST, scope: Scope, statement: ast.AST | None, depth: int = 0) -> str | None:
        """The parameter of ``scope``'s function whose dtype ``expr`` has, when only ops that
        keep a dtype lie between them (indexing, ``.T``, reshape, transpose, ravel, squeeze,
        expand_dims, and names bound once to such an expression): the call sites then tell
        the dtype."""
        if depth > 8:
            return None
        if isinstance(expr, ast.Name):
            found = self.parameter_of(expr, scope, statement)
            if found is not None:
                return found
            reaching = self.bindings_at(expr.id, scope, statement) if scope.binds(expr.id) else []
            if len(reaching) == 1 and reaching[0].kind == "assign" and not reaching[0].path and isinstance(reaching[0].value, ast.expr):
                return self.dtype_source(reaching[0].value, scope, reaching[0].statement, depth + 1)
            return None
        if isinstance(expr, ast.Attribute) and expr.attr in ("T", "mT"):
            return self.dtype_source(expr.value, scope, statement, depth + 1)
        if isinstance(expr, ast.Subscript):
            return self.dtype_source(expr.value, scope, statement, depth + 1)
        if isinstance(expr, ast.Call) and not any(item.arg == "dtype" for item in expr.keywords):
            func = expr.func
            qualified = _Evaluator(self, scope, scope.position_of(statement), {}).resolve(func) or ""
            module, _, name = qualified.rpartition(".")
            if (module in lib.JAX_NUMPY or module in lib.HOST_NUMPY) and name in DTYPE_KEEPING:
                if expr.args and not isinstance(expr.args[0], ast.Starred):
                    return self.dtype_source(expr.args[0], scope, statement, depth + 1)
            elif not qualified and isinstance(func, ast.Attribute) and func.attr in DTYPE_KEEPING:
                return self.dtype_source(func.value, scope, statement, depth + 1)
        return None

    def mutated_between(self, names: set[str], scope: Scope, first: ast.AST, second: ast.AST) -> list[ast.AST]:
        """Statements that may change, in place, an array one of ``names`` holds after
        ``first`` and before ``second`` (statements of ``scope``): a subscript or attribute
        assignment (to any name: it may be an alias), an augmented assignment, a method call on
        one of ``names`` or a call that is given one of them (``A.sort()``, ``np.copyto(A, s)``,
        ``fill(A)``), anywhere in a loop that holds both. jax arrays never change in place;
        NumPy arrays do."""
        start, stop = scope.position_of(first), scope.position_of(second)
        if start is None or stop is None:
            return [first]
        common = _common(start.chain, stop.chain)
        loop = next((index for index, branch in reversed(common) if index in scope.loops and branch == 0), None)
        found: list[ast.AST] = []
        for node in walk_local(scope.node):
            if not isinstance(node, ast.stmt) or node is first or node is second:
                continue
            position = scope.position_of(node)
            if position is None:
                continue
            between = start.index < position.index < stop.index
            around = loop is not None and any(index == loop for index, _ in position.chain)
            if (between or around) and _may_mutate(node, names):
                found.append(node)
        return found

    def returns(self, function: ast.AST, scope: Scope) -> Value:
        """What ``function`` returns (joined over its ``return`` statements)."""
        key = id(function)
        if key in self._returns:
            return self._returns[key]
        self._returns[key] = v.UNKNOWN_VALUE  # recursion guard
        inner = self.scope(function, scope)
        if isinstance(function, ast.Lambda):
            result = self.value(function.body, inner, function.body)
        else:
            result = None
            for statement in inner.returns:
                if statement.value is None:
                    result = v.join(result, Value(v.NONE))
                else:
                    result = v.join(result, self.value(statement.value, inner, statement))
            result = result or Value(v.NONE)
        self._returns[key] = result
        return result




#: The parts of a matrix decomposition, as ranks relative to the matrix's (``eigh``: the
#: eigenvalues have one axis fewer, the eigenvectors as many).
DECOMPOSITION_RANKS = {"eigh": (-1, 0), "eig": (-1, 0), "svd": (0, -1, 0), "qr": (0, 0), "slogdet": (-2, -2)}
#: Keywords of a decomposition that change no part's rank (``full_matrices=False`` trims the
#: factors, ``UPLO`` picks a triangle); others (``compute_uv``, ``mode``) change what is returned.
SHAPE_KEEPING_KEYWORDS = frozenset({"full_matrices", "hermitian", "UPLO", "symmetrize_input", "lower", "check_finite", "overwrite_a"})


def _grown(scope_node: ast.AST, name: str) -> bool:
    """The list ``name`` is grown in place somewhere in the scope (``name.append(x)``,
    ``.extend``, ``.insert``): a literal's length is not its length."""
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("append", "extend", "insert")
        and isinstance(node.func.value, ast.Name) and node.func.value.id == name
        for node in walk_local(scope_node)
    )


def _appended_arity(scope_node: ast.AST, name: str) -> int | None:
    """The arity k when every growth of the list ``name`` in the scope appends a literal k-tuple."""
    arities = set()
    for node in walk_local(scope_node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == name:
            if node.func.attr in ("extend", "insert"):
                return None
            if node.func.attr == "append":
                item = node.args[0] if len(node.args) == 1 else None
                if not isinstance(item, ast.Tuple) or any(isinstance(e, ast.Starred) for e in item.elts):
                    return None
                arities.add(len(item.elts))
    return arities.pop() if len(arities) == 1 else None


def _unpacked_default(value: ast.AST, path: tuple, scope: Scope) -> Value | None:
    """``gz, gy, gx = grid``, ``grid`` a parameter of this scope defaulting to a tuple of int
    literals (``grid=(16, 16, 16)``): an int of the parameter, its entry of the default as its
    literal (what ``_parameter`` gives a parameter defaulting to an int). None otherwise."""
    if not (isinstance(value, ast.Name) and len(path) == 1 and path[0] >= 0 and value.id in scope.params):
        return None
    default = scope.defaults.get(value.id)
    if not isinstance(default, ast.Tuple) or path[0] >= len(default.elts):
        return None
    entry = default.elts[path[0]]
    if not (isinstance(entry, ast.Constant) and type(entry.value) is int):
        return None
    return Value(v.PARAM, param=value.id, literal=entry.value, evidence=(f"`{value.id}` defaults to a tuple whose entry {path[0]} is {entry.value}",))


def _starred_others(statement: ast.AST | None, name: str) -> int | None:
    """How many other targets sit beside ``*name`` in a flat unpacking (``key, *subkeys = ...``:
    1); None when ``name`` is not the starred target of one."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], (ast.Tuple, ast.List))):
        return None
    elements = statement.targets[0].elts
    starred = [element for element in elements if isinstance(element, ast.Starred)]
    if len(starred) != 1 or not isinstance(starred[0].value, ast.Name) or starred[0].value.id != name:
        return None
    return len(elements) - 1 if all(isinstance(element, (ast.Name, ast.Starred)) for element in elements) else None


def _rest(value: Value, others: int) -> Value:
    """The starred part of ``value`` unpacked beside ``others`` single targets: a list of its rows
    (``*subkeys`` of ``split(key, N + 1)`` beside ``key`` holds N keys)."""
    if value.kind != v.ARRAY or not value.shape:
        return v.UNKNOWN_VALUE
    rows = value.shape[0]
    length: v.Dim = None
    if isinstance(rows, int):
        length = rows - others
    elif isinstance(rows, str):
        length = rows if not others else rows[: -len(f" + {others}")] if rows.endswith(f" + {others}") else None
    row = v.array(value.shape[1:], value.dtype, host=value.host, data=value.data)
    return v.sequence(length, row, evidence=value.evidence)


def _passes_itself(value: ast.AST, name: str) -> bool:
    """``value`` calls something with ``name`` among its plain arguments."""
    return isinstance(value, ast.Call) and any(isinstance(arg, ast.Name) and arg.id == name for arg in [*value.args, *(k.value for k in value.keywords)])


def parameter_defaults(args: ast.arguments) -> dict[str, ast.expr]:
    """Each parameter's default expression, by name (positional and keyword-only)."""
    ordered = [*args.posonlyargs, *args.args]
    found = {arg.arg: default for arg, default in zip(reversed(ordered), reversed(args.defaults))}
    found.update((arg.arg, default) for arg, default in zip(args.kwonlyargs, args.kw_defaults) if default is not None)
    return found


def _unpacked(value: Value, path: tuple[int, ...], expr: ast.AST, source: Source) -> Value:
    """The part of ``value`` that an unpacking path selects (``n, d = X.shape``)."""
    if value.kind == v.SEQUENCE and value.function in PAIR_TRANSFORMS and path:
        if path == (1,):
            return Value(v.CALLABLE, transform=value.function, evidence=value.evidence)
        return v.UNKNOWN_VALUE
    for step in path:
        if step < 0:
            return v.UNKNOWN_VALUE
        if value.kind == v.SEQUENCE and value.parts and step < len(value.parts):
            value = value.parts[step]  # ``w, V = jnp.linalg.eigh(A)``: each part its own value
            continue
        parts = _tuple_parts(value.annotation) if value.kind == v.SEQUENCE and value.function == "tuple" and value.annotation else None
        if parts is not None and parts and parts[-1] != "..." and step < len(parts):
            # ``cost, a_s, eps = const`` with ``const: Tuple[Array, Tuple[Array, ...], float]``.
            value = _from_annotation(parts[step], source.segment(expr) if hasattr(expr, "lineno") else "it") or v.UNKNOWN_VALUE
            expr = ast.Constant(None)
            continue
        if isinstance(expr, ast.Attribute) and expr.attr == "shape" and value.kind == v.SEQUENCE:
            dims = value.item.shape if value.item is not None and value.item.shape is not None else None
            base = source.segment(expr.value)
            if dims is not None and step < len(dims) and isinstance(dims[step], int):
                return v.scalar(dims[step])
            dim = dims[step] if dims is not None and step < len(dims) else None
            return v.size(dim if isinstance(dim, str) else f"{base}.shape[{step}]")
        if value.kind == v.SEQUENCE:
            value = value.item or v.UNKNOWN_VALUE
        elif value.kind == v.ARRAY and value.shape:
            value = v.array(value.shape[1:], value.dtype, host=value.host, data=value.data)
        elif value.kind == v.ARRAY and value.shape is None and value.data:
            # ``(x_train, y_train), _ = mnist.load_data()``: the parts of loaded data are data.
            value = v.array(None, None, host=value.host, data=True, evidence=value.evidence)
        else:
            return v.UNKNOWN_VALUE
        expr = ast.Constant(None)
    return value


def _tuple_parts(text: str | None) -> list[str] | None:
    """The element annotations of ``Tuple[A, B]`` / ``tuple[A, ...]`` (spaces removed), or None."""
    if not text:
        return None
    compact = text.replace(" ", "")
    for prefix in ("Tuple[", "tuple[", "typing.Tuple["):
        if compact.startswith(prefix) and compact.endswith("]"):
            return _top_level_split(compact[len(prefix) : -1], ",")
    return None


def _union_members(compact: str) -> list[str] | None:
    """The members of a union annotation (``A | B``, ``Union[A, B]``, ``Optional[A]``), or None."""
    for prefix in ("Union[", "typing.Union[", "Optional[", "typing.Optional["):
        if compact.startswith(prefix) and compact.endswith("]"):
            members = _top_level_split(compact[len(prefix) : -1], ",")
            return members + ["None"] if prefix.endswith("Optional[") else members
    members = _top_level_split(compact, "|")
    return members if len(members) > 1 else None


def _top_level_split(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside brackets and quotes."""
    parts, depth, start, quote = [], 0, 0, None
    for index, char in enumerate(text):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [part for part in parts if part]


#: jaxtyping's dtype-specific array types.
JAXTYPING_DTYPES = {
    "Float16": "float16", "BFloat16": "bfloat16", "Float32": "float32", "Float64": "float64", "Int8": "int8",
    "Int16": "int16", "Int32": "int32", "Int64": "int64", "UInt8": "uint8", "UInt16": "uint16", "UInt32": "uint32",
    "UInt64": "uint64", "Bool": "bool", "Complex64": "complex64", "Complex128": "complex128",
}


#: Functions and methods whose result has their (first) argument's dtype.
DTYPE_KEEPING = frozenset({"reshape", "transpose", "ravel", "flatten", "squeeze", "expand_dims", "atleast_1d", "atleast_2d", "swapaxes", "moveaxis", "copy", "matrix_transpose", "conj", "conjugate"})

#: Methods that change a NumPy array in place.
IN_PLACE_METHODS = frozenset({"sort", "fill", "resize", "put", "itemset", "setfield", "partition", "byteswap", "setflags", "__setitem__", "__iadd__", "__imul__", "__isub__", "__itruediv__"})


def _may_mutate(stmt: ast.stmt, names: set[str]) -> bool:
    """Whether ``stmt`` (its own expressions and targets) may change an array in place."""
    if isinstance(stmt, ast.AugAssign):
        return True
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Store):
                    return True
    for expression in _own_expressions(stmt):
        for node in walk_local(expression):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in names and func.attr in IN_PLACE_METHODS:
                return True
            given = [*node.args, *(item.value for item in node.keywords)]
            if any(isinstance(arg, ast.Name) and arg.id in names for arg in given) and not _pure_library(node):
                return True
    return False


#: Library functions that write into an argument.
WRITING_FUNCTIONS = frozenset({"copyto", "put", "place", "putmask", "fill_diagonal", "shuffle", "put_along_axis", "setattr"})


def _pure_library(call: ast.Call) -> bool:
    """``jnp.sum(A)``, ``np.dot(A, B)``, ``len(A)``: a call that only reads its arguments (no
    ``out=``, not ``np.copyto``)."""
    name = dotted(call.func)
    if name is None or any(item.arg == "out" for item in call.keywords) or name.rpartition(".")[2] in WRITING_FUNCTIONS:
        return False
    return name in BUILTINS or name.split(".")[0] in ("jnp", "np", "numpy", "jax", "math", "lax", "onp", "anp")


def _from_annotation(text: str, name: str, known: dict[str, str] | None = None) -> Value | None:
    """A parameter's value from its annotation, when the annotation says what it is."""
    compact = text.replace(" ", "")
    import re

    members = _union_members(compact)
    if members is not None:
        # ``jax.Array | list[jax.Array]``: a value of either kind; only one kind (``None`` aside)
        # says what it is.
        values = [_from_annotation(member, name, known) for member in members if member not in ("None", "NoneType")]
        kinds = {value.kind if value is not None else None for value in values}
        return values[0] if len(kinds) == 1 and values else None
    jaxtyping = re.match(r"""^(?:\w+\.)*((?:Float|Int|Bool|Complex|Shaped|Num|Real|Inexact|Integer|UInt|Key|BFloat)\w*)\[[\w.]+,["']([^"']*)["']\]$""", compact)
    if jaxtyping:
        # ``Float32[...]`` states a dtype; ``Float[...]`` any float (float16 included): unknown.
        dtype = JAXTYPING_DTYPES.get(jaxtyping.group(1))
        dims = jaxtyping_dims(text) or []
        if any(dim.startswith(("*", "#*", "...")) or dim == "..." for dim in dims):
            return v.array(None, dtype, evidence=(f"`{name}: {text}`",))
        known = dict(known or {})
        for i, dim in enumerate(dims):
            if dim.isidentifier() and not dim.startswith("_"):
                known.setdefault(dim, f"{name}.shape[{i}]")
        shape = tuple(int(dim) if dim.isdigit() else known.get(dim, f"{name}.shape[{i}]") for i, dim in enumerate(dims))
        return replace(v.array(shape, dtype, evidence=(f"`{name}: {text}`",)), annotation=text)
    if re.search(r"\bCallable\b", compact):
        # ``Optional[Callable[[jnp.ndarray], float]]``: a function that takes arrays, not an array.
        return Value(v.CALLABLE)
    container = re.match(r"^(?:typing\.|t\.|collections\.abc\.)?(list|List|tuple|Tuple|Sequence|dict|Dict|Iterable|Mapping)\[", compact)
    if re.search(r"\b(Array|ndarray|ArrayLike|Tensor|jax\.Array)\b", compact) and not container:
        return v.array(None, evidence=(f"`{name}: {text}` (annotated as an array)",))
    parts = _tuple_parts(compact)
    if parts is not None:
        # A tuple is a structure: its length is fixed when traced, its items may differ.
        length = None if parts and parts[-1] == "..." else len(parts)
        item = _from_annotation(parts[0], name) if len(parts) == 2 and parts[-1] == "..." else None
        return Value(v.SEQUENCE, length=length, item=item, function="tuple", annotation=compact, evidence=(f"`{name}: {text}` (a tuple)",))
    if re.match(r"^(?:typing\.|t\.|collections\.abc\.)?(list|List|tuple|Tuple|Sequence|Iterable|MutableSequence)\b", compact):
        # A list a function is given, like a tuple, is a pytree under a trace: a structure (the
        # operands of an equation, the branches of a layer), its length fixed when traced.
        return Value(v.SEQUENCE, function="tuple", annotation=compact,
                     evidence=(f"`{name}: {text}` (a list: a structure, its length fixed under a trace)",))
    if re.match(r"^(dict|Dict|Mapping|MutableMapping)\b", compact):
        return Value(v.MAPPING, annotation=compact)  # (``Dict[str, jax.Array]``: what its entries hold)
    if compact in ("float", "complex"):
        return v.scalar()
    if compact == "bool":
        return v.scalar()
    if compact == "str":
        return Value(v.STRING)
    if re.match(r"^(Callable|typing\.Callable)\b", compact):
        return Value(v.CALLABLE)
    return None


#: Transforms whose function, called, maps over its arguments' leading axis: one result row per
#: mapped element (a tuple of such arrays for a function with several outputs).
MAPPING_TRANSFORMS = frozenset({"jax.vmap", "equinox.filter_vmap", "jax.pmap"})
#: Gradient transforms whose function returns ``(value, gradient)``.
VALUE_AND_GRAD = frozenset({"jax.value_and_grad", "equinox.filter_value_and_grad"})


class _Evaluator:
    """Evaluates expressions of one scope at one position."""

    def __init__(self, facts: Facts, scope: Scope, at: Position | None, overlay: dict[str, Value]) -> None:
        self.facts = facts
        self.scope = scope
        self.at = at
        self.overlay = overlay
        self.source = facts.source
        self.names = facts.names

    def code(self, node: ast.AST) -> str:
        if getattr(node, "lineno", None) is not None and getattr(node, "end_col_offset", None) is not None:
            return self.source.segment(node)
        return ast.unparse(node)

    # -- names ---------------------------------------------------------------------------

    def lookup(self, name: str, depth: int) -> Value:
        if name in self.overlay:
            return self.overlay[name]
        scope = self.scope
        if scope.binds(name):
            reaching = scope.reaching(name, self.at)
            narrowed = _narrowed(scope, name, self.at, reaching)
            if narrowed is not None:
                return narrowed
            joined = self._join_bindings(scope, reaching, depth)
            if joined.kind == v.UNKNOWN and name in _shaped_names(scope) and _computed_here(ast.Name(id=name, ctx=ast.Load()), self):
                # ``e = self.embed(ids); _, T, _ = e.shape``: what a call returned, read for its shape
                return v.array(None, evidence=(f"`{name}.shape` is read: `{name}` is an array",))
            return joined
        walked = _comprehension_variables(scope).get(name)
        if walked:
            # ``[jnp.trace(p[i] @ u) for i in range(16)]``: read inside a comprehension that binds
            # it (what every comprehension binding it walks, joined)
            result: Value | None = None
            for generator, path in walked:
                result = v.join(result, self._element(self.eval(generator.iter, depth), generator.iter, generator.target, path, depth))
            return result or v.UNKNOWN_VALUE
        if name in scope.declared_global:
            return self._module_name(name, depth)
        outer = scope.parent
        while outer is not None and not outer.is_module:
            if outer.binds(name):
                return self._join_bindings(outer, outer.reaching(name, None), depth)
            outer = outer.parent
        return self._module_name(name, depth)

    def _module_name(self, name: str, depth: int) -> Value:
        module = self.facts.module_scope
        if module.binds(name):
            at = self.at if self.scope is module else None
            found = [binding for binding in module.reaching(name, at) if binding.kind != "import"] if at is None else module.reaching(name, at)
            if found:
                return self._join_bindings(module, found, depth)
        qualified = self.names.aliases.get(name)
        if qualified is not None:
            return Value(v.MODULE, function=qualified)
        if name in BUILTINS:
            return Value(v.CALLABLE, function=name, transform="builtin")
        return v.UNKNOWN_VALUE

    def _join_bindings(self, scope: Scope, bindings: list[Binding], depth: int) -> Value:
        result: Value | None = None
        for binding in bindings:
            result = v.join(result, self.facts.binding_value(binding, scope))
        return result or v.UNKNOWN_VALUE

    def is_builtin(self, node: ast.AST, name: str) -> bool:
        """``node`` is the builtin ``name``: not rebound here, in an enclosing function, or by the module.
        Python 2's ``xrange`` (in code written for both, e.g. autograd's examples) is ``range``."""
        if name == "range" and isinstance(node, ast.Name) and node.id == "xrange":
            name = "xrange"
        if not (isinstance(node, ast.Name) and node.id == name) or name in self.overlay:
            return False
        scope: Scope | None = self.scope
        while scope is not None and not scope.is_module:
            if scope.binds(name):
                return False
            scope = scope.parent
        if self.names.aliases.get(name) == f"builtins.{name}" and name not in self.names.defined and not self.names.star_imports:
            return True  # ``from builtins import map`` (Python 2 compatibility code) is the builtin
        return not self.names.module_binds(name)

    def resolve(self, node: ast.AST) -> str | None:
        """Qualified name of ``node`` through imports, unless its head is rebound locally."""
        name = dotted(node)
        if name is None:
            return None
        head = name.partition(".")[0]
        scope: Scope | None = self.scope
        while scope is not None and not scope.is_module:
            if scope.binds(head):
                bindings = scope.bindings[head]
                if all(binding.kind == "import" for binding in bindings):
                    qualified = bindings[-1].value
                    rest = name[len(head) :]
                    return canonical(f"{qualified}{rest}")
                return None
            scope = scope.parent
        return canonical(self.names.resolve(node))

    # -- expressions -------------------------------------------------------------------------

    def eval(self, node: ast.AST, depth: int, text: str | None = None) -> Value:
        if depth > MAX_DEPTH:
            return v.UNKNOWN_VALUE
        cacheable = not self.overlay and hasattr(node, "lineno")
        if cacheable and id(node) in self.facts._values:
            return self.facts._values[id(node)]
        result = self._eval(node, depth + 1, text)
        if cacheable:
            self.facts._values[id(node)] = result
        return result

    def _eval(self, node: ast.AST, depth: int, text: str | None) -> Value:
        if isinstance(node, ast.Name):
            return self.lookup(node.id, depth)
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, complex):
                return Value(v.SCALAR, dtype="complex")  # ``1j``: makes what it touches complex
            if isinstance(value, bool) or isinstance(value, (int, float)):
                return v.scalar(value)
            if isinstance(value, (str, bytes)):
                return Value(v.STRING)
            if value is None:
                return Value(v.NONE)
            return Value(v.OBJECT)
        if isinstance(node, ast.Call):
            return self._call(node, depth)
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            found = self._attribute(node, depth) if isinstance(node, ast.Attribute) else self._subscript(node, depth)
            # ``args.num_steps``, ``cfg["n"]``: what the configuration states, when nothing else is known.
            return (configured(node, self) or found) if found.kind == v.UNKNOWN else found
        if isinstance(node, ast.BinOp):
            return self._binop(node, depth, text)
        if isinstance(node, ast.UnaryOp):
            operand = self.eval(node.operand, depth)
            if isinstance(node.op, ast.Not):
                return v.array(operand.shape, "bool") if operand.is_array else v.scalar()
            if operand.kind == v.SCALAR and isinstance(operand.literal, (int, float)) and isinstance(node.op, ast.USub):
                return v.scalar(-operand.literal)
            if operand.kind in (v.SIZE, v.PARAM):
                return v.size(text or self.code(node))
            return operand
        if isinstance(node, ast.BoolOp):
            values = [self.eval(item, depth) for item in node.values]
            result = None
            for item in values:
                result = v.join(result, item)
            return result or v.UNKNOWN_VALUE
        if isinstance(node, ast.Compare):
            operands = [self.eval(node.left, depth), *(self.eval(item, depth) for item in node.comparators)]
            if any(item.is_array for item in operands):
                # ``d < 0`` with ``d`` a vector and a number: the vector's shape (broadcasting)
                shapes = {item.shape for item in operands if item.is_array}
                others = [item for item in operands if not item.is_array]
                shape = shapes.pop() if len(shapes) == 1 and len(node.comparators) == 1 and all(item.kind == v.SCALAR for item in others) else None
                return v.array(shape, "bool")
            params = [item for item in operands if item.kind == v.PARAM]
            if params and all(item.kind in (v.PARAM, v.SCALAR) for item in operands):
                # ``pred == k`` with ``pred`` a parameter: an array of booleans if it is an array
                return Value(v.PARAM, param=params[0].param, annotation=params[0].annotation)
            return v.scalar()
        if isinstance(node, ast.IfExp):
            return v.join(self.eval(node.body, depth), self.eval(node.orelse, depth)) or v.UNKNOWN_VALUE
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            if any(isinstance(element, ast.Starred) for element in node.elts):
                return v.sequence(None)
            item = None
            for element in node.elts[:32]:
                item = v.join(item, self.eval(element, depth))
            return v.sequence(len(node.elts), item)
        if isinstance(node, (ast.Dict, ast.DictComp)):
            return Value(v.MAPPING)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return self._comprehension(node, depth)
        if isinstance(node, ast.Lambda):
            return Value(v.CALLABLE, function="<lambda>")
        if isinstance(node, ast.JoinedStr):
            return Value(v.STRING)
        if isinstance(node, ast.NamedExpr):
            return self.eval(node.value, depth)
        return v.UNKNOWN_VALUE

    def _comprehension(self, node: ast.ListComp | ast.GeneratorExp | ast.SetComp, depth: int) -> Value:
        if len(node.generators) != 1:
            # ``[... for i in range(4) for j in range(4)]``: as many items as the product of fixed
            # lengths, when no ``for`` reads another's variable and none filters
            bound = {name for generator in node.generators for name in names_read(generator.target)}
            lengths = [_length(self.eval(generator.iter, depth)) if not generator.ifs and not names_read(generator.iter) & bound else None
                       for generator in node.generators]
            # ``[(p, q) for p in ... for q in ...]``: items of a fixed arity (an index table's rows)
            item = v.sequence(len(node.elt.elts)) if isinstance(node.elt, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in node.elt.elts) else None
            if item is None:
                # ``[jnp.kron(p[i], p[j]) for i in range(4) for j in range(4)]``: the item with
                # each variable bound to what its ``for`` walks
                inner = self
                for generator in node.generators:
                    overlay = dict(inner.overlay)
                    walked = inner.eval(generator.iter, depth)
                    for path, name in _unpack(generator.target):
                        overlay[name] = inner._element(walked, generator.iter, generator.target, path, depth)
                    inner = _Evaluator(self.facts, self.scope, self.at, overlay)
                item = inner.eval(node.elt, depth)
                if item.is_array and item.shape is None:
                    item = None  # an array of a shape not known: the count of items is what is known
            if all(isinstance(length, int) for length in lengths):
                return v.sequence(math.prod(lengths), item)  # type: ignore[arg-type]
            return v.sequence(None, item)
        generator = node.generators[0]
        iterable = self.eval(generator.iter, depth)
        length = _length(iterable) if not generator.ifs else None
        most = self._most_items(iterable, generator) if generator.ifs else None
        overlay = dict(self.overlay)
        for path, name in _unpack(generator.target):
            overlay[name] = self._element(iterable, generator.iter, generator.target, path, depth)
        inner = _Evaluator(self.facts, self.scope, self.at, overlay)
        item = inner.eval(node.elt, depth)
        # ``[e["image"] for e in tfds.as_numpy(ds)]``: one item per record of loaded data
        source = iterable if iterable.data else None
        if source is None and isinstance(generator.iter, ast.Call):
            source = next((found for found in (self.eval(arg, depth) for arg in positional(generator.iter)) if found.data), None)
        if source is not None:
            return Value(v.SEQUENCE, length=length, item=item, data=True, evidence=source.evidence)
        if most is not None:
            return Value(v.SEQUENCE, item=item, most=most)  # ``[k for k in names if k in table]``: at most as many
        return v.sequence(length, item)

    def _most_items(self, iterable: Value, generator: ast.comprehension) -> int | None:
        """At most how many items a filtered ``for`` keeps: the walked sequence's length, or the
        length of a parameter's literal tuple or list default (``kernels=("a", "b")``)."""
        length = _length(iterable)
        if isinstance(length, int):
            return length
        if isinstance(generator.iter, ast.Name) and self.scope.binds(generator.iter.id) and isinstance(self.scope.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # every binding reaching here a literal tuple or list, or the parameter with one as
            # its default (``kernels=("a", "b")``, then ``if ...: kernels = (kernels,)``)
            defaults = parameter_defaults(self.scope.node.args)
            counts = []
            for binding in self.scope.reaching(generator.iter.id, self.at):
                literal = defaults.get(binding.name) if binding.kind == "param" else binding.value if binding.kind == "assign" and not binding.path else None
                counts.append(len(literal.elts) if isinstance(literal, (ast.Tuple, ast.List)) else None)
            if counts and None not in counts:
                return max(counts)  # type: ignore[type-var]
        return iterable.most

    # -- loops: what a loop variable holds ---------------------------------------------------

    def element_of(self, iterable: ast.expr, target: ast.AST | None, path: tuple[int, ...], depth: int) -> Value:
        return self._element(self.eval(iterable, depth), iterable, target, path, depth)

    def _element(self, value: Value, iterable: ast.expr, target: ast.AST | None, path: tuple[int, ...], depth: int) -> Value:
        if isinstance(iterable, ast.Call) and path:
            func = iterable.func
            args = positional(iterable)
            if self.is_builtin(func, "zip") and path[0] < len(args):
                return _select(self.element_of(args[path[0]], None, (), depth), path[1:])
            if self.is_builtin(func, "enumerate") and args:
                if path[0] == 0:
                    return v.scalar()
                return _select(self.element_of(args[0], None, (), depth), path[1:])
        if value.kind == v.SEQUENCE:
            return _select(value.item or v.UNKNOWN_VALUE, path)
        if value.kind == v.ARRAY:
            shape = value.shape[1:] if value.shape else None
            return _select(v.array(shape, value.dtype, host=value.host), path)
        return v.UNKNOWN_VALUE

    # -- attributes and subscripts -----------------------------------------------------------

    def _attribute(self, node: ast.Attribute, depth: int) -> Value:
        qualified = self.resolve(node)
        if qualified is not None and "." in qualified:
            module, _, attr = qualified.rpartition(".")
            if attr in ("pi", "e", "inf", "nan", "euler_gamma"):
                return v.scalar()
            if attr in lib.DTYPE_NAMES:
                return Value(v.OBJECT, function=qualified)
            return Value(v.MODULE, function=qualified)
        base = self.eval(node.value, depth)
        attr = node.attr
        if base.kind == v.UNKNOWN and attr == "shape" and (_field_of_parameter(node.value, self) or _computed_here(node.value, self)):
            # ``batch.done.shape``: a field of a parameter; ``e = self.embed(ids); e.shape``: what a
            # call computed here (a submodule's output): read as an array
            base = v.array(None)
        if base.kind == v.ARRAY or base.kind == v.PARAM and attr in ("shape", "T", "ndim", "size", "dtype", "at", "mT"):
            array = base if base.kind == v.ARRAY else v.array(None)
            if attr == "shape":
                # ``shp = x.shape`` then ``shp[0]``: the sequence remembers whose shape it is
                return Value(v.SEQUENCE, length=array.rank, item=array, function="shape", annotation=self.code(node))
            if attr in ("T", "mT"):
                shape = tuple(reversed(array.shape)) if array.shape is not None and attr == "T" else array.shape
                return v.array(shape, array.dtype, host=array.host)
            if attr == "size":
                count = array.elements
                return v.scalar(count) if count is not None else v.size(self.code(node))
            if attr == "ndim":
                return v.scalar(array.rank)
            if attr in ("real", "imag"):
                return v.array(array.shape, None, host=array.host)
            if attr == "at":
                return Value(v.OBJECT, function="at", item=array)
            if attr == "dtype":
                return Value(v.OBJECT)
            if attr == "values" and base.kind == v.ARRAY and base.data:
                return base  # a data frame's values: the same data
            return v.UNKNOWN_VALUE
        if base.kind == v.OBJECT and base.function == "at":
            return base
        if base.kind == v.OBJECT and isinstance(node.value, ast.Name) and node.value.id == "self":
            transformed = self.facts.instance_transform(self.scope, attr)
            if transformed is not None:
                return transformed
            counted = self.facts.instance_count(self.scope, attr, depth)
            if counted is not None:
                return counted
        if base.kind == v.OBJECT and base.function == "scipy.integrate.solve_ivp" and attr == "y":
            return base.item or v.UNKNOWN_VALUE  # ``sol.y``: the states, one column per output time
        if base.kind == v.OBJECT and base.function == lib.SPARSE_MATRIX and attr in ("indices", "data"):
            shape = (base.length, 2) if attr == "indices" else (base.length,)
            evidence = f"`{one_line(self.code(node), 50)}`: the {attr} of a sparse matrix with {base.length} stored entries"
            return v.array(shape, "int32" if attr == "indices" else "float32", evidence=(evidence,))
        if attr in lib.DATA_METHODS and attr == "values":
            return v.UNKNOWN_VALUE
        return v.UNKNOWN_VALUE

    def _subscript(self, node: ast.Subscript, depth: int) -> Value:
        base_node = node.value
        shape_of = None
        if isinstance(base_node, ast.Attribute) and base_node.attr == "shape":
            shape_of = (self.eval(base_node.value, depth), self.code(base_node))
        elif isinstance(base_node, (ast.Name, ast.Call)):
            named = self.eval(base_node, depth)
            if named.kind == v.SEQUENCE and named.function == "shape" and named.annotation:
                # ``shp = x.shape; shp[0]``; ``jnp.shape(x)[0]``, the function spelling of ``x.shape[0]``
                shape_of = (named.item or v.UNKNOWN_VALUE, named.annotation)
        if shape_of is not None:
            array, shown = shape_of
            index = int_value(node.slice)
            if index is None and not isinstance(node.slice, ast.Slice):
                position = self.eval(node.slice, depth)  # ``x.shape[ax]`` with ``ax = 0``
                index = position.literal if position.kind == v.SCALAR and type(position.literal) is int else None
            if index is not None:
                dims = array.shape if array.kind == v.ARRAY else None
                if dims is not None and -len(dims) <= index < len(dims):
                    dim = dims[index]
                    if isinstance(dim, int):
                        return v.scalar(dim, (f"`{self.code(node)}` is {dim}",))
                    if isinstance(dim, str):
                        return v.size(dim)
                return v.size(f"{shown}[{index}]")
            return v.sequence(None, v.size(self.code(node)))
        base = self.eval(base_node, depth)
        if base.kind == v.OBJECT and base.function == "at":
            return base
        if base.kind == v.SEQUENCE and base.function in PAIR_TRANSFORMS and int_value(node.slice) is not None:
            return _unpacked(base, (int_value(node.slice),), base_node, self.source)  # ``jax.vjp(f, x)[1]``: the pullback
        if base.kind == v.ARRAY:
            return _index_array(base, node.slice, self)
        if base.kind == v.OBJECT and base.function == "scipy.integrate.solve_ivp" and isinstance(node.slice, ast.Constant) and node.slice.value == "y":
            return base.item or v.UNKNOWN_VALUE  # ``sol["y"]``
        if base.kind == v.PARAM:
            return v.UNKNOWN_VALUE
        if base.kind == v.SEQUENCE:
            if isinstance(node.slice, ast.Slice):
                # ``hist[-6:]``: at most 6 items (``most``; how many exactly is not shown: a
                # list's length as bound is not what appends made it)
                bound = sliced_length(node.slice, None)
                return Value(v.SEQUENCE, item=base.item, most=bound if isinstance(bound, int) else None)
            index = int_value(node.slice)
            if base.parts and index is not None and -len(base.parts) <= index < len(base.parts):
                return base.parts[index]  # ``jnp.linalg.slogdet(c)[1]``: that part
            return base.item or v.UNKNOWN_VALUE
        return v.UNKNOWN_VALUE

    # -- arithmetic --------------------------------------------------------------------------

    def _binop(self, node: ast.BinOp, depth: int, text: str | None) -> Value:
        left = self.eval(node.left, depth)
        right = self.eval(node.right, depth)
        kinds = {left.kind, right.kind}
        if v.ARRAY in kinds:
            if isinstance(node.op, ast.MatMult):
                return _matmul(left, right)
            arrays = [item for item in (left, right) if item.is_array]
            if len(arrays) == 2:
                shape = arrays[0].shape if arrays[0].shape == arrays[1].shape else (
                    arrays[0].shape if arrays[1].rank == 0 else arrays[1].shape if arrays[0].rank == 0 else None
                )
                dtype = arrays[0].dtype if arrays[0].dtype == arrays[1].dtype else None
                return v.array(shape, dtype, host=arrays[0].host and arrays[1].host, data=arrays[0].data or arrays[1].data)
            array = arrays[0]
            other = right if array is left else left
            if other.kind in (v.SCALAR, v.SIZE):
                return v.array(array.shape, _scalar_promotion(array, other, node.op), host=array.host, data=array.data)
            if other.kind == v.PARAM and type(other.literal) in (int, float) and not other.annotation:
                # ``amps * scale`` with ``scale=0.5``: a parameter whose default is a number scales the array
                return v.array(array.shape, None, host=False, data=array.data)
            return v.array(None, None, host=array.host and other.kind != v.PARAM, data=array.data)
        if v.SEQUENCE in kinds and isinstance(node.op, (ast.Add, ast.Mult)):
            if left.kind == v.SEQUENCE and right.kind == v.SEQUENCE and isinstance(node.op, ast.Add):
                length = left.length + right.length if isinstance(left.length, int) and isinstance(right.length, int) else None
                return v.sequence(length, v.join(left.item, right.item))
            sequence, count = (left, right) if left.kind == v.SEQUENCE else (right, left)
            if isinstance(sequence.length, int) and count.kind == v.SCALAR and type(count.literal) is int:
                return v.sequence(sequence.length * count.literal, sequence.item)
            return v.sequence(None, sequence.item)
        if kinds <= {v.SCALAR}:
            if "complex" in (left.dtype, right.dtype):
                return Value(v.SCALAR, dtype="complex")
            literal = arithmetic(node.op, left.literal, right.literal)
            return v.scalar(literal)
        if kinds <= {v.SCALAR, v.PARAM} and v.PARAM in kinds:
            # Computed from parameters: an array if they are arrays, a count if they are ints.
            first = left if left.kind == v.PARAM else right
            return Value(v.PARAM, param=first.param, annotation=first.annotation)
        if kinds <= {v.SCALAR, v.SIZE, v.PARAM} and v.SIZE in kinds or kinds in ({v.SIZE, v.UNKNOWN}, {v.SIZE, v.MODULE}) and (
            isinstance(node.op, (ast.Mult, ast.Add)) or isinstance(node.op, (ast.Sub, ast.FloorDiv)) and left.kind == v.SIZE
        ):
            # ``x.shape[0] * lib.n_nodes``: a data size times anything is at least as large; ``T - w + 1``
            # with ``w`` a window width from a config: the positions of a window along the data;
            # ``(T - self.win) // self.hop + 1``: the frames of a signal, as a parameter hop gives
            params = [item.param for item in (left, right) if item.kind == v.PARAM and item.param] + [
                item.param for item in (left, right) if item.kind == v.SIZE and item.param
            ]
            evidence = left.evidence + right.evidence
            return Value(v.SIZE, length=text or self.code(node), param=params[0] if params else None, evidence=evidence[:4])
        if v.STRING in kinds:
            return Value(v.STRING)
        return v.UNKNOWN_VALUE

    # -- calls ------------------------------------------------------------------------------

    def _call(self, node: ast.Call, depth: int) -> Value:
        func = node.func
        args = positional(node)
        if isinstance(func, ast.Name) and func.id in BUILTINS and self.is_builtin(func, func.id):
            return self._builtin(func.id, node, args, depth)
        qualified = self.resolve(func)
        if qualified is not None:
            return self._library_call(qualified, node, args, depth)
        if isinstance(func, ast.Attribute):
            return self._method(node, func, args, depth)
        callee = self.eval(func, depth)
        if callee.kind == v.CALLABLE:
            return self._apply(callee, node, args, depth)
        if callee.kind == v.MODULE and callee.function in TRANSFORM_LEVELS:
            # ``partial(jax.grad, argnums=1)(loss)``, ``t = jax.grad; t(loss)``: the transform applied.
            return self._library_call(callee.function, node, args, depth)
        return v.UNKNOWN_VALUE

    def _apply(self, callee: Value, node: ast.Call, args: list[ast.expr], depth: int) -> Value:
        """The result of calling a callable value."""
        if callee.transform in GRADIENT_FUNCTIONS:
            if callee.transform in VALUE_AND_GRAD:
                return v.sequence(2)
            return v.array(None, evidence=(f"a gradient from `{one_line(self.code(node.func), 40)}`",))
        if callee.transform in MAPPING_TRANSFORMS:
            mapped = self._mapped_data(node, args, depth)
            if mapped is not None:
                row = v.array(None, None, data=True, evidence=(f"mapped over `{one_line(self.code(mapped), 30)}` (data) by `{one_line(self.code(node.func), 40)}`",))
            else:
                # one result per mapped row: an array (of the rows it mapped), whatever it maps
                row = v.array(None, evidence=(f"the result of `{one_line(self.code(node.func), 40)}`: one row per mapped element",))
            if isinstance(callee.length, int):
                # ``jax.vmap(jax.value_and_grad(f))(xs)``: a tuple of such arrays, one per output
                return v.sequence(callee.length, item=row, evidence=(f"`{one_line(self.code(node.func), 40)}` maps a function returning {callee.length} outputs: a tuple of arrays",))
            return row
        if callee.transform in ("jax.jit", "equinox.filter_jit"):
            return v.UNKNOWN_VALUE
        if callee.transform == "class":
            return Value(v.OBJECT, function=callee.function)  # an instance of this module's class
        if callee.transform == "builtin":
            return Value(v.OBJECT)
        if callee.function and callee.function != "<lambda>":
            definition = self._local_definition(callee.function)
            if definition is not None:
                node_def, scope = definition
                result = self.facts.returns(node_def, scope)
                if result.kind == v.PARAM and result.param is not None:
                    return self._argument(node_def, result.param, node, depth)
                wrapped = self._wrapped_callable(node_def, result, node, depth)
                if wrapped is not None:
                    return wrapped
                return replace(result, evidence=())
        return v.UNKNOWN_VALUE

    def _outputs(self, inner: ast.expr, wrapped: Value, depth: int) -> int | None:
        """How many outputs the function ``inner`` returns when it returns a tuple of a known
        length (``jax.value_and_grad(f)``: 2; a lambda or a ``def`` of this module returning a
        tuple); None otherwise."""
        if wrapped.kind == v.CALLABLE and wrapped.transform in VALUE_AND_GRAD:
            return 2
        if isinstance(inner, ast.Lambda):
            result = self.eval(inner.body, depth + 1)
        elif wrapped.kind == v.CALLABLE and wrapped.transform is None and wrapped.function and wrapped.function != "<lambda>":
            definition = self._local_definition(wrapped.function)
            result = self.facts.returns(*definition) if definition is not None else v.UNKNOWN_VALUE
        else:
            return None
        return result.length if result.kind == v.SEQUENCE and isinstance(result.length, int) and result.length > 1 else None

    def _wrapped_callable(self, wrapper: ast.AST, result: Value, call: ast.Call, depth: int) -> Value | None:
        """``as_host(jax.jit(jax.jacobian(f)))`` where ``as_host(fn)`` returns a function it
        defines that calls ``fn`` (a decorator-like wrapper): calling the result computes what
        ``fn`` does, so it keeps the transform of the function passed."""
        if result.kind != v.CALLABLE or result.transform is not None or not result.function:
            return None
        inner = next((node for node in getattr(wrapper, "body", ()) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.name == result.function), None)
        if inner is None:
            return None
        params = [arg.arg for arg in [*wrapper.args.posonlyargs, *wrapper.args.args]]  # type: ignore[attr-defined]
        called = {node.func.id for node in ast.walk(inner) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)} & set(params)
        if len(called) != 1:
            return None
        passed = self._argument(wrapper, called.pop(), call, depth)
        if passed.kind == v.CALLABLE and passed.transform is not None:
            return Value(v.CALLABLE, transform=passed.transform, function=passed.function, evidence=(f"`{one_line(self.code(call), 50)}`",))
        return None

    def _mapped_data(self, node: ast.Call, args: list[ast.expr], depth: int) -> ast.expr | None:
        """The data array a map written in place maps over (``jax.vmap(make, in_axes=(0, None))(u0,
        p)`` with ``u0`` data): each output, each part of a returned tuple too, keeps that axis, so
        it is data-sized. None when the map's axes are not shown (a map bound to a name first), an
        ``out_axes`` is given, or no argument mapped along an axis is data."""
        vmap = node.func
        if not isinstance(vmap, ast.Call) or keyword(vmap, "out_axes") is not None:
            return None
        axes = keyword(vmap, "in_axes") or (positional(vmap)[1] if len(positional(vmap)) > 1 else None)
        if axes is None:
            spread = [0] * len(args)
        elif isinstance(axes, ast.Tuple) and len(axes.elts) == len(args):
            spread = [None if isinstance(item, ast.Constant) and item.value is None else 0 for item in axes.elts]
        elif int_value(axes) is not None:
            spread = [0] * len(args)
        else:
            return None
        for arg, axis in zip(args, spread):
            value = self.eval(arg, depth) if axis is not None else None
            if value is not None and value.kind == v.ARRAY and value.data:
                return arg
        return None

    def _local_definition(self, name: str) -> tuple[ast.AST, Scope] | None:
        return self.scope.definition(name, "def") if self.scope is not None else None

    def _argument(self, function: ast.AST, param: str, call: ast.Call, depth: int) -> Value:
        """The value passed for ``param`` of ``function`` at ``call``."""
        args = function.args  # type: ignore[attr-defined]
        names = [arg.arg for arg in [*args.posonlyargs, *args.args]]
        given = positional(call)
        if param in names and names.index(param) < len(given):
            return self.eval(given[names.index(param)], depth)
        value = keyword(call, param)
        return self.eval(value, depth) if value is not None else v.UNKNOWN_VALUE

    def _builtin(self, name: str, node: ast.Call, args: list[ast.expr], depth: int) -> Value:
        code = self.code(node)
        name = "range" if name == "xrange" else name
        if name == "len" and args:
            inner = self.eval(args[0], depth)
            length = _length(inner)
            if isinstance(length, int):
                return v.scalar(length)
            if inner.kind == v.SEQUENCE and length is None and isinstance(inner.most, int):
                return Value(v.SCALAR, most=inner.most, evidence=(f"`{code}`: at most {inner.most}",))
            evidence = inner.evidence[:2]
            if inner.kind == v.SEQUENCE and inner.function == "tuple":
                return Value(v.SCALAR, function="tuple", evidence=(f"`{code}`: the length of a tuple (a structure, fixed under a trace)",))
            if inner.kind == v.PARAM:
                return Value(v.SIZE, length=code, param=inner.param, evidence=evidence)
            return Value(v.SIZE, length=length if isinstance(length, str) else code, evidence=evidence)
        if name == "range":
            if not args:
                return v.sequence(None, v.scalar())
            bounds = [self.eval(arg, depth) for arg in args[:3]]
            start = bounds[0] if len(bounds) >= 2 else v.scalar(0)
            stop = bounds[1] if len(bounds) >= 2 else bounds[0]
            step = bounds[2] if len(bounds) == 3 else v.scalar(1)
            length: v.Dim = None
            arithmetic = range_bounds(args[:3])
            driver = stop
            if arithmetic.count is not None:
                length = arithmetic.count  # ``range(3, 10, 2)``, ``range(n - 2, n)``
            elif start.kind == stop.kind == step.kind == v.SCALAR and all(type(b.literal) is int for b in (start, stop, step)) and step.literal:
                length = max(0, -(-(stop.literal - start.literal) // step.literal))  # type: ignore[operator]
            elif arithmetic.driver is not None:
                # The bound the count grows with: ``stop``, or ``start`` when counting down
                # (``range(n - 1, -1, -1)`` runs ``n`` times).
                driver = self.eval(arithmetic.driver, depth)
                if driver.kind in (v.SIZE, v.PARAM):
                    length = driver.length if driver.kind == v.SIZE and driver.length else self.code(arithmetic.driver)
            # A parameter's default (``order=4``) travels with it: a small default says small, and
            # so does one a few steps off it (``range(n_extra - 1)``, ``n_extra: int = 1``).
            default = driver.literal if driver.kind == v.PARAM else None
            if default is None and driver.kind in (v.SIZE, v.PARAM) and driver.param is not None:
                held = self.eval(ast.Name(id=driver.param, ctx=ast.Load()), depth)
                if held.kind == v.PARAM and type(held.literal) is int:
                    # the bounds evaluated with the parameter at its default
                    at_default = _Evaluator(self.facts, self.scope, self.at, {**self.overlay, driver.param: v.scalar(held.literal)})
                    bounds = [at_default.eval(arg, depth).literal for arg in args[:3]]
                    start_at, stop, stride = (0, bounds[0], 1) if len(bounds) == 1 else (bounds[0], bounds[1], bounds[2] if len(bounds) == 3 else 1)
                    if all(type(bound) is int for bound in (start_at, stop, stride)) and stride:
                        default = max(0, -(-(stop - start_at) // stride))
            return Value(v.SEQUENCE, length=length, item=v.scalar(), function="range", param=driver.param, literal=default, evidence=driver.evidence[:3],
                         divided=driver.divided)
        if name in ("int", "round") and args:
            inner = self.eval(args[0], depth)
            read = sorted(names_read(args[0]) & self.scope.params.keys()) if inner.kind == v.SCALAR and inner.literal is None else []
            if read and isinstance(args[0], ast.BinOp) and isinstance(args[0].op, (ast.Div, ast.FloorDiv)):
                # ``steps = int(horizon // h)``: a count of steps from numbers the callers pass (what
                # a caller passes for one of them is not the count: no parameter is named)
                return Value(v.SIZE, length=code, divided=True, evidence=(f"`{code}` is computed from the parameters {', '.join(f'`{r}`' for r in read)}",))
            if inner.kind == v.SCALAR:
                return v.scalar(int(inner.literal) if isinstance(inner.literal, (int, float)) and not isinstance(inner.literal, bool) else None)
            if inner.kind in (v.SIZE, v.PARAM, v.ARRAY, v.UNKNOWN):
                return Value(v.SIZE, length=code, param=inner.param, evidence=inner.evidence[:3])
            return v.scalar()
        if name in ("float", "bool", "abs"):
            inner = self.eval(args[0], depth) if args else v.scalar()
            if name == "abs" and inner.is_array:
                return inner
            return v.scalar()
        if name in ("min", "max") and len(args) >= 2:
            items = [self.eval(arg, depth) for arg in args]
            if all(item.kind == v.SCALAR and isinstance(item.literal, (int, float)) for item in items):
                return v.scalar((min if name == "min" else max)(item.literal for item in items))  # type: ignore[type-var]
            if any(item.kind in (v.SIZE, v.PARAM) for item in items):
                return v.size(code)
            return v.UNKNOWN_VALUE
        if name in ("list", "tuple", "sorted", "reversed", "iter") and args:
            inner = self.eval(args[0], depth)
            if inner.kind == v.SEQUENCE:
                # ``list(a_tuple)`` is still a structure; ``list(range(n))`` is no longer a range.
                keep = name == "reversed" or inner.function == "tuple"
                return replace(inner, function=inner.function if keep else None)
            if inner.kind == v.ARRAY:
                shape = inner.shape
                return v.sequence(shape[0] if shape else None, v.array(shape[1:] if shape else None, inner.dtype, host=inner.host))
            return v.sequence(None)
        if name == "list" or name == "tuple":
            return v.sequence(0)
        if name in ("zip", "enumerate", "map") and args:
            items = [self.eval(arg, depth) for arg in (args[1:] if name == "map" else args)]
            lengths = [_length(item) for item in items]
            known = [length for length in lengths if length is not None]
            # ``zip(a, b)``: pairs (an index table's rows, ``np.array(list(zip(i, j))).T`` has two)
            arity = len(args) if name == "zip" and not any(isinstance(arg, ast.Starred) for arg in args) else 2 if name == "enumerate" else None
            return v.sequence(min((l for l in known if isinstance(l, int)), default=known[0] if known else None), v.sequence(arity) if arity else None)
        if name == "sum" and args:
            inner = self.eval(args[0], depth)
            if inner.kind == v.SEQUENCE and inner.item is not None and inner.item.is_array:
                return v.array(None)
            if inner.kind == v.ARRAY:
                return v.array(inner.shape[1:] if inner.shape else None, inner.dtype)
            if inner.kind == v.SEQUENCE and inner.item is not None and inner.item.kind == v.SCALAR:
                return v.scalar()  # ``sum([1 / i for i in range(1, n + 1)])``: a Python number
            return v.UNKNOWN_VALUE
        if name in ("str",):
            return Value(v.STRING)
        if name in ("dict",):
            return Value(v.MAPPING)
        if name == "divmod":
            return v.sequence(2)
        return Value(v.OBJECT)

    def _library_call(self, qualified: str, node: ast.Call, args: list[ast.expr], depth: int) -> Value:
        value = self._library_value(qualified, node, args, depth)
        module, _, name = qualified.rpartition(".")
        if value.is_array and (module in lib.JAX_NUMPY or module in lib.HOST_NUMPY or module == "jax.lax"):
            if name in lib.BOOLEAN_RESULTS:
                return replace(value, dtype="bool")
            if name in lib.INTEGER_RESULTS and value.dtype not in v.INTEGRAL_DTYPES:
                # bit operations keep their operands' dtype (booleans stay booleans); positions
                # and counts are integers
                operands = {self.eval(arg, depth).dtype for arg in args[:2]} if name in lib.BIT_OPERATIONS else set()
                return replace(value, dtype="bool" if operands == {"bool"} else "int32" if not value.host else "int64")
        return value

    def _library_value(self, qualified: str, node: ast.Call, args: list[ast.expr], depth: int) -> Value:
        module, _, name = qualified.rpartition(".")
        if qualified in PAIR_TRANSFORMS:
            # ``y, vjp_fun = jax.vjp(f, x)``: the outputs, then a function that computes VJPs (JVPs
            # for ``linearize``); with ``has_aux=True`` the auxiliary data comes third.
            count = 3 if any(item.arg == "has_aux" for item in node.keywords) else 2
            return Value(v.SEQUENCE, length=count, function=qualified, evidence=(f"`{one_line(self.code(node), 50)}`",))
        applied = APPLIES.get(qualified)
        if applied is not None:
            # ``x = lax.map(init, keys)``: the function's results, not a function
            evidence = (f"`{one_line(self.code(node), 50)}`",)
            if applied == "array":
                return v.array(evidence=evidence)
            return v.sequence(2, evidence=evidence) if applied == "pair" else v.UNKNOWN_VALUE
        transform = TRANSFORM_LEVELS.get(qualified)
        if transform is not None:
            inner = args[0] if args else keyword(node, "fun")
            wrapped = self.eval(inner, depth) if inner is not None else v.UNKNOWN_VALUE
            function = wrapped.function if wrapped.kind == v.CALLABLE else (dotted(inner) if inner is not None else None)
            kept = kept_transform(qualified, wrapped.transform)
            # a mapped function returning a tuple (``value_and_grad``, ``lambda x: (f(x), g(x))``)
            # maps into a tuple of arrays: ``length`` is the number of its outputs
            outputs = self._outputs(inner, wrapped, depth) if qualified in MAPPING_TRANSFORMS and inner is not None else None
            return Value(v.CALLABLE, transform=kept, function=function, length=outputs, evidence=(f"`{one_line(self.code(node), 50)}`",))
        if qualified == "jax.lax.stop_gradient" and len(args) == 1 and not node.keywords:
            # the same value with no gradient: ``stop_gradient(W.shape[0])`` is that int
            return self.eval(args[0], depth)
        if qualified in ("jax.device_put", "jax.device_put_replicated") and args:
            inner = self.eval(args[0], depth)
            if inner.is_array and (inner.shape is not None or inner.data):
                # Moving an array to the device keeps its shape and dtype (and whether it is data).
                return v.array(inner.shape, inner.dtype, data=inner.data, evidence=inner.evidence)
        if qualified in lib.GAUSS_QUADRATURE and args:
            count = self._dim(args[0], depth)
            nodes = v.array((count,), lib.NUMPY_DEFAULT_FLOAT, host=True, evidence=(f"`{one_line(self.code(node), 50)}`{_line_of(node)}",))
            return v.sequence(2, nodes)
        if qualified in ("scipy.integrate.odeint", "scipy.integrate.solve_ivp", "jax.experimental.ode.odeint"):
            # one state per output time: ``odeint(f, y0, t)`` gives (len(t), n); ``solve_ivp``'s
            # result holds ``y`` of (n, len(t_eval))
            times = args[2] if qualified.endswith("odeint") and len(args) > 2 else keyword(node, "t_eval")
            count = _length(self.eval(times, depth)) if times is not None else None
            evidence = (f"`{one_line(self.code(node), 50)}`{_line_of(node)}: one state per output time",)
            if qualified.endswith("odeint"):
                host = qualified.startswith("scipy")
                return v.array((count, None), "float64" if host else None, host=host, evidence=evidence)
            return Value(v.OBJECT, function=qualified, item=v.array((None, count), "float64", host=True, evidence=evidence), evidence=evidence)
        if qualified in lib.RNG_CONSTRUCTORS:
            return Value(v.OBJECT, function="numpy.random.Generator")
        if qualified in lib.SPARSE_EYE and args:
            # A sparse identity: one stored entry per row (its ``indices`` and ``data`` are arrays).
            count = self._dim(args[0], depth)
            return Value(v.OBJECT, function=lib.SPARSE_MATRIX, length=count, evidence=(f"`{one_line(self.code(node), 50)}`{_line_of(node)}",))
        if qualified in lib.SAMPLED_VALUES:
            return v.array(None, evidence=(f"`{one_line(self.code(node), 50)}`{_line_of(node)}: a sampled array",))
        if qualified in lib.DATA_LOADERS:
            return v.array(None, host=not qualified.startswith("jax."), data=True, evidence=(f"data loaded by `{one_line(self.code(node), 50)}`{_line_of(node)}",))
        if qualified in lib.TOY_DATASETS:
            # ``X, y = load_iris(return_X_y=True)``: a bundled toy set, fixed and small
            rows, features = lib.TOY_DATASETS[qualified]
            evidence = (f"`{one_line(self.code(node), 50)}`{_line_of(node)}: a bundled toy dataset of {rows} rows",)
            parts = (v.array((rows, features), "float64", host=True, evidence=evidence), v.array((rows,), "float64", host=True, evidence=evidence))
            returned = keyword(node, "return_X_y")
            if isinstance(returned, ast.Constant) and returned.value is True:
                return Value(v.SEQUENCE, length=2, item=parts[0], parts=parts, evidence=evidence)
            return Value(v.OBJECT, evidence=evidence)
        if module in lib.JAX_NUMPY or module in lib.HOST_NUMPY:
            return self._numpy(module, name, node, args, depth, host=module in lib.HOST_NUMPY)
        if module in ("numpy.fft", "jax.numpy.fft"):
            return self._fft(name, node, args, depth, host=module == "numpy.fft")
        if module in ("numpy.linalg", "jax.numpy.linalg", "jax.scipy.linalg", "scipy.linalg", "autograd.numpy.linalg"):
            if name in DECOMPOSITION_RANKS and all(item.arg in SHAPE_KEEPING_KEYWORDS for item in node.keywords):
                return self._decomposition(name, args, depth, host=module.startswith(("numpy", "scipy")))
            uv = keyword(node, "compute_uv")
            if name == "svd" and isinstance(uv, ast.Constant) and uv.value is False and args:
                matrix = self.eval(args[0], depth)  # the singular values alone: one axis fewer than the matrix
                rank = matrix.rank if matrix.rank is not None and matrix.rank >= 2 else 2
                return v.array((None,) * (rank - 1), host=module.startswith(("numpy", "scipy")))
            if name in ("eigh", "eig", "svd", "qr", "slogdet", "lstsq"):
                return v.sequence(None, v.array(None))
            if name in ("det", "norm"):
                first = self.eval(args[0], depth) if args else v.UNKNOWN_VALUE
                if name == "norm" and (keyword(node, "axis") is not None or len(args) > 2):
                    return v.array(None, host=module.startswith(("numpy", "scipy")))
                return v.array((), host=module.startswith(("numpy", "scipy"))) if first.kind != v.SEQUENCE else v.scalar()
            return v.array(None, host=module.startswith(("numpy", "scipy")))
        if module == "jax.random":
            return self._random(name, node, args, depth)
        if module in ("numpy.random",):
            return self._numpy_random(name, node, args, depth)
        if qualified.startswith(lib.JAX_ARRAY_MODULES):
            if qualified in ("jax.lax.scan", "jax.lax.linalg.eigh"):
                return v.sequence(2)
            return v.array(None)
        if qualified == "jax.flatten_util.ravel_pytree":
            # ``flat, unravel = ravel_pytree(params)``: every leaf's entries in one vector, and the inverse
            parts = (v.array((None,), evidence=("the entries of a pytree, flattened by `ravel_pytree`",)), Value(v.CALLABLE))
            return Value(v.SEQUENCE, length=2, item=parts[0], parts=parts)
        if qualified.startswith(("jax.tree_util.tree_leaves", "jax.tree.leaves", "jax.tree_leaves")):
            return v.sequence(None, evidence=("pytree leaves",))
        if qualified.startswith(("jax.tree_util.tree_flatten", "jax.tree.flatten", "jax.tree_flatten")):
            # ``leaves, treedef = tree_flatten(tree)``: a list of leaves (one per parameter tensor,
            # shapes differ) and the structure
            leaves = v.sequence(None, evidence=("pytree leaves",))
            return Value(v.SEQUENCE, length=2, item=leaves, parts=(leaves, Value(v.OBJECT)))
        if qualified.startswith(("jax.tree_util.tree_map", "jax.tree.map", "jax.tree_map")):
            # mapped over lists (every tree has the first's structure: one of them shown to be a
            # list is enough), the result is a list as long, whose items may differ in shape
            trees = [self.eval(arg, depth) for arg in args[1:3]]
            tree = next((found for found in trees if found.kind == v.SEQUENCE), None)
            if tree is not None:
                return v.sequence(tree.length, evidence=(f"`{one_line(self.code(node), 50)}`: a list, mapped item by item",))
            return Value(v.OBJECT)
        if qualified.startswith(lib.MODULE_LIBRARIES):
            return Value(v.OBJECT)
        if qualified in ("math.floor", "math.ceil", "math.prod"):
            inner = self.eval(args[0], depth) if args else v.UNKNOWN_VALUE
            if inner.kind == v.SCALAR:
                return v.scalar()
            return Value(v.SIZE, length=self.code(node), param=inner.param)
        if qualified.startswith(("math.", "operator.")):
            return v.scalar()
        if qualified == "functools.partial" and args:
            inner = self.eval(args[0], depth)
            if inner.kind == v.MODULE:
                return inner  # a library function (a transform, a module class) with some arguments set
            return inner if inner.kind == v.CALLABLE else Value(v.CALLABLE)
        return v.UNKNOWN_VALUE

    def _dtype(self, node: ast.Call, position: int | None, default: str | None) -> str | None:
        expr = keyword(node, "dtype")
        if expr is None and position is not None:
            args = positional(node)
            expr = args[position] if len(args) > position else None
        if expr is None:
            return default
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return lib.DTYPE_NAMES.get(expr.value) or lib.TYPE_CODES.get(expr.value.lstrip("<>=|"))
        text = dotted(expr)
        if text is None:
            return None
        last = text.rpartition(".")[2]
        return lib.DTYPE_NAMES.get(last)

    def _shape(self, expr: ast.AST | None, depth: int) -> tuple[v.Dim, ...] | None:
        """A shape argument as dims: ``(n, 3)``, ``n``, ``x.shape``."""
        if expr is None:
            return None
        if isinstance(expr, (ast.Tuple, ast.List)):
            if any(isinstance(element, ast.Starred) for element in expr.elts):
                return None
            return tuple(self._dim(element, depth) for element in expr.elts)
        value = self.eval(expr, depth)
        if value.kind == v.SEQUENCE and isinstance(expr, ast.Attribute) and expr.attr == "shape" and value.item is not None:
            return value.item.shape
        if value.kind in (v.SCALAR, v.SIZE, v.PARAM):
            return (self._dim(expr, depth),)
        return None

    def _dim(self, expr: ast.AST, depth: int) -> v.Dim:
        value = self.eval(expr, depth)
        dim = v.dim_of(value)
        if isinstance(dim, int) and dim < 0:
            return None  # reshape(-1): inferred
        if dim is None and value.kind == v.PARAM:
            return self.code(expr)
        return dim

    def _decomposition(self, name: str, args: list[ast.expr], depth: int, host: bool) -> Value:
        """``w, V = jnp.linalg.eigh(A)``: the parts of a matrix decomposition, each with its rank
        (eigenvalues and singular values one axis fewer than the matrix), by ``DECOMPOSITION_RANKS``."""
        matrix = self.eval(args[0], depth) if args else v.UNKNOWN_VALUE
        rank = matrix.rank if matrix.rank is not None and matrix.rank >= 2 else 2
        parts = tuple(v.array((None,) * (rank + offset), host=host) for offset in DECOMPOSITION_RANKS[name])
        return Value(v.SEQUENCE, length=len(parts), item=v.array(None, host=host), function="decomposition", parts=parts)

    def _fft(self, name: str, node: ast.Call, args: list[ast.expr], depth: int, host: bool) -> Value:
        """``fftfreq(n)`` (n frequencies), ``rfftfreq(n)`` (n // 2 + 1); the shifts and the
        complex-to-complex transforms keep their operand's shape."""
        if name in ("fftfreq", "rfftfreq") and args:
            n = self._dim(args[0], depth)
            if name == "rfftfreq":
                n = n // 2 + 1 if isinstance(n, int) else None
            return v.array((n,), None, host=host)
        if name in ("fftshift", "ifftshift", "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn") and len(args) == 1 and not node.keywords:
            operand = self.eval(args[0], depth)
            return v.array(operand.shape if operand.is_array else None, None, host=host)
        return v.array(None, host=host)

    def _meshgrid(self, node: ast.Call, args: list[ast.expr], depth: int, host: bool, evidence: tuple[str, ...]) -> Value:
        """``jnp.meshgrid(x, y, z, indexing="ij")``: one array per vector, each of the shape of
        all the vectors' lengths (the first two swapped with the default ``indexing="xy"``)."""
        vectors = [self.eval(arg, depth) for arg in args]
        lengths: list[v.Dim] = [item.shape[0] if item.is_array and item.shape is not None and len(item.shape) == 1 else None for item in vectors]
        indexing = keyword(node, "indexing")
        if len(lengths) >= 2 and not (isinstance(indexing, ast.Constant) and indexing.value == "ij"):
            lengths[0], lengths[1] = lengths[1], lengths[0]
        dtypes = {item.dtype for item in vectors if item.is_array}
        grid = v.array(tuple(lengths), dtypes.pop() if len(dtypes) == 1 else None, host=host, evidence=evidence)
        return Value(v.SEQUENCE, length=len(args), item=grid, parts=tuple(grid for _ in args), evidence=evidence)

    def _numpy(self, module: str, name: str, node: ast.Call, args: list[ast.expr], depth: int, host: bool) -> Value:
        default_float = lib.NUMPY_DEFAULT_FLOAT if host else lib.JAX_DEFAULT_FLOAT
        evidence = (f"`{one_line(self.code(node), 50)}`{_line_of(node)}",)
        if name in lib.SHAPE_CREATORS:
            shape_arg = args[0] if args else keyword(node, "shape")
            dtype_position = 2 if name == "full" else 1
            fill = args[1] if name == "full" and len(args) > 1 else None
            dtype = self._dtype(node, dtype_position, None)
            if dtype is None and fill is not None:
                dtype = self._literal_dtype(fill, default_float)
            return v.array(self._shape(shape_arg, depth), dtype or default_float, host=host, evidence=evidence)
        if name in lib.LIKE_CREATORS and args:
            like = self.eval(args[0], depth)
            return v.array(like.shape if like.is_array else None, self._dtype(node, None, like.dtype if like.is_array else None), host=host, evidence=evidence)
        if name == "arange" and args:
            bounds = [self.eval(arg, depth) for arg in args[:3]]
            literals = [b.literal for b in bounds]
            if all(b.kind == v.SCALAR and isinstance(b.literal, int) for b in bounds):
                start, stop, step = (0, literals[0], 1) if len(bounds) == 1 else (literals[0], literals[1], literals[2] if len(bounds) == 3 else 1)
                length: v.Dim = max(0, -(-(stop - start) // step)) if step else None  # type: ignore[operator]
                dtype = "int32"
            elif all(b.kind == v.SCALAR and isinstance(b.literal, (int, float)) and not isinstance(b.literal, bool) for b in bounds):
                # ``arange(0, 1, 0.001)``: as many items as steps fit, not ``stop`` of them.
                start, stop, step = (0, literals[0], 1) if len(bounds) == 1 else (literals[0], literals[1], literals[2] if len(bounds) == 3 else 1)
                try:
                    length = max(0, math.ceil((stop - start) / step)) if step else None  # type: ignore[operator]
                except (OverflowError, ValueError):
                    length = None
                dtype = default_float
            elif len(args) == 1 or len(args) == 2 and int_value(args[0]) == 0:
                length = self._dim(args[0] if len(args) == 1 else args[1], depth)
                dtype = None
            else:
                length, dtype = None, None
            return v.array((length,), self._dtype(node, None, dtype), host=host, evidence=evidence)
        if name == "meshgrid" and args and not any(isinstance(arg, ast.Starred) for arg in args):
            return self._meshgrid(node, args, depth, host, evidence)
        if name in ("linspace", "logspace", "geomspace"):
            count = args[2] if len(args) > 2 else keyword(node, "num")
            length = self._dim(count, depth) if count is not None else 50
            return v.array((length,), self._dtype(node, None, default_float), host=host, evidence=evidence)
        if name in ("eye", "identity") and args:
            first = self._dim(args[0], depth)
            second = self._dim(args[1], depth) if name == "eye" and len(args) > 1 else first
            return v.array((first, second), self._dtype(node, None, default_float), host=host, evidence=evidence)
        if name == "kron" and len(args) == 2 and not node.keywords:
            # the Kronecker product: each axis as long as the two operands' axes multiplied
            a, b = (self.eval(arg, depth) for arg in args)
            if a.is_array and b.is_array and a.shape is not None and b.shape is not None and len(a.shape) == len(b.shape):
                shape = tuple(m * n if isinstance(m, int) and isinstance(n, int) else None for m, n in zip(a.shape, b.shape))
                return v.array(shape, a.dtype if a.dtype == b.dtype else None, host=host and a.host and b.host, evidence=evidence)
            return v.array(None, host=host)
        if name in lib.FROM_VALUES and args:
            return self._from_values(args[0], node, depth, host, evidence)
        if name in ("stack",) and args:
            items = self.eval(args[0], depth)
            if items.kind == v.SEQUENCE and items.item is not None and items.item.is_array and items.item.shape is not None and not node.keywords:
                return v.array((items.length, *items.item.shape), items.item.dtype, host=host)
            return v.array(None, host=host)
        if name in lib.SCALAR_TYPES:
            # ``jnp.float32(x)``: a 0-d value unless ``x`` is an array or a list (then the same shape).
            inner = self.eval(args[0], depth) if args else v.scalar()
            if inner.is_array:
                return v.array(inner.shape, lib.DTYPE_NAMES[name], host=host, data=inner.data)
            if inner.kind == v.SEQUENCE or isinstance(args[0], (ast.List, ast.Tuple, ast.ListComp)):
                return v.array((inner.length,) if inner.kind == v.SEQUENCE and isinstance(inner.length, int) else None, lib.DTYPE_NAMES[name], host=host)
            if inner.kind in (v.PARAM, v.UNKNOWN):
                return v.array(None, lib.DTYPE_NAMES[name], host=host)
            return v.array((), lib.DTYPE_NAMES[name], host=host)
        if name in lib.ELEMENTWISE:
            arrays = [self.eval(arg, depth) for arg in args[:3]]
            shaped = [item for item in arrays if item.is_array]
            shape = shaped[0].shape if len(shaped) == 1 or shaped and all(item.shape == shaped[0].shape for item in shaped) else None
            # where(condition, a, b) has the dtype of a and b, not of the condition.
            typed = [item for item in (arrays[1:] if name == "where" and len(args) == 3 else arrays) if item.is_array]
            dtype = typed[0].dtype if typed and all(item.dtype == typed[0].dtype for item in typed) else None
            if any(item.kind == v.SCALAR and item.dtype == "complex" for item in arrays):
                dtype = _complex_of(dtype, host)
            if name in ("isnan", "isfinite", "isinf", "logical_and", "logical_or", "logical_not", "greater", "less", "equal", "not_equal", "greater_equal", "less_equal"):
                dtype = "bool"
            if name == "where" and len(args) == 1:
                return v.sequence(None, v.array((None,), "int32", host=host))
            return v.array(shape, dtype, host=host)
        if name in lib.REDUCTIONS:
            axis = keyword(node, "axis")
            if axis is None and len(args) > 1 and name not in ("vdot", "average"):
                axis = args[1]
            first = self.eval(args[0], depth) if args else v.UNKNOWN_VALUE
            if axis is None or isinstance(axis, ast.Constant) and axis.value is None:
                return v.array((), first.dtype if first.is_array and name in ("sum", "max", "min", "prod") else None, host=host)
            index = int_value(axis)
            if first.is_array and first.shape is not None and index is not None and -len(first.shape) <= index < len(first.shape) and keyword(node, "keepdims") is None:
                shape = list(first.shape)
                del shape[index]
                return v.array(tuple(shape), None, host=host)
            return v.array(None, host=host)
        if name in ("shape",):
            inner = self.eval(args[0], depth) if args else v.UNKNOWN_VALUE
            if len(args) == 1 and not node.keywords and inner.kind in (v.ARRAY, v.PARAM, v.UNKNOWN):
                # ``jnp.shape(self.refs)``: read as ``self.refs.shape`` is
                return Value(v.SEQUENCE, length=inner.rank if inner.kind == v.ARRAY else None, item=inner if inner.kind == v.ARRAY else None,
                             function="shape", annotation=f"{self.code(args[0])}.shape")
            return v.sequence(inner.rank, inner)
        if name in ("ndim",):
            return v.scalar()
        if name in ("size",):
            return v.size(self.code(node))
        if name.startswith("linalg.") and name[7:] in DECOMPOSITION_RANKS and not node.keywords:
            return self._decomposition(name[7:], args, depth, host=host)
        if name in ("split", "array_split") and len(args) >= 2:
            # ``jnp.split(x, x.shape[0])``: as many pieces as the count says (a list of split
            # points says one more than it has, not worked out here)
            count = self.eval(args[1], depth)
            if count.kind == v.SCALAR and type(count.literal) is int:
                return v.sequence(count.literal, v.array(None, host=host))
            if count.kind == v.SIZE:
                return v.sequence(self.code(args[1]), v.array(None, host=host))
            return v.sequence(None, v.array(None, host=host))
        if name in lib.TUPLE_RESULTS or name.startswith("linalg.") and name[7:] in ("eigh", "svd", "qr"):
            if name == "gradient":
                first = self.eval(args[0], depth) if args else v.UNKNOWN_VALUE
                if first.rank == 1 and len(args) <= 2:
                    return v.array(first.shape, host=host)
            return v.sequence(None, v.array(None, host=host))
        if name in ("matmul", "dot") and len(args) >= 2:
            return _matmul(self.eval(args[0], depth), self.eval(args[1], depth))
        if name in ("transpose",) and args:
            inner = self.eval(args[0], depth)
            if inner.is_array and inner.shape is not None and len(args) == 1 and not node.keywords:
                return v.array(tuple(reversed(inner.shape)), inner.dtype, host=host)
            return v.array(inner.shape and (None,) * len(inner.shape), inner.dtype, host=host) if inner.is_array else v.array(None, host=host)
        if name in ("diag",) and args:
            inner = self.eval(args[0], depth)
            dtype = inner.dtype if inner.is_array else None
            if inner.rank == 1 and len(args) == 1 and not node.keywords:
                return v.array((inner.shape[0], inner.shape[0]), dtype, host=host)  # type: ignore[index]
            if inner.rank == 2 and len(args) == 1 and not node.keywords:
                rows, columns = inner.shape  # type: ignore[misc]
                return v.array((rows if rows is not None and rows == columns else None,), dtype, host=host)
            rank = {1: 2, 2: 1}.get(inner.rank or -1)
            return v.array((None,) * rank if rank else None, dtype, host=host)
        if name in ("diagonal",) and args:
            inner = self.eval(args[0], depth)
            return v.array((None,) * (inner.rank - 1) if inner.rank else None, host=host)
        if name == "reshape" and len(args) >= 2:
            return v.array(self._shape(args[1], depth), host=host)
        if name in ("concatenate", "hstack", "vstack", "row_stack", "column_stack") and args:
            return self._concatenation(name, node, args, depth, host)
        return v.array(None, host=host)

    def _concatenation(self, name: str, node: ast.Call, args: list[ast.expr], depth: int, host: bool) -> Value:
        """``concatenate([a, b], axis=k)``, ``hstack``, ``vstack``, ``column_stack`` of arrays whose
        shapes the code shows (a literal list, or a list of known length of same-shape arrays)."""
        unknown = v.array(None, host=host)
        first = args[0]
        if isinstance(first, (ast.List, ast.Tuple)):
            if not first.elts or any(isinstance(e, ast.Starred) for e in first.elts):
                return unknown
            items = [self.eval(element, depth) for element in first.elts[:64]]
            if len(first.elts) > 64:
                return unknown
        else:
            sequence = self.eval(first, depth)
            if sequence.kind == v.SEQUENCE and sequence.item is not None and sequence.item.dtype == "key":
                unknown = v.array(None, "key", host=host)  # a list of PRNG keys stacked: keys, however many
            row = sequence.item if sequence.kind == v.SEQUENCE else None
            if name in ("vstack", "row_stack") and isinstance(sequence.length, str) and row is not None and row.is_array and row.rank == 1:
                return v.array((sequence.length, *sequence.item.shape), sequence.item.dtype, host=host)  # ``vstack(rows)``: one row each
            if sequence.kind != v.SEQUENCE or not isinstance(sequence.length, int) or sequence.item is None or not 0 < sequence.length <= 64:
                return unknown
            items = [sequence.item] * sequence.length
        if not all(item.is_array and item.shape is not None for item in items):
            return v.array(None, host=host, data=any(item.data for item in items))
        shapes = [tuple(item.shape) for item in items]  # type: ignore[arg-type]
        if name in ("vstack", "row_stack"):
            shapes = [shape if len(shape) >= 2 else (1, *shape) if shape else (1, 1) for shape in shapes]
            axis: int | None = 0
        elif name == "column_stack":
            shapes = [shape if len(shape) >= 2 else (*shape, 1) if shape else (1, 1) for shape in shapes]
            axis = 1
        elif name == "hstack":
            axis = 1 if all(len(shape) >= 2 for shape in shapes) else 0
        else:
            given = keyword(node, "axis")
            if given is None and len(args) > 1:
                given = args[1]
            axis = 0 if given is None else int_value(given)
        rank = len(shapes[0])
        if axis is None or any(len(shape) != rank for shape in shapes) or rank == 0:
            return unknown
        axis = axis + rank if axis < 0 else axis
        if not 0 <= axis < rank:
            return unknown
        along = [shape[axis] for shape in shapes]
        total: v.Dim = sum(along) if all(isinstance(dim, int) for dim in along) else None  # type: ignore[arg-type]
        result = [dim if all(shape[i] == dim for shape in shapes) else None for i, dim in enumerate(shapes[0])]
        result[axis] = total
        dtypes = {item.dtype for item in items}
        dtype = dtypes.pop() if len(dtypes) == 1 else None
        return v.array(tuple(result), dtype, host=host, data=any(item.data for item in items))

    def _literal_dtype(self, expr: ast.AST, default_float: str) -> str | None:
        if isinstance(expr, ast.Constant):
            if isinstance(expr.value, bool):
                return "bool"
            if isinstance(expr.value, int):
                return "int32" if default_float == lib.JAX_DEFAULT_FLOAT else "int64"
            if isinstance(expr.value, float):
                return default_float
        return None

    def _from_values(self, expr: ast.expr, node: ast.Call, depth: int, host: bool, evidence: tuple[str, ...]) -> Value:
        default_float = lib.NUMPY_DEFAULT_FLOAT if host else lib.JAX_DEFAULT_FLOAT
        dtype = self._dtype(node, 1, None)
        if isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float, bool)):
            return v.array((), dtype or self._literal_dtype(expr, default_float), host=host, evidence=evidence)
        inner = self.eval(expr, depth)
        if inner.kind == v.ARRAY:
            return v.array(inner.shape, dtype or inner.dtype, host=host, data=inner.data, evidence=inner.evidence or evidence)
        if inner.kind == v.SCALAR:
            return v.array((), dtype or (default_float if isinstance(inner.literal, float) else None), host=host, evidence=evidence)
        if inner.kind == v.SEQUENCE and inner.data:
            # an array made from records of loaded data: data, of a size the code does not show
            return v.array(None, dtype, host=host, data=True, evidence=inner.evidence or evidence)
        if inner.kind == v.SEQUENCE:
            item = inner.item
            if isinstance(expr, (ast.List, ast.Tuple)) and expr.elts and all(isinstance(e, ast.Constant) for e in expr.elts):
                literal_dtype = self._literal_dtype(expr.elts[0], default_float)
                if any(isinstance(e.value, float) for e in expr.elts):  # type: ignore[attr-defined]
                    literal_dtype = default_float
                return v.array((inner.length,), dtype or literal_dtype, host=host, evidence=evidence)
            if item is not None and item.kind == v.ARRAY and item.shape is not None:
                return v.array((inner.length, *item.shape), dtype or item.dtype, host=host, evidence=evidence)
            if item is not None and item.kind == v.SCALAR:
                return v.array((inner.length,), dtype, host=host, evidence=evidence)
            if item is not None and item.kind == v.SEQUENCE:
                # nested lists: one axis per level (``[[[1, 0], [0, 1]], ...]``: three)
                shape: list[v.Dim] = [inner.length]
                while item is not None and item.kind == v.SEQUENCE and len(shape) < 8:
                    shape.append(item.length)
                    item = item.item
                if item is not None and item.kind == v.ARRAY:
                    shape.extend(item.shape if item.shape is not None else ())
                    if item.shape is None:
                        return v.array(None, dtype, host=host, evidence=evidence)
                return v.array(tuple(shape), dtype, host=host, evidence=evidence)
            return v.array((inner.length,) + ((None,) if item is not None and item.kind == v.ARRAY else ()) if item is None or item.kind != v.ARRAY else None, dtype, host=host, evidence=evidence)
        return v.array(None, dtype, host=host, data=inner.data if inner.is_array else False, evidence=evidence)

    def _random(self, name: str, node: ast.Call, args: list[ast.expr], depth: int) -> Value:
        evidence = (f"`{one_line(self.code(node), 50)}`{_line_of(node)}",)
        if name == "split":
            count = args[1] if len(args) > 1 else keyword(node, "num")
            keys = self._dim(count, depth) if count is not None else 2
            if keys is None and isinstance(count, ast.Name):
                keys = count.id  # ``split(key, length)``: as many keys as ``length``, whatever it holds
            return v.array((keys, 2), "key", evidence=evidence)
        if name in ("PRNGKey", "key", "fold_in", "key_data", "wrap_key_data"):
            return v.array((2,), "key")
        position = lib.RANDOM_SHAPE_POSITION.get(name)
        shape_arg = keyword(node, "shape")
        if shape_arg is None and position is not None and len(args) > position:
            shape_arg = args[position]
        shape = self._shape(shape_arg, depth) if shape_arg is not None else (() if position is not None else None)
        dtype = self._dtype(node, None, "int32" if name in ("randint", "categorical", "choice", "permutation") else "bool" if name == "bernoulli" else lib.JAX_DEFAULT_FLOAT)
        return v.array(shape, dtype, evidence=evidence)

    def _numpy_random(self, name: str, node: ast.Call, args: list[ast.expr], depth: int) -> Value:
        evidence = (f"`{one_line(self.code(node), 50)}`{_line_of(node)}",)
        size_arg = keyword(node, "size")
        position = lib.NUMPY_RANDOM_SIZE_POSITION.get(name)
        if size_arg is not None:
            shape = self._shape(size_arg, depth)
        elif position == "all":
            shape = tuple(self._dim(arg, depth) for arg in args)
        elif isinstance(position, int) and len(args) > position:
            shape = self._shape(args[position], depth)
        elif position is not None:
            shape = ()
        else:
            shape = None
        default = "int64" if name in lib.NUMPY_RANDOM_INTEGERS else lib.NUMPY_DEFAULT_FLOAT
        return v.array(shape, self._dtype(node, None, default), host=True, evidence=evidence)

    def _method(self, node: ast.Call, func: ast.Attribute, args: list[ast.expr], depth: int) -> Value:
        base = self.eval(func.value, depth)
        name = func.attr
        if base.kind == v.OBJECT and base.function == "at" and base.item is not None:
            return v.array(base.item.shape, base.item.dtype)
        if base.kind == v.ARRAY or base.kind == v.PARAM and name in ("reshape", "astype", "sum", "mean", "transpose", "dot"):
            array = base if base.kind == v.ARRAY else v.array(None)
            if name in lib.SAME_RANK_METHODS:
                dtype = self._dtype(node, 0, None) if name == "astype" else array.dtype
                return v.array(array.shape, dtype, host=array.host, data=array.data)
            if name in lib.REDUCING_METHODS:
                axis = keyword(node, "axis") or (args[0] if args else None)
                if axis is None:
                    return v.array((), array.dtype if name in ("sum", "max", "min", "prod") else None, host=array.host)
                return v.array(None, host=array.host)
            if name == "reshape":
                if len(args) == 1:
                    return v.array(self._shape(args[0], depth), array.dtype, host=array.host, data=array.data)
                return v.array(tuple(self._dim(arg, depth) for arg in args), array.dtype, host=array.host, data=array.data)
            if name in ("ravel", "flatten"):
                return v.array((array.elements if array.elements is not None else None,), array.dtype, host=array.host, data=array.data)
            if name in ("item",):
                return v.scalar()
            if name == "tolist":
                return v.sequence(array.shape[0] if array.shape else None)
            return v.array(None, host=array.host, data=array.data)
        if name in ("ravel", "flatten") and base.kind in (v.UNKNOWN, v.PARAM) and not args and not node.keywords:
            return v.array((None,))  # only arrays have ``.ravel()``: one axis, whatever the receiver held
        if name in ("transpose", "swapaxes") and base.kind == v.UNKNOWN and len(args) >= 2 and all(int_value(arg) is not None for arg in args):
            # ``layer(x).transpose(1, 0, 2)``, ``.swapaxes(0, 1)``: only arrays reorder axes by number
            return v.array(tuple(None for _ in args) if name == "transpose" else None)
        if base.kind == v.OBJECT and base.function == "numpy.random.Generator" and name in lib.NUMPY_RANDOM_SIZE_POSITION:
            return self._numpy_random(name, node, args, depth)
        if name == "get" and len(args) == 2 and not node.keywords and base.kind != v.MAPPING and int_value(args[1]) is not None:
            # ``self.cfg.get("n_draws", 32)``: a setting whose default the code states
            return v.scalar(int_value(args[1]))
        if name == "values" and not args and not node.keywords:
            return v.sequence(None, evidence=("`.values()`: a mapping's values",))  # pandas' `.values` is an attribute
        if name == "as_numpy_iterator" and not args:
            # A dataset's batches, one at a time: not an array, and of no known length.
            return v.sequence(None, evidence=(f"`{one_line(self.code(node), 50)}`: the batches of a dataset",))
        if name in lib.DATA_METHODS and base.kind in (v.UNKNOWN, v.OBJECT, v.PARAM) and not args:
            return v.array(None, host=True, data=base.kind != v.PARAM, evidence=(f"`{one_line(self.code(node), 50)}`",))
        if base.kind == v.STRING:
            return Value(v.STRING) if name not in ("split", "splitlines") else v.sequence(None, Value(v.STRING))
        if base.kind == v.SEQUENCE and name in ("copy",):
            return base
        if base.kind == v.MAPPING and name in ("items", "values", "keys"):
            return v.sequence(None, evidence=(f"`.{name}()` of a mapping",))
        if base.kind == v.CALLABLE and name in ("apply", "init"):
            return v.UNKNOWN_VALUE
        return v.UNKNOWN_VALUE


def _select(value: Value, path: tuple[int, ...]) -> Value:
    for step in path:
        if step < 0:
            return v.UNKNOWN_VALUE
        if value.kind == v.SEQUENCE:
            value = value.item or v.UNKNOWN_VALUE
        elif value.kind == v.ARRAY and value.shape:
            value = v.array(value.shape[1:], value.dtype, host=value.host)
        else:
            return v.UNKNOWN_VALUE
    return value


def _length(value: Value) -> v.Dim:
    if value.kind == v.SEQUENCE:
        return value.length
    if value.kind == v.ARRAY and value.shape:
        return value.shape[0]
    return None


def _matmul(left: Value, right: Value) -> Value:
    host = left.host and right.host
    dtype = left.dtype if left.dtype == right.dtype else None
    if left.rank is None or right.rank is None or not left.is_array or not right.is_array:
        return v.array(None, dtype, host=host)
    if left.rank == 2 and right.rank == 2:
        return v.array((left.shape[0], right.shape[1]), dtype, host=host)  # type: ignore[index]
    if left.rank == 2 and right.rank == 1:
        return v.array((left.shape[0],), dtype, host=host)  # type: ignore[index]
    if left.rank == 1 and right.rank == 2:
        return v.array((right.shape[1],), dtype, host=host)  # type: ignore[index]
    if left.rank == 1 and right.rank == 1:
        return v.array((), dtype, host=host)
    return v.array(None, dtype, host=host)


def _field_of_parameter(node: ast.AST, evaluator) -> bool:
    """``batch.done`` (``batch.obs.pixels``): an attribute chain whose root is a parameter of
    the function (not ``self`` or ``cls``), as a namedtuple or dataclass of arrays is passed."""
    root = attribute_root(node) if isinstance(node, ast.Attribute) else None
    return root is not None and root.id not in ("self", "cls") and evaluator.eval(root, 0).kind == v.PARAM


def _comprehension_variables(scope: Scope) -> dict[str, list[tuple[ast.comprehension, tuple[int, ...]]]]:
    """The names the scope binds as the variable of a comprehension's ``for`` (each with those
    ``for``s and its place in their targets): what they hold wherever they are read, since a
    comprehension's variables are seen only inside it (at most four comprehensions a name)."""
    found = scope.__dict__.get("_comprehended")
    if found is None:
        seen: dict[str, list] = {}
        for node in walk_local(scope.node):
            if isinstance(node, ast.comprehension):
                for path, name in _unpack(node.target):
                    seen.setdefault(name, []).append((node, path))
        found = scope.__dict__["_comprehended"] = {name: places for name, places in seen.items() if len(places) <= 4}
    return found


def _shaped_names(scope: Scope) -> frozenset[str]:
    """The names whose ``.shape`` the scope's own code reads."""
    found = scope.__dict__.get("_shaped")
    if found is None:
        found = scope.__dict__["_shaped"] = frozenset(
            node.value.id for node in walk_local(scope.node)
            if isinstance(node, ast.Attribute) and node.attr == "shape" and isinstance(node.value, ast.Name)
        )
    return found


def _computed_here(node: ast.AST, evaluator) -> bool:
    """``e`` bound, everywhere the function binds it, to what a call returns (``e = self.embed(ids)``),
    not to a model's parameter or state (``w = self.param("w", init, shape)``)."""
    if not isinstance(node, ast.Name) or evaluator.scope.is_module or not evaluator.scope.binds(node.id):
        return False
    bindings = evaluator.scope.reaching(node.id, evaluator.at)
    return bool(bindings) and all(
        binding.kind == "assign" and not binding.path and isinstance(binding.value, ast.Call)
        and (dotted(binding.value.func) or "").rpartition(".")[2] not in MODEL_STATE_CALLS
        for binding in bindings
    )


#: Calls that create or read a model's parameters or state (flax, haiku, nnx): not data.
MODEL_STATE_CALLS = frozenset({"param", "get_parameter", "variable", "get_state", "Param", "Variable", "BatchStat", "init", "init_fn"})


def _index_array(base: Value, index: ast.AST, evaluator: _Evaluator) -> Value:
    """The value of ``base[index]``: integer indices drop an axis, slices keep it."""
    items = index.elts if isinstance(index, ast.Tuple) else [index]
    if base.shape is None:
        rank_change = 0
        for item in items:
            if isinstance(item, ast.Slice) or isinstance(item, ast.Constant) and item.value is Ellipsis:
                continue
            if isinstance(item, ast.Constant) and item.value is None:
                continue
            value = evaluator.eval(item, 0)
            if value.kind not in (v.SCALAR, v.SIZE):
                return v.array(None, base.dtype, host=base.host, data=base.data)
            rank_change -= 1
        return v.array(None, base.dtype, host=base.host, data=base.data)
    shape = list(base.shape)
    result: list[v.Dim] = []
    position = 0
    for number, item in enumerate(items):
        if isinstance(item, ast.Constant) and item.value is Ellipsis:
            remaining = sum(1 for later in items[number + 1 :] if not (isinstance(later, ast.Constant) and later.value is None))
            keep = len(shape) - position - remaining
            result.extend(shape[position : position + keep])
            position += keep
            continue
        if isinstance(item, ast.Constant) and item.value is None:
            result.append(1)
            continue
        if position >= len(shape):
            return v.array(None, base.dtype, host=base.host, data=base.data)
        if isinstance(item, ast.Slice):
            full = item.lower is None and item.upper is None and item.step is None
            result.append(shape[position] if full else sliced_length(item, shape[position]))
            position += 1
            continue
        value = evaluator.eval(item, 0)
        if value.kind in (v.SCALAR, v.SIZE) or value.kind == v.PARAM:
            position += 1
            continue
        return v.array(None, base.dtype, host=base.host, data=base.data)
    result.extend(shape[position:])
    return v.array(tuple(result), base.dtype, host=base.host, data=base.data)


def sliced_length(item: ast.Slice, length: v.Dim) -> v.Dim:
    """The length of ``x[item]`` along an axis of ``length``, for literal bounds: exact when the
    length is a number, else what the bounds allow (``x[-8:]``, ``x[:10]``, ``x[2:6]``: 8, 10, 4,
    at most); None otherwise."""
    bounds = [int_value(part) if part is not None else None for part in (item.lower, item.upper, item.step)]
    if any(value is None and part is not None for value, part in zip(bounds, (item.lower, item.upper, item.step))):
        return None
    lower, upper, step = bounds
    if isinstance(length, int):
        return len(range(length)[slice(lower, upper, step)])
    if step not in (None, 1):
        return None
    if lower is not None and lower < 0 and upper is None:
        return -lower  # the last -lower items
    if (lower or 0) >= 0 and upper is not None and upper >= 0:
        return max(upper - (lower or 0), 0)
    return None


def arithmetic(op: ast.operator, left, right):
    """``left <op> right`` of two Python numbers, or None (an unknown operand, a huge result)."""
    if not isinstance(left, (int, float)) or not isinstance(right, (int, float)) or isinstance(left, bool) or isinstance(right, bool):
        return None
    try:
        if isinstance(op, ast.Add):
            return left + right
        if isinstance(op, ast.Sub):
            return left - right
        if isinstance(op, ast.Mult):
            result = left * right
            return result if abs(result) < 10**15 else None
        if isinstance(op, ast.FloorDiv):
            return left // right
        if isinstance(op, ast.Div):
            return left / right
        if isinstance(op, ast.Pow) and abs(right) <= 64:
            result = left**right
            return result if isinstance(result, (int, float)) and abs(result) < 10**15 else None
        if isinstance(op, ast.Mod):
            return left % right
        if isinstance(op, (ast.LShift, ast.RShift)) and isinstance(left, int) and isinstance(right, int) and 0 <= right <= 48:
            return left << right if isinstance(op, ast.LShift) else left >> right  # ``1 << n_qubits``: a size
    except (ZeroDivisionError, OverflowError, ValueError):
        return None
    return None



def _line_of(node: ast.AST) -> str:
    """`` (line N)`` for evidence; empty for a node a rewrite built (it has no position)."""
    line = getattr(node, "lineno", None)
    return f" (line {line})" if line is not None else ""


def _complex_of(dtype: str | None, host: bool) -> str:
    """The complex dtype a real ``dtype`` becomes when multiplied by ``1j``."""
    if dtype in ("float64", "int64", "uint64", "complex128") or dtype is None and host:
        return "complex128"
    return "complex64"


def _scalar_promotion(array: Value, scalar: Value, op: ast.operator) -> str | None:
    """The dtype of ``array <op> scalar`` (a Python number or data size): a complex number
    makes it complex; a float, or true division, makes an integer or bool array float; an
    unknown number leaves an integer array's dtype unknown."""
    dtype = array.dtype
    if scalar.dtype == "complex":
        return _complex_of(dtype, array.host)
    if dtype is None or dtype.startswith(("float", "bfloat", "complex")):
        return dtype
    float_default = lib.NUMPY_DEFAULT_FLOAT if array.host else lib.JAX_DEFAULT_FLOAT
    if isinstance(op, ast.Div) or scalar.kind == v.SCALAR and isinstance(scalar.literal, float):
        return float_default
    if scalar.kind == v.SCALAR and type(scalar.literal) is int or scalar.kind == v.SIZE:
        return "int32" if dtype == "bool" and not array.host else "int64" if dtype == "bool" else dtype
    return None
