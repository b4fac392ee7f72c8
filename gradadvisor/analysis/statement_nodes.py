"""The nodes of a function's own code, each with the statement it is evaluated in.

A function's *own* code is its body without the bodies of the functions and classes it
defines (a lambda's own code is its expression). ``nodes_with_statements`` yields, in source
order, every node of one type there with its statement: what a rule or the summary needs to ask
the facts layer about a node (``Facts.value(node, scope, statement)``). The per-file summary
reads calls this way (``analysis/summary.py``), GA401 reads subscripts (``analysis/dense_slice.py``).
"""

from __future__ import annotations

import ast
from typing import Iterator, TypeVar

from gradadvisor.analysis.lines import any_between
from gradadvisor.analysis.syntax import nested_statements, own_expressions, walk_local

Node = TypeVar("Node", bound=ast.AST)


def nodes_with_statements(function: ast.AST, kind: type[Node], lines: list[int] | None = None) -> Iterator[tuple[ast.AST, Node]]:
    """``(statement, node)`` for every ``kind`` node in ``function``'s own code (nested
    definitions excluded; a lambda's statement is its expression); with ``lines`` (sorted),
    only in statements that span one of them."""
    if isinstance(function, ast.Lambda):
        for node in walk_local(function.body):
            if isinstance(node, kind):
                yield function.body, node
        return
    stack = list(reversed(function.body))  # type: ignore[attr-defined]
    while stack:
        statement = stack.pop()
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if lines is not None and not any_between(lines, statement.lineno, statement.end_lineno or statement.lineno):
            continue
        for expr in own_expressions(statement):
            for node in walk_local(expr):
                if isinstance(node, kind):
                    yield statement, node
        stack.extend(reversed(nested_statements(statement)))
