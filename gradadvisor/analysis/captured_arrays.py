"""The captured arrays of one file: which reads in a function hold an array from outside it.

A function captures a name it reads but does not bind (``analysis/captures.py`` reads the
code). ``FileCaptures`` asks the file's facts, function by function, which of those reads may
hold a large array and where it was bound, and records each as a *capture*: the read and a
record of it (serialisable, for phase 2):

- ``kind``: ``"module"`` (a module-level array), ``"import"`` (a name imported from another
  module of the project: phase 2 resolves it), ``"enclosing"`` (a local of an enclosing
  factory, ``owner`` its key) or ``"attribute"`` (``self.<attr>``, set in ``owner``, read
  through a ``self`` that jit does not trace: a method of a class that is not a pytree);
- ``name``, ``where`` (where it was bound, in words), ``x64``;
- ``also``: keys of enclosing functions whose own code reads it too (if one of them is
  compiled, the capture belongs there);
- the size record of ``analysis/captured_size.py`` (``nbytes``, ``data``, ``param``...), and
  ``calls_to`` when the size depends on what callers pass to a factory or constructor.

It also says cheaply whether a top-level function is worth reading at all (``worth_entering``):
one that reads no module-level name that may be an array, defines no closure and is not a
method of a class that compiles cannot capture one.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Sequence

from gradadvisor.analysis import values as v
from gradadvisor.analysis.captured_size import ARRAY_METHODS, SizeReader, self_operands
from gradadvisor.analysis.captures import (
    CAPTURED_CONSTANT_BYTES,
    attribute_reads,
    captured_bytes,
    first_param,
    free_reads,
    host_reductions_only,
    is_pytree_class,
    is_static_or_class_method,
    self_attributes,
    small_row_reads,
    uses_x64,
)
from gradadvisor.analysis.facts import Binding, Facts, Position, Scope
from gradadvisor.analysis.gradient import FUNCTION_MAKERS
from gradadvisor.analysis.names import canonical
from gradadvisor.analysis.summary import BENCH_FILE_FUNCTIONS, EXTERNAL, function_key
from gradadvisor.analysis.syntax import FUNCTION_NODES, Source, one_line, walk_local

#: A class that never names a compiling transform cannot jit a method with a static ``self``.
COMPILING_WORD = re.compile(r"\b(?:jit|pjit|pmap|filter_jit|filter_pmap)\b")
#: ``jax.jit(grid.rhs``, ``jit(make_step(model.f``: a bound method compiled, or handed to a
#: function whose result is (the method's name).
BOUND_COMPILED = re.compile(r"(?:jit|pmap)[ \t]*\((?:[ \t]*[A-Za-z_][\w.]*[ \t]*\()?[ \t]*(?!self\b)[A-Za-z_]\w*[ \t]*\.[ \t]*([A-Za-z_]\w*)\b(?![ \t]*\()")
#: An identifier not directly called: ``free_reads`` skips a called name (``helper(x)``), so only
#: these can be captured. (``[ \t]``, not ``\s``: a name at the end of a line is read.)
NOT_CALLED = re.compile(r"[A-Za-z_]\w*+(?![ \t]*\()")

#: One capture: the read, and its record.
Capture = tuple[ast.AST, dict]


class FileCaptures:
    """The captures of one file's functions, asked for in the walk's order (outer functions
    first: whether an enclosing function reads a name too is remembered from its visit)."""

    def __init__(self, facts: Facts, source: Source, resolve: Callable[[ast.AST], str | None]) -> None:
        self.facts = facts
        self.source = source
        self.resolve = resolve
        self.x64 = uses_x64(source.text)
        self.module_names = module_names(facts)
        self.sizes = SizeReader(facts, resolve, self.x64)
        self.bench_file = BENCH_FILE_FUNCTIONS <= facts.module_scope.bindings.keys()
        #: Function node id -> the free names its own code reads (``self.<attr>``: attributes).
        self._reads: dict[int, set[str]] = {}
        self._attr_reads: dict[int, set[str]] = {}
        self._classes: dict[int, tuple[bool, dict]] = {}
        self._word_sets: dict[int, set[str]] = {}
        self._body_texts: dict[int, str] = {}
        self._compiling: dict[int, bool] = {}
        self._maybe_array: dict[str, bool] = {}
        self._escaping: dict[int, set[str]] = {}
        #: Method names the module compiles bound to an instance (``jax.jit(grid.rhs)``).
        self._bound_compiled: set[str] | None = None

    # -- which functions to read ---------------------------------------------------------------

    def worth_entering(self, node: ast.AST, scopes: Sequence[ast.AST]) -> bool:
        """A top-level function is worth entering when its body may read a module-level array,
        defines functions (which may capture its locals) or binds arguments with ``partial``, or it is a method of a class that
        compiles (``self.<array>``); anything nested in one that is, is."""
        if self.bench_file or isinstance(node, ast.ClassDef) or any(isinstance(scope, FUNCTION_NODES) for scope in scopes):
            return True
        if scopes and isinstance(scopes[-1], ast.ClassDef) and self.class_compiles(scopes[-1]):
            return True
        # Substring tests first (a name the body's text does not hold is not among its words);
        # the identifier scan only when one of them passes.
        text = self._body_text(node)
        if "def" in text or "lambda" in text or "class" in text or "partial" in text:
            return True  # a closure, or ``jax.jit(partial(f, table))`` binding a local array
        present = [name for name in self.module_names if name in text] if len(self.module_names) <= 64 else self.module_names
        if not present:
            return False
        words = self.words(node, scopes)
        return any(self.may_be_array(name) for name in words.intersection(present))

    def class_compiles(self, klass: ast.ClassDef) -> bool:
        """Whether the class's text names a jit (``self`` is static only under a jit it applies), or
        the module compiles a bound method of an instance (``f = jax.jit(grid.rhs)``: the instance
        is closed over, its arrays constants)."""
        known = self._compiling.get(id(klass))
        if known is None:
            known = COMPILING_WORD.search(self.source.block(klass)) is not None
            if not known:
                if self._bound_compiled is None:  # once per file
                    text = self.source.text
                    self._bound_compiled = {match.group(1) for match in BOUND_COMPILED.finditer(text)} if "jit" in text or "pmap" in text else set()
                known = any(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in self._bound_compiled for item in klass.body)
            self._compiling[id(klass)] = known
        return known

    def words(self, node: ast.AST, scopes: Sequence[ast.AST]) -> set[str]:
        """The identifiers not directly called in the body of ``node`` (a superset of what it
        reads: a prefilter on its text, which spares walking the tree of a function that names
        nothing it could capture)."""
        words = self._word_sets.get(id(node))
        if words is None:
            words = self._word_sets[id(node)] = set(NOT_CALLED.findall(self._body_text(node)))
        return words

    def _body_text(self, function: ast.AST) -> str:
        """The text of a function's body (a lambda's expression): decorators and the
        signature's annotations are not read by it. Kept for the outermost function."""
        text = self._body_texts.get(id(function))
        if text is None:
            if isinstance(function, ast.Lambda):
                text = self.source.segment(function.body)
            else:
                text = "".join(self.source.lines[function.body[0].lineno - 1 : function.end_lineno])  # type: ignore[attr-defined]
            self._body_texts[id(function)] = text
        return text

    def may_be_array(self, name: str) -> bool:
        """A module-level name that may hold a large array (a project import may: phase 2 tells)."""
        known = self._maybe_array.get(name)
        if known is None:
            module = self.facts.module_scope
            if all(binding.kind == "import" for binding in module.bindings.get(name, ())):
                known = True
            else:
                value = self.facts.name_value(name, module, None)
                nbytes = captured_bytes(value, self.x64) if value.kind == v.ARRAY else None
                known = value.kind == v.UNKNOWN or value.kind == v.ARRAY and value.shape != () and (nbytes is None or nbytes >= CAPTURED_CONSTANT_BYTES)
            self._maybe_array[name] = known
        return known

    # -- captured names ------------------------------------------------------------------------

    def captures(self, node: ast.AST, scope: Scope, scopes: Sequence[ast.AST], keys: tuple[str, ...]) -> tuple[set[str], list[Capture]]:
        """(the names ``node``'s own code reads from outside it, the captures among them that may
        be large arrays). ``scopes`` end with ``node``; ``keys`` are the functions' keys, innermost
        first."""
        words = self.words(node, scopes)
        # Only names bound outside this function can be captured: the module's (other than
        # definitions and library imports) and the enclosing functions'.
        wanted = {name for name in words & self.module_names if self.may_be_array(name)}
        outer = scope.parent
        while outer is not None and not outer.is_module:
            wanted.update(words & outer.bindings.keys())
            outer = outer.parent
        own: set[str] = set()
        found: list[Capture] = []
        if wanted:
            reads = {name: read for name, read in free_reads(node).items() if name in wanted}
            own = {name for name in reads if not scope.binds(name)}
            enclosing = _enclosing(scopes, keys)
            for name, read in reads.items():
                if name in own:
                    data = self._capture(name, scope, enclosing, scopes)
                    if data is not None and "nbytes" not in data and _called_through_methods(self._body_text(node), name):
                        continue  # ``net.apply(params, x)``: an object, whatever built it
                    if data is not None and data.get("host") and host_reductions_only(node, name) is not None:
                        continue  # ``col.min()`` of a host array: a number computed at trace time, not the array
                    if data is not None and data.get("data"):
                        data = _small_rows(node, name, data)
                    if data is not None:
                        found.append((read, data))
        self._reads[id(node)] = own
        return own, found

    def _also_read(self, name: str, owner: ast.AST | None, enclosing: list[tuple[ast.AST, str]]) -> list[str]:
        """Keys of enclosing functions (inside ``owner``) whose own code reads ``name`` too: if one of
        them is compiled, the finding belongs there."""
        found = []
        for function, key in enclosing:
            if function is owner:
                break
            if name in self._reads.get(id(function), ()):
                found.append(key)
        return found

    def _capture(self, name: str, scope: Scope, enclosing: list[tuple[ast.AST, str]], scopes: Sequence[ast.AST] = ()) -> dict | None:
        outer = scope.parent
        while outer is not None and not outer.is_module:
            if outer.binds(name):
                return self._enclosing_capture(name, outer, enclosing, scope.node, scopes)
            outer = outer.parent
        module = self.facts.module_scope
        if not module.binds(name):
            return None
        bindings = module.bindings[name]
        if all(binding.kind == "import" for binding in bindings):
            qualified = str(bindings[-1].value)
            if qualified.split(".")[0] in EXTERNAL:
                return None
            return {"kind": "import", "name": name, "import": name, "also": self._also_read(name, None, enclosing), "x64": self.x64,
                    "where": f"imported from `{qualified.rpartition('.')[0]}`"}
        if any(binding.kind in ("def", "class", "import") for binding in bindings):
            return None
        value = self.facts.name_value(name, module, None)
        size = self.sizes.judge(value, [b for b in bindings if b.kind != "param"], module)
        if size is None:
            return None
        return {"kind": "module", "name": name, "also": self._also_read(name, None, enclosing), "where": "module-level", **size}

    def _enclosing_capture(self, name: str, owner: Scope, enclosing: list[tuple[ast.AST, str]], reader: ast.AST | None = None, scopes: Sequence[ast.AST] = ()) -> dict | None:
        bindings = owner.bindings.get(name, [])
        if any(binding.kind in ("def", "class", "import") for binding in bindings):
            return None
        owner_key = next((key for function, key in enclosing if function is owner.node), None)
        if owner_key is None:
            return None
        value = self.facts.value(ast.Name(id=name, ctx=ast.Load()), owner, None)
        if value.kind == v.PARAM or name in owner.params and value.kind in (v.ARRAY, v.UNKNOWN):
            if name in owner.packed or value.literal is not None:
                return None  # ``*args``; a parameter whose default is a number
            size = {"param": name, "array": value.kind == v.ARRAY, "evidence": f"`{name}` is a parameter of `{getattr(owner.node, 'name', 'lambda')}`"}
        else:
            size = self.sizes.judge(value, [b for b in bindings if b.kind != "param"], owner)
        if size is None:
            size = self._copied_attribute(bindings, owner, scopes)
        if size is None:
            return None
        owner_name = getattr(owner.node, "name", "<lambda>")
        data = {
            "kind": "enclosing", "name": name, "owner": owner_key, "also": self._also_read(name, owner.node, enclosing),
            "where": f"built in the enclosing `{owner_name}`", **size,
        }
        if data.get("param"):
            data["calls_to"] = owner_name
        nested = [reader, *(function for function, _ in enclosing)]
        nested = nested[: next((i for i, function in enumerate(nested) if function is owner.node), len(nested))]
        loop = _loop_rebuilding(owner.node, nested[-1] if nested else None, [b for b in bindings if b.kind != "param"])
        if loop is not None:
            data["rebuilt"] = loop
        if nested and _kept_inside(owner.node, nested[-1], self._escaping_names(owner.node)):
            data["kept"] = True  # only called or handed on during the owner's call: a jit elsewhere compiles none of it
        return data

    def _escaping_names(self, owner: ast.AST) -> set[str]:
        """``escaping_names(owner)``, once per function."""
        found = self._escaping.get(id(owner))
        if found is None:
            found = self._escaping[id(owner)] = escaping_names(owner, self.resolve)
        return found

    def _copied_attribute(self, bindings: list[Binding], owner: Scope, scopes: Sequence[ast.AST]) -> dict | None:
        """``P = self.prec`` in a method, captured by a closure it returns: the size of what the
        class assigns to ``self.prec`` (``self.prec = jnp.asarray(np.load(path))``)."""
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or owner.node not in scopes:
            return None
        value, index = bindings[0].value, list(scopes).index(owner.node)
        base = first_param(owner.node)
        if not (index and isinstance(scopes[index - 1], ast.ClassDef) and isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                and base is not None and value.value.id == base and not is_static_or_class_method(owner.node)):
            return None
        pytree, attributes = self._class_info(scopes[index - 1], owner)  # type: ignore[arg-type]
        known = None if pytree else attributes.get(value.attr)
        if known is None or known[1].get("param"):
            return None
        setter, size = known
        return {**size, "evidence": f"copied from `{base}.{value.attr}`, set in `{setter.name}`: {size.get('evidence', '')}".rstrip(": ")}

    # -- self.<attr> -----------------------------------------------------------------------------

    def attribute_captures(self, node: ast.AST, scope: Scope, scopes: Sequence[ast.AST], keys: tuple[str, ...]) -> list[Capture]:
        """``self.<attr>`` read in a method (or a function nested in one) of a class that is not a
        pytree, where the class assigns an array to ``self.<attr>``."""
        index = max((i for i, item in enumerate(scopes) if isinstance(item, ast.ClassDef)), default=None)
        if index is None or index + 1 >= len(scopes) or not isinstance(scopes[index + 1], (ast.FunctionDef, ast.AsyncFunctionDef)):
            return []
        klass, method = scopes[index], scopes[index + 1]
        assert isinstance(klass, ast.ClassDef)
        base = first_param(method)
        if base is None or base not in self.words(node, scopes) or is_static_or_class_method(method):
            return []
        if id(klass) not in self._classes and not self.class_compiles(klass):
            # ``self`` is static only under a jit the class applies (a decorator, ``jax.jit(self.f)``).
            self._classes[id(klass)] = (True, {})
            return []
        # Between the method and this function, nothing may rebind ``self``.
        inner: Scope | None = scope
        while inner is not None and inner.node is not method:
            if inner.binds(base):
                return []
            inner = inner.parent
        if inner is None:
            return []
        pytree, attributes = self._class_info(klass, inner)
        if pytree or not attributes:
            return []
        chain = [(node, keys[0]), *_enclosing(scopes, keys)]
        method_key = next(key for function, key in chain if function is method)
        prefix = method_key.rpartition(":")[0].rpartition(".")[0]
        reads = attribute_reads(node, base)
        self._attr_reads[id(node)] = set(reads)
        found: list[Capture] = []
        for attr, read in reads.items():
            known = attributes.get(attr)
            if known is None:
                continue
            setter, size = known
            also = []
            for function, key in chain[1:]:
                if attr in self._attr_reads.get(id(function), ()):
                    also.append(key)
                if function is method:
                    break
            data = {
                "kind": "attribute", "name": f"{base}.{attr}", "owner": function_key(setter, f"{prefix}.{setter.name}" if prefix else setter.name),
                "also": also, "where": f"set in `{setter.name}`", "x64": self.x64, **size,
            }
            if data.get("param"):
                if setter.name != "__init__":
                    if not data.get("array"):
                        continue  # a parameter of another method: nothing shows an array
                    data.pop("param")
                    data["unknown"] = True
                else:
                    data["calls_to"] = klass.name
            found.append((read, data))
        return found

    def _class_info(self, klass: ast.ClassDef, method_scope: Scope) -> tuple[bool, dict]:
        """(is it a pytree, ``attr -> (setter, size)`` for its array attributes)."""
        cached = self._classes.get(id(klass))
        if cached is not None:
            return cached
        pytree = is_pytree_class(klass, self.resolve)
        arrays: dict[str, tuple[ast.FunctionDef, dict]] = {}
        if not pytree:
            arrays = self._judge_attributes(klass, method_scope)
        result = (pytree, arrays)
        self._classes[id(klass)] = result
        return result

    def _judge_attributes(self, klass: ast.ClassDef, method_scope: Scope) -> dict[str, tuple[ast.FunctionDef, dict]]:
        """``attr -> (setter, size)`` for the class's array attributes. An attribute computed
        from another (``self.cov_inv = jnp.linalg.inv(self.covariance + reg)``) is judged again
        once the others are known, up to three passes."""
        arrays: dict[str, tuple[ast.FunctionDef, dict]] = {}
        assigned = self_attributes(klass)
        chained = any(self_operands(value) for assignments in assigned.values() for _, _, value in assignments if isinstance(value, ast.expr))
        for _ in range(3 if chained else 1):
            self.sizes.attribute_sizes = {attr: size for attr, (_, size) in arrays.items()}
            before = {attr: size.get("data") or size.get("nbytes") for attr, (_, size) in arrays.items()}
            arrays = self._attribute_pass(assigned, method_scope)
            if {attr: size.get("data") or size.get("nbytes") for attr, (_, size) in arrays.items()} == before:
                break
        self.sizes.attribute_sizes = {}
        return arrays

    def _attribute_pass(self, assigned: dict, method_scope: Scope) -> dict[str, tuple[ast.FunctionDef, dict]]:
        arrays: dict[str, tuple[ast.FunctionDef, dict]] = {}
        outer = method_scope.parent
        for attr, assignments in assigned.items():
            judged: list[tuple[ast.FunctionDef, dict]] = []
            for setter, statement, value_expr in assignments:
                scope = self.facts.scope(setter, outer)
                value = self.facts.value(value_expr, scope, statement)
                pseudo = Binding(attr, "assign", Position(-1, ()), statement, value_expr)
                size = None
                if value.kind == v.PARAM and isinstance(value_expr, ast.Name) and value_expr.id in scope.params:
                    if value.literal is not None or value_expr.id in scope.packed:
                        continue  # ``self.ridge = ridge`` with ``ridge=1e-3``: a number
                    size = {"param": value_expr.id, "array": False, "evidence": f"`{value_expr.id}` is a parameter of `{setter.name}`"}
                else:
                    size = self.sizes.judge(value, [pseudo], scope)
                if size is not None:
                    judged.append((setter, size))
            if judged and len(judged) == len(assignments):
                # the assignment that shows the most: a size, then data, then the first
                arrays[attr] = next((item for item in judged if item[1].get("nbytes")), None) or next((item for item in judged if item[1].get("data")), judged[0])
        return arrays


def module_names(facts: Facts) -> set[str]:
    """The module-level names a function may capture: assigned ones, and those imported from
    modules that are not libraries."""
    names: set[str] = set()
    for name, bindings in facts.module_scope.bindings.items():
        for binding in bindings:
            if binding.kind in ("def", "class"):
                continue
            if binding.kind == "import":
                qualified = str(binding.value)
                if not isinstance(binding.statement, ast.ImportFrom) or qualified.split(".")[0] in EXTERNAL:
                    continue
            names.add(name)
            break
    return names


def _called_through_methods(text: str, name: str) -> bool:
    """Every mention of ``name`` in the function's ``text`` calls a method that arrays do not have
    (``net.apply(params, x)``, ``model.predict(x)``): an object holding functions, not an array.
    Read on the text: a mention in a comment or string only makes the answer no."""
    if f"{name}." not in text:
        return False  # never a method's receiver (the usual array: ``X[i]``, ``X @ w``)
    mentions = re.findall(rf"(?<![\w.]){re.escape(name)}\b(\s*\.\s*(\w+)\s*\()?", text)
    return bool(mentions) and all(called and method not in ARRAY_METHODS for called, method in mentions)


def merge_captures(found: list[Capture]) -> list[Capture]:
    """Captures that are one problem, reported once (the first read stands for them all, with
    the others' names): those rebuilt in the same loop of the same enclosing function with
    nothing else shown of their size (the function is compiled anew every step), and the loaded
    data of unshown size that one function captures from one scope (``images, poses, focal``
    from a loader's results: one advice, to pass the data in, whichever of them is large)."""
    merged: list[Capture] = []
    first: dict[tuple, dict] = {}
    for read, data in found:
        key = (data.get("owner"), data.get("rebuilt"))
        if data.get("data") and data.get("nbytes") is None and data.get("kind") in ("module", "enclosing") and not data.get("rebuilt"):
            key = ("data", data.get("kind"), data.get("owner"))
            if key in first:
                first[key].setdefault("together", []).append(data["name"])
            else:
                first[key] = data
                merged.append((read, data))
        elif data.get("rebuilt") is None or data.get("nbytes") is not None or data.get("data") or data.get("param"):
            merged.append((read, data))
        elif key in first:
            first[key].setdefault("together", []).append(data["name"])
        else:
            first[key] = data
            merged.append((read, data))
    return merged


def _loop_rebuilding(owner: ast.AST, nested: ast.AST | None, bindings: list[Binding]) -> int | None:
    """The line of a loop of ``owner`` that holds both the definition of the function ``nested``
    in it (or the lambda) and every binding of a captured name: each step builds a new closure
    over a new value, so a transform of it compiles a new program every step."""
    if nested is None or not bindings or any(binding.statement is None for binding in bindings):
        return None
    lines = [nested.lineno, *(binding.statement.lineno for binding in bindings)]  # type: ignore[union-attr]
    stack = list(getattr(owner, "body", []))
    while stack:
        statement = stack.pop()
        if isinstance(statement, (*FUNCTION_NODES, ast.ClassDef)):
            continue
        if isinstance(statement, (ast.For, ast.While, ast.AsyncFor)) and all(statement.lineno < line <= (statement.end_lineno or 0) for line in lines):
            return statement.lineno
        for field in ("body", "orelse", "finalbody", "handlers"):
            stack.extend(getattr(statement, field, []) or [])
    return None


def _enclosing(scopes: Sequence[ast.AST], keys: tuple[str, ...]) -> list[tuple[ast.AST, str]]:
    """The functions enclosing the innermost one of ``scopes`` (itself excluded), innermost
    first, with keys."""
    functions = [scope for scope in scopes if isinstance(scope, FUNCTION_NODES)]
    return list(zip(reversed(functions[:-1]), keys[1:]))


def _small_rows(function: ast.AST, name: str, data: dict) -> dict:
    """Loaded data of unshown size that ``function`` reads only a row's small block of
    (``poses[i, :3, :4]``): a table of small rows, such as the poses beside a loaded image
    stack, is no evidence of a large constant; its size is unknown (``low``)."""
    read = small_row_reads(function, name)
    if read is None:
        return data
    rows = {key: item for key, item in data.items() if key != "data"}
    rows["unknown"] = True
    rows["evidence"] = f"{data.get('evidence', 'loaded')}; but `{getattr(function, 'name', 'lambda')}` reads only small rows of it (`{one_line(ast.unparse(read), 40)}`)"
    return rows


def _kept_inside(owner: ast.AST, closure: ast.AST, escaping: set[str]) -> bool:
    """Whether the ``def`` ``closure`` inside ``owner`` never leaves it: its name is not among
    ``escaping`` (``escaping_names(owner)``) (a lambda: not known, so False)."""
    return isinstance(closure, (ast.FunctionDef, ast.AsyncFunctionDef)) and closure.name not in escaping


def escaping_names(owner: ast.AST, resolve: Callable[[ast.AST], str | None]) -> set[str]:
    """The names whose values may leave ``owner``'s call: returned, yielded, stored in an
    attribute, an item or a global, or assigned to another name, as part of the value (not
    only passed to a call whose result is bound: ``_held_as_values``), or declared global or
    nonlocal. One walk of ``owner`` answers for every closure defined in it."""
    found: set[str] = set()
    for node in walk_local(owner):
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom, ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            found |= _held_as_values(node.value, resolve)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            found.update(node.names)
    return found


def _held_as_values(value: ast.AST, resolve: Callable[[ast.AST], str | None]) -> set[str]:
    """The names that are part of the value bound (``f = closure``, ``fs = [closure]``,
    ``g = jax.jit(closure)``: ``gradient.FUNCTION_MAKERS`` make a function of it), not only an
    argument of a call whose result is bound (``out = lax.scan(closure, ...)``)."""
    passed: set[int] = set()
    names: list[ast.Name] = []
    for node in ast.walk(value):
        if isinstance(node, ast.Call) and canonical(resolve(node.func)) not in FUNCTION_MAKERS:
            passed |= {id(arg) for arg in [*node.args, *(k.value for k in node.keywords)] if isinstance(arg, ast.Name)}
        elif isinstance(node, ast.Name):
            names.append(node)
    return {node.id for node in names if id(node) not in passed}
