"""What rewriting a loop as ``jax.lax.fori_loop`` needs proven about it.

Inside ``fori_loop`` the index is a traced integer and the body is traced once: the index may be
used only as a position, must not be read outside the loop, and so on.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.recurrence_footprints import offset
from gradadvisor.analysis.syntax import walk


def index_only_as_position(body: ast.AST, var: str, code) -> bool:
    """``var`` appears only as a whole position ``a[var + c]`` / ``a[..., var - c]`` (a traced
    index works there); never as a number, a slice bound or a shape."""
    allowed: set[int] = set()
    for node in walk(body):
        if isinstance(node, ast.Subscript):
            elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            for element in elements:
                if offset(element, var) is not None:
                    allowed.update(id(child) for child in walk(element))
    for node in walk(body):
        if isinstance(node, ast.Name) and node.id == var and id(node) not in allowed:
            return False
    return True


def reads_outside(function: ast.AST, loop: ast.AST, name: str) -> bool:
    """Whether ``name`` is read anywhere in ``function`` outside the body of ``loop`` (after it, in
    a closure, in the loop header, or before it on a later pass of an enclosing loop), or may be
    read after ``function`` returns (declared ``global`` or ``nonlocal``; a module's name)."""
    if isinstance(function, ast.Module):
        return True  # a module's name: any importer may read it
    for node in walk(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True  # bound outside the function too: read after it returns
    inside = {id(node) for stmt in [*loop.body, *getattr(loop, "orelse", [])] for node in walk(stmt)}  # type: ignore[attr-defined]
    if isinstance(loop, ast.While):
        inside |= {id(node) for node in walk(loop.test)}
    for node in walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in inside:
            return True
    return False
