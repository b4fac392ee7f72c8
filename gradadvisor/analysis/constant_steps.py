"""Loops whose steps compute constants: every value a step reads is a literal, the loop's own
counter, a shape, or a parameter the function uses as a count.

A filter bank, a table of positional encodings or a DFT matrix built row by row in a Python loop
is the same array on every call: nothing a step computes depends on an input array, so no
gradient flows through the loop and reverse mode adds nothing for it (``jit`` traces it once per
compilation and XLA folds it to a constant). It looks like a per-sample map (``bank.append(...)``
over ``range(n_mels)``) or a recurrence, but it is not the slow-gradient shape: ``rules/base.py``
asks ``constant_loop`` of every loop a rule reports, and such a loop is low, with the reason.

The test is proof, not names: a parameter counts as a constant only when the function itself
uses it where Python or JAX needs a concrete integer (``range(n)``, an array's shape, the ``num``
of ``linspace``, an ``int`` annotation); any other name, attribute or call (a helper that may read
captured data, a PRNG key) makes the step not constant.
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.library import RANDOM_MODULES, SHAPE_CREATORS
from gradadvisor.analysis.syntax import walk_local

#: Attributes that are Python values fixed at trace time, whatever array they are read from.
STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "size", "dtype"})
#: Modules whose functions compute their result from their arguments alone.
PURE_MODULES = ("jax.numpy.", "numpy.", "math.")
#: Builtins that compute their result from their arguments alone.
PURE_BUILTINS = frozenset({"abs", "float", "int", "min", "max", "round", "pow", "range", "len", "complex", "divmod"})
#: ``jnp`` calls whose arguments (all of them, or the one at the index given) must be concrete ints.
SIZE_ARGUMENTS: dict[str, int | None] = {**SHAPE_CREATORS, "eye": None, "arange": None, "identity": None, "tri": None}
_NODES = (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Tuple, ast.List, ast.Slice, ast.Starred, ast.JoinedStr, ast.FormattedValue)


def constant_loop(ctx, node: ast.For | ast.While) -> str | None:
    """Why every step of the loop ``node`` computes a constant (one short reason): its iterable
    (or test) and every statement of its body do (assignments, ``rows.append(...)``, branches
    and inner loops); None when a step may read an input."""
    function = ctx.function
    if function is None or isinstance(function, ast.Lambda) or node.orelse:
        return None
    if isinstance(node, ast.For):
        variables = frozenset(item.id for item in ast.walk(node.target) if isinstance(item, ast.Name))
        head: ast.AST = node.iter
    else:
        variables, head = frozenset(), node.test
    reader = _Constants(ctx, function, variables)
    if not reader.constant(head) or not all(reader.statement(stmt) for stmt in node.body):
        return None
    return reader.reason()


class _Constants:
    def __init__(self, ctx, function: ast.AST, variables: frozenset[str]) -> None:
        self.ctx = ctx
        self.variables = variables
        self.static = _count_parameters(function, ctx.resolve)
        self.counts: set[str] = set()
        self._seen: set[str] = set()

    def reason(self) -> str:
        counts = f" and the counts `{'`, `'.join(sorted(self.counts))}`" if self.counts else ""
        return f"each step reads only literals, shapes, the loop counter{counts}: it computes the same constant on every call, and no gradient flows through it"

    def statement(self, stmt: ast.stmt) -> bool:
        if isinstance(stmt, (ast.Pass, ast.Break, ast.Continue)):
            return True
        if isinstance(stmt, ast.Assign):
            return all(_plain_target(target) for target in stmt.targets) and self.constant(stmt.value)
        if isinstance(stmt, ast.AugAssign):  # (annotated assignments are plain ones by now: syntax.plain_annotated_assignments)
            return _plain_target(stmt.target) and self.constant(stmt.target) and self.constant(stmt.value)
        if isinstance(stmt, ast.Expr):
            return isinstance(stmt.value, ast.Call) and self.constant(stmt.value)
        if isinstance(stmt, ast.If):
            return self.constant(stmt.test) and all(self.statement(item) for item in [*stmt.body, *stmt.orelse])
        if isinstance(stmt, ast.For) and not stmt.orelse:
            inner = frozenset(item.id for item in ast.walk(stmt.target) if isinstance(item, ast.Name))
            outer, self.variables = self.variables, self.variables | inner
            try:
                return self.constant(stmt.iter) and all(self.statement(item) for item in stmt.body)
            finally:
                self.variables = outer
        return False

    def constant(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return True
        if isinstance(node, ast.Name):
            return self._name(node)
        if isinstance(node, ast.Attribute):
            return node.attr in STATIC_ATTRIBUTES or self._module(node) is not None
        if isinstance(node, ast.Subscript):
            return self.constant(node.value) and self.constant(node.slice)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, _NODES):
            return all(self.constant(child) for child in ast.iter_child_nodes(node) if not isinstance(child, (ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.expr_context)))
        return False

    def _module(self, node: ast.AST) -> str | None:
        qualified = self.ctx.resolve(node) or ""
        return qualified if qualified.startswith(PURE_MODULES) else None

    def _call(self, node: ast.Call) -> bool:
        func = node.func
        if (self.ctx.resolve(func) or "").startswith(RANDOM_MODULES):
            return False  # a draw reads a key or global state
        builtin = isinstance(func, ast.Name) and func.id in PURE_BUILTINS and self.ctx.is_builtin(func, func.id)
        if not builtin and self._module(func) is None and not (isinstance(func, ast.Attribute) and self.constant(func.value)):
            return False  # a helper may read captured data; a method of a constant array is pure
        return all(self.constant(arg) for arg in node.args) and all(self.constant(item.value) for item in node.keywords)

    def _name(self, node: ast.Name) -> bool:
        name = node.id
        if name in self.variables:
            return True
        if name in self._seen:
            return True  # a name bound from itself (``k = k + 1``): its other bindings decide
        scope = self.ctx.scope
        bindings = scope.bindings.get(name)
        if bindings is None:
            module = self.ctx.facts.module_scope
            found = module.bindings.get(name)
            if not found:
                return self.ctx.is_builtin(node, name) and name in PURE_BUILTINS
            return all(b.kind == "assign" and not b.path and isinstance(b.value, ast.Constant) for b in found)
        self._seen.add(name)
        try:
            return all(self._binding(binding) for binding in bindings)
        finally:
            self._seen.discard(name)

    def _binding(self, binding) -> bool:
        if binding.kind == "param":
            if binding.name in self.static:
                self.counts.add(binding.name)
                return True
            return False
        if binding.kind in ("assign", "aug", "ann", "for") and isinstance(binding.value, ast.AST):
            return self.constant(binding.value)  # a part of a constant (``a, b = b, f(a)``) is one too
        return False


def _plain_target(target: ast.AST) -> bool:
    """A name or a tuple of names: not an item or an attribute of something else."""
    return isinstance(target, ast.Name) or isinstance(target, (ast.Tuple, ast.List)) and all(_plain_target(item) for item in target.elts)


def _count_parameters(function: ast.AST, resolve) -> set[str]:
    """Parameters the function uses where a concrete integer is needed: ``range(n)``, a shape
    (``jnp.zeros((n, d))``), ``linspace``'s ``num``, ``jnp.arange(n)``; or annotated ``int``."""
    args = function.args  # type: ignore[attr-defined]
    params = {arg.arg: arg for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    found = {name for name, arg in params.items() if isinstance(arg.annotation, ast.Name) and arg.annotation.id == "int"}
    for node in walk_local(function):
        if not isinstance(node, ast.Call):
            continue
        sized: list[ast.AST] = []
        if isinstance(node.func, ast.Name) and node.func.id == "range":
            sized = list(node.args)
        else:
            qualified = resolve(node.func) or ""
            leaf = qualified.rpartition(".")[2]
            if qualified.startswith(("jax.numpy.", "numpy.")) and leaf in SIZE_ARGUMENTS:
                index = SIZE_ARGUMENTS[leaf]
                sized = list(node.args) if index is None else node.args[index:index + 1]
            elif qualified.startswith(("jax.numpy.", "numpy.")) and leaf in ("linspace", "logspace", "geomspace"):
                sized = node.args[2:3] + [item.value for item in node.keywords if item.arg == "num"]
        for expr in sized:
            found.update(name for name in _counted_names(expr) if name in params)
    return found


def _counted_names(expr: ast.AST) -> set[str]:
    """The names an integer expression is arithmetic of (``n``, ``2 * n + 1``, ``(n, d)``): not
    those it only reads a shape or an item of (``x.shape[0]`` says nothing of ``x``)."""
    if isinstance(expr, ast.Name):
        return {expr.id}
    if isinstance(expr, ast.BinOp):
        return _counted_names(expr.left) | _counted_names(expr.right)
    if isinstance(expr, ast.UnaryOp):
        return _counted_names(expr.operand)
    if isinstance(expr, (ast.Tuple, ast.List)):
        return set().union(*(_counted_names(item) for item in expr.elts))
    return set()
