"""Stacked lists: per-sample results gathered in a list or a buffer, then made one array.

Three shapes of code gather one result per sample before the array exists: a list assigned
from a comprehension and joined later (``ys = [...]`` ... ``jnp.stack(ys)``), a list that a
loop appends to (``out = []``, ``for x in xs: out.append(f(x))``, ``jnp.stack(out)``), and a
preallocated array that a loop fills item by item (``out = np.zeros(n)``, ``out[i] = f(x[i])``).
This module finds them and the joining calls, and says when the list is used for nothing else
(so that building the array at once replaces it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.per_sample import joining
from gradadvisor.analysis.syntax import name_count, names_read, positional, walk

#: Constructors of an array that a loop then fills item by item.
FILLED_CONSTRUCTORS = frozenset({"zeros", "empty", "ones", "zeros_like", "empty_like", "ones_like", "full"})


def joined_only(statements: list[ast.stmt], index: int, list_name: str, own_uses: int, ctx) -> list[ast.Call]:
    """The joining calls of the list ``list_name`` (``jnp.stack(name)``...) in the statements
    after ``index``, when they are its only other uses in the function (after
    ``name = jnp.stack(name)`` the name holds the array, and may be used freely); empty
    otherwise. ``own_uses``: the uses made by the loop or assignment that builds the list."""

    def is_join(node: ast.AST) -> bool:
        if not isinstance(node, ast.Call):
            return False
        args = positional(node)
        return bool(args) and isinstance(args[0], ast.Name) and args[0].id == list_name and joining(ctx.resolve(node.func)) is not None

    found: list[ast.Call] = []
    later = statements[index + 1 :]
    accounted = own_uses
    for position, statement in enumerate(later):
        found.extend(node for node in walk(statement) if is_join(node))  # type: ignore[misc]
        if (
            isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and statement.targets[0].id == list_name and is_join(statement.value)
        ):
            # ``ys = jnp.stack(ys)``: from here on ``ys`` is the joined array.
            accounted += 1 + sum(name_count(rest, list_name) for rest in later[position + 1 :])
            break
    if not found or name_count(ctx.function, list_name) != accounted + len(found):  # type: ignore[arg-type]
        return []
    return found


@dataclass(frozen=True)
class AppendedList:
    """``name = []`` ... a loop whose body ends with ``name.append(value)`` ... ``jnp.stack(name)``
    (or ``return name``: the list itself is the result)."""

    name: str
    #: What each iteration appends.
    value: ast.expr
    #: The values of the assignments before the append (temporaries of one iteration).
    steps: tuple[ast.expr, ...]
    #: The joining calls, the list's only other uses.
    joins: tuple[ast.Call, ...]
    #: Not joined: the list is returned as it is (one program output per element).
    returned: bool = False

    @property
    def computed(self) -> ast.expr:
        """What one iteration computes: the appended value, with the temporaries ahead of it."""
        return self.value if not self.steps else ast.Tuple(elts=[*self.steps, self.value], ctx=ast.Load())


def appended_list(node: ast.For | ast.While, body: list[ast.stmt], ctx) -> AppendedList | None:
    """The list that the loop ``node`` (whose body is ``body``) appends one value per iteration
    to, starting empty and then only joined, each iteration standing alone (temporaries
    assigned before they are read, nothing carried); None for any other loop."""
    if not body or not all(isinstance(stmt, (ast.Assign, ast.Expr)) for stmt in body):
        return None
    append = body[-1]
    if not (
        isinstance(append, ast.Expr)
        and isinstance(append.value, ast.Call)
        and isinstance(append.value.func, ast.Attribute)
        and append.value.func.attr == "append"
        and isinstance(append.value.func.value, ast.Name)
        and len(append.value.args) == 1
        and not append.value.keywords
        and not isinstance(append.value.args[0], ast.Starred)
    ):
        return None
    list_name = append.value.func.value.id
    value = append.value.args[0]
    if isinstance(value, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
        return None  # joined per sample into one array, but vmapped into a tuple of arrays
    # Each iteration must stand alone: temporaries are assigned before they are read, and
    # nothing assigned in the body is read before its assignment (that would carry state).
    steps: list[ast.expr] = []
    assigned: set[str] = set()
    for stmt in body[:-1]:
        if not isinstance(stmt, ast.Assign) or not all(isinstance(target, (ast.Name, ast.Tuple)) for target in stmt.targets):
            return None
        for target in stmt.targets:
            assigned |= names_read(target)
        steps.append(stmt.value)
    available: set[str] = set()
    for stmt in body[:-1]:
        if names_read(stmt.value) & (assigned - available):  # type: ignore[attr-defined]
            return None
        for target in stmt.targets:  # type: ignore[attr-defined]
            available |= names_read(target)
    if list_name in assigned or list_name in names_read(value) or any(list_name in names_read(step) for step in steps):
        return None
    siblings = ctx.block_of(node)
    if siblings is None:
        return None
    block, position = siblings
    if not any(
        isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id == list_name and isinstance(stmt.value, ast.List) and not stmt.value.elts
        for stmt in block[:position]
    ):
        return None
    joins = joined_only(block, position, list_name, 2, ctx)
    if not joins:
        if returned_only(block, position, list_name, 2, ctx):
            return AppendedList(list_name, value, tuple(steps), (), returned=True)
        return None
    return AppendedList(list_name, value, tuple(steps), tuple(joins))


def returned_only(statements: list[ast.stmt], index: int, list_name: str, own_uses: int, ctx) -> bool:
    """Whether the list ``list_name`` is, after the statement at ``index``, only returned as it
    is (``return outputs``): one output of the program per element, never joined."""
    later = statements[index + 1 :]
    returns = [s for s in later if isinstance(s, ast.Return) and isinstance(s.value, ast.Name) and s.value.id == list_name]
    return bool(returns) and name_count(ctx.function, list_name) == own_uses + len(returns)  # type: ignore[arg-type]


@dataclass(frozen=True)
class FilledBuffer:
    """``buffer = np.zeros(n)`` ... ``for index in ...: buffer[index] = value``."""

    buffer: str
    index: str
    value: ast.expr
    #: The qualified constructor (``numpy.zeros``, ``autograd.numpy.empty``...).
    constructor: str


def filled_buffer(node: ast.For, ctx) -> FilledBuffer | None:
    """A loop whose one statement writes a value per index into a fresh array made for it (not
    reading what an earlier step wrote, which is a recurrence); None for any other loop."""
    if len(node.body) != 1 or not isinstance(node.target, ast.Name):
        return None
    stmt = node.body[0]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript)):
        return None
    target, value, index = stmt.targets[0], stmt.value, node.target.id
    if not (isinstance(target.value, ast.Name) and isinstance(target.slice, ast.Name) and target.slice.id == index):
        return None
    buffer = target.value.id
    if buffer in names_read(value) or isinstance(value, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
        return None  # reads what an earlier step wrote (a recurrence), or fills a row with a tuple
    siblings = ctx.block_of(node)
    if siblings is None:
        return None
    block, position = siblings
    made = None
    for earlier in block[:position]:
        if isinstance(earlier, ast.Assign) and len(earlier.targets) == 1 and isinstance(earlier.targets[0], ast.Name) and earlier.targets[0].id == buffer:
            made = earlier.value
    constructor = ctx.resolve(made.func) if isinstance(made, ast.Call) else None
    if constructor is None or not constructor.startswith(AUTODIFF_NUMPY + ("numpy.",)) or constructor.rpartition(".")[2] not in FILLED_CONSTRUCTORS:
        return None  # not a fresh array made for the loop to fill
    return FilledBuffer(buffer, index, value, constructor)
