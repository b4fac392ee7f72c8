"""Find the function around a finding, and what it needs from its module (stdlib ``ast``)."""

from __future__ import annotations

import ast
import builtins
import re
import textwrap
from dataclasses import dataclass

FunctionNode = (ast.FunctionDef, ast.AsyncFunctionDef)
#: jax transformations whose first argument is differentiated, with their default argnums.
DIFFERENTIATING = {"grad", "value_and_grad", "jacrev", "jacfwd", "hessian"}


@dataclass(frozen=True)
class Site:
    """A function definition and where it sits: a path of (class or def name, occurrence)."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    path: tuple[tuple[str, int], ...]

    @property
    def name(self) -> str:
        return self.node.name

    @property
    def qualname(self) -> str:
        return ".".join(name for name, _ in self.path)

    @property
    def top_level(self) -> bool:
        return len(self.path) == 1

    @property
    def in_class(self) -> bool:
        return len(self.path) > 1


def _children_defs(body: list[ast.stmt]) -> list[ast.stmt]:
    """Function and class definitions directly in ``body`` (also inside if/try/with blocks)."""
    out: list[ast.stmt] = []
    for statement in body:
        if isinstance(statement, (*FunctionNode, ast.ClassDef)):
            out.append(statement)
        elif isinstance(statement, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            for block in ("body", "orelse", "finalbody"):
                out.extend(_children_defs(getattr(statement, block, []) or []))
            for handler in getattr(statement, "handlers", []) or []:
                out.extend(_children_defs(handler.body))
    return out


def _first_line(node: ast.AST) -> int:
    decorators = getattr(node, "decorator_list", []) or []
    return min([node.lineno, *(d.lineno for d in decorators)])


def enclosing_function(tree: ast.Module, line: int) -> Site | None:
    """The innermost function whose definition (decorators included) spans ``line``."""
    found: Site | None = None
    body, path = tree.body, ()
    while True:
        counts: dict[str, int] = {}
        step = None
        for node in _children_defs(body):
            occurrence = counts.get(node.name, 0)
            counts[node.name] = occurrence + 1
            if _first_line(node) <= line <= (node.end_lineno or node.lineno):
                step = (node, (*path, (node.name, occurrence)))
        if step is None:
            return found
        node, path = step
        if isinstance(node, FunctionNode):
            found = Site(node, path)
        body = node.body


def find_site(tree: ast.Module, path: tuple[tuple[str, int], ...]) -> Site | None:
    """The definition at ``path`` in another version of the module (after a fix)."""
    body: list[ast.stmt] = tree.body
    node: ast.AST | None = None
    for name, occurrence in path:
        same = [n for n in _children_defs(body) if n.name == name]
        if occurrence >= len(same):
            return None
        node = same[occurrence]
        body = node.body
    return Site(node, path) if isinstance(node, FunctionNode) else None


def function_text(source: str, node: ast.AST, new_name: str | None = None) -> str:
    """The source of a definition, decorators included, dedented; renamed if asked."""
    lines = source.splitlines()
    text = "\n".join(lines[_first_line(node) - 1 : node.end_lineno])
    text = textwrap.dedent(text)
    if new_name is not None:
        text = re.sub(rf"^((?:async\s+)?def\s+){re.escape(node.name)}\b", rf"\g<1>{new_name}",
                      text, count=1, flags=re.MULTILINE)
    return text + "\n"


def statement_text(source: str, node: ast.stmt) -> str:
    """The source of a top-level statement."""
    return function_text(source, node)


def _bound_in(node: ast.AST) -> set[str]:
    """Names bound anywhere inside a function (parameters, assignments, loops, imports, defs)."""
    bound: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.arg):
            bound.add(child.arg)
        elif isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)):
            bound.add(child.id)
        elif isinstance(child, (*FunctionNode, ast.ClassDef)) and child is not node:
            bound.add(child.name)
        elif isinstance(child, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in child.names)
        elif isinstance(child, ast.ExceptHandler) and child.name:
            bound.add(child.name)
    if isinstance(node, ast.Lambda):
        return bound
    globals_ = {n for c in ast.walk(node) if isinstance(c, ast.Global) for n in c.names}
    return bound - globals_


def _annotation_nodes(node: ast.AST) -> set[int]:
    """The ids of every node inside an annotation of ``node``."""
    roots = []
    for child in ast.walk(node):
        if isinstance(child, ast.arg) and child.annotation is not None:
            roots.append(child.annotation)
        elif isinstance(child, FunctionNode) and child.returns is not None:
            roots.append(child.returns)
        elif isinstance(child, ast.AnnAssign):
            roots.append(child.annotation)
    return {id(n) for root in roots for n in ast.walk(root)}


def postponed_annotations(tree: ast.Module) -> bool:
    """True when the module has ``from __future__ import annotations`` (annotations are never run)."""
    return any(isinstance(s, ast.ImportFrom) and s.module == "__future__"
               and any(a.name == "annotations" for a in s.names) for s in tree.body)


def free_names(node: ast.AST, annotations: bool = True) -> list[str]:
    """Names a function reads from outside itself, in order of first use (builtins left out).

    ``annotations=False`` leaves out names read only in annotations (postponed annotations).
    """
    bound = _bound_in(node)
    skipped = set() if annotations else _annotation_nodes(node)
    seen: dict[str, tuple[int, int]] = {}
    for child in ast.walk(node):
        if id(child) in skipped:
            continue
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
            if child.id not in bound and not hasattr(builtins, child.id):
                position = (child.lineno, child.col_offset)
                if child.id not in seen or position < seen[child.id]:
                    seen[child.id] = position
    return sorted(seen, key=seen.get)


@dataclass(frozen=True)
class Binding:
    """How a module binds a name: an import statement to copy, or a definition."""

    kind: str  # "import", "relative-import" or "defined"
    text: str = ""  # the import statement, for kind "import"
    node: ast.stmt | None = None  # the defining statement, for kind "defined"


def _top_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for statement in body:
        out.append(statement)
        if isinstance(statement, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody"):
                out.extend(_top_statements(getattr(statement, block, []) or []))
            for handler in getattr(statement, "handlers", []) or []:
                out.extend(_top_statements(handler.body))
    return out


def _targets(node: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]


def module_bindings(tree: ast.Module) -> dict[str, Binding]:
    """What each module-level name is bound to (the last binding wins)."""
    bindings: dict[str, Binding] = {}
    for statement in _top_statements(tree.body):
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname:
                    bindings[alias.asname] = Binding("import", f"import {alias.name} as {alias.asname}")
                else:
                    top = alias.name.split(".")[0]
                    bindings[top] = Binding("import", f"import {alias.name}")
        elif isinstance(statement, ast.ImportFrom):
            for alias in statement.names:
                name = alias.asname or alias.name
                if name == "*":
                    continue
                if statement.level:
                    bindings[name] = Binding("relative-import")
                else:
                    as_part = f" as {alias.asname}" if alias.asname else ""
                    bindings[name] = Binding("import", f"from {statement.module} import {alias.name}{as_part}")
        elif isinstance(statement, (*FunctionNode, ast.ClassDef)):
            bindings[statement.name] = Binding("defined", node=statement)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for name in _targets(target):
                    bindings[name] = Binding("defined", node=statement)
        elif isinstance(statement, (ast.For, ast.With)):
            for name in _targets(statement.target if isinstance(statement, ast.For) else statement):
                bindings.setdefault(name, Binding("defined", node=statement))
    return bindings


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""


def _literal_argnums(node: ast.AST) -> tuple[int, ...] | None:
    try:
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    if isinstance(value, tuple) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return value
    return None


def differentiated_argnums(tree: ast.Module, name: str) -> tuple[tuple[int, ...], str]:
    """The argnums of the first ``jax.grad``-like call (or decorator) of ``name``, and where it is."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            transform = _dotted(node.func).rsplit(".", 1)[-1]
            target = node.args[0]
            target_name = target.id if isinstance(target, ast.Name) else (
                target.attr if isinstance(target, ast.Attribute) else None)
            if transform in DIFFERENTIATING and target_name == name:
                for keyword in node.keywords:
                    if keyword.arg == "argnums":
                        argnums = _literal_argnums(keyword.value)
                        if argnums is None:
                            return (0,), f"{_dotted(node.func)} at line {node.lineno} (argnums not a literal: check it)"
                        return argnums, f"{_dotted(node.func)} at line {node.lineno}"
                if len(node.args) > 1 and (argnums := _literal_argnums(node.args[1])) is not None:
                    return argnums, f"{_dotted(node.func)} at line {node.lineno}"
                return (0,), f"{_dotted(node.func)} at line {node.lineno}"
        if isinstance(node, FunctionNode) and node.name == name:
            for decorator in node.decorator_list:
                if _dotted(decorator).rsplit(".", 1)[-1] in DIFFERENTIATING:
                    return (0,), f"@{_dotted(decorator)} at line {decorator.lineno}"
    return (0,), ""


def _static_from_keywords(keywords: list[ast.keyword], params: list[str]) -> set[str]:
    static: set[str] = set()
    for keyword in keywords:
        try:
            value = ast.literal_eval(keyword.value)
        except (ValueError, SyntaxError, TypeError):
            continue
        values = value if isinstance(value, (tuple, list)) else (value,)
        if keyword.arg == "static_argnums":
            static.update(params[v] for v in values if isinstance(v, int) and -len(params) <= v < len(params))
        elif keyword.arg == "static_argnames":
            static.update(v for v in values if isinstance(v, str))
    return static


def static_parameters(tree: ast.Module, node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Parameters that ``jax.jit(..., static_argnums/static_argnames=...)`` makes static."""
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    static: set[str] = set()
    for decorator in node.decorator_list:
        if not isinstance(decorator, ast.Call):
            continue
        name = _dotted(decorator.func).rsplit(".", 1)[-1]
        first = _dotted(decorator.args[0]).rsplit(".", 1)[-1] if decorator.args else ""
        if name == "jit" or (name == "partial" and first == "jit"):
            static |= _static_from_keywords(decorator.keywords, params)
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and _dotted(call.func).rsplit(".", 1)[-1] == "jit" and call.args \
                and isinstance(call.args[0], ast.Name) and call.args[0].id == node.name:
            static |= _static_from_keywords(call.keywords, params)
    return static
