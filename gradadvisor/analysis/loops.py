"""Loop extent: is a loop's iterable data-sized, or small and static?

Data-sized: iterating an array; ``range(len(x))``, ``range(x.shape[k])``,
``range(n)`` with ``n`` a parameter or derived from a shape; ``zip`` of arrays;
a literal range longer than ``SMALL_RANGE``. Small or static: a literal range up
to ``SMALL_RANGE``; lists and tuples written out; layers, modules and parameter
collections (by name); ``params.items()`` / ``.values()``; pytree leaves;
``zip(weights, biases)``; config values; strings. Only data-sized loops feed the
loop rules: unrolling a loop over three layers is how JAX code is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import libcst as cst

from gradadvisor.analysis.arrays import ArrayFacts, is_collection_name

if TYPE_CHECKING:
    from gradadvisor.engine.context import ModuleContext

#: Literal ranges up to this many iterations are "small" (stencils, RK stages, 3-vectors).
SMALL_RANGE = 8

ExtentKind = Literal["data", "static", "unknown"]

TREE_FUNCTIONS = ("tree_leaves", "tree_map", "tree_flatten", "tree_util", "tree.leaves", "tree.map", "tree.flatten", "tree_structure")
CONFIG_BASES = frozenset({"self", "cls", "config", "cfg", "conf", "hparams", "hps", "args", "opts", "options", "settings", "params", "hyperparams", "flags", "FLAGS"})


@dataclass(frozen=True)
class Extent:
    kind: ExtentKind
    reason: str

    @property
    def is_data(self) -> bool:
        return self.kind == "data"


STATIC = "static"
DATA = "data"
UNKNOWN = "unknown"


def _int_value(expr: cst.BaseExpression) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        value = _int_value(expr.expression)
        return -value if value is not None else None
    return None


def _small_slice(subscript: cst.Subscript) -> int | None:
    """The length of ``x[:3]``, ``x[1:4]``, ``x[-2:]`` when the bounds are literal and it is at most
    ``SMALL_RANGE``; None otherwise."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Slice):
        return None
    part = subscript.slice[0].slice
    lower = _int_value(part.lower) if part.lower is not None else 0
    upper = _int_value(part.upper) if part.upper is not None else None
    step = _int_value(part.step) if part.step is not None else 1
    if lower is None or step is None or step <= 0:
        return None
    if upper is None:
        count = -lower if lower < 0 else None
    elif (lower < 0) != (upper < 0) and upper != 0:
        return None  # x[-5:3]: depends on the length
    else:
        count = max(0, -(-(upper - lower) // step))
    return count if count is not None and count <= SMALL_RANGE else None


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


class LoopExtent:
    def __init__(self, ctx: "ModuleContext") -> None:
        self.ctx = ctx
        self.arrays = ArrayFacts(ctx.names, ctx.module)
        #: Names whose assigned value is being classified (``xs = list(xs)`` must not recurse forever).
        self._resolving: set[str] = set()

    def _traced(self, function: cst.CSTNode | None) -> bool:
        return function is not None and self.ctx.gradient.is_traced(function)  # type: ignore[arg-type]

    def of_iterable(self, iterable: cst.BaseExpression, function: cst.CSTNode | None) -> Extent:
        """Classify what a ``for`` or comprehension iterates over, inside ``function``."""
        if isinstance(iterable, (cst.List, cst.Tuple, cst.Set, cst.Dict)):
            return Extent(STATIC, f"a literal collection of {len(iterable.elements)} items")
        if isinstance(iterable, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
            return Extent(STATIC, "a string")
        if isinstance(iterable, cst.Call):
            return self._of_call(iterable, function)
        if isinstance(iterable, cst.Subscript):
            count = _small_slice(iterable)
            if count is not None:
                return Extent(STATIC, f"`{_code(iterable)}`: a slice of {count} items")
            return self.of_iterable(iterable.value, function)
        if isinstance(iterable, cst.Attribute):
            if isinstance(iterable.value, cst.Name) and iterable.value.value in CONFIG_BASES:
                return Extent(STATIC, f"`{_code(iterable)}` (an attribute: layers, modules or config)")
            if is_collection_name(iterable.attr.value):
                return Extent(STATIC, f"`{_code(iterable)}` (a collection of {iterable.attr.value})")
        if isinstance(iterable, cst.Name):
            if is_collection_name(iterable.value):
                return Extent(STATIC, f"`{iterable.value}` (named as a collection)")
            facts = self.arrays.facts(function)
            assigned = facts.assigned.get(iterable.value)
            small = self._small_literal_array(assigned) if assigned is not None else None
            if small is not None:
                return small
            if assigned is not None and not self.arrays.array_call(assigned) and iterable.value not in self._resolving:
                self._resolving.add(iterable.value)
                try:
                    nested = self.of_iterable(assigned, function) if isinstance(assigned, (cst.Call, cst.List, cst.Tuple)) else None
                finally:
                    self._resolving.discard(iterable.value)
                if nested is not None and nested.kind != UNKNOWN:
                    return nested
        array = self.arrays.is_array(iterable, function, lambda: self._traced(function))
        if array:
            return Extent(DATA, f"`{_code(iterable)}` is an array: one iteration per element")
        if array is False:
            return Extent(STATIC, f"`{_code(iterable)}` is a Python value")
        return Extent(UNKNOWN, f"cannot tell what `{_code(iterable)}` holds")

    def _of_call(self, call: cst.Call, function: cst.CSTNode | None) -> Extent:
        func = call.func
        qualified = self.ctx.names.resolve(func) or ""
        name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        args = [arg.value for arg in call.args if arg.keyword is None]
        if any(part in qualified for part in TREE_FUNCTIONS) or name in ("tree_leaves", "tree_flatten", "leaves"):
            return Extent(STATIC, "pytree leaves")
        if isinstance(func, cst.Attribute) and name in ("items", "values", "keys"):
            return Extent(STATIC, f"`.{name}()` of a mapping (parameters or config)")
        if isinstance(func, cst.Name) and name == "range" and not self.ctx.names.aliases.get("range") or qualified in ("jax.numpy.arange",):
            return self._of_range(args, function)
        if isinstance(func, cst.Name) and name in ("enumerate", "reversed", "sorted", "list", "tuple", "iter") and args:
            return self.of_iterable(args[0], function)
        if isinstance(func, cst.Name) and name == "zip" and args:
            extents = [self.of_iterable(arg, function) for arg in args]
            if any(extent.kind == STATIC for extent in extents):
                return next(extent for extent in extents if extent.kind == STATIC)
            if all(extent.kind == DATA for extent in extents):
                return Extent(DATA, "zip of arrays: " + extents[0].reason)
            return Extent(UNKNOWN, "zip of values of unknown size")
        small = self._small_literal_array(call)
        if small is not None:
            return small
        if self.arrays.array_call(call):
            return Extent(DATA, f"`{_code(call)}` returns an array")
        return Extent(UNKNOWN, f"cannot tell the length of `{_code(call)}`")

    def _small_literal_array(self, value: cst.BaseExpression) -> Extent | None:
        """STATIC for an array whose leading axis is written out and small: ``jnp.array([a, b, c])``,
        ``jnp.stack((u, v))``, ``jnp.eye(3)``, ``jnp.zeros((4, n))``, ``jnp.linspace(0, 1, 5)``, ``jnp.arange(3)``."""
        if not isinstance(value, cst.Call):
            return None
        qualified = self.ctx.names.resolve(value.func) or ""
        module, _, name = qualified.rpartition(".")
        if module not in ("jax.numpy", "autograd.numpy"):
            return None
        positional = [arg.value for arg in value.args if arg.keyword is None and not arg.star]
        keywords = {arg.keyword.value: arg.value for arg in value.args if arg.keyword is not None}
        length: int | None = None
        if name in ("array", "asarray", "stack") and positional and isinstance(positional[0], (cst.List, cst.Tuple)):
            if not any(isinstance(element, cst.StarredElement) for element in positional[0].elements):
                length = len(positional[0].elements)
        elif name in ("eye", "identity", "zeros", "ones", "empty", "full") and positional:
            shape = positional[0]
            if isinstance(shape, (cst.Tuple, cst.List)) and shape.elements:
                shape = shape.elements[0].value
            length = _int_value(shape)
        elif name in ("linspace", "logspace", "geomspace"):
            count = positional[2] if len(positional) >= 3 else keywords.get("num")
            length = _int_value(count) if count is not None else None
        elif name == "arange" and positional:
            bounds = [_int_value(arg) for arg in positional[:2]]
            if None not in bounds:
                length = bounds[0] if len(bounds) == 1 else bounds[1] - bounds[0]
        if length is None or length > SMALL_RANGE:
            return None
        return Extent(STATIC, f"`{_code(value)}`: an array of {length} items written out")

    def of_bound(self, bound: cst.BaseExpression, function: cst.CSTNode | None) -> Extent:
        """Classify a loop bound such as the ``n`` of ``while i < n``, as ``range(n)`` would be."""
        return self._of_range([bound], function)

    def _of_range(self, args: list[cst.BaseExpression], function: cst.CSTNode | None) -> Extent:
        if not args:
            return Extent(UNKNOWN, "range()")
        start, stop = (args[0], args[1]) if len(args) >= 2 else (None, args[0])
        low = _int_value(start) if start is not None else 0
        high = _int_value(stop)
        if low is not None and high is not None:
            count = max(0, high - low)
            if count <= SMALL_RANGE:
                return Extent(STATIC, f"a literal range of {count} iterations")
            return Extent(DATA, f"a literal range of {count} iterations")
        return self._of_size(stop, function, depth=0)

    def _enclosing(self, function: cst.CSTNode | None) -> list[cst.CSTNode]:
        """The functions enclosing ``function``, innermost first (from the traversal's scope stack)."""
        functions = [scope for scope in self.ctx.scope_stack if isinstance(scope, (cst.FunctionDef, cst.Lambda))]
        for position, scope in enumerate(functions):
            if scope is function:
                return functions[:position][::-1]
        return []

    def _of_size(self, size: cst.BaseExpression, function: cst.CSTNode | None, depth: int) -> Extent:
        """Classify a loop bound (``len(x)``, ``x.shape[0]``, ``n``, ``cfg.num_layers``)."""
        text = _code(size)
        if depth > 4:
            return Extent(UNKNOWN, f"cannot tell the size of `{text}`")
        if isinstance(size, cst.Integer):
            value = _int_value(size) or 0
            return Extent(STATIC if value <= SMALL_RANGE else DATA, f"a literal range of {value} iterations")
        if isinstance(size, cst.Call) and isinstance(size.func, cst.Name) and size.func.value == "len" and size.args:
            target = size.args[0].value
            inner = self.of_iterable(target, function)
            if inner.kind == STATIC:
                return Extent(STATIC, f"`{text}`: {inner.reason}")
            return Extent(DATA, f"`{text}`: one iteration per element")
        if isinstance(size, cst.Subscript) and isinstance(size.value, cst.Attribute) and size.value.attr.value == "shape":
            return Extent(DATA, f"`{text}`: an array dimension")
        if isinstance(size, cst.Attribute):
            if size.attr.value in ("size", "shape"):
                return Extent(DATA, f"`{text}`: an array size")
            return Extent(STATIC, f"`{text}` (a config or module attribute)")
        if isinstance(size, cst.Call) and (self.ctx.names.resolve(size.func) or "").endswith(("numpy.size", "numpy.shape")):
            return Extent(DATA, f"`{text}`: an array size")
        if isinstance(size, cst.BinaryOperation):
            left = self._of_size(size.left, function, depth + 1)
            right = self._of_size(size.right, function, depth + 1)
            for extent in (left, right):
                if extent.kind == DATA:
                    return Extent(DATA, f"`{text}`: {extent.reason}")
            if left.kind == STATIC and right.kind == STATIC:
                return Extent(STATIC, f"`{text}`: small")
            return Extent(UNKNOWN, f"cannot tell the size of `{text}`")
        if isinstance(size, cst.Name):
            name = size.value
            if is_collection_name(name) or name.startswith(("num_layer", "n_layer", "num_head", "n_head", "depth", "num_block", "n_block")):
                return Extent(STATIC, f"`{name}` (a count of layers, heads or blocks)")
            facts = self.arrays.facts(function)
            if name in facts.assigned:
                return self._of_size(facts.assigned[name], function, depth + 1)
            if name in facts.parameters:
                param = facts.parameters[name]
                default = _int_value(param.default) if param.default is not None else None
                if default is not None and default <= SMALL_RANGE:
                    return Extent(STATIC, f"`{name}` defaults to {default}")
                return Extent(DATA, f"`{name}` is a parameter: the loop grows with the input")
            for outer in self._enclosing(function):
                outer_facts = self.arrays.facts(outer)
                if name in outer_facts.assigned or name in outer_facts.parameters:
                    return self._of_size(size, outer, depth + 1)  # a closure variable
            module_facts = self.arrays.facts(None)
            if name in module_facts.assigned:
                return self._of_size(module_facts.assigned[name], None, depth + 1)
        return Extent(UNKNOWN, f"cannot tell the size of `{text}`")
