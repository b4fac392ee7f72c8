"""The syntax tree the scanner reads: CPython's ``ast``, parsed once per file.

``ast`` parses about nine times faster than libcst (measured on the 513k-line wheel
corpus: 3.0 s against ~23 s), so every file is read with it; libcst is used only
where its concrete tree matters, when fixes are applied (``gradadvisor/fixes``).

This module holds what every analysis needs from the tree and the text: a guarded
parse, exact source segments and positions (``ast`` columns count UTF-8 bytes; we
report characters), iterative walks (a 10,000-term sum is 10,000 levels deep: no
recursion over the tree), and small questions such as the names an expression reads.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Callable, Iterator

#: Nodes that open a new scope for names.
SCOPE_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
LOOPS = (ast.For, ast.AsyncFor, ast.While)


LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class Source:
    """A file's text with fast position arithmetic.

    Lines and columns here are ``ast``'s: lines 1-based, columns 0-based UTF-8 byte
    offsets. ``column`` converts a byte column to a character column; ``offset`` gives
    the character offset of a position in the whole text (for edits).
    """

    def __init__(self, text: str) -> None:
        self.text = text
        # Lines end where Python's tokenizer ends them: at \r\n, \r or \n (not at the form
        # feeds and other separators that ``str.splitlines`` also breaks on).
        self.lines = LINE.findall(text)
        starts = [0]
        for line in self.lines:
            starts.append(starts[-1] + len(line))
        #: Character offset of the start of each line (and of the end of the text).
        self.line_starts = starts

    def line_of(self, offset: int) -> int:
        """The 1-based line holding character ``offset``."""
        return bisect_right(self.line_starts, offset)

    def line(self, number: int) -> str:
        """Line ``number`` (1-based) without its line ending; ``""`` past the end."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1].rstrip("\r\n")
        return ""

    def column(self, line: int, byte_column: int) -> int:
        text = self.lines[line - 1] if 1 <= line <= len(self.lines) else ""
        if text.isascii():
            return byte_column
        return len(text.encode("utf-8")[:byte_column].decode("utf-8", errors="replace"))

    def offset(self, line: int, byte_column: int) -> int:
        if line > len(self.lines):
            return len(self.text)
        return self.line_starts[line - 1] + self.column(line, byte_column)

    def start(self, node: ast.AST) -> int:
        return self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]

    def end(self, node: ast.AST) -> int:
        return self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]

    def segment(self, node: ast.AST) -> str:
        """The exact source text of ``node`` (its own span: enclosing parentheses excluded)."""
        return self.text[self.start(node) : self.end(node)]

    def block(self, node: ast.AST) -> str:
        """The whole lines ``node`` spans, decorators included for definitions."""
        first = node.lineno  # type: ignore[attr-defined]
        for decorator in getattr(node, "decorator_list", ()):
            first = min(first, decorator.lineno)
        return "".join(self.lines[first - 1 : node.end_lineno])  # type: ignore[attr-defined]

    def indentation(self, line: int) -> str:
        text = self.line(line)
        return text[: len(text) - len(text.lstrip(" \t"))]


@dataclass(frozen=True)
class Span:
    """A reported range: 1-based lines and columns, ``end_column`` exclusive (as ruff reports)."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def of(cls, node: ast.AST, source: Source) -> "Span":
        return cls(
            node.lineno,  # type: ignore[attr-defined]
            source.column(node.lineno, node.col_offset) + 1,  # type: ignore[attr-defined]
            node.end_lineno,  # type: ignore[attr-defined]
            source.column(node.end_lineno, node.end_col_offset) + 1,  # type: ignore[attr-defined]
        )


class TooComplex(Exception):
    """The file is too deeply nested for CPython's parser (or for this analysis)."""


def parse(text: str) -> ast.Module:
    """Parse ``text``. Raises ``SyntaxError`` (with CPython's message and position) or
    ``TooComplex`` (nesting beyond what the parser's stack takes)."""
    try:
        return ast.parse(text, type_comments=False)
    except (RecursionError, MemoryError) as error:
        raise TooComplex(f"nesting too deep for the parser ({type(error).__name__})") from None
    except ValueError as error:  # "source code string cannot contain null bytes"
        raise SyntaxError(str(error)) from None


def word_regex(words) -> re.Pattern[str]:
    """A regex matching any of ``words`` as a whole word, written as a trie
    (``\b(?:gr(?:ad|...)|j(?:it|vp))\b``): CPython tries every alternative at every
    position, so sharing prefixes makes a scan over a large file several times faster."""
    return re.compile(r"\b" + _trie(sorted(set(words))) + r"\b")


def _trie(words: list[str]) -> str:
    groups: dict[str, list[str]] = {}
    for word in words:
        if word:
            groups.setdefault(word[0], []).append(word[1:])
    branches = [re.escape(head) + (_trie(rest) if rest != [""] else "") for head, rest in sorted(groups.items())]
    optional = "" in words
    if len(branches) == 1 and not optional:
        return branches[0]
    return "(?:" + "|".join(branches) + ")" + ("?" if optional else "")


#: Fields that never hold a node the analysis looks at: expression contexts (``Load``,
#: ``Store``), operators and strings. A third of a tree's nodes are contexts and operators.
SKIPPED_FIELDS = frozenset({"ctx", "op", "ops", "id", "arg", "attr", "name", "names", "type_comment", "kind", "module", "level", "conversion", "is_async", "simple"})
_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of node type ``kind`` that may hold child nodes, in source order."""
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = tuple(name for name in kind._fields if name not in SKIPPED_FIELDS)
    return fields


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """The child nodes of ``node`` in source order, without contexts and operators: a faster
    ``ast.iter_child_nodes`` for walks that never look at ``Load`` or ``Add``."""
    found: list[ast.AST] = []
    for field in child_fields(type(node)):
        value = getattr(node, field, None)
        if type(value) is list:
            if value:
                if isinstance(value[0], ast.AST) and None not in value:
                    found.extend(value)
                else:  # ``Dict.keys`` and ``kw_defaults`` hold None; a few fields hold strings
                    found.extend(item for item in value if isinstance(item, ast.AST))
        elif isinstance(value, ast.AST):
            found.append(value)
    return found


#: Fields of a compound statement that hold statements (directly, or in handlers and cases).
STATEMENT_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def own_expressions(stmt: ast.stmt) -> list[ast.AST]:
    """The expressions of a statement itself: not the statements nested in it, not decorators."""
    found: list[ast.AST] = []
    for field in child_fields(type(stmt)):
        if field in STATEMENT_FIELDS or field == "decorator_list":
            continue
        value = getattr(stmt, field, None)
        if isinstance(value, ast.AST):
            found.append(value)
        elif isinstance(value, list):
            found.extend(item for item in value if isinstance(item, ast.AST))
    return found


def nested_statements(stmt: ast.stmt) -> list[ast.stmt]:
    """The statements directly inside a compound statement, in source order (the bodies of
    ``except`` handlers and ``case`` clauses included)."""
    found: list[ast.stmt] = []
    for field in ("body", "handlers", "cases", "orelse", "finalbody"):
        for item in getattr(stmt, field, None) or ():
            if isinstance(item, ast.stmt):
                found.append(item)
            else:  # an ExceptHandler or a match_case
                found.extend(item.body)
    return found


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node below and including ``node`` (contexts and operators left out), parents
    before children, in source order. Iterative: safe on arbitrarily deep trees."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        found = child_nodes(current)
        found.reverse()
        stack.extend(found)


def sole_return(function: ast.AST | None) -> ast.expr | None:
    """What a ``def`` whose body is one ``return`` (after a docstring, if any) returns; None for
    any other body, and for anything that is not a ``def``."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    body = function.body
    if len(body) == 2 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    return body[0].value if len(body) == 1 and isinstance(body[0], ast.Return) else None


def walk_local(node: ast.AST) -> Iterator[ast.AST]:
    """Like ``walk``, but does not enter nested functions, lambdas or classes (their
    bodies run at another time, in another scope); the nested definition itself is yielded."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if current is not node and isinstance(current, SCOPE_NODES):
            continue
        found = child_nodes(current)
        found.reverse()
        stack.extend(found)


def full_slice(node: ast.AST) -> bool:
    """``:``: a slice with no bound and no step (every item of its axis)."""
    return isinstance(node, ast.Slice) and node.lower is None and node.upper is None and node.step is None


def parameter_names(args: ast.arguments, packed: bool = False) -> set[str]:
    """The names a function's parameters bind (``*args``/``**kwargs`` too with ``packed``),
    less ``self`` and ``cls``."""
    names = {arg.arg for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    if packed:
        names |= {extra.arg for extra in (args.vararg, args.kwarg) if extra is not None}
    return names - {"self", "cls"}


def names_read(node: ast.AST) -> set[str]:
    """Every bare name in ``node`` (attribute names are not names: ``a.b`` reads ``a``)."""
    return {child.id for child in walk(node) if isinstance(child, ast.Name)}


def free_reads(helper: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names a ``def`` reads from around it: what its body reads, less its parameters and
    what it binds itself."""
    own = parameter_names(helper.args, packed=True)
    bound = {child.id for child in walk(helper) if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store)}
    return {read for stmt in helper.body for read in names_read(stmt)} - own - bound


def reads_any(node: ast.AST, names: set[str] | frozenset[str]) -> bool:
    """Whether ``node`` holds a bare name among ``names`` (``names_read(node) & names``,
    stopping at the first)."""
    return any(isinstance(child, ast.Name) and child.id in names for child in walk(node))


def read_as_value(node: ast.AST, variable: str) -> bool:
    """``variable`` is only read as a value in ``node``: never called (``layer(x)``) nor read
    through an attribute (``d.sample(k)``, ``c[0].structure``), as a list of objects' items
    would be."""
    for child in walk(node):
        if isinstance(child, ast.Attribute) or isinstance(child, ast.Call):
            base = child.value if isinstance(child, ast.Attribute) else child.func
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value  # cond[0].structure(...), fns[k](x): still the item's own
            if isinstance(base, ast.Name) and base.id == variable:
                return False
    return True


def name_count(node: ast.AST, name: str) -> int:
    return sum(1 for child in walk(node) if isinstance(child, ast.Name) and child.id == name)


def tail_name(node: ast.AST) -> str | None:
    """The last name written in ``x``, ``obj.attr`` or ``obj.attr[i]``: ``x``, ``attr``, ``attr``."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def attribute_root(node: ast.AST) -> ast.Name | None:
    """``state`` for ``state``, ``state.board`` and ``state.a.b``; None when the chain does not
    start at a name (``f().x``)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node if isinstance(node, ast.Name) else None


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def assigned_targets(stmt: ast.stmt) -> list[str]:
    """The names an assignment statement binds (``a = ...``, ``a, b = ...``, ``a += ...``)."""
    if isinstance(stmt, ast.Assign):
        return [name for target in stmt.targets for name in target_names(target)]
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        return target_names(stmt.target)
    return []


def leaves(block: list[ast.stmt]) -> bool:
    """The block always leaves the function: it ends in a ``return`` or a ``raise``."""
    return bool(block) and isinstance(block[-1], (ast.Return, ast.Raise))


def grown_list(stmt: ast.stmt) -> tuple[str, ast.expr, str] | None:
    """A statement that adds one item to a list: ``(list, item, end)`` with ``end`` "append"
    for ``xs.append(v)``, ``xs = xs + [v]``, ``xs += [v]`` and ``xs.extend([v])``, "insert" for
    ``xs.insert(0, v)`` (a backward loop's); None for anything else (a starred or keyword
    argument, several items)."""
    if isinstance(stmt, ast.Expr):
        value = stmt.value
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name)
                and not value.keywords and not any(isinstance(arg, ast.Starred) for arg in value.args)):
            return None
        method, args = value.func.attr, value.args
        if method == "append" and len(args) == 1:
            return value.func.value.id, args[0], "append"
        if method == "insert" and len(args) == 2 and int_value(args[0]) == 0:
            return value.func.value.id, args[1], "insert"
        if method == "extend" and len(args) == 1 and _one_item(args[0]) is not None:
            return value.func.value.id, _one_item(args[0]), "append"  # type: ignore[return-value]
        return None
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name):
        item = _one_item(stmt.value)
        return (stmt.target.id, item, "append") if item is not None else None
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        value, list_name = stmt.value, stmt.targets[0].id
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and isinstance(value.left, ast.Name) and value.left.id == list_name:
            item = _one_item(value.right)
            return (list_name, item, "append") if item is not None else None
    return None


def _one_item(node: ast.expr) -> ast.expr | None:
    """``v`` of the list display ``[v]`` (or the tuple ``(v,)``)."""
    if isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == 1 and not isinstance(node.elts[0], ast.Starred):
        return node.elts[0]
    return None


def target_names(target: ast.AST) -> list[str]:
    """Names bound by an assignment or loop target (``a``, ``a, (b, *c)``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in target_names(element)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    return []


def unwrapped_iterable(iterable: ast.expr, is_builtin, reverse: bool = True) -> tuple[ast.expr, int]:
    """``(inner, direction)`` of an iterable wrapped in ``list(...)``, ``tuple(...)`` or
    ``reversed(...)`` (``reversed(list(range(n)))`` walks what ``range(n)`` does, backwards:
    direction -1). ``reverse=False`` strips only the copies, for readers whose order matters."""
    direction = 1
    while isinstance(iterable, ast.Call) and len(iterable.args) == 1 and not iterable.keywords and not isinstance(iterable.args[0], ast.Starred):
        if is_builtin(iterable.func, "list") or is_builtin(iterable.func, "tuple"):
            iterable = iterable.args[0]
        elif reverse and is_builtin(iterable.func, "reversed"):
            iterable, direction = iterable.args[0], -direction
        else:
            break
    return iterable, direction


def int_value(node: ast.AST | None) -> int | None:
    """The value of an integer literal (``3``, ``-2``), else None. Booleans are not integers here."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = int_value(node.operand)
        return -inner if inner is not None else None
    return None


def offset_of(node: ast.expr) -> tuple[ast.expr | None, int]:
    """``(base, offset)`` of an integer expression written as a base plus a literal:
    ``n - 1`` -> ``(n, -1)``, ``x.shape[0] + 2`` -> ``(x.shape[0], 2)``, ``5`` -> ``(None, 5)``,
    ``n`` -> ``(n, 0)``."""
    literal = int_value(node)
    if literal is not None:
        return None, literal
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        right = int_value(node.right)
        if right is not None:
            base, offset = offset_of(node.left)
            return base, offset + (right if isinstance(node.op, ast.Add) else -right)
    return node, 0


def scaled_base(node: ast.expr) -> ast.expr:
    """The count an integer expression scales by literals (``2 * self.n + 1``, ``self.n // 2``,
    ``n * 3``): ``self.n``, ``n``; the expression itself when it is not one. A count so made
    grows as its base does."""
    while True:
        base, _ = offset_of(node)
        if base is None:
            return node
        node = base
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.FloorDiv)):
            if isinstance(node.op, ast.Mult) and int_value(node.left) is not None:
                node = node.right
                continue
            if int_value(node.right) is not None:
                node = node.left
                continue
        return node


@dataclass(frozen=True)
class RangeBounds:
    """What ``range(...)``'s arguments say about its trip count.

    ``count`` is the number of iterations when the arithmetic fixes it (``range(3, 10, 2)``,
    ``range(n - 2, n)``); otherwise ``driver`` is the bound the count grows with: ``stop`` for a
    positive (or unknown) step, ``start`` for a literal negative one (``range(n - 1, -1, -1)``
    runs ``n`` times)."""

    count: int | None
    driver: ast.expr | None


def _bounds(expr: ast.expr, function: str) -> list[ast.expr]:
    """``min(a, b)`` as an upper bound is at most ``a`` and at most ``b``; ``max`` likewise
    below: the arguments; any other expression is its own bound."""
    if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == function
            and len(expr.args) >= 2 and not expr.keywords and not any(isinstance(a, ast.Starred) for a in expr.args)):
        return list(expr.args)
    return [expr]


def symmetric_offsets(args: list[ast.expr]) -> bool:
    """``range(-q, q + 1)`` (and ``range(-q, q)``, ``range(-(q), q + 1, 1)``): offsets around zero,
    the walk of a stencil, a band or a kernel's taps, whose half-width ``q`` is the method's."""
    if len(args) not in (2, 3) or (len(args) == 3 and int_value(args[2]) not in (1, None)):
        return False
    start, stop = args[0], args[1]
    if not (isinstance(start, ast.UnaryOp) and isinstance(start.op, ast.USub)):
        return False
    base, offset = offset_of(stop)
    return base is not None and offset in (0, 1) and ast.dump(base) == ast.dump(start.operand)


def window_count(args: list[ast.expr]) -> int | None:
    """At most how many times ``range(max(i - 2, 0), min(i + 2, n))`` runs (4): a window around
    an index, whose clipped ends only shorten it. None unless a ``max`` start and a ``min``
    stop (or one of them) share a base with the other end, step 1."""
    if len(args) != 2:
        return None
    lows, highs = _bounds(args[0], "max"), _bounds(args[1], "min")
    if len(lows) == 1 and len(highs) == 1:
        return None
    counts = []
    for low in lows:
        for high in highs:
            (low_base, low_offset), (high_base, high_offset) = offset_of(low), offset_of(high)
            if low_base is not None and high_base is not None and ast.dump(low_base) == ast.dump(high_base):
                counts.append(max(0, high_offset - low_offset))
    return min(counts) if counts else None


def range_bounds(args: list[ast.expr]) -> RangeBounds:
    if not args or len(args) > 3:
        return RangeBounds(None, None)
    start = args[0] if len(args) >= 2 else ast.Constant(0)
    stop = args[1] if len(args) >= 2 else args[0]
    step = int_value(args[2]) if len(args) == 3 else 1
    if step == 0:
        return RangeBounds(0, None)
    low, high = (stop, start) if step is not None and step < 0 else (start, stop)
    if step is not None:
        (low_base, low_offset), (high_base, high_offset) = offset_of(low), offset_of(high)
        same_base = low_base is high_base is None or (
            low_base is not None and high_base is not None and ast.dump(low_base) == ast.dump(high_base)
        )
        if same_base:
            return RangeBounds(max(0, -(-(high_offset - low_offset) // abs(step))), None)
    if int_value(high) is not None and int_value(low) is None:
        return RangeBounds(None, low)  # ``range(-n, 0)``: the count grows with the other bound
    return RangeBounds(None, high)


def positional(call: ast.Call) -> list[ast.expr]:
    """The positional arguments of ``call`` up to the first ``*args``."""
    found: list[ast.expr] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            break
        found.append(arg)
    return found


def keyword(call: ast.Call, name: str) -> ast.expr | None:
    for item in call.keywords:
        if item.arg == name:
            return item.value
    return None


def has_star_args(call: ast.Call) -> bool:
    return any(isinstance(arg, ast.Starred) for arg in call.args) or any(item.arg is None for item in call.keywords)


def one_line(text: str, limit: int = 70) -> str:
    """``text`` on one line, cut to about ``limit`` characters (for messages)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 4] + " ..."


# -- building new code (fixes): new nodes carry no positions, so the renderer prints them --


def substitute(node: ast.AST, replace: Callable[[ast.AST], ast.AST | None]) -> ast.AST:
    """A copy of ``node`` where each subtree for which ``replace`` returns a node is replaced
    by it. Only the ancestors of replaced subtrees are rebuilt (as new nodes); the rest is
    shared with the original tree, which is never modified."""
    replacement = replace(node)
    if replacement is not None:
        return replacement
    changed = False
    fields = {}
    for name, value in ast.iter_fields(node):
        if isinstance(value, ast.AST):
            new = substitute(value, replace)
            changed = changed or new is not value
            fields[name] = new
        elif isinstance(value, list):
            items = [substitute(item, replace) if isinstance(item, ast.AST) else item for item in value]
            changed = changed or any(a is not b for a, b in zip(items, value))
            fields[name] = items
        else:
            fields[name] = value
    if not changed:
        return node
    return type(node)(**fields)


def name(identifier: str) -> ast.Name:
    return ast.Name(id=identifier, ctx=ast.Load())


def attribute_path(dotted: str) -> ast.expr:
    """``jnp.sum`` as an expression."""
    parts = dotted.split(".")
    node: ast.expr = name(parts[0])
    for part in parts[1:]:
        node = ast.Attribute(value=node, attr=part, ctx=ast.Load())
    return node


def call(func: str | ast.expr, *args: ast.expr, **keywords: ast.expr) -> ast.Call:
    function = attribute_path(func) if isinstance(func, str) else func
    return ast.Call(func=function, args=list(args), keywords=[ast.keyword(arg=key, value=value) for key, value in keywords.items()])


def constant(value) -> ast.Constant:  # noqa: ANN001
    return ast.Constant(value=value)


def compares(expr: ast.expr) -> bool:
    """``pred == k``, ``(a == k) & (b == k)``, ``~(x > 0)``: booleans, by the operators alone."""
    if isinstance(expr, ast.Compare):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.BitAnd, ast.BitOr, ast.BitXor)):
        return compares(expr.left) and compares(expr.right)
    return isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Invert) and compares(expr.operand)


#: An indented annotated assignment with a value (``r: jax.Array = score(x)``): only then is a
#: function's tree rewritten (``plain_annotated_assignments``).
ANNOTATED_ASSIGNMENT = re.compile(r"^[ \t]+[A-Za-z_][\w.]*[ \t]*:[^=\n]+=(?!=)", re.MULTILINE)


#: ``x.at[i].get(`` in a file's text: only such a file is rewritten by ``plain_at_gets``.
AT_GET = re.compile(r"\.at\[[^\]\n]*\][ \t]*\.[ \t]*get[ \t]*\(")
#: Keywords of ``x.at[i].get(...)`` that only matter where ``i`` falls outside ``x``.
AT_GET_KEYWORDS = frozenset({"mode", "fill_value", "indices_are_sorted", "unique_indices"})


class _AtGets(ast.NodeTransformer):
    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Subscript)
                and isinstance(func.value.value, ast.Attribute) and func.value.value.attr == "at" and not node.args
                and all(item.arg in AT_GET_KEYWORDS for item in node.keywords)):
            read = ast.Subscript(value=func.value.value.value, slice=func.value.slice, ctx=ast.Load())
            return ast.copy_location(read, node)
        return node


def plain_at_gets(tree: ast.Module, text: str) -> None:
    """Rewrite, in place and before any analysis, each ``x.at[i].get(mode="clip")`` as the read
    ``x[i]`` it performs wherever ``i`` stays inside ``x`` (the keywords only say what happens
    outside), so every reader of indexed reads sees it. Files that never write it are not walked."""
    if AT_GET.search(text):
        _AtGets().visit(tree)


def plain_annotated_assignments(tree: ast.Module, text: str) -> None:
    """Rewrite, in place and before any analysis, each annotated assignment with a value inside a
    function (``r: jax.Array = score(a)``) as the plain assignment it performs (``r = score(a)``),
    so every reader of assignments sees it. Class bodies keep theirs (dataclass fields). Only
    statements are visited, never expressions."""
    if ANNOTATED_ASSIGNMENT.search(text):
        _plain_in(tree.body, in_function=False)


def _plain_in(block: list[ast.stmt], in_function: bool) -> None:
    for position, stmt in enumerate(block):
        if isinstance(stmt, ast.AnnAssign):
            if in_function and stmt.value is not None:
                block[position] = ast.copy_location(ast.Assign(targets=[stmt.target], value=stmt.value), stmt)
                block[position].end_lineno, block[position].end_col_offset = stmt.end_lineno, stmt.end_col_offset
            continue
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _plain_in(stmt.body, in_function=True)
            continue
        if isinstance(stmt, ast.ClassDef):
            _plain_in(stmt.body, in_function=False)  # its methods; its own fields stay annotated
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, field, None)
            if isinstance(inner, list):
                _plain_in(inner, in_function)
        for handler in getattr(stmt, "handlers", ()) or ():
            _plain_in(handler.body, in_function)
        for case in getattr(stmt, "cases", ()) or ():
            _plain_in(case.body, in_function)


def jaxtyping_dims(text: str) -> list[str] | None:
    """The dimension names of a jaxtyping annotation (``Float[Array, "n k"]``), or None."""
    compact = text.replace(" ", "")
    if not re.match(r"""^(?:\w+\.)*(Float|Int|Bool|Complex|Shaped|Num|Real|Inexact|Integer|UInt|Key|BFloat)\w*\[[\w.]+,["']([^"']*)["']\]$""", compact):
        return None
    return text.split("[", 1)[1].split(",", 1)[1].strip().strip("]").strip().strip("'\"").split()
