"""Captured names and array sizes: what a function reads from outside, and how big it is.

- ``Bindings``: the values a scope (the module, or one function body) assigns to
  each name, in order, without descending into nested functions or classes.
- ``bound_names``: every name a function binds locally (parameters, assignments,
  loop and ``with`` targets, imports, nested defs), i.e. the names it does *not*
  read from an enclosing scope.
- ``name_reads`` / ``attribute_reads``: where a function reads given names (or
  ``self.<attr>``) in its own body. Reads that only look at the metadata of an
  array (``x.shape``, ``x.dtype``, ``len(x)``) are left out: they do not put the
  array in the traced program.
- ``ArraySizes``: how many elements an array-producing expression has, when
  it can be told from literals (``jnp.zeros((1000, 64))``, ``jnp.array([1., 2.])``,
  ``jnp.arange(N)`` with ``N = 100`` at module level), or why it cannot
  (``np.load(...)`` reads data; ``jnp.ones((n, n))`` with ``n`` a parameter).

This is a lightweight stand-in for libcst's ScopeProvider (which costs several
parses per file): lexical scopes only, no class-body scopes, no ``exec``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

import libcst as cst

from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.vectorize import ELEMENTWISE, code

#: Arrays with at most this many elements are small: embedding them is free.
SMALL_ARRAY = 1024
#: Arrays with at least this many elements are large. In between, a closed-over array
#: compiles as fast as one passed in (measured with jax 0.10.2 on CPU: 65,536 float32
#: elements, 36 ms either way; 1,048,576: 104 ms against 32 ms).
LARGE_ARRAY = 65_536

#: Attribute reads and builtins that look at an array's metadata, not its data.
METADATA_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "itemsize", "nbytes", "sharding", "aval", "weak_type"})
METADATA_BUILTINS = frozenset({"len", "isinstance", "type", "id", "hasattr", "callable"})
#: Array functions that read only the shape and dtype of their first argument.
METADATA_FUNCTIONS = frozenset(
    {"zeros_like", "ones_like", "empty_like", "full_like", "shape", "ndim", "size", "result_type", "eval_shape", "ShapeDtypeStruct"}
)

ARRAY_MODULES = ("numpy", "jax.numpy", "autograd.numpy")

#: Constructors whose first argument (or ``shape=``) is the shape.
SHAPE_FIRST = frozenset({"zeros", "ones", "empty", "full"})
#: Constructors whose result has the size of their first argument.
SAME_SIZE = frozenset(
    {
        "array", "asarray", "asanyarray", "ascontiguousarray", "copy", "atleast_1d", "atleast_2d", "atleast_3d",
        "zeros_like", "ones_like", "empty_like", "full_like", "float32", "float64", "float16", "bfloat16",
        "int32", "int64", "int8", "uint8", "uint32", "bool_", "complex64", "complex128",
    }
)
#: Functions that read data from a file or buffer: size unknown, and usually large.
LOADERS = frozenset({"load", "loadtxt", "genfromtxt", "fromfile", "memmap", "frombuffer", "fromregex"})
#: Qualified-name prefixes of dataset loaders (their results, and parts of them, are data).
DATASET_LOADERS = (
    "pandas.read_",
    "pickle.load",
    "joblib.load",
    "torch.load",
    "h5py.File",
    "datasets.load_from_disk",
    "scipy.io.loadmat",
    "sklearn.datasets.load_",
    "sklearn.datasets.fetch_",
    "sklearn.datasets.make_",
    "tensorflow_datasets.load",
    "tensorflow_datasets.as_numpy",
    "datasets.load_dataset",
    "keras.datasets.",
    "tensorflow.keras.datasets.",
)
#: Array methods and attributes that keep the size of the array they are called on.
SAME_SIZE_METHODS = frozenset({"reshape", "astype", "copy", "ravel", "flatten", "squeeze", "transpose", "to_numpy", "numpy", "block_until_ready", "view"})
SAME_SIZE_ATTRIBUTES = frozenset({"T", "mT", "values", "real", "imag", "data", "target"})

#: jax.random functions that return keys: tiny.
KEY_FUNCTIONS = frozenset({"PRNGKey", "key", "split", "fold_in", "key_data", "wrap_key_data", "clone", "key_impl"})
#: Position of the ``shape`` argument of jax.random samplers (after the key).
JAX_RANDOM_SHAPE = {
    "normal": 1, "uniform": 1, "randint": 1, "bits": 1, "exponential": 1, "laplace": 1, "logistic": 1,
    "cauchy": 1, "gumbel": 1, "rademacher": 1, "maxwell": 1, "bernoulli": 2, "gamma": 2, "poisson": 2,
    "t": 2, "dirichlet": 2, "choice": 2, "truncated_normal": 3, "beta": 3, "categorical": 3,
    "multivariate_normal": 3, "double_sided_maxwell": 3, "weibull_min": 3, "pareto": 2, "loggamma": 2,
}
#: Position of the ``size`` argument of numpy.random functions (``randn``/``rand`` take dimensions).
NUMPY_RANDOM_SIZE = {
    "random": 0, "random_sample": 0, "sample": 0, "standard_normal": 0, "standard_exponential": 0,
    "normal": 2, "uniform": 2, "randint": 2, "integers": 2, "binomial": 2, "poisson": 1, "exponential": 1,
    "choice": 1, "beta": 2, "gamma": 2, "laplace": 2, "logistic": 2, "lognormal": 2, "multivariate_normal": 2,
    "standard_t": 1, "rayleigh": 1, "geometric": 1, "chisquare": 1,
}
RNG_CONSTRUCTORS = frozenset({"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator"})

#: What a name is bound to: the assigned expression, the import that binds it, or None
#: (a parameter, a loop variable, a def: something that is not an array we can size).
Binding = cst.BaseExpression | cst.ImportAlias | None


@dataclass(frozen=True)
class Size:
    """The number of elements of an array (None: not known) and how it was told."""

    elements: int | None
    reason: str

    @property
    def small(self) -> bool:
        return self.elements is not None and self.elements <= SMALL_ARRAY

    @property
    def large(self) -> bool:
        """Large, or of unknown size (data, or a shape that is not a constant)."""
        return self.elements is None or self.elements >= LARGE_ARRAY


def _short(node: cst.CSTNode, limit: int = 40) -> str:
    text = " ".join(code(node).split())
    return text if len(text) <= limit else text[: limit - 5] + "...)"


# -- what a scope binds ------------------------------------------------------------


class Bindings:
    """Name -> the values a scope assigns to it, in order (None: bound by something else)."""

    def __init__(self, statements: Sequence[cst.CSTNode]) -> None:
        self.values: dict[str, list[Binding]] = {}
        for stmt in statements:
            self._statement(stmt)

    @classmethod
    def of_module(cls, module: cst.Module) -> "Bindings":
        return cls(module.body)

    @classmethod
    def of_function(cls, function: cst.FunctionDef | cst.Lambda) -> "Bindings":
        if isinstance(function, cst.FunctionDef) and isinstance(function.body, cst.IndentedBlock):
            bindings = cls(function.body.body)
        else:
            bindings = cls(())
        for param in _params(function):
            # A literal default stands for the usual value (``def test(self, dim=16)``).
            default = param.default if isinstance(param.default, (cst.Integer, cst.Float, cst.Tuple)) else None
            bindings.values.setdefault(param.name.value, []).insert(0, default)
        return bindings

    def _bind(self, name: str, value: Binding) -> None:
        self.values.setdefault(name, []).append(value)

    def _target(self, target: cst.BaseExpression, value: Binding) -> None:
        if isinstance(target, cst.Name):
            self._bind(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = [element.value for element in target.elements]
            if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elements) and not any(
                isinstance(element, cst.StarredElement) for element in value.elements
            ):
                for inner, part in zip(elements, value.elements):
                    self._target(inner, part.value)
            else:
                # Unpacking a call: every part keeps the call (a dataset loader's parts are data).
                for inner in elements:
                    self._target(inner, value if isinstance(value, cst.Call) else None)
        elif isinstance(target, cst.StarredElement):
            self._target(target.value, None)

    def _statement(self, stmt: cst.CSTNode) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    for target in small.targets:
                        self._target(target.target, small.value)
                elif isinstance(small, cst.AnnAssign) and small.value is not None:
                    self._target(small.target, small.value)
                elif isinstance(small, cst.AugAssign):
                    self._target(small.target, None)
                elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                    for alias in small.names:
                        self._bind(_import_binding(alias), alias)
            return
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            self._bind(stmt.name.value, None)
            return
        if isinstance(stmt, cst.For):
            self._target(stmt.target, None)
        if isinstance(stmt, cst.With):
            for item in stmt.items:
                if item.asname is not None:
                    self._target(item.asname.name, None)
        for block in _blocks(stmt):
            for inner in block:
                self._statement(inner)


def _import_binding(alias: cst.ImportAlias) -> str:
    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
        return alias.asname.name.value
    name = alias.name
    while isinstance(name, cst.Attribute):
        name = name.value
    return name.value if isinstance(name, cst.Name) else ""


def _blocks(stmt: cst.CSTNode) -> Iterator[Sequence[cst.CSTNode]]:
    """The statement blocks of a compound statement (if/else, try/except/finally, for, while, with)."""
    body = getattr(stmt, "body", None)
    if isinstance(body, cst.IndentedBlock):
        yield body.body
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, cst.If):
        yield (orelse,)
    elif orelse is not None and isinstance(getattr(orelse, "body", None), cst.IndentedBlock):
        yield orelse.body.body
    for handler in getattr(stmt, "handlers", ()):
        if isinstance(handler.body, cst.IndentedBlock):
            yield handler.body.body
    final = getattr(stmt, "finalbody", None)
    if final is not None and isinstance(final.body, cst.IndentedBlock):
        yield final.body.body


def _params(function: cst.FunctionDef | cst.Lambda) -> list[cst.Param]:
    params = function.params
    found = [*params.posonly_params, *params.params, *params.kwonly_params]
    if isinstance(params.star_arg, cst.Param):
        found.append(params.star_arg)
    if params.star_kwarg is not None:
        found.append(params.star_kwarg)
    return found


def first_param(function: cst.FunctionDef | cst.Lambda) -> str | None:
    params = [*function.params.posonly_params, *function.params.params]
    return params[0].name.value if params else None


class _Binder(cst.CSTVisitor):
    """Names bound in one function's own scope, and those it declares global/nonlocal."""

    def __init__(self, root: cst.CSTNode) -> None:
        super().__init__()
        self.root = root
        self.bound: set[str] = set()
        self.declared: set[str] = set()

    def _target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.bound.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._target(element.value)
        elif isinstance(target, cst.StarredElement):
            self._target(target.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        if node is self.root:
            return True
        self.bound.add(node.name.value)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return node is self.root

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.bound.add(node.name.value)
        return False

    def visit_Param(self, node: cst.Param) -> None:
        self.bound.add(node.name.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._target(node.target)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._target(node.target)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._target(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._target(node.name)  # type: ignore[arg-type]

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        self.bound.add(_import_binding(node))

    def visit_Global(self, node: cst.Global) -> None:
        self.declared.update(item.name.value for item in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.declared.update(item.name.value for item in node.names)


def bound_names(function: cst.FunctionDef | cst.Lambda) -> set[str]:
    """Names local to ``function``: it never reads them from an enclosing scope."""
    binder = _Binder(function)
    function.visit(binder)
    return binder.bound - binder.declared


# -- where a function reads names -----------------------------------------------------


class _Reads(cst.CSTVisitor):
    """Loads of ``names`` (and of ``<base>.<attr>`` for ``attrs``) in one function's own scope."""

    def __init__(self, root: cst.CSTNode, names: frozenset[str], base: str | None, attrs: frozenset[str]) -> None:
        super().__init__()
        self.root = root
        self.names = names
        self.base = base
        self.attrs = attrs
        self.found: list[cst.Name | cst.Attribute] = []

    def _store(self, target: cst.BaseExpression) -> None:
        """Visit an assignment target: names are stores, ``a[i]`` / ``a.b`` read ``a``."""
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._store(element.value)
        elif isinstance(target, cst.StarredElement):
            self._store(target.value)
        elif isinstance(target, cst.Attribute):
            target.value.visit(self)
        elif isinstance(target, cst.Subscript):
            target.value.visit(self)
            for element in target.slice:
                element.visit(self)

    def _enclosing_parts(self, node: cst.FunctionDef | cst.Lambda) -> None:
        """A nested function's decorators and defaults are evaluated in this scope."""
        if isinstance(node, cst.FunctionDef):
            for decorator in node.decorators:
                decorator.visit(self)
        for param in _params(node):
            if param.default is not None:
                param.default.visit(self)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        if node is self.root:
            node.body.visit(self)
        else:
            self._enclosing_parts(node)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        if node is self.root:
            node.body.visit(self)
        else:
            self._enclosing_parts(node)
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        for base in node.bases:
            base.visit(self)
        return False

    def visit_Annotation(self, node: cst.Annotation) -> bool:
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        attr = node.attr.value
        if isinstance(node.value, cst.Name):
            if attr in METADATA_ATTRIBUTES:
                return False
            if node.value.value == self.base and attr in self.attrs:
                self.found.append(node)
                return False
        if isinstance(node.value, cst.Attribute) and attr in METADATA_ATTRIBUTES:
            inner = node.value
            if isinstance(inner.value, cst.Name) and inner.value.value == self.base:
                return False  # self.table.shape
        node.value.visit(self)
        return False

    def visit_Call(self, node: cst.Call) -> bool:
        func = node.func
        if isinstance(func, cst.Name) and func.value in METADATA_BUILTINS:
            for arg in node.args:
                if not isinstance(arg.value, (cst.Name, cst.Attribute)):
                    arg.value.visit(self)
            return False
        if isinstance(func, cst.Attribute) and func.attr.value in METADATA_FUNCTIONS and node.args:
            # jnp.zeros_like(X), jnp.shape(X): X's data never enters the program.
            func.value.visit(self)
            first = node.args[0].value
            if not isinstance(first, (cst.Name, cst.Attribute)):
                first.visit(self)
            for arg in node.args[1:]:
                arg.value.visit(self)
            return False
        return True

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False

    def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
        self._store(node.target)
        return False

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        self._store(node.target)
        if node.value is not None:
            node.value.visit(self)
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> bool:
        self._store(node.target)
        node.value.visit(self)
        return False

    def visit_For(self, node: cst.For) -> bool:
        self._store(node.target)
        node.iter.visit(self)
        node.body.visit(self)
        if node.orelse is not None:
            node.orelse.visit(self)
        return False

    def visit_CompFor(self, node: cst.CompFor) -> bool:
        self._store(node.target)
        node.iter.visit(self)
        for condition in node.ifs:
            condition.visit(self)
        if node.inner_for_in is not None:
            node.inner_for_in.visit(self)
        return False

    def visit_NamedExpr(self, node: cst.NamedExpr) -> bool:
        node.value.visit(self)
        return False

    def visit_AsName(self, node: cst.AsName) -> bool:
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def visit_Global(self, node: cst.Global) -> bool:
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        return False

    def visit_Del(self, node: cst.Del) -> bool:
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in self.names:
            self.found.append(node)


def name_reads(function: cst.FunctionDef | cst.Lambda, names: frozenset[str]) -> list[cst.Name]:
    """Loads of ``names`` in ``function``'s own body (not in nested functions' bodies), in order."""
    reads = _Reads(function, names, None, frozenset())
    function.visit(reads)
    return [node for node in reads.found if isinstance(node, cst.Name)]


def attribute_reads(function: cst.FunctionDef | cst.Lambda, base: str, attrs: frozenset[str]) -> list[cst.Attribute]:
    """Loads of ``<base>.<attr>`` for ``attr`` in ``attrs`` in ``function``'s own body, in order."""
    reads = _Reads(function, frozenset(), base, attrs)
    function.visit(reads)
    return [node for node in reads.found if isinstance(node, cst.Attribute)]


# -- how big an array is --------------------------------------------------------------

class Scope:
    """The bindings visible from one place: innermost scope first, then the module.

    ``lookup(name)`` is the last value bound to ``name``; inside that value, the same
    name means the binding before it (``x = jnp.asarray(x)``), hence ``before``.
    """

    def __init__(self, chain: Sequence[Bindings], cut: dict[str, int] | None = None) -> None:
        self.chain = tuple(chain)
        self.cut = cut or {}

    def _values(self, name: str) -> list[Binding] | None:
        for bindings in self.chain:
            if name in bindings.values:
                return bindings.values[name]
        return None

    def lookup(self, name: str) -> Binding:
        values = self._values(name)
        if not values:
            return None
        index = self.cut.get(name, len(values)) - 1
        return values[index] if index >= 0 else None

    def before(self, name: str) -> "Scope":
        """This scope, seen from inside the value ``lookup(name)`` returns."""
        values = self._values(name) or []
        return Scope(self.chain, {**self.cut, name: self.cut.get(name, len(values)) - 1})


class ArraySizes:
    """Sizes of array-producing expressions, from literals and the bindings in scope."""

    def __init__(self, names: ImportMap) -> None:
        self.names = names

    def _qualified(self, func: cst.BaseExpression) -> tuple[str, str] | None:
        """``("numpy", "zeros")``, ``("jax.random", "normal")``, ``("pandas", "read_csv")``..."""
        qualified = self.names.resolve(func)
        if qualified is None:
            return None
        module, _, name = qualified.rpartition(".")
        return module, name

    def looks_like_array(self, expr: cst.BaseExpression) -> bool:
        """A cheap test: is ``expr`` built by an array constructor, sampler or loader call?"""
        for node in _calls_in(expr):
            found = self._qualified(node.func)
            if found is None:
                continue
            module, name = found
            qualified = f"{module}.{name}"
            if module in ARRAY_MODULES and (name in SHAPE_FIRST or name in SAME_SIZE or name in LOADERS or name in RANGE_FUNCTIONS or name in ("eye", "identity", "tri")):
                return True
            if module in ("jax.random", "numpy.random") or qualified == "jax.device_put" or qualified.startswith(DATASET_LOADERS):
                return True
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            # rng.normal(size=...): sized later, once ``rng`` is known to be a numpy Generator.
            return expr.func.attr.value in NUMPY_RANDOM_SIZE and self._qualified(expr.func) is None
        return False

    def size(self, expr: cst.BaseExpression, scope: Scope, depth: int = 0) -> Size | None:
        """The size of the array ``expr`` builds; None when ``expr`` is not known to be an array."""
        if depth > 8:
            return None
        depth += 1
        if isinstance(expr, cst.Name):
            value = scope.lookup(expr.value)
            if value is None or value is expr:
                return None
            return self.size(value, scope.before(expr.value), depth)
        if isinstance(expr, cst.Call):
            return self._call_size(expr, scope, depth)
        if isinstance(expr, cst.Attribute) and expr.attr.value in SAME_SIZE_ATTRIBUTES:
            return self.size(expr.value, scope, depth)
        if isinstance(expr, cst.Subscript):
            base = self.size(expr.value, scope, depth)
            if base is None or base.small:
                return base
            if base.elements is None:
                return base  # a part of loaded data is data
            return Size(None, f"a slice of {base.reason}")
        if isinstance(expr, (cst.BinaryOperation, cst.Comparison)):
            left = self.size(expr.left, scope, depth)
            if isinstance(expr, cst.Comparison):
                right = self.size(expr.comparisons[0].comparator, scope, depth) if len(expr.comparisons) == 1 else None
            else:
                right = self.size(expr.right, scope, depth)
            sizes = [size for size in (left, right) if size is not None]
            if not sizes:
                return None
            unknown = [size for size in sizes if size.elements is None]
            if unknown:
                return unknown[0]
            largest = max(sizes, key=lambda size: size.elements or 0)
            if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.MatrixMultiply) and not largest.small:
                # A product can be smaller than its operands: only its origin is known.
                return Size(None, f"`{_short(expr)}`, a product with an array of {largest.elements:,} elements")
            return largest  # elementwise: the result is at least as large as its largest operand
        return None

    def _call_size(self, call: cst.Call, scope: Scope, depth: int) -> Size | None:
        func = call.func
        # Methods that keep the size: x.reshape(...), x.astype(...), df.to_numpy().
        if isinstance(func, cst.Attribute) and func.attr.value in SAME_SIZE_METHODS and self._qualified(func) is None:
            return self.size(func.value, scope, depth)
        found = self._qualified(func)
        if found is None:
            return self._rng_method(call, scope)
        module, name = found
        qualified = f"{module}.{name}"
        if qualified.startswith(DATASET_LOADERS):
            return Size(None, f"data from `{_short(call)}`")
        if module == "jax.random":
            return self._jax_random(call, name, scope)
        if module == "numpy.random":
            return self._numpy_random(call, name, scope)
        if qualified == "jax.device_put" and call.args:
            return self.size(call.args[0].value, scope, depth)
        if module not in ARRAY_MODULES:
            return None
        if name in LOADERS:
            return Size(None, f"data from `{_short(call)}`")
        args = _positional(call)
        if name in SHAPE_FIRST:
            shape = _keyword(call, "shape") or (args[0] if args else None)
            return self._shape_size(shape, call, scope)
        if name in SAME_SIZE:
            value = _keyword(call, "object") or _keyword(call, "a") or (args[0] if args else None)
            if value is None:
                return None
            return self._value_size(value, call, scope, depth)
        if name in ("eye", "identity", "tri"):
            rows = _int_value(args[0], scope) if args else None
            cols_expr = _keyword(call, "M") or (args[1] if len(args) > 1 and name != "identity" else None)
            cols = _int_value(cols_expr, scope) if cols_expr is not None else rows
            if rows is None or cols is None:
                return Size(None, f"the size of `{_short(call)}` is not a constant")
            return _counted(rows * cols, f"`{_short(call)}`")
        if name in RANGE_FUNCTIONS:
            return self._range_size(call, name, scope)
        if f"jax.numpy.{name}" in ELEMENTWISE and args:
            return self.size(args[0], scope, depth)  # jnp.tanh(X) has the size of X
        return None

    def _value_size(self, value: cst.BaseExpression, call: cst.Call, scope: Scope, depth: int) -> Size | None:
        """The size of ``jnp.asarray(value)``; None for another module's constant (it cannot be judged here)."""
        if isinstance(value, (cst.List, cst.Tuple)):
            count = self._literal_count(value, scope, depth)
            if count is None:
                return Size(None, f"`{_short(call)}` holds arrays of unknown size")
            return _counted(count, "a literal")
        if isinstance(value, (cst.Integer, cst.Float, cst.Imaginary, cst.UnaryOperation, cst.SimpleString)):
            return Size(1, "a scalar")
        count = _sequence_count(value, scope)
        if count is not None:
            return _counted(count, f"`{_short(value)}`")
        inner = self.size(value, scope, depth)
        if inner is not None:
            return inner
        if isinstance(value, cst.Name):
            bound = scope.lookup(value.value)
            if isinstance(bound, (cst.List, cst.Tuple)):
                count = self._literal_count(bound, scope, depth)
                if count is not None:
                    return _counted(count, "a literal")
            if isinstance(bound, (cst.Integer, cst.Float)):
                return Size(1, "a scalar")
            if bound is not None and (count := _sequence_count(bound, scope)) is not None:
                return _counted(count, f"`{_short(bound)}`")
        head = value
        while isinstance(head, cst.Attribute):
            head = head.value
        if isinstance(head, cst.Name) and (isinstance(scope.lookup(head.value), cst.ImportAlias) or self.names.resolve(head) is not None):
            return None  # another module's constant: its size cannot be told here
        return Size(None, f"the size of `{_short(value)}` is not known here")

    def _literal_count(self, value: cst.BaseExpression, scope: Scope, depth: int) -> int | None:
        """Elements of a nested literal list; None when an element is an array of unknown size."""
        if isinstance(value, (cst.List, cst.Tuple)):
            total = 0
            for element in value.elements:
                if isinstance(element, cst.StarredElement):
                    return None
                count = self._literal_count(element.value, scope, depth)
                if count is None:
                    return None
                total += count
            return total
        inner = self.size(value, scope, depth) if isinstance(value, (cst.Name, cst.Call)) else None
        if inner is not None:
            return inner.elements
        return 1

    def _shape_size(self, shape: cst.BaseExpression | None, call: cst.Call, scope: Scope) -> Size:
        if shape is None:
            return Size(1, "a scalar")
        elements = _shape_elements(shape, scope)
        if elements is None:
            return Size(None, f"the shape `{_short(shape)}` is not a constant")
        return _counted(elements, f"shape `{_short(shape)}`")

    def _range_size(self, call: cst.Call, name: str, scope: Scope) -> Size:
        args = _positional(call)
        if name == "arange":
            values = [_number(arg, scope) for arg in args[:3]]
            if not values or any(value is None for value in values):
                return Size(None, f"the length of `{_short(call)}` is not a constant")
            start, stop, step = (0.0, values[0], 1.0) if len(values) == 1 else (values[0], values[1], values[2] if len(values) == 3 else 1.0)
            if not step:
                return Size(None, "a range with step 0")
            return _counted(max(0, int(-(-(stop - start) // step))), f"`{_short(call)}`")  # type: ignore[operator]
        num = _keyword(call, "num") or (args[2] if len(args) > 2 else None)
        count = 50 if num is None else _int_value(num, scope)
        if count is None:
            return Size(None, f"the length of `{_short(call)}` is not a constant")
        return _counted(count, f"`{_short(call)}`")

    def _jax_random(self, call: cst.Call, name: str, scope: Scope) -> Size | None:
        if name in KEY_FUNCTIONS:
            return Size(2, "a PRNG key")
        if name == "permutation":
            args = _positional(call)
            value = _keyword(call, "x") or (args[1] if len(args) > 1 else None)
            count = _int_value(value, scope) if value is not None else None
            return _counted(count, f"`{_short(call)}`") if count is not None else Size(None, f"the length of `{_short(call)}` is not a constant")
        if name == "orthogonal":
            args = _positional(call)
            size = _int_value(args[1], scope) if len(args) > 1 else None
            return _counted(size * size, f"`{_short(call)}`") if size is not None else Size(None, f"the size of `{_short(call)}` is not a constant")
        position = JAX_RANDOM_SHAPE.get(name)
        if position is None:
            return None
        args = _positional(call)
        shape = _keyword(call, "shape") or (args[position] if len(args) > position else None)
        return self._shape_size(shape, call, scope)

    def _numpy_random(self, call: cst.Call, name: str, scope: Scope) -> Size | None:
        args = _positional(call)
        if name in ("randn", "rand"):
            if _keyword(call, "size") is not None or any(isinstance(arg, (cst.Tuple, cst.List)) for arg in args):
                return None
            dims = [_int_value(arg, scope) for arg in args]
            if any(dim is None for dim in dims):
                return Size(None, f"the shape of `{_short(call)}` is not a constant")
            return _counted(_product(dims), f"`{_short(call)}`")  # type: ignore[arg-type]
        if name == "permutation":
            count = _int_value(args[0], scope) if args else None
            return _counted(count, f"`{_short(call)}`") if count is not None else Size(None, f"the length of `{_short(call)}` is not a constant")
        position = NUMPY_RANDOM_SIZE.get(name)
        if position is None:
            return None
        size = _keyword(call, "size") or (args[position] if len(args) > position else None)
        return self._shape_size(size, call, scope)

    def _rng_method(self, call: cst.Call, scope: Scope) -> Size | None:
        """``rng.normal(size=...)`` with ``rng = np.random.default_rng(...)``."""
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in NUMPY_RANDOM_SIZE:
            return None
        base = func.value
        if isinstance(base, cst.Name):
            bound = scope.lookup(base.value)
            base = bound if bound is not None else base
        if not (isinstance(base, cst.Call) and self.names.resolve(base.func) in RNG_CONSTRUCTORS):
            return None
        return self._numpy_random(call, func.attr.value, scope)


RANGE_FUNCTIONS = frozenset({"arange", "linspace", "logspace", "geomspace"})


def operand_names(expr: cst.BaseExpression) -> set[str]:
    """Names ``expr`` computes with at its top (operands, receivers, call arguments), cheaply.

    ``{"X", "w"}`` for ``X @ w.T + jnp.log(X)``; nested lambdas and comprehensions are not entered.
    """
    found: set[str] = set()
    stack: list[cst.BaseExpression] = [expr]
    seen = 0
    while stack and seen < 64:
        seen += 1
        node = stack.pop()
        if isinstance(node, cst.Name):
            found.add(node.value)
        elif isinstance(node, cst.Call):
            stack.append(node.func.value if isinstance(node.func, cst.Attribute) else node.func)
            stack.extend(arg.value for arg in node.args)
        elif isinstance(node, cst.BinaryOperation):
            stack.extend((node.left, node.right))
        elif isinstance(node, cst.UnaryOperation):
            stack.append(node.expression)
        elif isinstance(node, (cst.Attribute, cst.Subscript)):
            stack.append(node.value)
        elif isinstance(node, (cst.Tuple, cst.List)):
            stack.extend(element.value for element in node.elements)
    return found


def _calls_in(expr: cst.BaseExpression) -> Iterator[cst.Call]:
    """Calls at the top of ``expr``: the call itself, its receivers and arguments, operands."""
    stack: list[cst.BaseExpression] = [expr]
    seen = 0
    while stack and seen < 32:
        seen += 1
        node = stack.pop()
        if isinstance(node, cst.Call):
            yield node
            if isinstance(node.func, cst.Attribute):
                stack.append(node.func.value)
            stack.extend(arg.value for arg in node.args)
        elif isinstance(node, cst.BinaryOperation):
            stack.extend((node.left, node.right))
        elif isinstance(node, cst.Comparison):
            stack.append(node.left)
        elif isinstance(node, (cst.Attribute, cst.Subscript)):
            stack.append(node.value)
        elif isinstance(node, (cst.Tuple, cst.List)):
            stack.extend(element.value for element in node.elements)


def _sequence_count(value: cst.BaseExpression, scope: Scope) -> int | None:
    """Items of ``range(...)``, ``list(range(...))`` or ``[f(i) for i in range(...)]`` with constant bounds."""
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        loop = value.for_in
        if loop.inner_for_in is not None or loop.ifs or isinstance(value.elt, (cst.List, cst.Tuple, cst.ListComp)):
            return None
        return _sequence_count(loop.iter, scope)
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
        return None
    args = _positional(value)
    if value.func.value in ("list", "tuple") and len(args) == 1:
        return _sequence_count(args[0], scope)
    if value.func.value != "range" or not 1 <= len(args) <= 3:
        return None
    bounds = [_int_value(arg, scope) for arg in args]
    if any(bound is None for bound in bounds):
        return None
    start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (bounds[0], bounds[1], bounds[2] if len(bounds) == 3 else 1)
    if not step:
        return None
    return len(range(start, stop, step))  # type: ignore[arg-type]


def _positional(call: cst.Call) -> list[cst.BaseExpression]:
    return [arg.value for arg in call.args if arg.keyword is None and not arg.star]


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _counted(elements: int, what: str) -> Size:
    """A known size; ``what`` says where it comes from (a shape, a literal, a call)."""
    return Size(elements, f"{what}: {elements:,} elements")


def _product(values: Sequence[int]) -> int:
    total = 1
    for value in values:
        total *= value
    return total


def _number(expr: cst.BaseExpression, scope: Scope, depth: int = 0) -> float | None:
    """The value of a constant numeric expression (literals, module constants, arithmetic)."""
    if depth > 6:
        return None
    if isinstance(expr, (cst.Integer, cst.Float)):
        return expr.evaluated_value
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = _number(expr.expression, scope, depth + 1)
        return -inner if inner is not None else None
    if isinstance(expr, cst.Name):
        bound = scope.lookup(expr.value)
        return _number(bound, scope, depth + 1) if bound is not None and bound is not expr else None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "int" and len(expr.args) == 1:
        inner = _number(expr.args[0].value, scope, depth + 1)
        return float(int(inner)) if inner is not None else None
    if isinstance(expr, cst.BinaryOperation):
        left = _number(expr.left, scope, depth + 1)
        right = _number(expr.right, scope, depth + 1)
        if left is None or right is None:
            return None
        operator = expr.operator
        try:
            if isinstance(operator, cst.Add):
                return left + right
            if isinstance(operator, cst.Subtract):
                return left - right
            if isinstance(operator, cst.Multiply):
                return left * right
            if isinstance(operator, cst.FloorDivide):
                return left // right
            if isinstance(operator, cst.Divide):
                return left / right
            if isinstance(operator, cst.Power) and abs(right) <= 64:
                return left**right
            if isinstance(operator, cst.LeftShift):
                return float(int(left) << int(right))
        except (ZeroDivisionError, OverflowError, ValueError):
            return None
    return None


def _int_value(expr: cst.BaseExpression | None, scope: Scope) -> int | None:
    if expr is None:
        return None
    value = _number(expr, scope)
    if value is None or value != int(value):
        return None
    return int(value)


def _shape_elements(shape: cst.BaseExpression, scope: Scope, depth: int = 0) -> int | None:
    """Elements of an array of shape ``shape`` (an int, a tuple of ints, or a name bound to one)."""
    if isinstance(shape, (cst.Tuple, cst.List)):
        dims = [_int_value(element.value, scope) if not isinstance(element, cst.StarredElement) else None for element in shape.elements]
        if any(dim is None for dim in dims):
            return None
        return _product(dims)  # type: ignore[arg-type]
    if isinstance(shape, cst.Name) and depth < 4:
        bound = scope.lookup(shape.value)
        if isinstance(bound, (cst.Tuple, cst.List)):
            return _shape_elements(bound, scope, depth + 1)
    return _int_value(shape, scope)
