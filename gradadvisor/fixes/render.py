"""Writing the code of a fix from syntax trees, keeping the user's own text.

A rule builds its replacement as an ``ast`` expression in which untouched parts
of the original code are the original nodes. ``Renderer.code`` prints new nodes
with CPython's unparser (which parenthesises by precedence: substituting ``xs``
for ``x_i`` in ``-x_i ** 2`` cannot change its meaning) and original nodes as
their exact source text, wrapped in parentheses only where the new context needs
them. New string literals follow the file's quote style.

The replacement trees are built with ``analysis/syntax.py``'s builders
(``substitute`` replaces subtrees without touching the original tree: only the
ancestors of what it replaces are rebuilt, so everything else stays original and
prints verbatim).
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize

from gradadvisor.analysis.syntax import Source, attribute_path, call, constant, name, substitute  # noqa: F401 - re-exported for rules
from gradadvisor.fixes.edits import Edit

_Unparser = getattr(ast, "_Unparser", None)
_Precedence = getattr(ast, "_Precedence", None)


def _own_precedence(node: ast.AST):
    """The precedence an expression has on its own (what its parent compares against)."""
    P = _Precedence
    if isinstance(node, ast.BinOp):
        return _Unparser.binop_precedence[_Unparser.binop[node.op.__class__.__name__]]  # type: ignore[union-attr]
    if isinstance(node, ast.BoolOp):
        return P.AND if isinstance(node.op, ast.And) else P.OR
    if isinstance(node, ast.UnaryOp):
        return P.NOT if isinstance(node.op, ast.Not) else P.FACTOR
    if isinstance(node, ast.Compare):
        return P.CMP
    if isinstance(node, (ast.IfExp, ast.Lambda)):
        return P.TEST
    if isinstance(node, ast.NamedExpr):
        return P.NAMED_EXPR
    if isinstance(node, ast.Tuple):
        return P.TUPLE
    if isinstance(node, (ast.Yield, ast.YieldFrom)):
        return P.YIELD
    if isinstance(node, ast.Await):
        return P.AWAIT
    if isinstance(node, ast.Starred):
        return P.EXPR
    return P.ATOM


if _Unparser is not None:

    class _Printer(_Unparser):  # type: ignore[misc,valid-type]
        def __init__(self, source: Source, quote: str) -> None:
            super().__init__()
            self._file = source
            self._quote = quote

        def traverse(self, node):  # noqa: ANN001
            if isinstance(node, ast.AST) and _is_original(node):
                text = self._file.segment(node)
                wrap = self.get_precedence(node) > _own_precedence(node) or isinstance(node, ast.Tuple)
                if "\n" in text and not wrap:
                    wrap = not _bracketed(text)
                if isinstance(node, ast.Constant) and isinstance(node.value, int) and self.get_precedence(node) == _Precedence.ATOM:
                    wrap = True  # (1).real
                self.write(f"({text})" if wrap else text)
                return
            super().traverse(node)

        def visit_Constant(self, node):  # noqa: ANN001
            if isinstance(node.value, str) and self._quote == '"' and '"' not in node.value and "\\" not in node.value and "\n" not in node.value:
                self.write(f'"{node.value}"')
                return
            super().visit_Constant(node)


def _is_original(node: ast.AST) -> bool:
    """Original nodes carry positions; nodes a fix builds do not."""
    return getattr(node, "end_col_offset", None) is not None and getattr(node, "_gradadvisor_new", False) is False


def _bracketed(text: str) -> bool:
    return text[:1] in "([{" and text[-1:] in ")]}"


def mark_new(node: ast.AST) -> ast.AST:
    """Mark a node built for a fix (with positions copied from an original) as new."""
    node._gradadvisor_new = True  # type: ignore[attr-defined]
    return node


class Renderer:
    def __init__(self, source: Source) -> None:
        self.source = source

    @functools.cached_property
    def quote(self) -> str:
        """The quote new strings use: the file's usual one (read only when a fix renders code)."""
        return _preferred_quote(self.source.text)

    def code(self, node: ast.AST) -> str:
        """The code of ``node``: original parts verbatim, new parts unparsed."""
        if _Unparser is None:  # pragma: no cover - CPython always has it
            return ast.unparse(node)
        if _is_original(node) and isinstance(node, ast.expr):
            return self.source.segment(node)
        printer = _Printer(self.source, self.quote)
        return printer.visit(node)

    # -- edits -------------------------------------------------------------------------

    def replace_expression(self, node: ast.expr, replacement: ast.expr) -> Edit:
        text = self.code(replacement)
        if "\n" in text and not _bracketed(text):
            text = f"({text})"
        return Edit(self.source.start(node), self.source.end(node), text)

    def replace_statements(self, first: ast.stmt, last: ast.stmt, lines: list[str]) -> Edit:
        """Replace the statements from ``first`` to ``last`` (whole lines) by ``lines`` at the
        same indentation. Comments inside the replaced lines are kept, above the new code."""
        indent = self.source.indentation(first.lineno)
        start = self.source.offset(first.lineno, 0) + len(indent)
        end_line = last.end_lineno or last.lineno
        end = self.source.offset(end_line, len(self.source.line(end_line).encode("utf-8")))
        old = self.source.text[start:end]
        comments = comments_in(old)
        body = [f"# {comment.lstrip('#').strip()}" for comment in comments] + lines
        text = ("\n" + indent).join(body)
        return Edit(start, end, text)


def comments_in(code: str) -> list[str]:
    """The comments in a piece of code (with the tokenizer: ``"#"`` in strings is not one)."""
    if "#" not in code:
        return []
    found: list[str] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.COMMENT:
                found.append(token.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        found = [line.split("#", 1)[1] for line in code.splitlines() if "#" in line]
    return found


def _preferred_quote(text: str) -> str:
    doubles = len(re.findall(r'(?<![\\"])"(?!"")', text[:20000]))
    singles = len(re.findall(r"(?<![\\'])'(?!'')", text[:20000]))
    return "'" if singles > doubles else '"'
