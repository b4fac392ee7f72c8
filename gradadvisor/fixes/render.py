"""Writing the code of a fix from syntax trees, keeping the user's own text.

A rule builds its replacement as an ``ast`` expression in which untouched parts
of the original code are the original nodes. ``Renderer.code`` prints new nodes
with ``ast.unparse`` and original nodes as their exact source text. New string
literals follow the file's quote style.

Precedence is decided here, once for every rule, from the node types (the table
below, Python's grammar; no private part of ``ast``): an expression is wrapped in
parentheses when its own precedence is lower than what the slot it lands in asks
for, which depends on the parent node and on which operand the slot is. That holds
in both directions:

- an original sub-expression kept inside new code (``x + 1.0`` as the body of a
  rewritten loop, substituted into ``jnp.exp(-...)``), and
- the replacement landing in the user's code (``jnp.stack([-x for x in xs]) ** 2``
  becomes ``(-xs) ** 2``: the parent is the power's left operand; ``xs + 1.0`` as a
  method call's object becomes ``(xs + 1.0).sum()``).

``ast.unparse`` handles new nodes inside new nodes; each original sub-expression
is printed by ``ast.unparse`` as a placeholder name (an atom, never parenthesised)
that is then replaced by the original text, in parentheses when its slot needs them.

Comments: text edits keep every comment outside the replaced span. A comment inside
a replaced expression that the new code does not keep (``jnp.stack([...])`` written
over several lines with a comment per line) is moved above the statement, at its
indentation, as loop rewrites do (``replace_statements``). When no line above the
statement can take it (a backslash continuation, a string ending on that line), the
fix says so in its unproven list.

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
from collections import Counter
from dataclasses import dataclass

from gradadvisor.analysis.syntax import Source, attribute_path, call, constant, name, one_line, substitute  # noqa: F401 - re-exported for rules
from gradadvisor.fixes.edits import Edit, Rewrite

# -- precedence, from the grammar (lowest first) ---------------------------------------------

NAMED, TUPLE, YIELD, TEST, OR, AND, NOT, CMP, BOR, BXOR, BAND, SHIFT, ARITH, TERM, FACTOR, POWER, AWAIT, ATOM = range(18)

_BINOP = {
    ast.BitOr: BOR, ast.BitXor: BXOR, ast.BitAnd: BAND, ast.LShift: SHIFT, ast.RShift: SHIFT,
    ast.Add: ARITH, ast.Sub: ARITH, ast.Mult: TERM, ast.MatMult: TERM, ast.Div: TERM, ast.FloorDiv: TERM, ast.Mod: TERM,
    ast.Pow: POWER,
}  # fmt: skip

#: The precedence an expression of each type has on its own.
_OWN = {
    ast.NamedExpr: NAMED, ast.Tuple: TUPLE, ast.Yield: YIELD, ast.YieldFrom: YIELD, ast.Lambda: TEST, ast.IfExp: TEST,
    ast.Compare: CMP, ast.Await: AWAIT,
    # A generator expression's own text may lack the parentheses of the call it was the sole
    # argument of: it is an atom only when its text is enclosed (see ``_text_precedence``).
    ast.GeneratorExp: NAMED,
}  # fmt: skip

#: What a slot asks of the expression in it: (parent type, field) -> lowest precedence taken
#: without parentheses. Operand slots of operators are computed in ``required_precedence``.
_SLOT = {
    (ast.Attribute, "value"): ATOM, (ast.Subscript, "value"): ATOM, (ast.Call, "func"): ATOM, (ast.Await, "value"): ATOM,
    (ast.Subscript, "slice"): TUPLE, (ast.Starred, "value"): BOR,
    (ast.Call, "args"): TEST, (ast.keyword, "value"): TEST,
    (ast.List, "elts"): TEST, (ast.Tuple, "elts"): TEST, (ast.Set, "elts"): TEST, (ast.Dict, "keys"): TEST, (ast.Dict, "values"): TEST,
    (ast.ListComp, "elt"): TEST, (ast.SetComp, "elt"): TEST, (ast.GeneratorExp, "elt"): TEST,
    (ast.DictComp, "key"): TEST, (ast.DictComp, "value"): TEST,
    (ast.comprehension, "iter"): OR, (ast.comprehension, "ifs"): OR, (ast.comprehension, "target"): TUPLE,
    (ast.IfExp, "test"): OR, (ast.IfExp, "body"): OR, (ast.IfExp, "orelse"): TEST,
    (ast.Lambda, "body"): TEST, (ast.NamedExpr, "value"): TEST,
    (ast.Slice, "lower"): TEST, (ast.Slice, "upper"): TEST, (ast.Slice, "step"): TEST,
    (ast.FormattedValue, "value"): OR, (ast.Yield, "value"): TUPLE, (ast.YieldFrom, "value"): TEST,
    (ast.arguments, "defaults"): TEST, (ast.arguments, "kw_defaults"): TEST, (ast.arg, "annotation"): TEST,
    (ast.Return, "value"): TUPLE, (ast.Assign, "value"): TUPLE, (ast.AugAssign, "value"): TUPLE, (ast.AnnAssign, "value"): TUPLE,
    (ast.Expr, "value"): TUPLE, (ast.For, "iter"): TUPLE, (ast.AsyncFor, "iter"): TUPLE, (ast.For, "target"): TUPLE,
    (ast.If, "test"): NAMED, (ast.While, "test"): NAMED, (ast.Assert, "test"): TEST, (ast.Assert, "msg"): TEST,
    (ast.Raise, "exc"): TEST, (ast.Raise, "cause"): TEST, (ast.withitem, "context_expr"): TEST,
    (ast.Delete, "targets"): TUPLE, (ast.Assign, "targets"): TUPLE, (ast.AugAssign, "target"): ATOM,
}  # fmt: skip


def own_precedence(node: ast.AST) -> int:
    """The precedence ``node`` has on its own (what its parent's slot is compared with)."""
    kind = type(node)
    if kind is ast.BinOp:
        return _BINOP[type(node.op)]  # type: ignore[attr-defined]
    if kind is ast.BoolOp:
        return AND if isinstance(node.op, ast.And) else OR  # type: ignore[attr-defined]
    if kind is ast.UnaryOp:
        return NOT if isinstance(node.op, ast.Not) else FACTOR  # type: ignore[attr-defined]
    if kind is ast.Constant and _negative(node.value):  # type: ignore[attr-defined]
        return FACTOR  # a new -1 prints as "-1": a unary minus
    # Starred and Slice are never parenthesised (they only occur where they are allowed bare).
    return _OWN.get(kind, ATOM)


def required_precedence(parent: ast.AST, field: str) -> int:
    """The lowest precedence an expression may have in ``parent``'s ``field`` without parentheses."""
    kind = type(parent)
    if kind is ast.BinOp:
        level = _BINOP[type(parent.op)]  # type: ignore[attr-defined]
        if level == POWER:  # right-associative; its right operand may be a unary minus (2 ** -x)
            return AWAIT if field == "left" else FACTOR
        return level if field == "left" else level + 1
    if kind is ast.UnaryOp:
        return NOT if isinstance(parent.op, ast.Not) else FACTOR  # type: ignore[attr-defined]
    if kind is ast.BoolOp:
        return (AND if isinstance(parent.op, ast.And) else OR) + 1  # type: ignore[attr-defined]
    if kind is ast.Compare:
        return CMP + 1  # (a < b) < c is not a < b < c
    # Anything else: parentheses are always correct around an expression that is read.
    return _SLOT.get((kind, field), ATOM)


def _negative(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float, complex)):
        return False
    if isinstance(value, complex):
        return value.real < 0 or (value.real == 0 and str(value).startswith("-"))
    return value < 0 or str(value).startswith("-")


@dataclass(frozen=True)
class _Shape:
    """What the tokens of an expression's text say: one bracketed group, and a line break
    outside any bracket (which a new context must enclose)."""

    enclosed: bool
    bare_newline: bool


@functools.lru_cache(maxsize=1024)
def _shape(text: str) -> _Shape:
    depth = 0
    closes_at: list[int] = []
    bare_newline = False
    index = -1
    try:
        # Inside parentheses the tokenizer takes any expression text over any lines.
        for token in tokenize.generate_tokens(io.StringIO("(" + text + ")").readline):
            if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER):
                if token.type == tokenize.NL and depth == 1:
                    bare_newline = True
                continue
            index += 1
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
                if depth == 1:
                    closes_at.append(index)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return _Shape(False, "\n" in text)
    # Tokens: "(" [0], the text [1 .. index-1], ")" [index]. Enclosed: the text opens with a
    # bracket (token 1) whose match is the text's last token (index - 1).
    enclosed = index >= 3 and closes_at[:1] == [index - 1] and text.lstrip()[:1] in "([{"
    return _Shape(enclosed, bare_newline)


def _text_precedence(node: ast.AST, text: str) -> int:
    own = own_precedence(node)
    if own < ATOM and text[:1] in "([{" and _shape(text).enclosed:
        return ATOM
    return own


def needs_parentheses(node: ast.AST, text: str, parent: ast.AST | None, field: str | None) -> bool:
    """Whether ``text`` (the code of ``node``) needs parentheses in ``parent``'s ``field``
    (an unknown place: wherever it is not an atom)."""
    if isinstance(node, (ast.Starred, ast.Slice)):
        return False
    if isinstance(node, ast.Tuple) and isinstance(parent, ast.withitem):
        return True  # with (a, b): is two context managers
    required = ATOM if parent is None or field is None else required_precedence(parent, field)
    if _text_precedence(node, text) < required:
        return True
    if "\n" in text and _shape(text).bare_newline:
        return True
    # 1.real does not parse; (1).real does
    return isinstance(node, ast.Constant) and type(node.value) is int and isinstance(parent, ast.Attribute)


def _is_original(node: ast.AST) -> bool:
    """Original nodes carry positions; nodes a fix builds do not."""
    return getattr(node, "end_col_offset", None) is not None and getattr(node, "_gradadvisor_new", False) is False


def mark_new(node: ast.AST) -> ast.AST:
    """Mark a node built for a fix (with positions copied from an original) as new."""
    node._gradadvisor_new = True  # type: ignore[attr-defined]
    return node


@dataclass(frozen=True)
class _Place:
    """Where an original expression sits: its parent, the parent's field, and the
    statements around it (outermost first)."""

    parent: ast.AST
    field: str
    statements: tuple[ast.stmt, ...]


class Renderer:
    def __init__(self, source: Source, tree: ast.AST | None = None) -> None:
        self.source = source
        #: The file's tree: where a replaced expression sits (its parent and statement).
        self.tree = tree

    @functools.cached_property
    def quote(self) -> str:
        """The quote new strings use: the file's usual one (read only when a fix renders code)."""
        return _preferred_quote(self.source.text)

    @functools.cached_property
    def _mark(self) -> str:
        """The prefix of placeholder names: one the file never spells."""
        mark = "__gradadvisor_slot"
        while mark in self.source.text:
            mark += "_"
        return mark

    def code(self, node: ast.AST) -> str:
        """The code of ``node``: original parts verbatim, new parts unparsed."""
        if _is_original(node):
            return self.source.segment(node)
        slots: list[str] = []
        prepared = self._child(node, ast.Expr(), "value", slots)  # the root of the code: any expression
        text = ast.unparse(prepared)
        if not slots:
            return text
        return re.sub(re.escape(self._mark) + r"(\d+)__", lambda match: slots[int(match.group(1))], text)

    def _prepare(self, node: ast.AST, slots: list[str]) -> ast.AST:
        """A copy of new ``node`` for ``ast.unparse``: original sub-expressions (and new strings)
        become placeholder names, their text (parenthesised for their slot) kept in ``slots``."""
        fields = {}
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.AST):
                fields[field] = self._child(value, node, field, slots)
            elif isinstance(value, list):
                fields[field] = [self._child(item, node, field, slots) if isinstance(item, ast.AST) else item for item in value]
            else:
                fields[field] = value
        return type(node)(**fields)

    def _child(self, child: ast.AST, parent: ast.AST, field: str, slots: list[str]) -> ast.AST:
        if isinstance(child, ast.expr) and _is_original(child):
            text = self.source.segment(child)
            if needs_parentheses(child, text, parent, field):
                text = f"({text})"
            return self._slot(text, slots, child)
        if isinstance(child, ast.Constant) and not isinstance(parent, ast.JoinedStr):
            if isinstance(child.value, str):
                return self._slot(self._string(child.value), slots, child)
            if _negative(child.value):
                text = repr(child.value)
                return self._slot(f"({text})" if needs_parentheses(child, text, parent, field) else text, slots, child)
        if child._fields:
            return self._prepare(child, slots)
        return child  # operators and contexts

    def _slot(self, text: str, slots: list[str], node: ast.AST) -> ast.expr:
        slots.append(text)
        return ast.Name(id=f"{self._mark}{len(slots) - 1}__", ctx=getattr(node, "ctx", ast.Load()))

    def _string(self, value: str) -> str:
        if self.quote == '"' and '"' not in value and "\\" not in value and "\n" not in value and value.isprintable():
            return f'"{value}"'
        return repr(value)

    # -- where an expression sits --------------------------------------------------------

    def _place(self, target: ast.AST) -> _Place | None:
        """Find ``target``'s parent in the file's tree (a walk pruned by positions)."""
        if self.tree is None or getattr(target, "end_col_offset", None) is None:
            return None
        start = (target.lineno, target.col_offset)  # type: ignore[attr-defined]
        end = (target.end_lineno, target.end_col_offset)  # type: ignore[attr-defined]
        stack: list[tuple[ast.AST, tuple[ast.stmt, ...]]] = [(self.tree, ())]
        while stack:
            node, statements = stack.pop()
            if isinstance(node, ast.stmt):
                statements = (*statements, node)
            for field, value in ast.iter_fields(node):
                for item in value if isinstance(value, list) else (value,):
                    if not isinstance(item, ast.AST):
                        continue
                    if item is target:
                        return _Place(node, field, statements)
                    if getattr(item, "end_col_offset", None) is None:
                        if item._fields:
                            stack.append((item, statements))
                    elif (item.lineno, item.col_offset) <= start and end <= (item.end_lineno, item.end_col_offset):  # type: ignore[attr-defined]
                        stack.append((item, statements))
        return None

    # -- edits -------------------------------------------------------------------------

    def replace_expression(self, node: ast.expr, replacement: ast.expr) -> Rewrite:
        """Replace expression ``node`` by ``replacement``: parenthesised for the slot it lands in,
        and with the comments inside ``node`` that the new code drops moved above its statement."""
        text = self.code(replacement)
        place = self._place(node)
        if needs_parentheses(replacement, text, place.parent if place else None, place.field if place else None):
            text = f"({text})"
        main = Edit(self.source.start(node), self.source.end(node), text)
        lost = _lost_comments(self.source.segment(node), text, expression=True)
        if not lost:
            return Rewrite((main,), text)
        line = self._line_above(node, place)
        if line is None:
            listed = one_line(" ".join(lost), 60)
            return Rewrite(
                (main,), text,
                (f"the comments inside the replaced code (`{listed}`) may be dropped (no line above the statement can take them)",),
            )  # fmt: skip
        indent = self.source.indentation(line)
        start = self.source.line_starts[line - 1]
        moved = Edit(start, start, "".join(f"{indent}{comment}\n" for comment in lost))
        return Rewrite((moved, main), text)

    def _line_above(self, node: ast.AST, place: _Place | None) -> int | None:
        """The line above which comments from ``node`` go: the first line of the outermost
        statement starting on the line of the statement that holds ``node``."""
        if place is None or not place.statements:
            return None
        statement = place.statements[-1]
        line = statement.lineno
        if line > len(self.source.lines):
            return None
        outermost = next(item for item in place.statements if item.lineno == line)
        prefix = self.source.line(line)[: self.source.column(line, outermost.col_offset)]
        if prefix.strip() and ("'" in prefix or '"' in prefix):
            return None  # the line may start inside a string that ends on it
        if line > 1 and self.source.line(line - 1).endswith("\\"):
            return None  # a continuation line: a comment line would end the statement above
        return line

    def replace_statements(self, first: ast.stmt, last: ast.stmt, lines: list[str]) -> Edit:
        """Replace the statements from ``first`` to ``last`` (whole lines) by ``lines`` at the
        same indentation. Comments inside the replaced lines are kept, above the new code."""
        indent = self.source.indentation(first.lineno)
        start = self.source.offset(first.lineno, 0) + len(indent)
        end_line = last.end_lineno or last.lineno
        end = self.source.offset(end_line, len(self.source.line(end_line).encode("utf-8")))
        old = self.source.text[start:end]
        comments = _lost_comments(old, "\n".join(lines))
        body = [f"# {comment.lstrip('#').strip()}" for comment in comments] + lines
        text = ("\n" + indent).join(body)
        return Edit(start, end, text)


def _lost_comments(old: str, new: str, expression: bool = False) -> list[str]:
    """The comments of ``old`` that ``new`` does not keep (each as often as it is lost)."""
    before = comments_in(old, expression)
    if not before:
        return []
    kept = Counter(comments_in(new, expression))
    lost = []
    for comment in before:
        if kept[comment]:
            kept[comment] -= 1
        else:
            lost.append(comment.rstrip())
    return lost


def comments_in(code: str, expression: bool = False) -> list[str]:
    """The comments in a piece of code (with the tokenizer: ``"#"`` in strings is not one).
    ``expression``: the code is an expression, which may span lines only inside brackets."""
    if "#" not in code:
        return []
    found: list[str] = []
    try:
        text = f"({code}\n)" if expression else code
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                found.append(token.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        found = ["#" + line.split("#", 1)[1] for line in code.splitlines() if "#" in line]
    return found


def _preferred_quote(text: str) -> str:
    doubles = len(re.findall(r'(?<![\\"])"(?!"")', text[:20000]))
    singles = len(re.findall(r"(?<![\\'])'(?!'')", text[:20000]))
    return "'" if singles > doubles else '"'
