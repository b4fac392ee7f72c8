"""Phase 2 of a scan: the project index, built from every file's summary.

It resolves references across the scanned files (``from model import loss`` in
``train.py`` reaches ``loss`` in ``model.py``, relative imports included),
spreads *differentiated* / *traced* / *compiled* from the transforms that seed
them along calls and nesting, keeps for each function the chain that explains
its level (``loss`` in model.py is differentiated: passed to jax.grad at
train.py:40), and gathers what call sites pass to each parameter (an array, a
data size, a small literal, a gradient function).

Its files are the scanned ones and, for a scan of part of a project, the rest of the
project (summaries only: ``engine.runner.ProjectContext``). A file is known by its path as
shown; its module name comes from its path relative to the project root, and an import
resolves to the nearest file whose module name ends with the imported name.
"""

from __future__ import annotations

import os
from collections import defaultdict, deque
from dataclasses import dataclass, replace
from pathlib import PurePath

from gradadvisor.analysis.gradient import COMPILING, KIND_METHODS, LIBRARY_MODULES, Level, short
from gradadvisor.analysis.host_code import DRIVER, GENERATOR, PLOTTING, plain
from gradadvisor.analysis.library import REEXPORTS
from gradadvisor.analysis.testcode import is_test_function
from gradadvisor.analysis.summary import CLASS_DECORATED, ClassSummary, FileSummary, FunctionSummary, ModuleArray, Seed, accepts, enclosing_params

Key = tuple[str, str]  # (path, function key)
#: How a callee reached only through a method's name is linked (``callees``).
GUESSED = "called by method name"


@dataclass(frozen=True)
class Reason:
    level: int
    text: str
    line: int
    seed_path: str
    parent: Key | None = None
    transform: str | None = None
    #: A link of the chain is a guess from a method's name (``model.encode`` on a parameter of
    #: unknown class, resolved to the one class that defines ``encode``): the level is likely,
    #: not proven.
    guess: bool = False


def outranks(level: int, guess: bool, existing: Reason | None) -> bool:
    """A reason of ``level`` (resting on a guess from a name, or not) replaces ``existing``: none
    yet, a lower level, or the same level and surer."""
    return existing is None or existing.level < level or existing.level == level and surer(guess, existing)


def surer(guess: bool, existing: Reason | None) -> bool:
    """A reason resting on a guess or not (``guess``) is surer than ``existing``: none yet, or one
    resting on a guess where it does not (the question of being compiled has no levels)."""
    return existing is None or existing.guess and not guess


@dataclass(frozen=True)
class ArgumentFact:
    kind: str
    evidence: str
    path: str
    line: int
    #: Arrays: the byte size when the caller's code shows the shape, and whether it is data
    #: loaded from outside the program (a file, a dataset).
    nbytes: int | None = None
    data: bool = False
    #: The function that makes the call (its key in ``path``), None for module-level code.
    caller: str | None = None
    #: Arrays: the shape (dims: int, symbolic size or None; None: rank unknown) and dtype the
    #: caller's code shows.
    shape: tuple | None = None
    dtype: str | None = None
    #: Arrays: whether the shape and dtype facts were read (the call unpacks nothing), and
    #: whether it is a NumPy (host) array.
    typed: bool = False
    host: bool = False

    @property
    def is_list(self) -> bool:
        """A list or tuple was passed (of a literal length or not), not an array."""
        return self.kind == "sequence" or self.kind.startswith("seq:")


class Project:
    """Every scanned file's summary, linked."""

    def __init__(self, summaries: list[FileSummary]) -> None:
        self.files: dict[str, FileSummary] = {}
        for summary in summaries:
            self.files.setdefault(summary.path, summary)  # one file per path: the first given (a scanned one) stands
        summaries = list(self.files.values())
        self._by_module: dict[str, list[str]] = defaultdict(list)
        for summary in summaries:
            parts = summary.module.split(".") if summary.module else []
            for start in range(len(parts)):
                self._by_module[".".join(parts[start:])].append(summary.path)
        self._children: dict[tuple[str, str | None, str], str] = {}
        #: (path, parent key) -> the functions defined directly inside it.
        self._nested: dict[tuple[str, str], list[str]] = defaultdict(list)
        for summary in summaries:
            for function in summary.functions.values():
                if function.klass is None:  # a method is reached through ``self`` or its class, never by a bare name
                    self._children.setdefault((summary.path, function.parent, function.name), function.key)
                if function.parent is not None:
                    self._nested[(summary.path, function.parent)].append(function.key)
        #: Per file, the bare names a reference can resolve through (its functions and imports),
        #: and its method names: everything else a function's text mentions is skipped at once.
        self._resolvable: dict[str, set[str]] = {}
        self._methods: dict[str, set[str]] = {}
        for summary in summaries:
            self._resolvable[summary.path] = (
                {function.name for function in summary.functions.values()} | set(summary.imports) | set(summary.classes) | set(summary.factory_results)
                | {alias for function in summary.functions.values() for alias in function.aliases} | set(summary.module_aliases)
            )
            # methods, attributes holding an instance whose ``__call__`` a call runs, and closures stored on ``self``
            self._methods[summary.path] = {name for klass in summary.classes.values() for name in [*klass.methods, *klass.method_aliases, *klass.instance_classes, *klass.closures]}
        #: Subclasses by the last name of each base as written (``class Sep(Strategy)``): a method
        #: of the base calling ``self.impl`` reaches the subclasses' overrides (a template method).
        self._subclasses: dict[tuple[str, str], list[tuple[str, ClassSummary]]] = defaultdict(list)
        #: The reverse: each class's scanned bases (file, class name), for the methods it inherits.
        self._bases: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        for summary in summaries:
            for klass in summary.classes.values():
                for base in klass.bases:
                    module, _, name = base.rpartition(".")
                    # the base's own file: this one, or the scanned module it is imported from
                    where = [summary.path] if not module or name in summary.classes and module == summary.module else self.module_files(module, summary.path)[:1]
                    for path in where:
                        if name in self.files[path].classes:
                            self._subclasses[(path, name)].append((summary.path, klass))
                            self._bases[(summary.path, klass.name)].append((path, name))
        if self._subclasses:
            for summary in summaries:
                for klass in summary.classes.values():
                    self._methods[summary.path] |= self._subclass_methods(summary.path, klass.name) | self._base_methods(summary.path, klass.name)
        self._qualified_cache: dict[tuple[str, str], list[Key]] = {}
        self.reasons: dict[Key, Reason] = {}
        self.compiled: set[Key] = set()
        #: Why each compiled function is compiled (the jit that reaches it, and the chain).
        self.compile_reasons: dict[Key, Reason] = {}
        #: The transforms each function is passed to (or decorated with), across the project.
        self.transforms: dict[Key, set[str]] = defaultdict(set)
        #: The parameters each directly differentiated function is differentiated with respect
        #: to, over every transform applied to it (None: some transform's are not known).
        self.differentiated: dict[Key, set[str] | None] = {}
        #: key -> (the parameters a batching transform of it leaves unmapped (``Seed.unmapped``),
        #: the function that applies the transform, None at module level), one per transform.
        self._unmapped: dict[Key, list[tuple[set[str], "Key | None"]]] = defaultdict(list)
        self._autograd_transforms: bool | None = None
        self._callees_cache: dict[Key, list[tuple[Key, str]]] = {}
        #: callee -> the functions passed to it for a parameter it hands to a transform (``_passed_functions``)
        self._handed: dict[Key, list[tuple[str, str, "str | None", "str | None", str]]] = defaultdict(list)
        self._named_cache: dict[Key, list[Key]] = {}
        self._dotted: dict[tuple[str, str], list[Key]] = {}
        self._owners_by_name: dict[str, list[Key]] | None = None
        self._held: dict[str, list[tuple[str, str, str, int]]] | None = None
        self._imports_of: dict[str, set[str]] = {}
        self._seed()
        self._propagate()
        self._arguments: dict[tuple[str, str, str], list[ArgumentFact]] | None = None
        self._escaped: set[Key] | None = None
        self._by_reference: dict[str, list[Key]] | None = None
        self._module_called: set[Key] | None = None

    # -- resolution -----------------------------------------------------------------------

    def function(self, key: Key) -> FunctionSummary | None:
        summary = self.files.get(key[0])
        return summary.functions.get(key[1]) if summary is not None else None

    def resolve(self, path: str, reference: str, scope: str | None, klass: str | None = None, depth: int = 0) -> list[Key]:
        """The functions ``reference`` (as written in ``path``, inside function ``scope``) can mean."""
        summary = self.files.get(path)
        if summary is None:
            return []
        if reference.startswith("key:"):
            return [(path, reference[4:])]
        head, _, attr = reference.partition(".")
        if head in ("self", "cls") and attr:
            owner = klass or self._class_of(summary, scope)
            if owner is not None and owner in summary.classes:
                klass_summary = summary.classes[owner]
                # ``self.f = self.cost`` ... ``grad(self.f)``: the attribute names a method (or
                # one of several, picked by a branch: every one of them)
                method = klass_summary.methods.get(attr)
                named = [klass_summary.methods[name] for name in klass_summary.method_aliases.get(attr, ()) if name in klass_summary.methods] if method is None else []
                if named:
                    return [(path, key) for key in named]
                if method is None and attr in klass_summary.instance_classes:
                    return self.class_method(path, klass_summary.instance_classes[attr], "__call__")  # ``self.kernel(x)``
                if method is not None:
                    return [(path, method)]
                if attr in klass_summary.closures:
                    return self._closure(path, klass_summary, attr)  # ``self.warm = warm`` in ``__init__``
                # a method a base class defines; or a hook the class leaves to its subclasses
                # (a template method): their overrides
                return self._inherited(path, klass_summary.name, attr) or self._overrides(path, klass_summary.name, attr)
            return []
        if attr:
            if head in summary.classes and "." not in attr:
                # ``Class.method``: written so, or through a parameter the class is the default of.
                method = summary.classes[head].methods.get(attr)
                return [(path, method)] if method else []
            if head in summary.imports and not self._bound_locally(summary, scope, head):
                return self._resolve_qualified(f"{summary.imports[head]}.{attr}", path)
            return []
        current = scope
        while True:
            found = self._children.get((path, current, reference))
            if found is not None:
                return [(path, found)]
            if current is None:
                break
            function = summary.functions.get(current)
            if function is not None and reference in function.aliases and depth < 4:
                # ``loss_and_grad = jax.value_and_grad(block_loss)`` in this scope
                return self.resolve(path, function.aliases[reference], current, klass, depth + 1)
            current = function.parent if function is not None else None
        if reference in summary.top_level:
            return [(path, summary.top_level[reference])]
        if reference in summary.module_aliases and depth < 4:
            return self.resolve(path, summary.module_aliases[reference], None, None, depth + 1)
        if reference in summary.factory_results:
            return [(path, key) for key in summary.factory_results[reference]]
        if reference in summary.imports:
            return self._resolve_qualified(summary.imports[reference], path)
        return []

    def _bound_locally(self, summary: FileSummary, scope: str | None, name: str) -> bool:
        function = summary.functions.get(scope) if scope else None
        return function is not None and name in function.params

    def _closure(self, path: str, klass: ClassSummary, attr: str) -> list[Key]:
        """The function a method defines and stores on ``self`` as ``attr`` (``self.warm = warm``)."""
        method, name = klass.closures[attr]
        if name.startswith("<lambda>:"):
            return [(path, name)] if name in self.files[path].functions else []  # ``self.obj = lambda th: ...``
        parent = klass.methods.get(method)
        found = self._children.get((path, parent, name)) if parent is not None else None
        return [(path, found)] if found is not None else []

    def _class_of(self, summary: FileSummary, scope: str | None) -> str | None:
        while scope is not None:
            function = summary.functions.get(scope)
            if function is None:
                return None
            if function.klass is not None:
                return function.klass
            scope = function.parent
        return None

    def module_files(self, module: str, near: str) -> list[str]:
        """Scanned files that can be the module ``module`` (by dotted-name suffix), nearest first
        (the most package parts shared with ``near``'s: folders from the project root, so the
        order does not depend on the working directory)."""
        candidates = self._by_module.get(module, [])
        if not candidates and "." in module:
            # ``from mypkg import builder`` scanned from inside mypkg/ (or a flat copy of it):
            # the ``builder.py`` beside the importing file, when one is.
            folder = os.path.dirname(near)
            candidates = [path for path in self._by_module.get(module.rpartition(".")[2], []) if os.path.dirname(path) == folder]
        if len(candidates) <= 1:
            return list(candidates)
        anchor = self._package_parts(near)
        return sorted(candidates, key=lambda other: -_shared_prefix(self._package_parts(other), anchor))

    def _package_parts(self, path: str) -> tuple[str, ...]:
        summary = self.files.get(path)
        if summary is None:
            return PurePath(path).parent.parts
        return tuple(summary.package.split(".")) if summary.package else ()

    def _resolve_qualified(self, qualified: str, near: str) -> list[Key]:
        cache_key = (qualified, os.path.dirname(near))
        found = self._qualified_cache.get(cache_key)
        if found is None:
            self._qualified_cache[cache_key] = []  # a cycle of re-exports resolves to nothing
            found = self._qualified_cache[cache_key] = self._resolve_qualified_uncached(qualified, near)
        return found

    def _resolve_qualified_uncached(self, qualified: str, near: str) -> list[Key]:
        module, _, attr = qualified.rpartition(".")
        for path in self.module_files(module, near)[:1]:
            summary = self.files[path]
            if attr in summary.top_level:
                return [(path, summary.top_level[attr])]
            if attr in summary.module_aliases:
                return self.resolve(path, summary.module_aliases[attr], None, None, 1)  # ``score = jax.vmap(jax.grad(loglik))`` there
            if attr in summary.imports and summary.imports[attr] != qualified:
                return self._resolve_qualified(summary.imports[attr], path)  # re-exported
        # ``garch.garch11.logp``: a method of a class of a scanned module
        module, _, klass = module.rpartition(".")
        for path in self.module_files(module, near)[:1] if module else []:
            found = self.files[path].classes.get(klass)
            method = found.methods.get(attr) if found is not None else None
            return [(path, method)] if method else []
        return []

    def constructor(self, path: str, reference: str) -> list[Key]:
        """The ``__init__`` that a call of the class ``reference`` (as written in ``path``) runs."""
        return self.class_method(path, reference, "__init__")

    def _subclass_methods(self, path: str, klass: str, depth: int = 0) -> set[str]:
        """The method names subclasses of the class ``klass`` of ``path`` define (any depth)."""
        found: set[str] = set()
        for where, sub in self._subclasses.get((path, klass), []) if depth < 4 else []:
            found |= set(sub.methods) | self._subclass_methods(where, sub.name, depth + 1)
        return found

    def _base_methods(self, path: str, klass: str, depth: int = 0) -> set[str]:
        """The method names the scanned bases of the class ``klass`` of ``path`` define (any depth)."""
        found: set[str] = set()
        for where, base in self._bases.get((path, klass), []) if depth < 4 else []:
            found |= set(self.files[where].classes[base].methods) | self._base_methods(where, base, depth + 1)
        return found

    def _inherited(self, path: str, klass: str, attr: str, depth: int = 0) -> list[Key]:
        """The method named ``attr`` that the nearest scanned base of the class ``klass`` of
        ``path`` defines (``self.evaluate(x)`` in a subclass whose base defines ``evaluate``)."""
        for where, base in self._bases.get((path, klass), []) if depth < 4 else []:
            method = self.files[where].classes[base].methods.get(attr)
            found = [(where, method)] if method is not None else self._inherited(where, base, attr, depth + 1)
            if found:
                return found
        return []

    def _overrides(self, path: str, klass: str, attr: str, depth: int = 0) -> list[Key]:
        """The methods named ``attr`` that subclasses of the class ``klass`` of ``path`` (any
        depth, their base resolved to that file) define: what ``self.attr(...)`` in a method of
        ``klass`` may run, when ``klass`` does not define ``attr`` itself (a hook)."""
        found: list[Key] = []
        for where, sub in self._subclasses.get((path, klass), []) if depth < 4 else []:
            method = sub.methods.get(attr)
            if method is not None:
                found.append((where, method))
            found.extend(self._overrides(where, sub.name, attr, depth + 1))
        return found

    def class_method(self, path: str, reference: str, method: str, depth: int = 0) -> list[Key]:
        """The method ``method`` of the class ``reference`` (as written in ``path``: this file's
        class or one imported from a scanned module): ``__init__`` for a call of the class,
        ``__call__`` for a call of an instance."""
        summary = self.files.get(path)
        if summary is None or depth > 4 or "." in reference:
            return []
        klass = summary.classes.get(reference)
        if klass is not None:
            found = klass.methods.get(method)
            return [(path, found)] if found else []
        qualified = summary.imports.get(reference)
        module, _, attr = (qualified or "").rpartition(".")
        for other in self.module_files(module, path)[:1] if qualified else []:
            return self.class_method(other, attr, method, depth + 1)
        return []

    def resolve_array(self, path: str, name: str, depth: int = 0) -> tuple[str, ModuleArray] | None:
        """The module-level array ``name`` means in ``path`` (possibly imported from another file)."""
        summary = self.files.get(path)
        if summary is None or depth > 4:
            return None
        if name in summary.arrays:
            return path, summary.arrays[name]
        qualified = summary.imports.get(name)
        if qualified is None:
            return None
        module, _, attr = qualified.rpartition(".")
        for other in self.module_files(module, path)[:1]:
            return self.resolve_array(other, attr, depth + 1)
        return None

    def constant(self, path: str, qualified: str, depth: int = 0) -> tuple[int, str, int] | None:
        """The int that ``qualified`` (``params.M``, as imported in ``path``) is bound to once at
        module level in a scanned file: (the int, that file, its line); re-exports followed."""
        module, _, name = qualified.rpartition(".")
        for other in self.module_files(module, path)[:1] if depth < 4 else []:
            summary = self.files[other]
            if name in summary.constants:
                value, line = summary.constants[name]
                return value, other, line
            if name in summary.imports and summary.imports[name] != qualified:
                return self.constant(other, summary.imports[name], depth + 1)
        return None

    # -- levels -----------------------------------------------------------------------------

    def _inherited_modules(self) -> dict[str, list[Seed]]:
        """``class Net(HeadBase)`` where another module's ``HeadBase`` derives from ``nn.Module``:
        ``Net`` is a Module too, and its traced methods (``__call__``) run under a trace; the base may
        be in the same file or another. Seeds by path."""
        found: dict[str, list[Seed]] = defaultdict(list)
        for summary in self.files.values() if self._bases else ():
            for klass in summary.classes.values():
                kind = self._inherited_kind(summary.path, klass.name) if klass.module_kind is None else None
                traced = KIND_METHODS.get(kind, frozenset({"__call__"})) if kind is not None else frozenset()
                for name, key in klass.methods.items():
                    if name in traced or "*" in traced and name != "__init__":
                        function = summary.functions[key]
                        text = f"{name} of a subclass of {kind}, run under a JAX trace"
                        found[summary.path].append(Seed("key:" + key, None, None, Level.TRACED, "module", function.line, text))
        return found

    def _inherited_kind(self, path: str, klass: str, depth: int = 0) -> str | None:
        """The kind of module (``a flax.linen Module``) a scanned base of the class makes it, if any."""
        for where, base in self._bases.get((path, klass), []) if depth < 4 else []:
            kind = self.files[where].classes[base].module_kind or self._inherited_kind(where, base, depth + 1)
            if kind is not None and kind not in CLASS_DECORATED:
                return kind
        return None

    def _seed(self) -> None:
        passed = self._passed_functions()
        inherited = self._inherited_modules()
        for summary in self.files.values():
            for seed in [*summary.seeds, *passed.get(summary.path, ()), *inherited.get(summary.path, ())]:
                reason = Reason(seed.level, seed.text, seed.line, summary.path, None, seed.transform, guess=seed.guess)
                keys = self.resolve(summary.path, seed.target, seed.scope, seed.klass)
                if not keys:
                    keys = self._only_method(summary, seed.target)
                    head, _, attr = seed.target.partition(".")
                    if keys:
                        reason = replace(reason, text=f"{seed.text} (`{head}`: the only class here with a `{attr}` method)")
                    elif seed.scope is not None and self._on_parameter(summary, seed.scope, head, attr):
                        keys = self.method_owners(summary.path, attr)
                        if keys:
                            reason = replace(reason, text=f"{seed.text} (`{head}`: {self._owner_text(summary.path, keys[0], attr)})", guess=True)
                for key in keys:
                    self.transforms[key].add(seed.transform)
                    if seed.level == Level.DIFFERENTIATED:
                        self._differentiated_at(key, seed.argnums)
                    if seed.unmapped:
                        self._unmapped_at(key, seed.unmapped, (summary.path, seed.scope) if seed.scope is not None else None)
                    self._raise(key, reason)
                    if seed.transform in COMPILING:
                        self.compiled.add(key)
                        if surer(reason.guess, self.compile_reasons.get(key)):
                            self.compile_reasons[key] = reason

    def _only_method(self, summary: FileSummary, target: str) -> list[Key]:
        """``jax.grad(model.loss)`` with ``model`` of no known class (a parameter, a local): the
        method of that name when exactly one class of the file defines it (its own methods are
        what a transform of this file is handed, as a rule); none when two or more do."""
        head, _, attr = target.partition(".")
        if not attr or "." in attr or head in ("self", "cls") or head in summary.imports or head in summary.classes or attr.startswith("__"):
            return []
        found = [klass.methods[attr] for klass in summary.classes.values() if attr in klass.methods]
        return [(summary.path, found[0])] if len(found) == 1 else []

    def _on_parameter(self, summary: FileSummary, scope: str, head: str, attr: str) -> bool:
        """``head.attr`` names a method on a parameter of the function ``scope`` or of one around it."""
        return bool(attr) and "." not in attr and not attr.startswith("__") and head in enclosing_params(summary.functions, scope)

    def method_owners(self, path: str, attr: str) -> list[Key]:
        """The method ``attr`` that ``obj.attr`` on an object of unknown class in ``path`` most
        likely runs: that of the one class defining it in ``path``, else in the scanned modules
        ``path`` imports, else in the whole project; none when two or more classes at the
        nearest of those levels define it."""
        if self._owners_by_name is None:
            index: dict[str, list[Key]] = defaultdict(list)
            for summary in self.files.values():
                if summary.test_module:
                    continue
                for klass in summary.classes.values():
                    for name, key in klass.methods.items():
                        index[name].append((summary.path, key))
                    for name in klass.closures:
                        index[name].extend(self._closure(summary.path, klass, name))
            self._owners_by_name = index
        owners = self._owners_by_name.get(attr, [])
        if not owners:
            return []
        for level in ({path}, self._imported_files(path), None):
            found = [owner for owner in owners if level is None or owner[0] in level]
            if found:
                return found if len(found) == 1 else []
        return []

    def _imported_files(self, path: str) -> set[str]:
        """The scanned files ``path`` imports from (``from sim import Sim``, ``import sim``)."""
        found = self._imports_of.get(path)
        if found is None:
            imports = self.files[path].imports.values()
            found = {other for qualified in imports for module in {qualified, qualified.rpartition(".")[0]} if module
                     for other in self.module_files(module, path)[:1]}
            self._imports_of[path] = found
        return found

    def imported_gradient(self, path: str, name: str) -> tuple[str, str, int] | None:
        """``(path, transform, line)`` when the name ``name`` that the file ``path`` imports from
        another module of the project (or ``module.name``, the module imported) is bound there, once, to a gradient function
        (``grad_fn = jax.jit(jax.grad(loss))``: ``FileSummary.module_gradients``); else None."""
        summary = self.files.get(path)
        base, _, attr = name.partition(".")
        qualified = summary.imports.get(base) if summary is not None else None
        if qualified and attr:  # ``thermo.cv`` after ``import thermo``
            qualified = f"{qualified}.{attr}"
        for _ in range(4):  # re-exports followed
            if not qualified or "." not in qualified:
                return None
            module, _, attr = qualified.rpartition(".")
            others = self.module_files(module, path)[:1]
            if not others:
                return None
            found = self.files[others[0]].module_gradients.get(attr)
            if found is not None:
                return others[0], *found
            following = self.files[others[0]].imports.get(attr)
            qualified = following if following != qualified else None
        return None

    def held_gradient(self, attr: str) -> list[tuple[str, str, str, int]]:
        """The classes of the project that hold a gradient function in the attribute ``attr``
        (``self.jac_x = jax.jit(jax.jacobian(self.f))``): (path, class, transform, line)."""
        if self._held is None:
            index: dict[str, list[tuple[str, str, str, int]]] = defaultdict(list)
            for summary in self.files.values():
                for klass in summary.classes.values():
                    for name, (transform, line) in klass.held_gradients.items():
                        index[name].append((summary.path, klass.name, transform, line))
            self._held = index
        return self._held.get(attr, [])

    def _owner_text(self, path: str, key: Key, attr: str) -> str:
        where = "here" if key[0] == path else f"in {key[0]}"
        return f"of a class the code does not name; the one class {where} with a `{attr}` method, a guess from the name"

    def imports_autodiff(self, path: str) -> bool:
        """``path`` imports jax or another library of the transform table (jax.numpy under
        another module's name included): its array work can be traced. A file that names jax only
        in a comment or a string is NumPy code."""
        summary = self.files.get(path)
        if summary is None:
            return False
        return any(qualified.split(".")[0] in LIBRARY_MODULES or any(qualified.startswith(module) for module in REEXPORTS)
                   for qualified in summary.imports.values())

    def untraced_autograd(self, path: str) -> bool:
        """``path`` uses autograd's NumPy (not jax), and nothing in the project hands anything to
        an autograd transform: its NumPy calls are plain NumPy, run once, recorded by nothing."""
        summary = self.files.get(path)
        if summary is None:
            return False
        modules = {qualified.split(".")[0] for qualified in summary.imports.values()}
        if "autograd" not in modules or "jax" in modules:
            return False
        if self._autograd_transforms is None:
            self._autograd_transforms = any(seed.transform.startswith("autograd.") for other in self.files.values() for seed in other.seeds)
        return not self._autograd_transforms

    def _unmapped_at(self, key: Key, unmapped: tuple[int | str, ...], where: "Key | None") -> None:
        function = self.function(key)
        if function is None:
            return
        params = passed_params(function)
        names = {params[item] if isinstance(item, int) else item for item in unmapped if not isinstance(item, int) or item < len(params)}
        self._unmapped[key].append((names, where))

    def unmapped_in_trace(self, key: Key) -> set[str]:
        """The parameters of ``key`` that a ``vmap`` applied inside traced code does not map
        (``vmap(partial(self.ell, params=p))`` in a traced function: ``p`` is the same whole value
        for every element); an eager ``vmap`` (over a plot's points) is left out."""
        return {name for names, where in self._unmapped.get(key, ()) if where is not None and where in self.reasons for name in names}

    def _differentiated_at(self, key: Key, argnums: tuple[int, ...] | None) -> None:
        function = self.function(key)
        known = self.differentiated.get(key, set())
        if function is None or argnums is None or known is None:
            self.differentiated[key] = None  # some transform's positions are not known
            return
        params = passed_params(function)
        self.differentiated[key] = known | {params[position] for position in argnums if position < len(params)}

    def _passed_functions(self) -> dict[str, list[Seed]]:
        """``def descend(g, w): dg = grad(g)`` ... ``descend(cost, w0)``: a function passed where a
        callee hands its parameter to a transform is transformed (one call deep). Seeds by path."""
        found: dict[str, list[Seed]] = defaultdict(list)
        if not any(function.transformed_params for summary in self.files.values() for function in summary.functions.values()):
            return found
        for summary in self.files.values():
            for callee, where, reference, scope, klass, line in summary.function_arguments:
                for target in self.resolve(summary.path, callee, scope, klass):
                    function = self.function(target)
                    if function is None or not function.transformed_params:
                        continue
                    params = passed_params(function)
                    param = params[int(where)] if where.isdigit() and int(where) < len(params) else where
                    handed = function.transformed_params.get(param)
                    if handed is None:
                        continue
                    level, transform, transform_line = handed
                    text = f"passed to `{function.name}`, which hands its `{param}` to {short(transform)} ({target[0]}:{transform_line})"
                    found[summary.path].append(Seed(reference, scope, klass, level, transform, line, text))
                    self._handed[target].append((summary.path, reference, scope, klass, param))
        return found

    def _raise(self, key: Key, reason: Reason) -> bool:
        if not outranks(reason.level, reason.guess, self.reasons.get(key)):
            return False
        self.reasons[key] = reason
        return True

    def callees(self, key: Key) -> list[tuple[Key, str]]:
        """What a function reaches: the functions it names (in any scanned file), and those defined inside it."""
        cached = self._callees_cache.get(key)
        if cached is not None:
            return cached
        found: list[tuple[Key, str]] = []
        function = self.function(key)
        if function is not None:
            path = key[0]
            # A function's text names the function itself (its ``def`` line) and a nested
            # one may name those around it: they are not callees.
            seen: set[Key] = {key, *self._ancestors(key)}
            for callee in self._named(path, function):
                if callee not in seen:
                    seen.add(callee)
                    found.append((callee, "called from"))
            for child in self._nested.get((path, function.key), ()):
                if (path, child) not in seen:
                    found.append(((path, child), "defined inside"))
            for attr in function.object_methods:
                for callee in self.method_owners(path, attr):
                    owner = self.function(callee)
                    if owner is not None and not accepts(owner, function.object_method_arities.get(attr, [])):
                        continue  # ``solver.step(x)`` is no call of ``Ctl.step(self)``: another object's method
                    if callee not in seen:
                        seen.add(callee)
                        found.append((callee, f"{GUESSED} (the one class {'here' if callee[0] == path else 'in ' + callee[0]} with a `{attr}` method) from"))
            # ``curvature(cost, p0)`` where jitted ``curvature`` hands its ``fn`` to ``jax.grad``:
            # ``cost`` runs inside ``curvature``'s trace
            for where, reference, scope, klass, param in self._handed.get(key, ()):
                for callee in self.resolve(where, reference, scope, klass):
                    if callee not in seen:
                        seen.add(callee)
                        found.append((callee, f"passed for `{param}` to"))
        self._callees_cache[key] = found
        return found

    def _ancestors(self, key: Key) -> list[Key]:
        """The functions that enclose ``key``, innermost first."""
        found: list[Key] = []
        function = self.function(key)
        while function is not None and function.parent is not None:
            parent = (key[0], function.parent)
            if parent in found:
                break
            found.append(parent)
            function = self.function(parent)
        return found

    def _named(self, path: str, function: FunctionSummary) -> list[Key]:
        """The functions a function's text names, resolved once."""
        cache_key = (path, function.key)
        found = self._named_cache.get(cache_key)
        if found is not None:
            return found
        found = []
        resolvable, methods = self._resolvable.get(path, set()), self._methods.get(path, set())
        imports = self.files[path].imports
        params = set(function.params)
        for reference in function.references:
            if reference == function.name:
                continue  # its own name: recursion reaches nothing new (and a redefinition is another function)
            head, _, attr = reference.partition(".")
            if head in ("self", "cls"):
                if attr not in methods:
                    continue
            elif head not in resolvable:
                continue
            if attr and head in imports and head not in params:
                # ``jnp.sum``: the same in every function of the file.
                memo_key = (path, reference)
                targets = self._dotted.get(memo_key)
                if targets is None:
                    targets = self._dotted[memo_key] = self._resolve_qualified(f"{imports[head]}.{attr}", path)
                found.extend(targets)
                continue
            found.extend(self.resolve(path, reference, function.key, function.klass))
        self._named_cache[cache_key] = found
        return found

    def _propagate(self) -> None:
        work = deque(self.reasons)
        reasons = self.reasons
        while work:
            key = work.popleft()
            level, guess = reasons[key].level, reasons[key].guess
            for callee, how in self.callees(key):
                guessed = guess or how.startswith(GUESSED)
                if outranks(level, guessed, reasons.get(callee)):
                    reasons[callee] = Reason(level, how, 0, key[0], key, guess=guessed)
                    work.append(callee)
        work = deque(self.compiled)
        while work:
            caller = work.popleft()
            guess = self.compile_reasons[caller].guess if caller in self.compile_reasons else self.reasons[caller].guess if caller in self.reasons else False
            for callee, how in self.callees(caller):
                guessed = guess or how.startswith(GUESSED)
                if callee not in self.compiled or surer(guessed, self.compile_reasons.get(callee)):
                    self.compiled.add(callee)
                    self.compile_reasons[callee] = Reason(Level.TRACED, how, 0, caller[0], caller, guess=guessed)
                    work.append(callee)

    def guessed(self, key: Key, compiled: bool = False) -> bool:
        """Whether ``key``'s level (or its being compiled) rests on a guess from a method's name."""
        reason = (self.compile_reasons if compiled else self.reasons).get(key)
        return reason is not None and reason.guess

    def level(self, path: str, scopes: tuple[str, ...]) -> tuple[int, Key | None]:
        """The level of the innermost of ``scopes`` (function keys, innermost first) that the
        index knows, and that function."""
        for scope in scopes:
            key = (path, scope)
            if key in self.reasons:
                return self.reasons[key].level, key
            if self.function(key) is not None:
                return Level.UNKNOWN, key
        return Level.UNKNOWN, None

    def is_compiled(self, path: str, scopes: tuple[str, ...]) -> bool:
        return any((path, scope) in self.compiled for scope in scopes)

    def compiled_among(self, path: str, scope: str | None, references) -> str | None:
        """The first of ``references`` (calls as written in ``path``, inside ``scope``) that
        resolves to a function jit compiles as a program of its own (``step = jax.jit(f)``,
        ``@jax.jit``); None when none does. A function jit only reaches through a caller
        (``net`` called by a jitted ``loss``) runs op by op when called from elsewhere."""
        for reference in references:
            if any(key in self.compiled and self.compile_reasons[key].parent is None for key in self.resolve(path, reference, scope)):
                return reference
        return None

    def name_of(self, key: Key) -> str:
        function = self.function(key)
        if function is None:
            return "a function"
        if function.name == "<lambda>":
            return f"the lambda at line {function.line}"
        return f"`{function.qualname}`"

    def compiled_key(self, path: str, scopes: tuple[str, ...]) -> Key | None:
        """The innermost of ``scopes`` that jit (or pmap) reaches."""
        return next(((path, scope) for scope in scopes if (path, scope) in self.compiled), None)

    def compiled_within(self, key: Key, owner: Key) -> bool:
        """Whether the jit that compiles ``key`` starts inside a call of ``owner`` (a function
        that encloses ``key``): the compiled root is ``key`` itself, a function ``owner`` defines,
        or one it calls or hands functions to. A root reached only through other callers
        (``_resample`` jitted elsewhere, which reaches a helper that ``owner`` also hands its
        closure to) compiles nothing of ``owner``'s: its values stay tracers or run eagerly."""
        chain = [key]
        while len(chain) < 12:
            parent = self.compile_reasons[chain[-1]].parent if chain[-1] in self.compile_reasons else None
            if parent is None or parent in chain:
                break
            chain.append(parent)
        root = chain[-1]
        if root == key or owner in self._ancestors(root):
            return True
        return any(callee == root for callee, _ in self.callees(owner))

    def explain_compiled(self, key: Key, from_path: str | None = None) -> str | None:
        """``"`step` is compiled: passed to jax.jit at line 30; `loss` is called from `step`"``."""
        return self.explain(key, from_path, compiled=True)

    def explain(self, key: Key, from_path: str | None = None, compiled: bool = False) -> str | None:
        """``"`loss` is differentiated: passed to jax.grad at train.py:40; `forward` is called from `loss`"``."""
        reasons = self.compile_reasons if compiled else self.reasons
        if key not in reasons:
            return None
        chain = [key]
        while len(chain) < 6:
            parent = reasons[chain[-1]].parent
            if parent is None or parent in chain or parent not in reasons:
                break
            chain.append(parent)
        root = chain[-1]
        seed = reasons[root]
        level = "compiled" if compiled else "differentiated" if seed.level == Level.DIFFERENTIATED else "traced"
        place = "" if not seed.line else f" at line {seed.line}" if seed.seed_path == (from_path or key[0]) else f" at {seed.seed_path}:{seed.line}"
        where = f" ({root[0]})" if root[0] != (from_path or key[0]) else ""
        parts = [f"{self.name_of(root)}{where} is {level}: {seed.text}{place}"]
        for inner, outer in zip(reversed(chain[:-1]), reversed(chain[1:])):
            inner_where = f" ({inner[0]})" if inner[0] != outer[0] else ""
            parts.append(f"{self.name_of(inner)}{inner_where} is {reasons[inner].text} {self.name_of(outer)}")
        return "; ".join(parts)

    # -- who calls a function ------------------------------------------------------------------

    def referrers(self, key: Key) -> list[Key]:
        """The functions whose code names ``key`` (the reverse of ``callees``, "called from"):
        those whose text mentions its name, resolved."""
        function = self.function(key)
        if function is None:
            return []
        if self._by_reference is None:
            index: dict[str, list[Key]] = defaultdict(list)
            for summary in self.files.values():
                for caller in summary.functions.values():
                    for reference in set(caller.references):
                        index[reference.rpartition(".")[2]].append((summary.path, caller.key))
            self._by_reference = index
        found: list[Key] = []
        for caller in dict.fromkeys(self._by_reference.get(function.name, ())):
            if any(callee == key and how == "called from" for callee, how in self.callees(caller)):
                found.append(caller)
        return found

    def module_level_called(self, key: Key) -> bool:
        """Whether module-level code of some file calls ``key`` (a script's ``main()``)."""
        if self._module_called is None:
            self._module_called = {
                target
                for summary in self.files.values()
                for reference in summary.module_called
                for target in self.resolve(summary.path, reference, None)
            }
        return key in self._module_called

    def eager_only(self, key: Key, depth: int = 0, seen: frozenset[Key] = frozenset()) -> str | None:
        """Why ``key`` evidently runs eagerly, or None: no transform reaches it, it is never used
        as a value (passed, stored, returned), something calls it, and everything that does is
        module-level code, a test function, host code (``FunctionSummary.host``) or a function
        that itself runs eagerly (a reference loop compared in an ``assert``, a finite-difference
        check called from ``main()``)."""
        function = self.function(key)
        if function is None or key in self.reasons or key in seen or depth > 3 or self.escapes(key):
            return None
        if function.parent is not None:
            return None  # a nested function: its enclosing function decides
        referrers = [r for r in self.referrers(key) if r != key]
        from_module = self.module_level_called(key)
        if not referrers and not from_module:
            return None  # nothing in the project calls it: a library function, traced elsewhere
        where = [f"module-level code of {key[0]}"] if from_module else []
        for caller in referrers:
            caller_function = self.function(caller)
            if caller_function is None or caller in self.reasons:
                return None
            if is_test_function(caller_function.name) or self.files[caller[0]].test_module:
                where.append(f"the test {self.name_of(caller)}")
            elif caller_function.host is not None and not caller_function.host.startswith(DRIVER):
                # ``if abs(goal - x[k]) < tol:``, ``float(loss)``: host code (not a function that
                # jits a step of its own: a trace of it would inline that jit)
                where.append(f"{self.name_of(caller)}, host code ({plain(caller_function.host)})")
            elif (untraceable := self.host_callee(caller)) is not None:
                where.append(f"{self.name_of(caller)}, host code ({untraceable})")
            elif self.eager_only(caller, depth + 1, seen | {key}) is not None:
                where.append(f"{self.name_of(caller)}, which runs eagerly")
            else:
                return None
        shown = ", ".join(where[:3]) + (f" and {len(where) - 3} more" if len(where) > 3 else "")
        return f"{self.name_of(key)} is called only by {shown}, and no transform reaches it: it runs eagerly"

    def host_callee(self, key: Key, depth: int = 0, seen: frozenset[Key] = frozenset()) -> str | None:
        """Why ``key`` cannot run under a trace because it calls a function that cannot (its
        own code branches in Python on an array it computes, converts one to a number, reads a
        DataFrame: ``FunctionSummary.host``; or it calls one such, three calls deep at most), or
        None. Not a generator (calling one runs none of its body), a driver (a trace would
        inline the jit it applies) or a plotting helper (often called under a flag)."""
        if depth > 2 or key in seen:
            return None
        for callee, how in self.callees(key):
            function = self.function(callee) if how == "called from" else None
            if function is None or callee in self.reasons:
                continue
            host = function.host
            if host is not None and not host.startswith((DRIVER, GENERATOR, PLOTTING)):
                return f"it calls {self.name_of(callee)}, which cannot run under a trace ({plain(host)})"
            deeper = self.host_callee(callee, depth + 1, seen | {key})
            if deeper is not None:
                return f"it calls {self.name_of(callee)}, and {deeper}"
        return None

    # -- what call sites pass ------------------------------------------------------------------

    def escapes(self, key: Key) -> bool:
        """Whether a function is used as a value somewhere in the project (passed to ``map``,
        stored, returned, wrapped in ``partial``): its calls through that value are not seen."""
        if self._escaped is None:
            self._escaped = {
                target
                for summary in self.files.values()
                for reference, scope, klass in summary.escapes
                for target in self.resolve(summary.path, reference, scope, klass)
            }
        return key in self._escaped

    def arguments(self, path: str, function_key: str, param: str) -> list[ArgumentFact]:
        """What the call sites across the project pass for ``param`` of a function."""
        if self._arguments is None:
            self._arguments = self._collect_arguments()
        return self._arguments.get((path, function_key, param), [])

    def _collect_arguments(self) -> dict[tuple[str, str, str], list[ArgumentFact]]:
        found: dict[tuple[str, str, str], list[ArgumentFact]] = defaultdict(list)
        for summary in self.files.values():
            sites = [(site, caller.key, caller.klass) for caller in summary.functions.values() for site in caller.calls]
            sites += [(site, None, None) for site in summary.module_calls]
            for site, scope, klass in sites:
                targets = self.resolve(summary.path, site.callee, scope, klass) or self.constructor(summary.path, site.callee)
                for target in targets:
                    function = self.function(target)
                    if function is None:
                        continue
                    params = passed_params(function)
                    for index, (kind, evidence) in enumerate(site.args):
                        if index < len(params):
                            nbytes, data = site.arrays.get(str(index), (None, False))
                            typed = str(index) in site.types
                            shape, dtype, host = site.types.get(str(index), (None, None, True))
                            found[(target[0], target[1], params[index])].append(ArgumentFact(kind, evidence, summary.path, site.line, nbytes, data, scope, shape, dtype, typed, host))
                    for name, (kind, evidence) in site.keywords.items():
                        nbytes, data = site.arrays.get(name, (None, False))
                        typed = name in site.types
                        shape, dtype, host = site.types.get(name, (None, None, True))
                        found[(target[0], target[1], name)].append(ArgumentFact(kind, evidence, summary.path, site.line, nbytes, data, scope, shape, dtype, typed, host))
        return found


def passed_params(function: FunctionSummary) -> list[str]:
    """The parameters a call's arguments fill, in order (a method's ``self`` or ``cls`` left out)."""
    params = list(function.params)
    if function.klass is not None and params and params[0] in ("self", "cls"):
        params = params[1:]
    return params


def _shared_prefix(left: tuple[str, ...], right: tuple[str, ...]) -> int:
    count = 0
    for a, b in zip(left, right):
        if a != b:
            break
        count += 1
    return count
