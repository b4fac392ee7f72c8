"""One walk of a syntax tree that runs every selected rule.

Rules define ``visit_<Node>`` and ``leave_<Node>`` methods named after ``ast``
node types; ``RuleWalker.walk`` calls them in source order, parents before
children (``visit``) and after them (``leave``), with the context's
``enter``/``leave`` hooks around statements, functions and classes.

A rule walks only the code its trigger can match: ``Triggers`` finds, once per
file, the lines where each rule's trigger patterns match, and at every ``def`` and
``class`` the walker keeps only the rules whose patterns all match inside it (and,
for a rule that overrides ``Rule.enters``, that want to go in). A
function no rule wants is not walked at all, nor is test code (``test_*`` functions,
``Test*`` classes: every rule leaves reference computations alone).

The walk is iterative: a 10,000-term sum or a 500-branch ``elif`` chain is deep,
but never deep for the Python stack. A rule that raises is set aside for the rest
of the file (the engine reports it as an internal error); the other rules go on.
"""

from __future__ import annotations

import ast
from bisect import bisect_left
from typing import Callable, Iterable

from gradadvisor.analysis.syntax import child_nodes, nested_statements
from gradadvisor.analysis.testcode import is_test_scope, reference_twin
from gradadvisor.engine.context import Context
from gradadvisor.engine.triggers import Triggers
from gradadvisor.rules.base import Rule

Method = Callable[[ast.AST], object]
Table = tuple[dict[str, list[tuple[Rule, Method]]], dict[str, list[tuple[Rule, Method]]]]

#: Nodes the context keeps track of (scopes and statements); other nodes need no ``leave``.
_TRACKED = (ast.stmt, ast.Lambda)
#: Statements that hold no statement: with no rule visiting them and no expression to walk,
#: the walker steps over them.
_SIMPLE = frozenset(
    kind for kind in vars(ast).values()
    if isinstance(kind, type) and issubclass(kind, ast.stmt) and not set(kind._fields) & {"body", "orelse", "finalbody", "handlers", "cases"}
)
#: Where the walker narrows the rules to those whose trigger matches inside.
_GATES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class RuleWalker:
    """Runs rule instances (one per rule class, sharing ``ctx``) over the blocks of one file."""

    def __init__(self, ctx: Context, rules: Iterable[Rule], triggers: Triggers) -> None:
        self.ctx = ctx
        self.instances = {type(rule): rule for rule in rules}
        self.triggers = triggers
        #: Rules whose ``enters`` can say no (the others always go in).
        self._asks = {kind: rule.enters for kind, rule in self.instances.items() if type(rule).enters is not Rule.enters}
        self._tables: dict[tuple[type[Rule], ...], tuple[Table, list[int] | None]] = {}

    def walk_module(self, tree: ast.Module) -> None:
        """Walk each top-level statement with the rules whose triggers match in it."""
        every = tuple(self.instances)
        functions = {block.name for block in tree.body if isinstance(block, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for block in tree.body:
            chosen = self.narrow(every, block)
            # test code, and a slow reference kept beside its fast twin (``loss_slow`` and ``loss``)
            if chosen and not is_test_scope(block) and reference_twin(block, functions) is None:
                self.walk(block, chosen)

    def narrow(self, rules: tuple[type[Rule], ...], node: ast.AST) -> tuple[type[Rule], ...]:
        """The ``rules`` whose triggers match in ``node`` and that want to enter it."""
        chosen = self.triggers.select(rules, node)
        if self._asks and chosen and isinstance(node, _GATES):
            asks = self._asks
            chosen = tuple(rule for rule in chosen if rule not in asks or asks[rule](node))
        return chosen

    def table(self, chosen: tuple[type[Rule], ...]) -> tuple[Table, list[int] | None]:
        """The dispatch table of ``chosen`` and the lines whose statements' expressions they need
        walked (None: all of them)."""
        table = self._tables.get(chosen)
        if table is None:
            dispatch = dispatch_table([self.instances[rule] for rule in chosen])
            looking = [rule for rule in chosen if _visits_expressions(rule)]
            table = self._tables[chosen] = (dispatch, self.triggers.expression_lines(looking))
        return table

    def walk(self, root: ast.AST, chosen: tuple[type[Rule], ...]) -> None:
        """Walk ``root`` with the rules ``chosen``, narrowed at every nested def and class."""
        ctx = self.ctx
        crashed = ctx.crashes
        select = self.narrow

        def call(entries: list[tuple[Rule, Method]], node: ast.AST) -> None:
            for rule, method in entries:
                if rule.code in crashed:
                    continue
                try:
                    method(node)
                except RecursionError:
                    crashed[rule.code] = "the code here is nested too deeply to analyse"
                except Exception as error:  # noqa: BLE001 - one rule's crash must not stop the others
                    ctx.record_crash(rule, error)

        (visits, leaves), expression_lines = self.table(chosen)
        # Entries: a node to visit; ``(node,)`` to leave it; ``(None, rules)`` to go back to the
        # rules of an enclosing definition. Children are pushed in reverse to pop in source order.
        tracked, statement = _TRACKED, ast.stmt
        stack: list = [root]
        pop, push, extend = stack.pop, stack.append, stack.extend
        while stack:
            node = pop()
            if type(node) is tuple:
                if node[0] is None:
                    chosen = node[1]
                    (visits, leaves), expression_lines = self.table(chosen)
                    continue
                node = node[0]
                entries = leaves.get(type(node).__name__)
                if entries:
                    call(entries, node)
                ctx.leave(node)
                continue
            kind = type(node)
            if kind in _SIMPLE and expression_lines is not None and kind.__name__ not in visits and kind.__name__ not in leaves and not _header_matches(node, expression_lines):
                continue  # nothing here for the rules chosen
            if node is not root and isinstance(node, _GATES):
                in_class = bool(ctx.scopes) and isinstance(ctx.scopes[-1], ast.ClassDef)
                if is_test_scope(node, in_class):
                    continue  # test functions and classes hold no finding
                if in_class and reference_twin(node, {item.name for item in ctx.scopes[-1].body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}):
                    continue  # a slow reference method kept beside its fast twin
                narrowed = select(chosen, node)
                if not narrowed:
                    continue
                if narrowed != chosen:
                    push((None, chosen))
                    chosen = narrowed
                    (visits, leaves), expression_lines = self.table(chosen)
            is_tracked = isinstance(node, tracked)
            if is_tracked:
                ctx.enter(node)
            entries = visits.get(kind.__name__)
            if entries:
                call(entries, node)
            if is_tracked or kind.__name__ in leaves:
                push((node,))
            if expression_lines is not None and isinstance(node, statement) and not _header_matches(node, expression_lines):
                found = nested_statements(node)
            else:
                found = child_nodes(node)
            if kind is ast.If and ctx.dead_branch(node):
                dead = {id(item) for item in node.body}  # ``if DEBUG:`` with ``DEBUG = False``: not run as shipped
                found = [item for item in found if id(item) not in dead]
            found.reverse()
            extend(found)


def _header_matches(node: ast.stmt, lines: list[int]) -> bool:
    """Whether one of ``lines`` is among the statement's own lines (a compound statement's
    header: up to its first nested statement; decorators included)."""
    if not lines:
        return False
    first = node.lineno
    for decorator in getattr(node, "decorator_list", ()):
        first = min(first, decorator.lineno)
    body = getattr(node, "body", None)
    last = max(node.lineno, body[0].lineno - 1) if body and isinstance(body, list) else node.end_lineno or node.lineno
    position = bisect_left(lines, first)
    return position < len(lines) and lines[position] <= last


_EXPRESSION_VISITS: dict[type, bool] = {}


def _visits_expressions(rule: type[Rule]) -> bool:
    """Whether ``rule`` has a ``visit_``/``leave_`` method for a node that is not a statement."""
    found = _EXPRESSION_VISITS.get(rule)
    if found is None:
        kinds = [getattr(ast, name.partition("_")[2], None) for name in _method_names(rule)]
        found = _EXPRESSION_VISITS[rule] = any(not (isinstance(kind, type) and issubclass(kind, ast.stmt)) for kind in kinds)
    return found


def dispatch_table(rules: Iterable[Rule]) -> Table:
    visits: dict[str, list[tuple[Rule, Method]]] = {}
    leaves: dict[str, list[tuple[Rule, Method]]] = {}
    for rule in rules:
        for name in _method_names(type(rule)):
            kind, _, node_name = name.partition("_")
            (visits if kind == "visit" else leaves).setdefault(node_name, []).append((rule, getattr(rule, name)))
    return visits, leaves


_NAMES: dict[type, tuple[str, ...]] = {}


def _method_names(kind: type) -> tuple[str, ...]:
    names = _NAMES.get(kind)
    if names is None:
        names = tuple(name for name in dir(kind) if name.startswith(("visit_", "leave_")) and callable(getattr(kind, name)))
        _NAMES[kind] = names
    return names
