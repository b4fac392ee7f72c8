"""A read-only traversal of a libcst tree, about twice as fast as ``CSTNode.visit``.

libcst's visitor protocol rebuilds every node on the way up (it serves transformers
too). Reading needs none of that: ``walk`` follows each node's dataclass fields in
declaration order (which is source order) and calls ``visit_<Node>`` /
``leave_<Node>`` methods, the same names libcst uses. Whitespace, punctuation and
operator tokens are not entered: no rule looks at them.

``walk_batched`` runs several visitors in one pass (the rules of a file), with
hooks around each node; its ``visit_`` return values are ignored, as in
libcst's batched visitors. ``walk`` runs one visitor and honours ``False`` from
``visit_<Node>`` (skip the children).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable

import libcst as cst

#: Node kinds never entered or dispatched: layout and tokens.
TOKENS = (
    cst.BaseParenthesizableWhitespace,
    cst.Newline,
    cst.EmptyLine,
    cst.TrailingWhitespace,
    cst.Comment,
    cst.LeftParen,
    cst.RightParen,
    cst.Comma,
    cst.Dot,
    cst.LeftSquareBracket,
    cst.RightSquareBracket,
    cst.LeftCurlyBrace,
    cst.RightCurlyBrace,
    cst.AssignEqual,
    cst.Colon,
    cst.Semicolon,
    cst.BaseBinaryOp,
    cst.BaseBooleanOp,
    cst.BaseCompOp,
    cst.BaseUnaryOp,
    cst.BaseAugOp,
    cst.ImportStar,
)
_LAYOUT_FIELDS = ("whitespace", "lpar", "rpar", "comma", "leading_lines", "lines_after", "header", "footer", "semicolon")
_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(kind: type) -> tuple[str, ...]:
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = tuple(f.name for f in dataclasses.fields(kind) if not f.name.startswith(_LAYOUT_FIELDS))
        _FIELDS[kind] = fields
    return fields


_CODE_KINDS: dict[type, bool] = {}


def _carries_code(kind: type) -> bool:
    """A node kind rules see (not layout or a token); cached, since ``isinstance`` on
    libcst's abstract bases is slow."""
    known = _CODE_KINDS.get(kind)
    if known is None:
        known = issubclass(kind, cst.CSTNode) and not issubclass(kind, TOKENS)
        _CODE_KINDS[kind] = known
    return known


def children(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """The node's children that carry code (no layout or tokens), in source order."""
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            for item in value:
                if _carries_code(type(item)):
                    yield item
        elif _carries_code(kind):
            yield value


Method = Callable[[cst.CSTNode], Any]


def _dispatch_table(visitors: Iterable[Any]) -> tuple[dict[str, list[Method]], dict[str, list[Method]]]:
    visits: dict[str, list[Method]] = {}
    leaves: dict[str, list[Method]] = {}
    for visitor in visitors:
        methods = visitor.get_visitors() if hasattr(visitor, "get_visitors") else _methods(visitor)
        for name, method in methods.items():
            kind, _, node_name = name.partition("_")
            if "_" in node_name:
                raise TypeError(f"{name}: attribute visitors (visit_Node_attr) are not supported by the walker")
            (visits if kind == "visit" else leaves).setdefault(node_name, []).append(method)
    return visits, leaves


def _methods(visitor: Any) -> dict[str, Method]:
    """The ``visit_``/``leave_`` methods the visitor's own classes define (libcst's
    stubs on its base classes are skipped). Reads class dicts only: visitor classes
    are often defined inside functions, so a per-class cache would only grow."""
    found: dict[str, Method] = {}
    for kind in type(visitor).__mro__:
        if kind.__module__.startswith("libcst") or kind is object:
            continue
        for name in kind.__dict__:
            if name.startswith(("visit_", "leave_")) and name not in found:
                found[name] = getattr(visitor, name)
    return found


def walk_batched(
    node: cst.CSTNode,
    visitors: Iterable[Any],
    before_visit: Callable[[cst.CSTNode], None] | None = None,
    after_leave: Callable[[cst.CSTNode], None] | None = None,
) -> None:
    """Run every visitor's ``visit_X``/``leave_X`` over ``node`` in one pass."""
    visits, leaves = _dispatch_table(visitors)

    def visit(current: cst.CSTNode) -> None:
        name = type(current).__name__
        if before_visit is not None:
            before_visit(current)
        for method in visits.get(name, ()):
            method(current)
        for child in children(current):
            visit(child)
        for method in leaves.get(name, ()):
            method(current)
        if after_leave is not None:
            after_leave(current)

    visit(node)


def walk(node: cst.CSTNode, visitor: Any) -> None:
    """Run one visitor; ``visit_X`` returning False skips that node's children."""
    visits, leaves = _dispatch_table([visitor])

    def visit(current: cst.CSTNode) -> None:
        name = type(current).__name__
        descend = True
        for method in visits.get(name, ()):
            if method(current) is False:
                descend = False
        if descend:
            for child in children(current):
                visit(child)
        for method in leaves.get(name, ()):
            method(current)

    visit(node)
