"""Import aliases and qualified names.

``ImportMap`` reads a module's import statements (a walk over statements only,
never expressions, so it costs little) and resolves dotted expressions through
the aliases: with ``import jax.numpy as np``, ``np.diag`` is ``jax.numpy.diag``;
with ``import numpy as onp``, ``onp.diag`` is ``numpy.diag``.

libcst's ``QualifiedNameProvider`` does the same with full scope analysis, but
it costs about six times a parse; the engine keeps it for the rare questions
that need scopes.
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

#: Modules whose array functions are differentiated by an autodiff system.
AUTODIFF_NUMPY = ("jax.numpy", "autograd.numpy")

ImportSpec = tuple[str, "str | None", "str | None"]


_IMPORT_AS = re.compile(r"^[ \t]*import[ \t]+([\w.]+)[ \t]+as[ \t]+(\w+)", re.MULTILINE)
_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(?:\(([^)]*)\)|([^\n]*))", re.MULTILINE)
_PLAIN_IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w.]+)[ \t]*$", re.MULTILINE)


def module_spellings(text: str, module: str) -> set[str]:
    """How a file can spell ``module`` (e.g. ``"jax.numpy"``), read from its import lines
    with regexes, before any parse: ``{"jnp", "jax.numpy"}`` for ``import jax.numpy as jnp``
    plus ``import jax``. For the engine's prefilters; a superset is fine, a miss is not."""
    found: set[str] = set()
    for target, alias in _IMPORT_AS.findall(text):
        if target == module:
            found.add(alias)
        elif module.startswith(target + "."):
            found.add(alias + module[len(target) :])
    for target in _PLAIN_IMPORT.findall(text):
        if module == target or module.startswith(target.split(".")[0] + "."):
            found.add(module)
    for package, parenthesized, line in _FROM_IMPORT.findall(text):
        names = (parenthesized or line).split("#")[0]
        for item in names.replace("\n", ",").replace("\\", ",").split(","):
            parts = item.split()
            if not parts or parts[0] in ("*",):
                continue
            local = parts[-1] if len(parts) == 3 and parts[1] == "as" else parts[0]
            full = f"{package}.{parts[0]}"
            if full == module:
                found.add(local)
            elif module.startswith(full + "."):
                found.add(local + module[len(full) :])
    return found


def imported_names(text: str, module: str) -> set[str]:
    """Names imported from ``module`` by ``from module import a, b as c`` lines (``*`` included)."""
    found: set[str] = set()
    for package, parenthesized, line in _FROM_IMPORT.findall(text):
        if package != module:
            continue
        for item in (parenthesized or line).split("#")[0].replace("\n", ",").replace("\\", ",").split(","):
            parts = item.split()
            if parts:
                found.add(parts[0])
    return found


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else None."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return None


def _module_name(node: cst.BaseExpression) -> str:
    return dotted_name(node) or ""


def _statements(block: object) -> Iterator[cst.CSTNode]:
    """Every statement and small statement in a block, recursing into compound statements."""
    body = getattr(block, "body", ())
    if not isinstance(body, (list, tuple)):
        return
    for stmt in body:
        yield from _walk_statement(stmt)


def _walk_statement(stmt: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield stmt
    if isinstance(stmt, cst.SimpleStatementLine):
        yield from stmt.body
        return
    yield from _statements(getattr(stmt, "body", None))
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, cst.If):
        yield from _walk_statement(orelse)
    elif orelse is not None:
        yield from _statements(orelse.body)
    for handler in getattr(stmt, "handlers", ()):
        yield from _statements(handler.body)
    final = getattr(stmt, "finalbody", None)
    if final is not None:
        yield from _statements(final.body)


class ImportMap:
    """Local name -> qualified name, from the module's imports."""

    def __init__(self, module: cst.Module) -> None:
        self.aliases: dict[str, str] = {}
        #: Names bound at module level by def, class or assignment.
        self.defined: set[str] = set()
        self.star_imports: list[str] = []
        for stmt in _statements(module):
            if isinstance(stmt, cst.Import):
                self._add_import(stmt)
            elif isinstance(stmt, cst.ImportFrom):
                self._add_import_from(stmt)
        for stmt in module.body:
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                self.defined.add(stmt.name.value)
            elif isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign):
                        for target in small.targets:
                            if isinstance(target.target, cst.Name):
                                self.defined.add(target.target.value)

    def _add_import(self, stmt: cst.Import) -> None:
        for alias in stmt.names:
            full = _module_name(alias.name)
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.aliases[alias.asname.name.value] = full
            else:
                head = full.split(".")[0]
                self.aliases.setdefault(head, head)

    def _add_import_from(self, stmt: cst.ImportFrom) -> None:
        if stmt.relative or stmt.module is None:
            return
        module = _module_name(stmt.module)
        if isinstance(stmt.names, cst.ImportStar):
            self.star_imports.append(module)
            return
        for alias in stmt.names:
            name = alias.name.value if isinstance(alias.name, cst.Name) else _module_name(alias.name)
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            self.aliases[local] = f"{module}.{name}"

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """The qualified name of a dotted expression, or None if its head is not imported."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        target = self.aliases.get(head)
        if target is None:
            return None
        return f"{target}.{rest}" if rest else target

    def is_builtin(self, node: cst.BaseExpression, name: str) -> bool:
        """True when ``node`` is the bare name ``name`` and nothing in the module rebinds it."""
        return (
            isinstance(node, cst.Name)
            and node.value == name
            and name not in self.aliases
            and name not in self.defined
        )

    def autodiff_numpy_function(self, node: cst.BaseExpression) -> str | None:
        """``"diag"`` for ``jnp.diag`` / ``from jax.numpy import diag``; None for numpy or unknowns."""
        qualified = self.resolve(node)
        if qualified is None:
            return None
        for module in AUTODIFF_NUMPY:
            if qualified.startswith(module + "."):
                return qualified[len(module) + 1 :]
        return None

    def imports_module(self, prefix: str) -> bool:
        """True when any alias resolves into ``prefix`` (e.g. ``"jax"``)."""
        return any(
            target == prefix or target.startswith(prefix + ".") for target in self.aliases.values()
        )

    def spell(self, qualified: str, like: cst.BaseExpression | None = None) -> tuple[cst.BaseExpression, list[ImportSpec]]:
        """An expression naming ``qualified`` (``"jax.numpy.einsum"``) in this module.

        Reuses the module part of ``like`` when it names the same module (keeping the
        user's alias: ``np.diag`` gives ``np.einsum``), else an existing alias, else
        returns the imports to add.
        """
        module, _, attr = qualified.rpartition(".")
        if isinstance(like, cst.Attribute) and self.resolve(like.value) == module:
            return cst.Attribute(value=like.value, attr=cst.Name(attr)), []
        for local, target in sorted(self.aliases.items()):
            if target == qualified:
                return cst.Name(local), []
        for local, target in sorted(self.aliases.items(), key=lambda item: len(item[1]), reverse=True):
            if module == target or module.startswith(target + "."):
                rest = module[len(target) :].lstrip(".")
                dotted = ".".join(part for part in (local, rest, attr) if part)
                return cst.parse_expression(dotted), []
        if module == "jax.numpy":
            return cst.parse_expression(f"jnp.{attr}"), [("jax.numpy", None, "jnp")]
        return cst.parse_expression(qualified), [(module.split(".")[0], None, None)]
