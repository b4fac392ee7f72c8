"""Import aliases and qualified names.

``ImportMap`` reads a module's imports (module-level statements only, including
those inside module-level ``if``/``try`` blocks) and resolves dotted expressions
through the aliases: with ``import jax.numpy as np``, ``np.diag`` is
``jax.numpy.diag``; with ``import numpy as onp``, ``onp.diag`` is ``numpy.diag``.
It also knows which names the module binds otherwise (``sum = ...``,
``jnp = 2.0``), so a rule can tell the builtin ``sum`` from a shadowed one and a
fix never spells an alias that means something else. Bindings inside functions
are the facts layer's business (``analysis/facts.py``).
"""

from __future__ import annotations

import ast
import re
from typing import Iterator

from gradadvisor.analysis.library import REEXPORTS
from gradadvisor.analysis.syntax import dotted, nested_statements, target_names

#: Modules whose array functions are differentiated by an autodiff system.
AUTODIFF_NUMPY = ("jax.numpy", "autograd.numpy")

#: ``(module, name, alias)`` for ``from module import name as alias``; ``(module, None, alias)``
#: for ``import module as alias``; ``(module, None, None)`` for ``import module``.
ImportSpec = tuple[str, "str | None", "str | None"]

#: ``global`` and the names it declares (a statement when GLOBAL_PREFIX is all that stands
#: before it on its line).
GLOBAL_STATEMENT = re.compile(r"global[ \t]+([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)")
#: What may stand before ``global`` on its line for it to be a statement (``if x: global y``).
GLOBAL_PREFIX = re.compile(r"(?:^|[;:])[ \t]*$", re.MULTILINE)
#: The name just before a ``:=`` (searched in the text that ends at it).
WALRUS_TARGET = re.compile(r"([A-Za-z_]\w*)[ \t]*$")

#: Canonical spellings of common library aliases (``eqx.filter_jit`` is ``equinox.filter_jit``).
CANONICAL_PREFIXES = (("eqx.", "equinox."), ("hk.", "haiku."), ("nn.", "flax.linen."))


#: A line importing inside an indented block (a function's own import, among others).
LOCAL_IMPORT = re.compile(r"^[ \t]+(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]", re.MULTILINE)


def module_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that run at module level: the body, and the bodies of module-level
    ``if``/``try``/``with``/``for``/``while`` blocks, never function or class bodies."""
    stack = list(reversed(body))
    while stack:
        stmt = stack.pop()
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        nested: list[ast.stmt] = []
        for field in ("body", "orelse", "finalbody"):
            nested.extend(getattr(stmt, field, ()) or ())
        for handler in getattr(stmt, "handlers", ()) or ():
            nested.extend(handler.body)
        for case in getattr(stmt, "cases", ()) or ():
            nested.extend(case.body)
        stack.extend(reversed(nested))


#: Modules that are another under a different name: PennyLane's NumPy is autograd's, wrapped
#: (``from pennylane import numpy as np`` computes with ``autograd.numpy``).
MODULE_EQUIVALENTS = {
    "pennylane.numpy": "autograd.numpy",
    # trax's backend-neutral numpy is jax.numpy under its jax backend (``from trax.fastmath import numpy as jnp``)
    "trax.fastmath.numpy": "jax.numpy",
    "trax.fastmath.jax": "jax",
    # older jax: ``from jax.api import jit``, ``from jax import partial`` (``functools.partial``)
    "jax.api": "jax",
    "jax.partial": "functools.partial",
}


def _equivalent(qualified: str) -> str:
    for module, same in MODULE_EQUIVALENTS.items():
        if qualified == module or qualified.startswith(module + "."):
            return same + qualified[len(module):]
    return qualified


def import_bindings(stmt: ast.Import | ast.ImportFrom, package: str | None = None) -> list[tuple[str, str]]:
    """``(local name, qualified name)`` pairs an import statement binds. Relative imports
    are resolved against ``package`` when it is known, else left out."""
    found: list[tuple[str, str]] = []
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            if alias.asname:
                found.append((alias.asname, alias.name))
            else:
                head = alias.name.split(".")[0]
                found.append((head, head))
        return found
    module = from_module(stmt, package)
    if module is None:
        return found
    for alias in stmt.names:
        if alias.name == "*":
            continue
        found.append((alias.asname or alias.name, f"{module}.{alias.name}" if module else alias.name))
    return found


def from_module(stmt: ast.ImportFrom, package: str | None) -> str | None:
    """The absolute module a ``from ... import`` reads from, a relative one resolved against
    ``package``; None when it cannot be (no package known, or more dots than it has)."""
    module = stmt.module or ""
    if not stmt.level:
        return module
    if package is None:
        return None
    parts = package.split(".") if package else []
    if stmt.level - 1 > len(parts):
        return None
    base = parts[: len(parts) - (stmt.level - 1)]
    return ".".join([*base, module] if module else base)


def canonical(qualified: str | None) -> str | None:
    if qualified is None:
        return None
    for prefix, replacement in CANONICAL_PREFIXES:
        if qualified.startswith(prefix):
            return replacement + qualified[len(prefix) :]
    module, _, name = qualified.rpartition(".")
    if module in REEXPORTS:  # ``d2l.stack`` with ``from d2l import jax as d2l``: ``jnp.stack``
        target, renamed, same = REEXPORTS[module]
        if name in renamed or name in same:
            return f"{target}.{renamed.get(name, name)}"
    return qualified


def _text_bound_names(text: str):
    """Names after a ``global`` statement and before a ``:=`` in ``text``. Both searches start
    from a literal (CPython's regex engine tries every position for a pattern that does not),
    and look back along the line by hand."""
    for match in GLOBAL_STATEMENT.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if GLOBAL_PREFIX.search(text, line_start, match.start()) is not None:
            yield from re.split(r"[ \t]*,[ \t]*", match.group(1))
    position = text.find(":=")
    while position != -1:
        target = WALRUS_TARGET.search(text, max(0, position - 100), position)
        if target is not None:
            yield target.group(1)
        position = text.find(":=", position + 2)


#: Builtins no library exports under the same name (NumPy-like modules export ``sum``, ``abs``,
#: ``max``, ``round``, ``all``: those a star import may rebind).
STRUCTURAL_BUILTINS = frozenset({
    "range", "zip", "enumerate", "len", "reversed", "sorted", "list", "tuple", "dict", "set", "isinstance",
    "map", "filter", "iter", "next", "print", "int", "float", "str", "bool", "xrange",
})


#: Modules whose star import rebinds no builtin (no ``sum``, ``max``, ``abs`` among their names):
#: the old ``jax.ops`` update functions, ``jax.lax``, the standard library's maths and typing.
STAR_WITHOUT_BUILTINS = frozenset({"jax.ops", "jax.lax", "jax", "math", "cmath", "typing", "functools", "itertools", "dataclasses", "collections"})


#: Names code conventionally binds to these modules. After a star import from a module of the
#: project (``from ..import_essentials import *``, whose own imports the scan of this file does
#: not see), a name of these the file never binds otherwise comes from it.
CONVENTIONAL_ALIASES = {"jax": "jax", "jnp": "jax.numpy", "lax": "jax.lax", "jrandom": "jax.random", "optax": "optax", "eqx": "equinox", "hk": "haiku",
                        "tqdm": "tqdm.tqdm", "trange": "tqdm.trange"}
#: Star imports from these are the libraries' own names, never a project's re-export of jax.
LIBRARY_STAR_ROOTS = frozenset({"jax", "jaxlib", "numpy", "scipy", "math", "cmath", "typing", "functools", "itertools", "dataclasses", "collections", "torch", "tensorflow"})


class ImportMap:
    """Local name -> qualified name, from the module's imports."""

    def __init__(self, module: ast.Module, package: str | None = None, text: str | None = None) -> None:
        self.aliases: dict[str, str] = {}
        #: The module's source, when known: a module whose text has neither ``global`` nor
        #: ``:=`` binds nothing elsewhere, and is not walked to find out.
        self._text = text
        #: Names the module binds by def, class, assignment, loop or ``with`` (not by import).
        self.defined: set[str] = set()
        self.star_imports: list[str] = []
        #: The absolute modules of the star imports that are not a library's (``from .mod import *``).
        self.project_stars: list[str] = []
        #: The first line at which the module binds a name by assignment or definition: an
        #: import the module rebinds still holds the module's value above it.
        self._bound_at: dict[str, int] = {}
        self._module = module
        made: list[tuple[str, ast.Call]] = []
        assigned: dict[str, int] = {}
        false: set[str] = set()
        for stmt in module_statements(module.body):
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                if isinstance(stmt, ast.ImportFrom) and any(alias.name == "*" for alias in stmt.names):
                    self.star_imports.append(("." * stmt.level) + (stmt.module or ""))
                    absolute = from_module(stmt, package)
                    if absolute and (stmt.level or absolute.partition(".")[0] not in LIBRARY_STAR_ROOTS):
                        self.project_stars.append(absolute)
                for local, qualified in import_bindings(stmt, package):
                    if isinstance(stmt, ast.Import) and local not in (qualified,) and local in self.aliases:
                        continue
                    self.aliases.setdefault(local, _equivalent(qualified))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.defined.add(stmt.name)
                self._bound_at.setdefault(stmt.name, stmt.lineno)
                assigned[stmt.name] = 2
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    for bound in target_names(target):
                        self.defined.add(bound)
                        self._bound_at.setdefault(bound, stmt.lineno)
                        assigned[bound] = assigned.get(bound, 0) + 1
                if len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call):
                    made.append((stmt.targets[0].id, stmt.value))
                if len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Constant) and stmt.value.value is False:
                    false.add(stmt.targets[0].id)
            elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
                self.defined.update(target_names(stmt.target))
                assigned.update({name: 2 for name in target_names(stmt.target)})
            elif isinstance(stmt, (ast.For, ast.AsyncFor)):
                self.defined.update(target_names(stmt.target))
                assigned.update({name: 2 for name in target_names(stmt.target)})
            elif isinstance(stmt, (ast.With, ast.AsyncWith)):
                for item in stmt.items:
                    if item.optional_vars is not None:
                        self.defined.update(target_names(item.optional_vars))
                        assigned.update({name: 2 for name in target_names(item.optional_vars)})
        #: Names imported inside functions (``def fit(...): from jax import grad``), where every
        #: such import of the name agrees and the module binds it no other way: what a call of the
        #: name means in the function that imports it (the facts layer reads each function's own
        #: bindings; the summary's resolver has no scopes, and a function calling the name without
        #: importing it would fail at run time).
        self.local_imports: dict[str, str] = {}
        if text is None or LOCAL_IMPORT.search(text):
            self._read_local_imports(module, package)
        if any(module.startswith(".") or module.partition(".")[0] not in LIBRARY_STAR_ROOTS for module in self.star_imports):
            for local, qualified in CONVENTIONAL_ALIASES.items():
                if local not in self.defined:
                    self.aliases.setdefault(local, qualified)
        #: Import aliases the module also rebinds otherwise: what they hold is not known.
        self.rebound = self.defined & self.aliases.keys()
        #: Module-level flags bound once, to ``False`` (``DEBUG = False``), by an assignment alone:
        #: a branch under one is dead code as shipped (``dead_flag`` also asks ``global``/``:=``).
        self._false_flags = frozenset(name for name in false if assigned.get(name) == 1 and name not in self.aliases)
        #: Module-level names bound once to an instance of an imported class (``opt =
        #: qml.AdamOptimizer(0.1)``) -> the class: its methods may be transforms (``opt.step(cost, w)``).
        self.instances: dict[str, str] = {}
        #: Module-level names bound once to a call (``jit_method = partial(jax.jit, static_argnums=0)``):
        #: a decorator spelled with the name is that call (``transform_name``).
        self.bound_calls: dict[str, ast.Call] = {}
        for name_, made_call in made:
            qualified = self.resolve(made_call.func)
            if assigned.get(name_) == 1 and name_ not in self.aliases:
                self.bound_calls[name_] = made_call
                if qualified is not None:
                    self.instances[name_] = qualified

    def resolve(self, node: ast.AST) -> str | None:
        """The qualified name of a dotted expression, or None if its head is not an import."""
        name = dotted(node)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        target = self.aliases.get(head)
        if target is None:
            target = self.local_imports.get(head)
            return None if target is None else f"{target}.{rest}" if rest else target
        if head in self.rebound:
            # ``from jax import grad`` ... ``grad = step(c)``: ``grad`` is jax.grad only above that line
            # (a node a rewrite built has no line: unknown)
            line, rebound_at = getattr(node, "lineno", None), self._bound_at.get(head)
            if line is None or rebound_at is None or line >= rebound_at:
                return None
        return f"{target}.{rest}" if rest else target

    def _read_local_imports(self, module: ast.Module, package: str | None) -> None:
        found: dict[str, set[str]] = {}
        stack = [stmt for stmt in module_statements(module.body) if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        while stack:  # statements only: an import is one
            node = stack.pop()
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if not (isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names)):
                    for local, qualified in import_bindings(node, package):
                        found.setdefault(local, set()).add(_equivalent(qualified))
                continue
            stack.extend(nested_statements(node))
        for local, qualified in found.items():
            if len(qualified) == 1 and local not in self.aliases and local not in self.defined:
                self.local_imports[local] = next(iter(qualified))

    def dead_flag(self, name: str) -> bool:
        """``name`` is a module-level flag bound once to ``False`` and nowhere else (no ``global``
        rebinding it, no walrus): ``if DEBUG:`` guards code that does not run as shipped."""
        return name in self._false_flags and name not in self.bound_elsewhere and not self.star_imports

    @property
    def host_library_call(self) -> "re.Pattern[str] | None":
        """A call of a name the module imports from SciPy (``nnls(`` after ``from scipy.optimize
        import nnls``; ``sp.linalg.`` after ``import scipy as sp``), as a pattern a function's text
        is searched with; None when it imports nothing of SciPy."""
        found = self.__dict__.get("_host_library_call", False)
        if found is False:
            local = sorted(name for name, qualified in self.aliases.items() if qualified.partition(".")[0] == "scipy" and name != "scipy")
            found = self.__dict__["_host_library_call"] = re.compile(r"\b(?:" + "|".join(map(re.escape, local)) + r")\b\s*[.(]") if local else None
        return found

    def resolve_canonical(self, node: ast.AST) -> str | None:
        return canonical(self.resolve(node))

    def module_binds(self, name: str) -> bool:
        """True when the module binds ``name`` (import or not), or may (a star import): also
        from inside a function (``global sum`` then ``sum = ...``) or by a walrus, which binds
        in the module when written at module level or in a module-level comprehension. No
        library exports the builtins a loop is read with (``range``, ``zip``, ``len``...): a star
        import rebinds them in no module."""
        star = any(module not in STAR_WITHOUT_BUILTINS for module in self.star_imports) and name not in STRUCTURAL_BUILTINS
        return name in self.aliases or name in self.defined or star or name in self.bound_elsewhere

    @property
    def bound_elsewhere(self) -> frozenset[str]:
        """Names declared ``global`` in some function, and walrus targets anywhere (read once,
        on first use: a conservative superset)."""
        found = self.__dict__.get("_bound_elsewhere")
        if found is None and self._text is not None:
            # Read from the text, not the tree: the names after every ``global`` and before every
            # ``:=``, strings and comments included (a superset, and no walk of the whole module).
            names = set(_text_bound_names(self._text))
            found = self.__dict__["_bound_elsewhere"] = frozenset(names)
        if found is None:
            names = set()
            for node in ast.walk(self._module):
                if isinstance(node, ast.Global):
                    names.update(node.names)
                elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
                    names.add(node.target.id)
            found = self.__dict__["_bound_elsewhere"] = frozenset(names)
        return found

    def autodiff_numpy_function(self, node: ast.AST) -> str | None:
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
        return any(target == prefix or target.startswith(prefix + ".") for target in self.aliases.values())

    def numpy_module(self) -> str:
        """``autograd.numpy`` in autograd code (imports autograd and not jax), else ``jax.numpy``."""
        return "autograd.numpy" if self.imports_module("autograd") and not self.imports_module("jax") else "jax.numpy"

    def spell(self, qualified: str, unusable: frozenset[str] | set[str] = frozenset()) -> tuple[str, list[ImportSpec]]:
        """How this module can name ``qualified`` (``"jax.numpy.einsum"``): through an existing
        alias not in ``unusable`` (names the current function rebinds), else with an import
        to add. Returns the spelling and the imports it needs."""
        module, _, attr = qualified.rpartition(".")
        usable = {local: target for local, target in self.aliases.items() if local not in unusable and local not in self.rebound}
        for local, target in sorted(usable.items()):
            if target == qualified:
                return local, []
        for local, target in sorted(usable.items(), key=lambda item: (-len(item[1]), item[0])):
            if module == target or module.startswith(target + "."):
                rest = module[len(target) :].lstrip(".")
                return ".".join(part for part in (local, rest, attr) if part), []
        if module == "jax.numpy" and "jnp" not in unusable and "jnp" not in self.defined and "jnp" not in self.aliases:
            return f"jnp.{attr}", [("jax.numpy", None, "jnp")]
        head = module.split(".")[0]
        if head in unusable or head in self.defined or (head in self.aliases and self.aliases[head] != head):
            return "", []  # cannot be spelled without clashing with a local name
        return qualified, [(head, None, None)] if head not in self.aliases else []
