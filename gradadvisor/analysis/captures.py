"""Captured arrays: what a function reads from outside itself, and how big it is.

A function *captures* a name it reads but does not bind: a module-level name, a
name bound in an enclosing function (a factory's local), an imported name, or an
attribute of ``self`` read through a ``self`` that is not an argument of the
trace. Under ``jax.jit`` every concrete array captured this way becomes a
constant of the compiled program (GA401; ``trace`` diagnoses the same from the
program). This module answers, on CPython's ``ast``:

- ``free_reads``: the names a function's own code reads (comprehension variables
  and reads of metadata only, ``x.shape`` / ``len(x)`` / ``jnp.zeros_like(x)``,
  left out: they do not put the array in the program);
- ``attribute_reads``: the same for ``self.<attr>``;
- ``self_attributes``: what a class assigns to ``self.<attr>``, method by method;
- ``is_pytree_class`` / ``jit_traces_self``: whether ``self`` is a traced argument
  (a pytree: its arrays are inputs, not constants);
- ``captured_bytes``: an array's size as jit embeds it.

Which of a file's reads capture arrays that may be large is ``captured_arrays.py``'s question;
what the code shows of their size, ``captured_size.py``'s.

``CAPTURED_CONSTANT_BYTES`` is the one threshold, shared with ``trace`` (which
must not import jax on the scan path, hence it lives here). Measured:
``benchmarks/capture_cost.py`` (``benchmarks/README.md``) and the H100 figures in
GA401's documentation.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from gradadvisor.analysis import values as v
from gradadvisor.analysis.syntax import COMPREHENSIONS, child_nodes, target_names

#: Captured arrays from this many bytes (4 MB: a float32 array of 1,000,000 elements) cost
#: measurable compile time and memory under jit. One H100 (jax 0.11.2), ``jit(grad)`` capturing
#: a float32 array vs passing it: +0.09 s at 65,536 elements (262 kB), +0.44 s at 1e6 (4 MB),
#: +1.42 s at 1e7, +7.6 s at 1e8 (800 MB of program text). A 2-core CPU (jax 0.10.2,
#: ``benchmarks/capture_cost.py``): within noise below 1e6 elements, +0.1 s from about 4.2 MB of a
#: 1-byte dtype (16 MB of float32), +4.2 s at 400 MB.
CAPTURED_CONSTANT_BYTES = 4_000_000

#: Attribute reads that look at an array's metadata, not its data.
METADATA_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "itemsize", "nbytes", "sharding", "aval", "weak_type"})
#: Builtins that look at an object, not at an array's data; a ``range`` bound is a Python int
#: (``range(self.num_players)``: a count, never an array embedded in the program).
METADATA_BUILTINS = frozenset({"len", "isinstance", "type", "id", "hasattr", "callable", "getattr", "print", "repr", "str", "range"})
#: Array functions that read only the shape and dtype of their first argument.
METADATA_FUNCTIONS = frozenset(
    {"zeros_like", "ones_like", "empty_like", "full_like", "shape", "ndim", "size", "result_type", "eval_shape", "ShapeDtypeStruct", "issubdtype"}
)

#: Array constructors whose one argument is a shape (a count read as a size, not data).
SHAPED_CREATORS = frozenset({"zeros", "ones", "empty", "eye", "identity"})

#: Bases and decorators that make a class a pytree (its array attributes are leaves that jit
#: receives as inputs), or a module whose attributes are set under a trace (flax ``setup``).
PYTREE_BASE_PREFIXES = ("equinox.", "flax.nnx.", "flax.struct.", "chex.", "flax.linen.", "haiku.", "penzai.", "simple_pytree.")
PYTREE_DECORATORS = ("register_pytree_node_class", "register_dataclass", "register_pytree_with_keys_class", "register_static")
PYTREE_METHODS = frozenset({"tree_flatten", "tree_flatten_with_keys", "tree_unflatten"})
JIT_TRANSFORMS = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.pmap", "equinox.filter_jit", "flax.nnx.jit"})

#: 64-bit dtypes that jax stores in 32 bits unless x64 is enabled.
WIDE_DTYPES = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}
X64_MENTION = re.compile(r"jax_enable_x64|enable_x64|JAX_ENABLE_X64")

Resolve = Callable[[ast.AST], "str | None"]


# -- what a function reads ----------------------------------------------------------------


def free_reads(function: ast.AST) -> dict[str, ast.Name]:
    """The first load of every name in ``function``'s own code, in source order: its body (a
    lambda's expression), and the decorators, defaults and bases of what it defines (evaluated
    in its scope). Nested bodies, comprehension variables and metadata-only reads are left
    out. Whether a name is local is the caller's question (``facts.Scope.binds``)."""
    found: dict[str, ast.Name] = {}
    for node, bound in _own_code(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in bound and node.id not in found:
            found[node.id] = node
    return dict(sorted(found.items(), key=lambda item: (item[1].lineno, item[1].col_offset)))


def attribute_reads(function: ast.AST, base: str) -> dict[str, ast.Attribute]:
    """The first load of ``base.<attr>`` for every attr in ``function``'s own code (not
    ``base.attr.shape``, not a method call ``base.attr(...)``)."""
    found: dict[str, ast.Attribute] = {}
    for node, bound in _own_code(function, base):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and isinstance(node.value, ast.Name)
            and node.value.id == base
            and base not in bound
            and node.attr not in found
        ):
            found[node.attr] = node
    return dict(sorted(found.items(), key=lambda item: (item[1].lineno, item[1].col_offset)))


def _own_code(function: ast.AST, attribute_base: str | None = None) -> Iterator[tuple[ast.AST, frozenset[str]]]:
    """Nodes of ``function``'s own code with the comprehension variables bound around each."""
    empty: frozenset[str] = frozenset()
    if isinstance(function, ast.Lambda):
        roots: list[ast.AST] = [function.body]
    else:
        roots = list(getattr(function, "body", ()))
    stack: list[tuple[ast.AST, frozenset[str]]] = [(root, empty) for root in reversed(roots)]
    while stack:
        node, bound = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            parts: list[ast.AST] = [*getattr(node, "decorator_list", ()), *node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
            stack.extend((part, bound) for part in reversed(parts))
            continue
        if isinstance(node, ast.ClassDef):
            parts = [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]
            stack.extend((part, bound) for part in reversed(parts))
            continue
        if isinstance(node, COMPREHENSIONS):
            inner = bound | {name for generator in node.generators for name in target_names(generator.target)}
            children: list[tuple[ast.AST, frozenset[str]]] = []
            for number, generator in enumerate(node.generators):
                children.append((generator.iter, bound if number == 0 else inner))
                children.extend((condition, inner) for condition in generator.ifs)
            elements = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            children.extend((element, inner) for element in elements)
            stack.extend(reversed(children))
            continue
        kind = type(node)
        if (kind is ast.Attribute or kind is ast.Call) and _metadata_only(node, attribute_base):
            continue
        yield node, bound
        if kind is ast.Call and isinstance(node.func, ast.Name):
            # A called name is a function, not a captured array: read its arguments only.
            stack.extend((child, bound) for child in reversed([*node.args, *node.keywords]))
            continue
        stack.extend((child, bound) for child in reversed(child_nodes(node)))


def small_row_reads(function: ast.AST, name: str) -> ast.AST | None:
    """A read showing that ``name`` is a table of small rows: every read of it in ``function``'s
    own code picks one row and a block of at most ``SMALL_ROW`` literal entries on each other
    axis (``poses[i, :3, :4]``, ``c2w[i, :3, -1]``); None when any read takes more."""
    def small_row(node: ast.AST) -> ast.AST | None:
        return node.value if isinstance(node, ast.Subscript) and _small_row(node.slice) else None
    return _every_read(function, name, small_row)


#: Methods that reduce a whole array (or a data frame's column) to one number when called with
#: no arguments: on a host array they run at trace time, and only the number enters the program.
WHOLE_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "var", "std", "median", "all", "any", "argmax", "argmin", "nunique", "count"})


def host_reductions_only(function: ast.AST, name: str) -> ast.AST | None:
    """A read showing that ``function`` uses only numbers computed from ``name``: every read of
    it in ``function``'s own code is a whole reduction with no arguments (``col.min()``,
    ``x.max()``). On a NumPy array or a pandas column that runs on the host when the function is
    traced, and the program holds the number, not the array; None when any read uses more."""
    def reduced(node: ast.AST) -> ast.AST | None:
        if isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute) and node.func.attr in WHOLE_REDUCTIONS:
            return node.func.value
        return None
    return _every_read(function, name, reduced)


def _every_read(function: ast.AST, name: str, read_of: Callable[[ast.AST], "ast.AST | None"]) -> ast.AST | None:
    """The first node of ``function``'s own code that ``read_of`` accepts as a read of ``name``
    (it returns the ``name`` load it consumes), when every load of ``name`` is one; else None."""
    accepted: set[int] = set()
    example = None
    loads = []
    for node, bound in _own_code(function):
        if name in bound:
            continue
        operand = read_of(node)
        if isinstance(operand, ast.Name) and operand.id == name:
            accepted.add(id(operand))
            example = example or node
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            loads.append(node)
    if not loads or any(id(load) not in accepted for load in loads):
        return None
    return example


#: The most entries per axis a literal block of a row may hold and still be a small row.
SMALL_ROW = 16


def _small_row(index: ast.AST) -> bool:
    """``[i, :3, :4]``: a row, then literal blocks of at most ``SMALL_ROW`` entries."""
    if not isinstance(index, ast.Tuple) or len(index.elts) < 2 or isinstance(index.elts[0], (ast.Slice, ast.Starred)):
        return False
    for item in index.elts[1:]:
        if isinstance(item, ast.Slice):
            if item.step is not None:
                return False
            lower = _literal_int(item.lower) if item.lower is not None else 0
            upper = _literal_int(item.upper) if item.upper is not None else None
            if lower is None or upper is None or (lower < 0) != (upper < 0) or not 0 < upper - lower <= SMALL_ROW:
                return False
        elif _literal_int(item) is None:
            return False
    return True


def _literal_int(node: ast.AST | None) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _literal_int(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _metadata_only(node: ast.AST, base: str | None) -> bool:
    """``x.shape``, ``self.x.dtype``, ``len(x)``, ``jnp.zeros_like(x)``: reads no data of ``x``."""
    if isinstance(node, ast.Attribute) and node.attr in METADATA_ATTRIBUTES:
        inner = node.value
        if isinstance(inner, ast.Name):
            return True
        if base is not None and isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name) and inner.value.id == base:
            return True
    if isinstance(node, ast.Call) and node.args:
        func = node.func
        simple = all(isinstance(arg, (ast.Name, ast.Attribute, ast.Constant)) for arg in node.args)
        if isinstance(func, ast.Name) and func.id in METADATA_BUILTINS and simple:
            return True
        if isinstance(func, ast.Attribute) and func.attr in METADATA_FUNCTIONS and isinstance(node.args[0], (ast.Name, ast.Attribute)) and len(node.args) == 1:
            return True
        if (isinstance(func, ast.Attribute) and func.attr in SHAPED_CREATORS and len(node.args) == 1 and isinstance(node.args[0], (ast.Name, ast.Attribute))
                and all(item.arg == "dtype" for item in node.keywords)):
            return True  # ``jnp.zeros(self.n)``: a count, the shape of a new array
    return False


# -- classes: self and its attributes ------------------------------------------------------


def first_param(function: ast.AST) -> str | None:
    args = getattr(function, "args", None)
    if args is None:
        return None
    ordered = [*args.posonlyargs, *args.args]
    return ordered[0].arg if ordered else None


def is_static_or_class_method(function: ast.AST) -> bool:
    """``@staticmethod`` / ``@classmethod``: the first parameter is not the instance."""
    for decorator in getattr(function, "decorator_list", ()):
        if isinstance(decorator, ast.Name) and decorator.id in ("staticmethod", "classmethod"):
            return True
    return False


def self_attributes(klass: ast.ClassDef, unpacked: bool = False) -> dict[str, list[tuple[ast.FunctionDef, ast.stmt, ast.expr]]]:
    """``attr -> [(method, statement, value)]`` for every ``self.attr = value`` in the class's
    methods; with ``unpacked``, also each ``self.attr`` of a tuple target, with its part of the
    value (``self.n, self.m = G.shape``: ``G.shape[0]``, ``G.shape[1]``; ``self.a, self.b = a, b``)."""
    found: dict[str, list[tuple[ast.FunctionDef, ast.stmt, ast.expr]]] = {}
    for method in klass.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        base = first_param(method)
        if base is None:
            continue
        stack: list[ast.AST] = list(reversed(method.body))
        while stack:
            stmt = stack.pop()
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for target in targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == base:
                        found.setdefault(target.attr, []).append((method, stmt, stmt.value))  # type: ignore[arg-type]
                    elif unpacked and isinstance(target, ast.Tuple):
                        for attr, part in _unpacked_parts(target, stmt.value, base):  # type: ignore[arg-type]
                            found.setdefault(attr, []).append((method, stmt, part))  # type: ignore[arg-type]
            for field in ("body", "orelse", "finalbody"):
                stack.extend(reversed(getattr(stmt, field, ()) or ()))
            for handler in getattr(stmt, "handlers", ()) or ():
                stack.extend(reversed(handler.body))
    return found


def _unpacked_parts(target: ast.Tuple, value: ast.expr, base: str) -> list[tuple[str, ast.expr]]:
    """``(attr, part of value)`` for each ``base.attr`` of the tuple target ``target``: the item of
    a tuple of as many values, else ``value[i]`` (a new node, located at ``value``)."""
    if any(isinstance(item, ast.Starred) for item in target.elts):
        return []
    parts: list[tuple[str, ast.expr]] = []
    for index, item in enumerate(target.elts):
        if not (isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) and item.value.id == base):
            continue
        if isinstance(value, ast.Tuple) and len(value.elts) == len(target.elts):
            part = value.elts[index]
        else:
            part = ast.copy_location(ast.Subscript(value=value, slice=ast.Constant(index), ctx=ast.Load()), value)
        parts.append((item.attr, part))
    return parts


def is_pytree_class(klass: ast.ClassDef, resolve: Resolve) -> bool:
    """A pytree (equinox, flax, chex, registered) or a module whose attributes are set under a
    trace: jit receives its arrays as inputs, or they are tracers."""
    for base in klass.bases:
        qualified = resolve(base) or ""
        if qualified.startswith(PYTREE_BASE_PREFIXES) or qualified.endswith(("PyTreeNode", "Module")) and "." in qualified:
            return True
    for decorator in klass.decorator_list:
        expr = decorator.func if isinstance(decorator, ast.Call) else decorator
        qualified = resolve(expr) or ""
        if qualified.endswith(PYTREE_DECORATORS) or qualified.endswith("dataclass") and not qualified.startswith("dataclasses."):
            return True
    for stmt in klass.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if stmt.name in PYTREE_METHODS:
                return True
            # ``@jax.jit`` on a method passes ``self`` as a traced argument: only a pytree
            # (registered elsewhere) can be one (a static method jitted takes no ``self``).
            if not is_static_or_class_method(stmt) and any(jit_traces_self(decorator, stmt, resolve) for decorator in stmt.decorator_list):
                return True
    return False


def jit_transform(decorator: ast.AST, resolve: Resolve) -> tuple[str, ast.Call | None] | None:
    """``("jax.jit", the call holding its options)`` for ``@jax.jit``, ``@partial(jax.jit, ...)``,
    ``@jax.jit(static_argnums=...)``; None for any other decorator."""
    call = decorator if isinstance(decorator, ast.Call) else None
    func = call.func if call is not None else decorator
    if call is not None and resolve(func) == "functools.partial" and call.args:
        func = call.args[0]
    qualified = resolve(func)
    if qualified in JIT_TRANSFORMS:
        return qualified, call
    return None


def static_parameters(function: ast.AST, resolve: Resolve) -> set[str]:
    """The parameters a jit decorator of ``function`` makes static (``@partial(jax.jit,
    static_argnums=(1,))``, ``static_argnames=("exprs",)``, literal positions and names only):
    hashable Python values fixed when traced, never arrays."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return set()
    names = [arg.arg for arg in [*function.args.posonlyargs, *function.args.args]]
    found: set[str] = set()
    for decorator in function.decorator_list:
        jitted = jit_transform(decorator, resolve)
        call = jitted[1] if jitted is not None else None
        for item in call.keywords if call is not None else ():
            values = item.value.elts if isinstance(item.value, (ast.Tuple, ast.List)) else [item.value]
            for value in values:
                if not isinstance(value, ast.Constant):
                    continue
                if item.arg == "static_argnums" and type(value.value) is int and -len(names) <= value.value < len(names):
                    found.add(names[value.value])
                elif item.arg == "static_argnames" and isinstance(value.value, str):
                    found.add(value.value)
    return found


def jit_traces_self(decorator: ast.AST, method: ast.AST, resolve: Resolve) -> bool:
    """True for a jit decorator that does not make the method's first parameter static."""
    found = jit_transform(decorator, resolve)
    if found is None or found[0] == "flax.nnx.jit":
        return found is not None
    _, call = found
    base = first_param(method)
    if call is None:
        return True
    for item in call.keywords:
        text = ast.unparse(item.value)
        if item.arg == "static_argnums" and re.fullmatch(r"\(?\s*0\s*(,.*)?\)?|\[\s*0\s*(,.*)?\]", text):
            return False
        if item.arg == "static_argnames" and base is not None and f"'{base}'" in text.replace('"', "'"):
            return False
    return True


# -- sizes ---------------------------------------------------------------------------------


def captured_bytes(value: v.Value, x64: bool) -> int | None:
    """The bytes jit embeds for ``value`` (64-bit dtypes become 32-bit ones unless x64 is on)."""
    count = value.elements
    if count is None:
        return None
    dtype = value.dtype or "float32"
    if not x64:
        dtype = WIDE_DTYPES.get(dtype, dtype)
    return count * v.ITEMSIZE.get(dtype, 4)


def human_bytes(count: int) -> str:
    """``4.2 MB``, ``1.1 GB`` (decimal units, as the measurements are written)."""
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if count >= scale:
            return f"{count / scale:.3g} {unit}"
    return f"{count} bytes"


def uses_x64(text: str) -> bool:
    return ("x64" in text or "X64" in text) and X64_MENTION.search(text) is not None
