"""One walk of a syntax tree that runs every selected rule.

Rules define ``visit_<Node>`` and ``leave_<Node>`` methods named after ``ast``
node types; ``walk_rules`` calls them in source order, parents before children
(``visit``) and after them (``leave``), with the context's ``enter``/``leave``
hooks around each node. The walk is iterative: a 10,000-term sum or a 500-branch
``elif`` chain is deep, but never deep for the Python stack. A rule that raises is
set aside for the rest of the file (the engine reports it as an internal error);
the other rules go on.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterable

from gradadvisor.engine.context import Context
from gradadvisor.rules.base import Rule

Method = Callable[[ast.AST], object]


def dispatch_table(rules: Iterable[Rule]) -> tuple[dict[str, list[tuple[Rule, Method]]], dict[str, list[tuple[Rule, Method]]]]:
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


def walk_rules(root: ast.AST, ctx: Context, table) -> None:
    """Walk ``root`` once, calling the rules' methods (``table``: from ``dispatch_table``), with
    the context kept in step."""
    visits, leaves = table
    crashed = ctx.crashes

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

    stack: list[tuple[ast.AST, bool]] = [(root, False)]
    while stack:
        node, leaving = stack.pop()
        name = type(node).__name__
        if leaving:
            entries = leaves.get(name)
            if entries:
                call(entries, node)
            ctx.leave(node)
            continue
        ctx.enter(node)
        entries = visits.get(name)
        if entries:
            call(entries, node)
        stack.append((node, True))
        children = list(ast.iter_child_nodes(node))
        for child in reversed(children):
            stack.append((child, False))
