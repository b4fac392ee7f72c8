"""What a per-element loop body becomes when vectorized.

Shared by the loop rules: is a body jax work at all, is it elementwise in the loop
variable (so ``f(x_i)`` for each i is just ``f(x)``), how a loop reads as a walk
over the leading axis of arrays, and the rewritten expression:

- elementwise in the loop variable and nothing else (``jnp.exp(-3 * (x_i + 1))``):
  the array substituted for the variable;
- elementwise but reading other names: substituted too, but the names might
  broadcast differently against the whole array, so the fix cannot be proven;
- anything else: ``jax.vmap(f)(x)`` or ``jax.vmap(lambda x_i: body)(x)``.

Whether a rewrite is *safe* is for the rule to prove from facts (ranks, dtypes,
shadowing...): this module says what the rewrite is and what it assumed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace

from gradadvisor.analysis import library as lib
from gradadvisor.analysis.blocks import block_rows, offsets_only_in_blocks
from gradadvisor.analysis.gradient import DIFFERENTIATED_ARGUMENTS
from gradadvisor.analysis.operations import spellings
from gradadvisor.analysis.syntax import call, child_nodes, dotted, full_slice, int_value, keyword, name, names_read, offset_of, positional, substitute, tail_name, walk, walk_local

ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.FloorDiv, ast.Mod)
#: Comparisons of arrays are elementwise (``a < b`` compares item by item); ``is`` and ``in`` are not.
COMPARISONS = (ast.Lt, ast.Gt, ast.LtE, ast.GtE, ast.Eq, ast.NotEq)

#: Builtins that say nothing about where a loop runs (``print``, ``float``, ``int`` do: the host).
NEUTRAL_BUILTINS = frozenset({"len", "range", "min", "max", "abs", "isinstance", "tuple", "list", "zip", "enumerate", "reversed", "sum"})
#: Library calls that return what they are given (a copy): neutral as the builtins above.
NEUTRAL_CALLS = frozenset({"copy.copy", "copy.deepcopy"})
#: Calls and methods that turn an array into a Python value: a body using them runs on the host.
TO_PYTHON_CALLS = frozenset({"float", "int", "complex", "bool"})
TO_PYTHON_METHODS = frozenset({"item", "tolist"})
#: Attributes and methods of a jax array. Any other attribute of a loop variable
#: (``layer.weight``, ``dist.log_prob(...)``) says its elements are objects.
ARRAY_ATTRIBUTES = frozenset(
    {
        "T", "mT", "shape", "ndim", "dtype", "size", "real", "imag", "at", "sum", "mean", "max", "min", "prod",
        "std", "var", "reshape", "astype", "transpose", "ravel", "flatten", "squeeze", "dot", "clip", "round",
        "conj", "all", "any", "argmax", "argmin", "cumsum", "cumprod", "swapaxes", "take", "sort", "argsort",
        "trace", "diagonal", "item", "tolist", "copy", "view", "nbytes", "itemsize", "block_until_ready",
    }
) | frozenset(spelling.name for spelling in spellings() if spelling.form in ("method", "attribute"))  # the operation table's `a.conjugate()`
#: Methods of jax arrays and of ``x.at[i]``.
ARRAY_METHODS = ARRAY_ATTRIBUTES | {"set", "add", "mul", "multiply", "divide", "power", "get", "min", "max", "apply"}
#: Dtype names whose presence near a rewrite means sums may not be exact.


def is_jax_call(node: ast.Call, resolve) -> bool:
    qualified = resolve(node.func) or ""
    return qualified.startswith(("jax.", "autograd.numpy.", "autograd.scipy."))


def calls_jax(node: ast.AST, resolve, local_function=None) -> bool:
    """True when ``node`` calls a jax function or multiplies matrices, directly or through
    a function of this module (``local_function(name)`` -> its def, ``"self.name"`` for a
    method of the class around)."""
    seen: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        for child in walk(current):
            if isinstance(child, ast.BinOp) and isinstance(child.op, ast.MatMult):
                return True
            if not isinstance(child, ast.Call):
                continue
            if is_jax_call(child, resolve):
                return True
            func = child.func
            # ``relax(e)``, or a sibling method ``self.tick(e)`` (looked up as ``"self.tick"``)
            callee = func.id if isinstance(func, ast.Name) else f"self.{func.attr}" if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" else None
            if local_function is not None and callee is not None and callee not in seen:
                seen.add(callee)
                definition = local_function(callee)
                if definition is not None and len(seen) < 20:
                    pending.append(definition)
    return False


def converts_to_python(node: ast.AST, var: str) -> bool:
    """True when ``node`` turns something read from ``var`` into a Python value
    (``float(f(v))``, ``f(v).item()``, ``.tolist()``): host-side code."""
    for child in walk(node):
        if not isinstance(child, ast.Call):
            continue
        if isinstance(child.func, ast.Name) and child.func.id in TO_PYTHON_CALLS:
            if any(var in names_read(arg) for arg in child.args):
                return True
        elif isinstance(child.func, ast.Attribute) and child.func.attr in TO_PYTHON_METHODS and not child.args:
            if var in names_read(child.func.value):
                return True
    return False


def element_is_object(body: ast.AST, var: str) -> bool:
    """True when ``body`` calls ``var`` (``m(x)``) or reads an attribute no array has
    (``c.log_prob(x)``, ``layer.weight``): the loop walks functions, modules or
    distributions, not rows of an array."""
    for child in walk(body):
        if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == var:
            return True
        if isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and child.value.id == var and child.attr not in ARRAY_ATTRIBUTES:
            return True
    return False


def has_walrus(node: ast.AST) -> bool:
    return any(isinstance(child, ast.NamedExpr) for child in walk(node))


def is_elementwise_function(qualified: str | None) -> bool:
    if qualified is None:
        return False
    module, _, function = qualified.rpartition(".")
    return (module in lib.JAX_NUMPY and function in lib.ELEMENTWISE) or qualified in lib.ELEMENTWISE_QUALIFIED


@dataclass(frozen=True)
class Elementwise:
    """How a body depends on the loop variable, when it is elementwise in it."""

    #: Names other than the loop variable that the body reads (they must broadcast the same way).
    free: frozenset[str]
    #: Module attributes it reads (``jnp.pi``): constants.
    constants: bool = False


def elementwise_in(expr: ast.AST, var: str, resolve) -> Elementwise | None:
    """Elementwise arithmetic and elementwise jax.numpy calls in ``var`` (None if not, or if
    ``var`` is not used)."""
    return elementwise_in_any(expr, frozenset((var,)), resolve)


def replace_name(expr: ast.AST, var: str, value: ast.expr) -> ast.AST:
    """``expr`` with every read of ``var`` replaced by ``value`` (parenthesised by the renderer
    where precedence needs it). Lambda parameters named ``var`` shadow it."""
    def replace(node: ast.AST) -> ast.AST | None:
        if isinstance(node, ast.Name) and node.id == var:
            return value
        if isinstance(node, ast.Lambda) and var in {arg.arg for arg in node.args.args}:
            return node
        return None

    return substitute(expr, replace)


def sized_array(size: ast.AST) -> ast.expr | None:
    """``a`` for ``len(a)`` or ``a.shape[0]``."""
    if isinstance(size, ast.Call) and isinstance(size.func, ast.Name) and size.func.id == "len" and len(size.args) == 1:
        return size.args[0]
    if (
        isinstance(size, ast.Subscript)
        and isinstance(size.value, ast.Attribute)
        and size.value.attr == "shape"
        and isinstance(size.slice, ast.Constant)
        and size.slice.value == 0
    ):
        return size.value.value
    return None


def indexed_element(iterable: ast.AST, body: ast.AST, var: str, code) -> tuple[ast.expr, ast.AST] | None:
    """``(a, body with a[var] read as var)`` for ``range(len(a))`` / ``range(a.shape[0])`` loops
    whose index is read only as ``a[var]``; None otherwise."""
    if not (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range" and len(iterable.args) == 1 and not iterable.keywords):
        return None
    array = sized_array(iterable.args[0])
    if array is None or var in names_read(array):
        return None
    array_code = code(array)
    replaced = 0

    def replace(node: ast.AST) -> ast.AST | None:
        nonlocal replaced
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == var and code(node.value) == array_code:
            replaced += 1
            return name(var)
        return None

    element_body = substitute(body, replace)
    if replaced == 0 or replaced != sum(1 for child in walk(body) if isinstance(child, ast.Name) and child.id == var):
        return None
    return array, element_body


@dataclass(frozen=True)
class ElementLoop:
    """``for variables in zip(*arrays)``: one iteration per index of the arrays' leading axis.
    ``body`` is what each iteration computes, with ``a[i]`` already read as ``i`` for
    ``range(len(a))`` loops."""

    variables: tuple[str, ...]
    arrays: tuple[ast.expr, ...]
    body: ast.AST
    #: The axis of each array the loop walks (None: the leading axis of every array);
    #: ``x[:, i]`` and ``jnp.take(x, i, axis=1)`` walk axis 1.
    axes: tuple[int, ...] | None = None
    #: For a loop over an index (``range(n)``, ``while i < n``): the count ``n``. The arrays
    #: are then read at the index, so the rewrite is exact only when ``n`` is their length.
    count: ast.expr | None = None
    #: What reading the loop as one map assumes (``zip`` stops at the shortest argument...).
    assumptions: tuple[str, ...] = ()
    #: For ``range(start, count)``: the first index (None: 0).
    start: ast.expr | None = None
    #: The block widths callers choose (``x[i * chunk:(i + 1) * chunk]``, ``analysis/blocks.py``):
    #: a loop over chunks of a chosen size is how code bounds memory, unless a trace is shown.
    chunks: tuple[str, ...] = ()
    #: Each step reads contiguous blocks (``x[s:s + k]`` over ``range(0, n, k)``): the loop walks
    #: the rows of reshaped views, one block per step.
    blocked: bool = False

    def axis(self, position: int) -> int:
        return self.axes[position] if self.axes is not None else 0


#: Builtins whose iteration is not a plain walk over an array's leading axis.
NOT_AN_AXIS_WALK = frozenset({"range", "enumerate", "zip", "reversed", "sorted", "list", "tuple", "iter", "map", "filter", "set", "dict", "next"})


def element_loop(target: ast.AST, iterable: ast.AST, body: ast.AST, code) -> ElementLoop | None:
    """Read ``for target in iterable: body`` as a walk over the leading axis of arrays:
    ``x in xs``; ``x, y in zip(xs, ys)``; ``i, x in enumerate(xs)`` when ``i`` is unused;
    ``i in range(len(xs))`` when ``i`` is only read as ``xs[i]``. None otherwise (and for a
    body with ``:=``, which carries a value from one iteration to the next)."""
    if has_walrus(body):
        return None
    if (
        isinstance(target, ast.Tuple)
        and len(target.elts) == 2
        and all(isinstance(element, ast.Name) for element in target.elts)
        and isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Name)
        and iterable.func.id == "enumerate"
        and len(iterable.args) == 1
        and not iterable.keywords
    ):
        index, element = (item.id for item in target.elts)  # type: ignore[attr-defined]
        if index in names_read(body) or index == element:
            return None
        return element_loop(target.elts[1], iterable.args[0], body, code)
    if isinstance(target, ast.Name):
        var = target.id
        indexed = indexed_element(iterable, body, var, code)
        if indexed is not None:
            return ElementLoop((var,), (indexed[0],), indexed[1])
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id in NOT_AN_AXIS_WALK:
            return None
        return ElementLoop((var,), (iterable,), body)  # type: ignore[arg-type]
    if not (isinstance(target, ast.Tuple) and isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "zip"):
        return None
    if not all(isinstance(element, ast.Name) for element in target.elts) or any(isinstance(arg, ast.Starred) for arg in iterable.args):
        return None
    if any(item.arg != "strict" for item in iterable.keywords):
        return None
    variables = [element.id for element in target.elts]  # type: ignore[attr-defined]
    arrays = list(iterable.args)
    if len(arrays) != len(variables) or len(set(variables)) != len(variables):
        return None
    return ElementLoop(tuple(variables), tuple(arrays), body)


@dataclass(frozen=True)
class Vectorized:
    expression: ast.expr
    how: str  # "elementwise" | "vmap"
    #: What the rewrite assumed, for the fix's preconditions.
    assumptions: tuple[str, ...] = field(default=())


def vmapped(loop: ElementLoop, vmap: str, out_axes: ast.expr | None = None) -> Vectorized:
    """``jax.vmap(f, in_axes=...)(*arrays)``: the loop's results stacked along ``out_axes``.

    A body that passes each loop variable whole to one function maps that function, with
    ``in_axes`` ``None`` for the shared arguments; any other body becomes a lambda."""
    direct = _direct_call(loop)
    inner_assumptions: tuple[str, ...] = ()
    if direct is not None:
        function, axes, operands = direct
    else:
        arguments = ast.arguments(posonlyargs=[], args=[ast.arg(arg=var) for var in loop.variables], kwonlyargs=[], kw_defaults=[], defaults=[])
        body, inner_assumptions = _inner_maps(loop.body, vmap)
        function = ast.Lambda(args=arguments, body=body)
        axes, operands = [loop.axis(position) for position in range(len(loop.arrays))], list(loop.arrays)
    keywords = {}
    if any(axis != 0 for axis in axes):
        if len(axes) == 1:
            keywords["in_axes"] = ast.Constant(axes[0])
        else:
            keywords["in_axes"] = ast.Tuple(elts=[ast.Constant(axis) for axis in axes], ctx=ast.Load())
    if out_axes is not None:
        keywords["out_axes"] = out_axes
    mapped = call(call(vmap, function, **keywords), *operands)
    return Vectorized(mapped, "vmap", ("the body is a JAX function of one element (no Python control flow on its values)", *loop.assumptions, *inner_assumptions))


def _inner_maps(body: ast.expr, vmap: str) -> tuple[ast.expr, tuple[str, ...]]:
    """A body that is itself a list over rows (``[k(x, y) for y in X2]``, a Gram matrix's row)
    as a nested ``vmap`` (``jax.vmap(lambda y: k(x, y))(X2)``): a list in a vmapped function
    would come back as a list of mapped arrays, its axes swapped once joined."""
    if not isinstance(body, ast.ListComp) or len(body.generators) != 1:
        return body, ()
    generator = body.generators[0]
    if generator.ifs or generator.is_async or not isinstance(generator.target, ast.Name) or names_read(generator.iter) & {generator.target.id}:
        return body, ()
    var = generator.target.id
    inner, assumptions = _inner_maps(body.elt, vmap)
    arguments = ast.arguments(posonlyargs=[], args=[ast.arg(arg=var)], kwonlyargs=[], kw_defaults=[], defaults=[])
    mapped = call(call(vmap, ast.Lambda(args=arguments, body=inner)), generator.iter)
    return mapped, (f"`{ast.unparse(generator.iter)}` is an array with as many rows in every step (the inner list becomes a mapped axis)", *assumptions)


def _direct_call(loop: ElementLoop) -> tuple[ast.expr, list[int | None], list[ast.expr]] | None:
    """For a body ``f(a, x, b)`` that passes each loop variable once as a whole argument:
    ``(f, axes, operands)``, with axis ``None`` for the shared arguments."""
    body = loop.body
    variables = set(loop.variables)
    if not isinstance(body, ast.Call) or not body.args or body.keywords or variables & names_read(body.func):
        return None
    axes: list[int | None] = []
    operands: list[ast.expr] = []
    seen: set[str] = set()
    for arg in body.args:
        if isinstance(arg, ast.Starred):
            return None
        if isinstance(arg, ast.Name) and arg.id in variables and arg.id not in seen:
            seen.add(arg.id)
            position = loop.variables.index(arg.id)
            axes.append(loop.axis(position))
            operands.append(loop.arrays[position])
        elif not (names_read(arg) & variables) and (dotted(arg) is not None or isinstance(arg, ast.Constant)):
            axes.append(None)
            operands.append(arg)
        else:
            return None
    if seen != variables:
        return None
    return body.func, axes, operands


def batched(loop: ElementLoop, resolve, vmap: str, out_axes: ast.expr | None = None) -> Vectorized:
    """The loop's results stacked along ``out_axes`` (0 if None): the body with the array
    substituted when it is elementwise in its one variable, else ``vmapped``."""
    if out_axes is None and len(loop.variables) == 1 and loop.axis(0) == 0:
        shape = elementwise_in(loop.body, loop.variables[0], resolve)
        if shape is not None:
            expression = replace_name(loop.body, loop.variables[0], loop.arrays[0])
            assumptions = () if not shape.free else (f"{', '.join(sorted(shape.free))} broadcast against the whole array as against one element",)
            return Vectorized(expression, "elementwise", assumptions)  # type: ignore[arg-type]
    return vmapped(loop, vmap, out_axes)


def first_positional(node: ast.Call) -> ast.expr | None:
    args = positional(node)
    return args[0] if args else None


# -- reading a loop as one map over arrays --------------------------------------------------

#: Functions whose arguments are shapes, sizes or bounds: an index passed to them cannot be mapped.
STATIC_ARGUMENT_FUNCTIONS = frozenset(
    {
        "zeros", "ones", "empty", "full", "arange", "eye", "identity", "linspace", "logspace", "reshape", "broadcast_to",
        "pad", "split", "array_split", "tile", "repeat", "tri", "triu", "tril", "diag", "resize", "expand_dims", "squeeze",
    }
)


@dataclass(frozen=True)
class ProductLoop:
    """``for a, b in itertools.product(xs, ys)``: one iteration per pair of rows."""

    variables: tuple[str, ...]
    arrays: tuple[ast.expr, ...]
    body: ast.AST


def read_loop(target: ast.AST, iterable: ast.AST, body: ast.AST, *, code, resolve, is_builtin, arange=None, written=None) -> ElementLoop | ProductLoop | None:
    """Read ``for target in iterable: body`` (a loop or a comprehension) as one map over arrays.

    - ``x in xs``: the rows of ``xs``;
    - ``x, y in zip(xs, ys)`` (``zip(xs[:-1], xs[1:])`` for neighbours): the rows of both;
    - ``i, x in enumerate(xs)``: the rows of ``xs``, and of any array read at ``i``;
    - ``i in range(n)`` (``range(len(xs))``...): the arrays read at ``i`` (``xs[i]``,
      ``xs[i, ...]``, ``xs[:, i]``, ``jnp.take(xs, i, axis=k)``, ``lax.dynamic_index_in_dim``);
      an index also passed to functions as a value (``R(t)``) maps over ``arange(n)``, spelled
      by ``arange(count)`` (no reading when it is None);
    - ``a, b in itertools.product(xs, ys)``: a ``ProductLoop``.

    None for anything else, and for a body with ``:=`` (it carries a value from one
    iteration to the next). ``is_builtin(node, name)`` tells a builtin from a rebinding."""
    if has_walrus(body) or has_walrus(iterable):
        return None
    call_name = iterable.func.id if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and is_builtin(iterable.func, iterable.func.id) else None
    if isinstance(iterable, ast.Call) and (iterable.keywords and call_name != "zip" or any(isinstance(arg, ast.Starred) for arg in iterable.args)):
        return None
    if isinstance(target, ast.Name):
        var = target.id
        if call_name == "range":
            start = None
            if len(iterable.args) == 1:  # type: ignore[attr-defined]
                count = iterable.args[0]  # type: ignore[attr-defined]
            elif len(iterable.args) == 2:  # type: ignore[attr-defined]
                start, count = iterable.args  # type: ignore[attr-defined]
                if _literal_int(start) == 0:
                    start = None
            elif len(iterable.args) == 3 and _literal_int(iterable.args[0]) == 0:  # type: ignore[attr-defined]
                # ``for s in range(0, n, k)`` reading only ``x[s:s + k]``: block ``s // k`` of a view
                stop, stride = iterable.args[1], iterable.args[2]  # type: ignore[attr-defined]
                body, blocks, chunks = block_rows(body, var, stride)
                if not blocks or not offsets_only_in_blocks(body, var):
                    return None
                loop = index_loop(var, ast.BinOp(left=stop, op=ast.FloorDiv(), right=stride), body, code=code, resolve=resolve, is_builtin=is_builtin)
                return replace(loop, assumptions=(*loop.assumptions, *blocks), chunks=chunks, blocked=True) if loop is not None else None
            elif len(iterable.args) == 3 and _literal_int(iterable.args[1]) == _literal_int(iterable.args[2]) == -1:  # type: ignore[attr-defined]
                # ``range(n - 1, -1, -1)``: the rows of ``range(n)``, last to first
                base, shift = offset_of(iterable.args[0])  # type: ignore[attr-defined]
                if base is None or shift != -1:
                    return None
                loop = index_loop(var, base, body, code=code, resolve=resolve, is_builtin=is_builtin, arange=arange, written=written)
                backward = "the loop walks the rows last to first: the map's results come first to last (reverse them where order matters)"
                return replace(loop, assumptions=(*loop.assumptions, backward)) if loop is not None else None
            else:
                return None
            return index_loop(var, count, body, code=code, resolve=resolve, is_builtin=is_builtin, arange=arange, start=start, written=written)
        if call_name is not None and call_name in NOT_AN_AXIS_WALK:
            return None
        if isinstance(iterable, ast.Call) and (resolve(iterable.func) or "").startswith("itertools."):
            return None
        return ElementLoop((var,), (iterable,), body)  # type: ignore[arg-type]
    if not isinstance(target, ast.Tuple):
        return None
    # ``i, (x, y) in enumerate(zip(xs, ys))``: an index, then the zipped elements
    zipped = call_name == "enumerate" and len(target.elts) == 2 and isinstance(target.elts[1], ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts[1].elts)
    if not all(isinstance(element, ast.Name) for element in target.elts[: 1 if zipped else None]):
        return None
    variables = (target.elts[0].id, *(e.id for e in target.elts[1].elts)) if zipped else tuple(element.id for element in target.elts)  # type: ignore[attr-defined]
    if len(set(variables)) != len(variables):
        return None
    if call_name == "enumerate" and len(target.elts) == 2 and len(iterable.args) == 1:  # type: ignore[attr-defined]
        index = variables[0]
        inner = read_loop(target.elts[1], iterable.args[0], body, code=code, resolve=resolve, is_builtin=is_builtin)  # type: ignore[attr-defined]
        if not isinstance(inner, ElementLoop) or inner.count is not None:
            return None
        if index not in names_read(body):
            return inner
        # The index reads other arrays at the same row: map them alongside.
        indexed = index_loop(index, None, inner.body, code=code, resolve=resolve, is_builtin=is_builtin, arange=None)
        if indexed is None:
            return None
        return ElementLoop(
            inner.variables + indexed.variables,
            inner.arrays + indexed.arrays,
            indexed.body,
            (*[inner.axis(k) for k in range(len(inner.arrays))], *[indexed.axis(k) for k in range(len(indexed.arrays))]),
            None,
            (*inner.assumptions, f"every array read at `{index}` has as many rows as `{code(iterable.args[0])}`"),  # type: ignore[attr-defined]
        )
    if call_name == "zip":
        if any(item.arg != "strict" for item in iterable.keywords) or len(iterable.args) != len(variables):  # type: ignore[attr-defined]
            return None
        strict = any(item.arg == "strict" and isinstance(item.value, ast.Constant) and item.value.value is True for item in iterable.keywords)  # type: ignore[attr-defined]
        assumptions = () if strict else ("the zipped arrays have the same length (`zip` stops at the shortest; `vmap` needs equal lengths)",)
        return ElementLoop(variables, tuple(iterable.args), body, assumptions=assumptions)  # type: ignore[attr-defined]
    if isinstance(iterable, ast.Call) and resolve(iterable.func) == "itertools.product" and len(iterable.args) == len(variables) and not iterable.keywords:
        return ProductLoop(variables, tuple(iterable.args), body)
    return None


#: Keywords whose value must be a Python value at trace time: an index flowing into one cannot
#: be a mapped array (``jax.grad(f, argnums=k)``, ``jnp.sum(x, axis=k)``, ``jnp.zeros(shape=k)``).
STATIC_KEYWORDS = frozenset({"argnums", "argnum", "static_argnums", "static_argnames", "axis", "axes", "shape", "num", "length", "dtype"})


def static_use(body: ast.AST, index: str, resolve) -> bool:
    """``index`` reaches a place that needs a Python value (``STATIC_KEYWORDS``, or the argument
    numbers a derivative maker takes positionally, ``jax.grad(f, k)``: the transform table's
    ``differentiated_arguments``): mapping the body over ``arange`` of the indices would hand
    those places a traced array, so no ``vmap`` over the index applies."""
    for node in walk(body):
        if not isinstance(node, ast.Call):
            continue
        if any(item.arg in STATIC_KEYWORDS and index in names_read(item.value) for item in node.keywords):
            return True
        if len(node.args) > 1 and index in names_read(node.args[1]) and resolve(node.func) in DIFFERENTIATED_ARGUMENTS:
            return True
    return False


def index_loop(index: str, count: ast.expr | None, body: ast.AST, *, code, resolve, is_builtin, arange=None, start: ast.expr | None = None,
               written=None) -> ElementLoop | None:
    """``body`` run for ``index`` in ``range(count)`` (``range(start, count)``), read as a map over
    the arrays it reads at ``index`` (and over ``arange(count)`` when the index is also a value
    passed to functions). A read at a shifted index (``x[j + 1]``, ``x[j - 1]``), or any read of a
    range that does not start at 0, maps over a window of the array (``x[1:n + 1]``), as the
    index walks it: the window is exact only where the index stays inside the array (JAX clamps
    an index, and a slice clips), an assumption the reading states. A contiguous block read at the
    index (``x[i * k:(i + 1) * k]``) is row ``i`` of a reshaped view (``analysis/blocks.py``)."""
    if static_use(body, index, resolve):
        return None  # ``jax.grad(f, argnums=k)``: the index must stay a Python int
    body, blocks, chunks = block_rows(body, index)
    reads: dict[tuple[str, int], str] = {}
    windows: list[str] = []
    # A shifted read or a start makes every read a window, ``x[j]`` too (``x[:n - 1]``).
    shifted = count is not None and (start is not None or any((_indexed_read(node, index, resolve) or (0, 0, 0, 0))[3] for node in walk(body)))
    arrays: list[ast.expr] = []
    axes: list[int] = []
    taken = names_read(body)
    shadowed = False

    def element_name(array: ast.expr, axis: int) -> str:
        key = (code(array), axis)
        if key not in reads:
            base = tail_name(array) or "row"
            candidate = f"{base}_{index}"
            number = 1
            while candidate in taken or candidate in reads.values() or candidate == index:
                number += 1
                candidate = f"{base}_{index}{number}"
            reads[key] = candidate
            arrays.append(array)
            axes.append(axis)
        return reads[key]

    def replace(node: ast.AST) -> ast.AST | None:
        nonlocal shadowed
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            bound = {arg.arg for arg in node.args.args} if isinstance(node, ast.Lambda) else {n for g in node.generators for n in names_read(g.target)}
            if index in bound:
                shadowed = True
                return node
            return None
        backwards = _reversed_read(node, index, count, code) if not shifted else None
        if backwards is not None:
            # ``xs[n - 1 - j]`` for ``j`` in ``range(n)``: the first ``n`` rows, last first
            return name(element_name(backwards, 0))
        gathered = _row_gather(node, index) if not shifted else None
        if gathered is not None:
            # ``logits[i, actions[i]]``: row ``i`` indexed at what the step reads of another array
            rest = [substitute(item, replace) for item in gathered]
            if any(index in names_read(item) for item in rest):
                return None
            return ast.Subscript(value=name(element_name(node.value, 0)), slice=rest[0] if len(rest) == 1 else ast.Tuple(elts=rest, ctx=ast.Load()), ctx=ast.Load())
        found = _indexed_read(node, index, resolve)
        if found is None:
            return None
        array, axis, keep, offset = found
        if index in names_read(array):
            return None
        if shifted:
            if count is None or axis < 0 or keep is not None:
                return None
            array = _window(array, axis, start, count, offset)
            if array is None:
                return None
            windows.append(f"`{code(node)}`")
        element = name(element_name(array, axis))
        if keep is None:
            return element
        # ``lax.dynamic_index_in_dim(x, i, axis)`` keeps the axis (length 1) by default.
        return ast.Subscript(value=element, slice=ast.Tuple(elts=[*(ast.Slice() for _ in range(keep)), ast.Constant(None)], ctx=ast.Load()) if keep else ast.Constant(None), ctx=ast.Load())

    new_body = substitute(body, replace)
    if shadowed or names_read_of(arrays) & _inner_bound(body):
        return None  # ``jax.grad(lambda z: g(z)[i])(x)``: the rows of ``g(z)`` exist only inside the lambda
    remaining = sum(1 for child in walk(new_body) if isinstance(child, ast.Name) and child.id == index)
    variables = list(reads.values())
    traced_index: tuple[str, ...] = ()
    if remaining:
        uses: set[str] = set()
        if count is None or arange is None or not _index_only_passed(new_body, index, resolve, is_builtin, uses):
            return None
        if "arithmetic" in uses:
            traced_index = (f"arithmetic on `{index}`, mapped as a traced int32, gives what the Python int gave (no overflow, no negative powers)",)
        variables.insert(0, index)
        values = arange(count)
        if start is not None and isinstance(values, ast.Call) and len(values.args) == 1:
            values.args = [start, *values.args]  # ``jnp.arange(start, count)``
        arrays.insert(0, values)
        axes.insert(0, 0)
    if not variables:
        return None
    stated = written(count.id) if written is not None and isinstance(count, ast.Name) else None  # ``n = xs.shape[0]``, ``H, W = M.shape``
    if count is not None and not shifted and reads and all(axis >= 0 for axis in axes[len(axes) - len(reads):]) and not any(
        length_of(count, array, axis, code) or stated is not None and length_of(stated, array, axis, code)
        for array, axis in zip(arrays, axes) if getattr(array, "lineno", None) is not None
    ):
        # ``xs[i]`` over ``range(k)`` (``range(xs.shape[0] - 1)``): the first ``k`` rows, not all of them
        for position, (array, axis) in enumerate(zip(arrays, axes)):
            if getattr(array, "lineno", None) is not None:
                windows.append(f"`{code(array)}[{index}]`")
                arrays[position] = _window(array, axis, None, count, 0)  # type: ignore[call-overload]
    verb = "stays" if len(set(windows)) == 1 else "stay"
    assumptions = (f"{', '.join(sorted(set(windows)))} {verb} inside the array for every `{index}` in the range (a window clips where an index clamps)",) if windows else ()
    assumptions += blocks + traced_index
    return ElementLoop(tuple(variables), tuple(arrays), new_body, tuple(axes), count, assumptions, start, chunks, bool(blocks))


def grid_loop(target: ast.AST, iterable: ast.AST, body: ast.AST, resolve) -> ElementLoop | None:
    """``for (i, j) in itertools.product(range(n), range(m))`` reading every array only as
    ``a[i, j]``: one map over the grid's points, each array raveled row by row (the order the
    product walks); None for any other loop."""
    if not (isinstance(iterable, ast.Call) and resolve(iterable.func) == "itertools.product" and not iterable.keywords):
        return None
    if not (isinstance(target, ast.Tuple) and len(target.elts) == len(iterable.args) >= 2 and all(isinstance(item, ast.Name) for item in target.elts)):
        return None
    indices = [item.id for item in target.elts]  # type: ignore[attr-defined]
    if not all(isinstance(arg, ast.Call) and (isinstance(arg.func, ast.Name) and arg.func.id == "range" or (resolve(arg.func) or "").endswith("numpy.arange"))
               and len(arg.args) == 1 for arg in iterable.args):
        return None  # range(n) or arange(n) for each axis: the grid's own indices
    reads: dict[str, str] = {}
    arrays: list[ast.expr] = []

    def replace(node: ast.AST) -> ast.AST | None:
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Tuple) and [getattr(item, "id", None) for item in node.slice.elts] == indices:
            if set(indices) & names_read(node.value):
                return None
            key = ast.unparse(node.value)
            if key not in reads:
                reads[key] = f"{tail_name(node.value) or 'grid'}_{''.join(indices)}"
                arrays.append(ast.Call(func=ast.Attribute(value=node.value, attr="ravel", ctx=ast.Load()), args=[], keywords=[]))
            return ast.Name(id=reads[key], ctx=ast.Load())
        return None

    new_body = substitute(body, replace)
    if not reads or set(indices) & names_read(new_body):
        return None  # an index used otherwise than to read a point of the grid
    shown = ", ".join(f"`{key}`" for key in reads)
    return ElementLoop(tuple(reads.values()), tuple(arrays), new_body,
                       assumptions=(f"{shown} {'has' if len(reads) == 1 else 'have'} the grid's shape (the ranges the product walks): raveled row by row, one point each",))


def names_read_of(expressions: list[ast.expr]) -> set[str]:
    return {found for expression in expressions for found in names_read(expression)}


def _inner_bound(body: ast.AST) -> set[str]:
    """The names lambdas and comprehensions inside ``body`` bind."""
    found: set[str] = set()
    for node in walk(body):
        if isinstance(node, ast.Lambda):
            found.update(arg.arg for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs])
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            found.update(name for generator in node.generators for name in names_read(generator.target))
    return found


def _row_gather(node: ast.AST, index: str) -> list[ast.expr] | None:
    """The items after the first of ``x[i, idx[i]]`` (``x[i, :, c[i]]``): row ``i`` of ``x``, then
    positions some of which the step reads elsewhere at ``i``; None for any other read."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.slice, ast.Tuple) and len(node.slice.elts) >= 2):
        return None
    first, *rest = node.slice.elts
    if _index_offset(first, index) != 0 or index in names_read(node.value) or not any(index in names_read(item) for item in rest):
        return None
    return rest if not any(isinstance(item, ast.Starred) for item in rest) else None


def _window(array: ast.expr, axis: int, start: ast.expr | None, count: ast.expr, offset: int) -> ast.expr | None:
    """``array[start + offset:count + offset]`` along ``axis``: the rows a shifted index walks."""
    lower_value = (_literal_int(start) if start is not None else 0)
    if lower_value is not None and lower_value + offset < 0:
        return None  # ``x[j - 1]`` from ``j = 0``: row -1 is the last row, not a window
    lower = _shifted(start if start is not None else ast.Constant(0), offset)
    upper = _shifted(count, offset)
    part = ast.Slice(lower=None if isinstance(lower, ast.Constant) and lower.value == 0 else lower, upper=upper)
    index = part if axis == 0 else ast.Tuple(elts=[*(ast.Slice() for _ in range(axis)), part], ctx=ast.Load())
    return ast.Subscript(value=array, slice=index, ctx=ast.Load())


def _shifted(value: ast.expr, offset: int) -> ast.expr:
    """``value + offset`` as code: folded when ``value`` is a literal."""
    literal = _literal_int(value)
    if literal is not None:
        return ast.Constant(literal + offset)
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)) and _literal_int(value.right) is not None:
        inner = _literal_int(value.right) * (1 if isinstance(value.op, ast.Add) else -1)  # type: ignore[operator]
        return _shifted(value.left, inner + offset)  # ``n - 1`` shifted by 1 is ``n``
    if offset == 0:
        return value
    return ast.BinOp(left=value, op=ast.Add() if offset > 0 else ast.Sub(), right=ast.Constant(abs(offset)))


def _indexed_read(node: ast.AST, index: str, resolve) -> tuple[ast.expr, int, int | None, int] | None:
    """``(array, axis, keep)`` when ``node`` reads one slice of an array at ``index``: ``x[i]``,
    ``x[i, ...]``, ``x[:, i]``, ``x[..., i]``, ``jnp.take(x, i, axis=k)``,
    ``lax.dynamic_index_in_dim(x, i, k, keepdims=False)``. ``keep`` is the axis a length-1 axis
    stays at (``dynamic_index_in_dim`` keeps it unless told not to), else None; a fourth item is
    the index's literal shift (``x[i + 1]``: 1)."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        if isinstance(node.value, ast.Attribute) and node.value.attr == "at":
            return None  # ``x.at[i].set(v)``: a copy of all of ``x`` written at ``i``, not a row read
        part = node.slice
        offset = _index_offset(part, index)
        if offset is not None:
            return node.value, 0, None, offset
        if _one_row(part, index):
            return node.value, 0, 0, 0  # ``x[i:i + 1]``: the row, its axis kept (length 1)
        if isinstance(part, ast.Tuple):
            items = part.elts
            positions = [k for k, item in enumerate(items) if _index_offset(item, index) is not None or _one_row(item, index)]
            if len(positions) != 1:
                return None
            position = positions[0]
            offset = _index_offset(items[position], index) or 0
            keep = position if _one_row(items[position], index) else None
            before, after = items[:position], items[position + 1 :]
            ellipsis = lambda item: isinstance(item, ast.Constant) and item.value is Ellipsis  # noqa: E731
            if all(full_slice(item) for item in before) and all(full_slice(item) for item in after[:-1]) and (not after or full_slice(after[-1]) or ellipsis(after[-1])):
                return node.value, len(before), keep, offset
            if len(before) == 1 and ellipsis(before[0]) and all(full_slice(item) for item in after) and keep is None and not offset:
                return node.value, -1 - len(after), None, 0  # ``x[..., i]``, ``x[..., i, :]``
            if all(full_slice(item) for item in before) and keep is None and after and all(
                (isinstance(item, ast.Slice) or _literal_int(item) is not None or isinstance(item, ast.Constant) and item.value is None)
                and index not in names_read(item) for item in after
            ):
                # ``a[t, 2:5]`` is ``a[:, 2:5][t]``, ``w[i, :, None]`` is ``w[:, :, None][i]``: the
                # columns kept (or axes added) for every row, walked at ``t``
                kept = ast.Subscript(value=node.value, slice=ast.Tuple(elts=[*before, ast.Slice(), *after], ctx=ast.Load()), ctx=ast.Load())
                return kept, len(before), None, offset
            if before and all(_literal_int(item) is not None for item in before) and keep is None and not after:
                # ``a[0, i]`` is ``a[0][i]``: row 0 of ``a``, walked at ``i``
                row = ast.Subscript(value=node.value, slice=before[0] if len(before) == 1 else ast.Tuple(elts=list(before), ctx=ast.Load()), ctx=ast.Load())
                return row, 0, None, offset
        return None
    if not isinstance(node, ast.Call) or any(isinstance(arg, ast.Starred) for arg in node.args):
        return None
    qualified = resolve(node.func) or ""
    args = node.args
    keywords = {item.arg: item.value for item in node.keywords}
    if None in keywords or len(args) < 2 or not (isinstance(args[1], ast.Name) and args[1].id == index):
        return None
    if qualified.endswith(".numpy.take") and qualified.startswith(("jax.", "autograd.")):
        axis = args[2] if len(args) > 2 else keywords.pop("axis", None)
        if len(args) > 3 or keywords.keys() - {"axis"}:
            return None
        value = _literal_int(axis)
        return (args[0], value, None, 0) if value is not None else None
    if qualified == "jax.lax.dynamic_index_in_dim":
        axis = args[2] if len(args) > 2 else keywords.pop("axis", ast.Constant(0))
        keepdims = args[3] if len(args) > 3 else keywords.pop("keepdims", ast.Constant(True))
        value = _literal_int(axis)
        if value is None or keywords.keys() - {"axis", "keepdims"} or not (isinstance(keepdims, ast.Constant) and isinstance(keepdims.value, bool)):
            return None
        if keepdims.value:
            return (args[0], value, value, 0) if value >= 0 else None
        return args[0], value, None, 0
    return None


def _reversed_read(node: ast.AST, index: str, count: ast.expr | None, code) -> ast.expr | None:
    """``xs[n - 1 - j]`` (or ``xs[n - j - 1]``) with ``n`` the loop's count: the rows ``xs[n -
    1::-1]`` walks in order (``xs[::-1]`` when ``n`` is ``len(xs)`` or ``xs.shape[0]``); None for
    any other read."""
    if count is None or not (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load)):
        return None
    part = node.slice
    if not (isinstance(part, ast.BinOp) and isinstance(part.op, ast.Sub) and isinstance(part.left, ast.BinOp) and isinstance(part.left.op, ast.Sub)):
        return None
    first, second, third = part.left.left, part.left.right, part.right
    for lead, one, walked in ((first, second, third), (first, third, second)):
        if (isinstance(walked, ast.Name) and walked.id == index and _literal_int(one) == 1 and code(lead) == code(count)
                and index not in names_read(node.value)):
            array = node.value
            if code(count) in (f"len({code(array)})", f"{code(array)}.shape[0]"):
                return ast.Subscript(value=array, slice=ast.Slice(step=ast.Constant(-1)), ctx=ast.Load())
            upper = ast.BinOp(left=count, op=ast.Sub(), right=ast.Constant(1))
            return ast.Subscript(value=array, slice=ast.Slice(lower=upper, step=ast.Constant(-1)), ctx=ast.Load())
    return None


def _index_offset(part: ast.AST, index: str) -> int | None:
    """``i`` (0), ``i + 2`` / ``2 + i`` (2), ``i - 1`` (-1): a read at ``index`` shifted by a
    literal; None for anything else."""
    if isinstance(part, ast.Name):
        return 0 if part.id == index else None
    if not (isinstance(part, ast.BinOp) and isinstance(part.op, (ast.Add, ast.Sub))):
        return None
    left, right = part.left, part.right
    if isinstance(left, ast.Name) and left.id == index:
        shift = _literal_int(right)
        return None if shift is None else shift if isinstance(part.op, ast.Add) else -shift
    if isinstance(right, ast.Name) and right.id == index and isinstance(part.op, ast.Add):
        return _literal_int(left)
    return None


def _one_row(part: ast.AST, index: str) -> bool:
    """``i:i + 1`` (or ``i:1 + i``): one row at ``index``, as a slice."""
    if not (isinstance(part, ast.Slice) and part.step is None and isinstance(part.lower, ast.Name) and part.lower.id == index):
        return False
    upper = part.upper
    if not (isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add)):
        return False
    pair = (upper.left, upper.right)
    return any(isinstance(a, ast.Name) and a.id == index and isinstance(b, ast.Constant) and b.value == 1 and type(b.value) is int for a, b in (pair, pair[::-1]))


def _literal_int(node: ast.AST | None) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int:
        return -node.operand.value
    return None


def _index_only_passed(body: ast.AST, index: str, resolve, is_builtin, uses: set[str] | None = None) -> bool:
    """Every use of ``index`` is an argument (or part of arithmetic in one) of a function that
    can take it as a traced value (not a builtin (``range``, ``int``...), not a shape or bound
    (``jnp.zeros(i)``)), or arithmetic making a value of its own (``(-1) ** k * term``); never a
    subscript, a slice bound, a test or a string. ``uses`` collects "arithmetic" when the latter
    is seen."""
    parents: dict[int, ast.AST] = {}
    for node in walk(body):
        for child in child_nodes(node):
            parents[id(child)] = node
    for node in walk(body):
        if not (isinstance(node, ast.Name) and node.id == index):
            continue
        child: ast.AST = node
        parent = parents.get(id(node))
        while isinstance(parent, (ast.BinOp, ast.UnaryOp)) and not isinstance(getattr(parent, "op", None), (ast.Not, ast.Invert)):
            child, parent = parent, parents.get(id(parent))
        if isinstance(parent, ast.keyword):
            child, parent = parent, parents.get(id(parent))
        if child is not node and (parent is None or isinstance(parent, (ast.Assign, ast.Return)) and child is parent.value):
            if uses is not None:
                uses.add("arithmetic")
            continue  # ``(-1) ** k * term``, ``w = k * dt``: arithmetic on the index, a traced value as well
        if not isinstance(parent, ast.Call) or child is parent.func or isinstance(child, ast.Starred):
            return False
        func = parent.func
        if isinstance(func, ast.Name) and _is_python_builtin(func, is_builtin):
            return False
        qualified = resolve(func) or ""
        if qualified.rpartition(".")[2] in STATIC_ARGUMENT_FUNCTIONS or not qualified and isinstance(func, ast.Attribute) and func.attr in ("append", "format", "reshape"):
            return False
    return True


def _is_python_builtin(func: ast.Name, is_builtin) -> bool:
    import builtins

    return hasattr(builtins, func.id) and is_builtin(func, func.id)


def length_of(count: ast.AST, array: ast.AST, axis: int, code) -> bool:
    """``count`` is written as the length of ``array`` along ``axis``: ``len(a)`` (axis 0) or
    ``a.shape[axis]``, or ``array`` is the window of ``count`` rows an index loop maps (``a[:count]``)."""
    if axis == 0 and isinstance(count, ast.Call) and isinstance(count.func, ast.Name) and count.func.id == "len" and len(count.args) == 1 and not count.keywords:
        return code(count.args[0]) == code(array)
    if (
        isinstance(count, ast.Subscript)
        and isinstance(count.value, ast.Attribute)
        and count.value.attr == "shape"
        and _literal_int(count.slice) == axis
    ):
        return code(count.value.value) == code(array)
    if isinstance(array, ast.Subscript) and not isinstance(array.slice, (ast.Slice, ast.Tuple)) and _literal_int(array.slice) is not None:
        return length_of(count, array.value, axis + 1, code)  # ``a[0]`` has ``a.shape[1]`` entries
    if isinstance(array, ast.Subscript) and getattr(array, "lineno", None) is None:
        # ``xs[:k]`` (``xs[:, :k]`` along axis 1), the window an index loop maps: ``k`` rows
        parts = array.slice.elts if isinstance(array.slice, ast.Tuple) else [array.slice]
        part = parts[axis] if 0 <= axis < len(parts) else None
        return isinstance(part, ast.Slice) and part.lower is None and part.step is None and part.upper is not None and code(part.upper) == code(count)
    return False


# -- what a loop body does besides computing -------------------------------------------------

#: Modules whose functions run on the host: a body calling them cannot be mapped with ``vmap``.
HOST_MODULES = ("numpy.", "scipy.", "pandas.", "math.", "numba.", "sklearn.", "torch.")
#: Builtins and methods with effects outside the value computed (output, files, containers).
SIDE_EFFECT_BUILTINS = frozenset({"print", "open", "input", "exec", "eval", "setattr", "delattr", "breakpoint"})
SIDE_EFFECT_METHODS = frozenset({"append", "extend", "insert", "pop", "remove", "update", "add", "write", "writelines", "setdefault", "clear", "info", "debug", "warning", "log"})


def host_work(node: ast.AST, resolve) -> bool:
    """True when ``node`` calls a host library (NumPy, SciPy, math...): code that runs on
    the host, which ``jax.vmap`` cannot map (and a jax.numpy rewrite must not replace)."""
    for child in walk(node):
        if isinstance(child, ast.Call) and (resolve(child.func) or "").startswith(HOST_MODULES):
            return True
    return False


def side_effects(node: ast.AST, is_builtin) -> bool:
    """True when ``node`` prints, writes, mutates a container or an attribute, or assigns into
    an array (``out[i] = v``): work a single mapped call cannot replace."""
    for child in walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            if isinstance(func, ast.Name) and func.id in SIDE_EFFECT_BUILTINS and is_builtin(func, func.id):
                return True
            if isinstance(func, ast.Attribute) and func.attr in SIDE_EFFECT_METHODS and not _at_update(func):
                return True  # (``x.at[i].add(v)`` is a new array, not a mutation)
        elif isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = child.targets if isinstance(child, (ast.Assign, ast.Delete)) else [child.target]
            if any(isinstance(target, (ast.Subscript, ast.Attribute)) for target in targets):
                return True
        elif isinstance(child, (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await, ast.Raise)):
            return True
    return False


def _at_update(func: ast.Attribute) -> bool:
    """``x.at[i].add``: jax's functional update, which returns a new array."""
    return isinstance(func.value, ast.Subscript) and isinstance(func.value.value, ast.Attribute) and func.value.value.attr == "at"


def statement_lists(node: ast.AST):
    """Every statement list in ``node`` (a function or a compound statement), nested blocks
    included, nested definitions excluded."""
    stack = [node]
    while stack:
        current = stack.pop()
        for field_name in ("body", "orelse", "finalbody"):
            block = getattr(current, field_name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block
                stack.extend(stmt for stmt in block if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
        for handler in getattr(current, "handlers", ()) or ():
            yield handler.body
            stack.extend(handler.body)
        for case in getattr(current, "cases", ()) or ():
            yield case.body
            stack.extend(case.body)


def sibling_lists(node: ast.AST):
    """The statement lists of ``statement_lists`` with every ``with`` block opened in place: a
    ``with`` body always runs where the statement stands (``with named_scope(...)``, a progress
    bar, a timer), so its statements are siblings of those around the ``with`` (the ``with``
    statement itself is left out). A list holding no ``with`` is the tree's own list."""
    def opened(block: list[ast.stmt]) -> list[ast.stmt]:
        if not any(isinstance(stmt, (ast.With, ast.AsyncWith)) for stmt in block):
            return block
        flat: list[ast.stmt] = []
        for stmt in block:
            flat.extend(opened(stmt.body) if isinstance(stmt, (ast.With, ast.AsyncWith)) else (stmt,))
        return flat

    inside_with = set()
    for block in statement_lists(node):  # a list comes before the lists inside it
        for stmt in block:
            if isinstance(stmt, (ast.With, ast.AsyncWith)):
                inside_with.add(id(stmt.body))
        if id(block) not in inside_with:
            yield opened(block)


def while_range(loop: ast.While, before: list[ast.stmt]) -> tuple[str, ast.expr, list[ast.stmt]] | None:
    """``(i, n, body)`` for ``i = 0`` ... ``while i < n: body; i += 1``: a ``for i in range(n)``
    written as a ``while``. ``before`` are the statements ahead of the loop in its block. None
    when the loop is anything else (``break``/``continue``, ``i`` or ``n`` changed in the body)."""
    test = loop.test
    if loop.orelse or not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name)):
        return None
    index, bound = test.left.id, test.comparators[0]
    last = loop.body[-1]
    if not (
        isinstance(last, ast.AugAssign) and isinstance(last.target, ast.Name) and last.target.id == index
        and isinstance(last.op, ast.Add) and isinstance(last.value, ast.Constant) and last.value.value == 1 and type(last.value.value) is int
    ):
        return None
    body = loop.body[:-1]
    if not body:
        return None
    changed = set(names_read(bound)) | {index}
    for stmt in body:
        for child in walk(stmt):
            if isinstance(child, (ast.Break, ast.Continue)):
                return None
            if isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)) and child.id in changed:
                return None
            if isinstance(child, ast.AugAssign) and isinstance(child.target, ast.Name) and child.target.id in changed:
                return None
    for stmt in reversed(before):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == index:
            value = stmt.value
            return (index, bound, body) if isinstance(value, ast.Constant) and value.value == 0 and type(value.value) is int else None
        if index in {child.id for child in walk(stmt) if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store)}:
            return None
    return None


def joined(join: ast.Call, function: str, loop: ElementLoop, resolve, vmap: str) -> tuple[Vectorized, bool]:
    """The batched form of ``jnp.stack([...])`` (``function`` names the joining call: ``stack``,
    ``array``, ``vstack``...) whose first argument is the list ``loop`` builds, and whether it
    replaces the whole call (``stack``/``array``/``asarray`` with no other argument) rather
    than only the list inside it (``jnp.vstack(mapped)``, ``jnp.array(mapped, dtype=...)``)."""
    rest = list(join.args[1:])
    keywords = list(join.keywords)
    out_axes: ast.expr | None = None
    if function == "stack":
        axis = rest[0] if len(rest) == 1 and not keywords else keywords[0].value if not rest and len(keywords) == 1 and keywords[0].arg == "axis" else None
        if axis is not None and _literal_int(axis) is not None:
            rest, keywords = [], []
            out_axes = None if _literal_int(axis) == 0 else axis
    stacked = batched(loop, resolve, vmap, out_axes)
    if not rest and not keywords and function in ("stack", "array", "asarray"):
        return stacked, True
    replaced = ast.Call(func=join.func, args=[stacked.expression, *join.args[1:]], keywords=join.keywords)
    return Vectorized(replaced, stacked.how, stacked.assumptions), False


# -- indexed reads: ``a[:, i]``, ``jnp.take(a, i, axis=1)``, ``lax.dynamic_index_in_dim(a, i)`` ----------

#: lax functions that read one index (or a slice of size 1) along one axis.
LAX_INDEXING = frozenset({"jax.lax.index_in_dim", "jax.lax.dynamic_index_in_dim", "jax.lax.dynamic_slice_in_dim", "jax.lax.dynamic_slice"})
TAKE_FUNCTIONS = frozenset({"jax.numpy.take", "autograd.numpy.take"})


@dataclass(frozen=True)
class Index:
    """One written index of an indexed read: a loop variable plus a literal offset
    (``i``, ``i + 1``), a window ``i + lower : i + upper`` of a loop variable, or, with
    ``var`` None, a whole axis (``:``)."""

    var: str | None = None
    offset: int = 0
    window: tuple[int, int] | None = None


@dataclass(frozen=True)
class IndexedRead:
    """``base`` read at loop indices: ``a[:, i]``, ``a[i + 1, ...]``, ``jnp.take(a, i, axis=1)``,
    ``lax.dynamic_index_in_dim(a, i, keepdims=False)``, ``lax.dynamic_slice(a, (i, 0), (1, d))``."""

    node: ast.expr
    base: ast.expr
    #: The written indices other than ``...``, in order.
    indices: tuple[Index, ...]
    #: Where ``...`` stood among them.
    ellipsis_at: int | None = None
    #: The indexed axis stays as an axis of size 1 (``dynamic_slice``, ``keepdims=True``).
    keepdims: bool = False
    #: The rank of ``base`` when the spelling proves it (``dynamic_slice`` takes one start per axis).
    rank: int | None = None
    #: Slice sizes the read assumes are whole axes: ``(axis, size expression)`` (``dynamic_slice``).
    whole_axes: tuple[tuple[int, ast.expr], ...] = ()
    #: "subscript", "take" or "lax".
    spelling: str = "subscript"

    @property
    def variables(self) -> list[str]:
        return [index.var for index in self.indices if index.var is not None]

    @property
    def has_window(self) -> bool:
        return any(index.window is not None for index in self.indices)

    @property
    def has_offset(self) -> bool:
        return any(index.offset for index in self.indices)


def _offset_index(node: ast.AST, variables: set[str]) -> tuple[str, int] | None:
    """``(var, k)`` for ``var``, ``var + k``, ``var - k`` or ``k + var`` with a literal ``k``."""
    if isinstance(node, ast.Name) and node.id in variables:
        return node.id, 0
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        if isinstance(node.left, ast.Name) and node.left.id in variables:
            amount = int_value(node.right)
            if amount is not None:
                return node.left.id, amount if isinstance(node.op, ast.Add) else -amount
        if isinstance(node.op, ast.Add) and isinstance(node.right, ast.Name) and node.right.id in variables:
            amount = int_value(node.left)
            if amount is not None:
                return node.right.id, amount
    return None


def _named_width(lower: ast.expr, upper: ast.expr, variables: set[str]) -> str | None:
    """The loop variable of ``var:var + k`` or ``var - k:var`` with ``k`` a name or an
    attribute read (``w.shape[0]``, ``self.width``) that reads no loop variable; else None."""
    def plus(node: ast.expr, op: type) -> tuple[str, ast.expr] | None:
        if isinstance(node, ast.BinOp) and isinstance(node.op, op) and isinstance(node.left, ast.Name) and node.left.id in variables:
            if isinstance(node.right, (ast.Name, ast.Attribute, ast.Subscript)) and not variables & names_read(node.right):
                return node.left.id, node.right
        return None

    if isinstance(lower, ast.Name) and lower.id in variables:
        found = plus(upper, ast.Add)
        if found is not None and found[0] == lower.id:
            return lower.id
    if isinstance(upper, ast.Name) and upper.id in variables:
        found = plus(lower, ast.Sub)
        if found is not None and found[0] == upper.id:
            return upper.id
    return None


def _subscript_index(element: ast.AST, variables: set[str]) -> Index | str | None:
    """An ``Index``, ``"..."``, or None for an index a loop walk does not read (a constant,
    a prefix ``:j``, an index array)."""
    if isinstance(element, ast.Constant) and element.value is Ellipsis:
        return "..."
    if isinstance(element, ast.Slice):
        if element.lower is None and element.upper is None and element.step is None:
            return Index()
        if element.step is None and element.lower is not None and element.upper is not None:
            lower, upper = _offset_index(element.lower, variables), _offset_index(element.upper, variables)
            if lower is not None and upper is not None and lower[0] == upper[0] and upper[1] > lower[1]:
                return Index(lower[0], window=(lower[1], upper[1]))
            # A width the code names (``x[i:i + k]``, ``k = w.shape[0]``): a window of unknown size.
            width = _named_width(element.lower, element.upper, variables)
            if width is not None:
                return Index(width, window=(0, 0))
        return None
    found = _offset_index(element, variables)
    if found is None:
        return None
    return Index(found[0], found[1])


def read_indexed(expr: ast.AST, variables: set[str], resolve) -> IndexedRead | None:
    """``expr`` as a read of an array at loop indices (see ``IndexedRead``), or None."""
    if isinstance(expr, ast.Subscript):
        if variables & names_read(expr.value):
            return None
        elements = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        indices: list[Index] = []
        ellipsis_at = None
        for element in elements:
            found = _subscript_index(element, variables)
            if found is None:
                return None
            if found == "...":
                if ellipsis_at is not None:
                    return None
                ellipsis_at = len(indices)
                continue
            indices.append(found)  # type: ignore[arg-type]
        if not any(index.var is not None for index in indices):
            return None
        return IndexedRead(expr, expr.value, tuple(indices), ellipsis_at)  # type: ignore[arg-type]
    if isinstance(expr, ast.Call) and not any(isinstance(arg, ast.Starred) for arg in expr.args) and all(k.arg for k in expr.keywords):
        qualified = resolve(expr.func)
        if qualified in TAKE_FUNCTIONS:
            return _take(expr, expr.args[0] if expr.args else None, expr.args[1:], variables)
        if qualified is None and isinstance(expr.func, ast.Attribute) and expr.func.attr == "take":
            return _take(expr, expr.func.value, expr.args, variables)
        if qualified in LAX_INDEXING:
            return _lax_read(expr, qualified, variables)
    return None


def _axis_argument(call: ast.Call, args: list[ast.expr], position: int, default: int | None) -> int | None | str:
    """The literal ``axis`` of a call (``"bad"`` when it is not a literal)."""
    node = keyword(call, "axis")
    if node is None and len(args) > position:
        node = args[position]
    if node is None:
        return default
    found = int_value(node)
    return "bad" if found is None else found


def _at_axis(axis: int, index: Index) -> tuple[tuple[Index, ...], int | None]:
    """Indices that read ``index`` at ``axis`` (negative axes count from the end)."""
    if axis >= 0:
        return (*(Index() for _ in range(axis)), index), None
    return (index, *(Index() for _ in range(-axis - 1))), 0


def _take(call: ast.Call, base: ast.expr | None, rest: list[ast.expr], variables: set[str]) -> IndexedRead | None:
    if base is None or not rest or variables & names_read(base):
        return None
    if any(k.arg != "axis" for k in call.keywords) or len(rest) > 2:
        return None
    found = _offset_index(rest[0], variables)
    axis = _axis_argument(call, rest, 1, None)
    if found is None or axis is None or axis == "bad":
        return None  # no axis: ``take`` reads the flattened array
    indices, ellipsis_at = _at_axis(axis, Index(found[0], found[1]))  # type: ignore[arg-type]
    return IndexedRead(call, base, indices, ellipsis_at, spelling="take")


def _lax_read(call: ast.Call, qualified: str, variables: set[str]) -> IndexedRead | None:
    args = positional(call)
    if not args or variables & names_read(args[0]):
        return None
    base = args[0]
    name = qualified.rpartition(".")[2]
    if name == "dynamic_slice":
        if len(args) != 3 or call.keywords or not isinstance(args[1], (ast.Tuple, ast.List)) or not isinstance(args[2], (ast.Tuple, ast.List)):
            return None
        starts, sizes = args[1].elts, args[2].elts
        if len(starts) != len(sizes):
            return None
        indices: list[Index] = []
        whole: list[tuple[int, ast.expr]] = []
        for axis, (start, size) in enumerate(zip(starts, sizes)):
            found = _offset_index(start, variables)
            if found is not None:
                if int_value(size) != 1:
                    return None
                indices.append(Index(found[0], found[1]))
            elif int_value(start) == 0 and not (variables & names_read(size)):
                indices.append(Index())
                whole.append((axis, size))
            else:
                return None
        if sum(index.var is not None for index in indices) != 1:
            return None
        return IndexedRead(call, base, tuple(indices), None, keepdims=True, rank=len(starts), whole_axes=tuple(whole), spelling="lax")
    allowed = {"index_in_dim": ("axis", "keepdims"), "dynamic_index_in_dim": ("axis", "keepdims"), "dynamic_slice_in_dim": ("axis", "slice_size")}[name]
    if any(k.arg not in allowed for k in call.keywords) or len(args) < 2:
        return None
    found = _offset_index(args[1], variables)
    if found is None:
        return None
    if name == "dynamic_slice_in_dim":
        size = args[2] if len(args) > 2 else keyword(call, "slice_size")
        if int_value(size) != 1 or len(args) > 4:
            return None
        axis = _axis_argument(call, args, 3, 0)
        keepdims = True
    else:
        if len(args) > 4:
            return None
        axis = _axis_argument(call, args, 2, 0)
        flag = args[3] if len(args) > 3 else keyword(call, "keepdims")
        if flag is None:
            keepdims = True
        elif isinstance(flag, ast.Constant) and isinstance(flag.value, bool):
            keepdims = flag.value
        else:
            return None
    if axis == "bad" or axis is None or keepdims and axis < 0:  # type: ignore[operator]
        return None
    indices, ellipsis_at = _at_axis(axis, Index(found[0], found[1]))  # type: ignore[arg-type]
    return IndexedRead(call, base, indices, ellipsis_at, keepdims=keepdims, spelling="lax")


# -- elementwise expressions of several indexed reads ----------------------------------------------------


@dataclass(frozen=True)
class ElementwiseParts:
    """An expression that is elementwise arithmetic and elementwise calls over ``leaves``
    (the nodes a predicate picked) and ``free`` names or attribute chains."""

    leaves: tuple[ast.AST, ...]
    free: tuple[ast.expr, ...]


def elementwise_over(expr: ast.AST, is_leaf, resolve) -> ElementwiseParts | None:
    """``expr`` as elementwise arithmetic (``+ - * / ** // %``, unary minus) and elementwise
    jax.numpy calls over leaves (``is_leaf(node)``), names, attribute chains of names and
    number literals; None for anything else (a reduction, a method, a module constant)."""
    leaves: list[ast.AST] = []
    free: list[ast.expr] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if is_leaf(node):
            leaves.append(node)
            continue
        if isinstance(node, ast.Name):
            free.append(node)
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            continue
        if isinstance(node, ast.Attribute) and dotted(node) is not None:
            if resolve(node) is not None:
                return None
            free.append(node)
            continue
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            stack.append(node.operand)
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
            stack.extend((node.right, node.left))
            continue
        if isinstance(node, ast.Call) and is_elementwise_function(resolve(node.func)) and not node.keywords and not any(isinstance(a, ast.Starred) for a in node.args):
            stack.extend(reversed(node.args))
            continue
        return None
    return ElementwiseParts(tuple(leaves), tuple(free))


# -- what removing a loop may change ---------------------------------------------------------------------

#: Builtins without side effects that may appear in code a fix removes.
PURE_BUILTINS = frozenset({"len", "range", "min", "max", "abs", "int", "float", "tuple", "list", "zip", "enumerate", "reversed", "isinstance"})


def impure_calls(node: ast.AST, resolve) -> list[ast.Call]:
    """Calls in ``node`` that might have side effects (or differ from call to call): anything
    but jax/autograd functions, array methods and harmless builtins. A fix that evaluates
    such code once instead of once per iteration is not proven to compute the same."""
    found: list[ast.Call] = []
    for child in walk(node):
        if not isinstance(child, ast.Call):
            continue
        qualified = resolve(child.func)
        if qualified is not None and qualified.startswith(("jax.", "autograd.numpy", "autograd.scipy")):
            continue
        if qualified is None and isinstance(child.func, ast.Name) and child.func.id in PURE_BUILTINS:
            continue
        if qualified is None and isinstance(child.func, ast.Attribute) and child.func.attr in ARRAY_METHODS:
            continue
        found.append(child)
    return found


def _own_loads(statement: ast.stmt) -> set[str]:
    """Names a statement reads itself (for a compound statement: its header, not its body)."""
    found: set[str] = set()
    for field_name, value in ast.iter_fields(statement):
        if field_name in ("body", "orelse", "finalbody", "handlers", "cases"):
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, ast.AST):
                found.update(child.id for child in walk(item) if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load))
    return found


def read_after_loop(loop: ast.stmt, var: str, function: ast.AST, facts, scope) -> bool:
    """True when ``var``, as bound by ``loop`` (a ``for`` target or a counter the loop
    updates), is read anywhere outside the loop: a fix that removes the loop would leave it
    with another value. Nested functions that read ``var`` count as reads."""
    inside = {id(node) for node in walk(loop)}
    for node in walk_local(function):
        if id(node) in inside or node is function:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            if var in names_read(node):
                return True
            continue
        if not isinstance(node, ast.stmt) or var not in _own_loads(node):
            continue
        if any(id(binding.statement) in inside for binding in facts.bindings_at(var, scope, node)):
            return True
    return False


# -- accumulations: several variables, axis reads, host and gradient work (GA302) ---------------


def elementwise_in_any(expr: ast.AST, variables: frozenset[str], resolve) -> Elementwise | None:
    """Elementwise arithmetic and elementwise jax.numpy calls in any of ``variables`` (None if
    not, or if none of them is used). ``free`` holds the other names read."""
    free: set[str] = set()
    uses_var = False
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            if node.id in variables:
                uses_var = True
            else:
                free.add(node.id)
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            continue
        if isinstance(node, ast.Attribute) and dotted(node) is not None and dotted(node).split(".")[0] not in variables:  # type: ignore[union-attr]
            if resolve(node) is not None:
                return None  # a module attribute such as ``jnp.pi``: not worth the risk
            free.add(dotted(node))  # type: ignore[arg-type]
            continue
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            stack.append(node.operand)
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
            stack.extend((node.left, node.right))
            continue
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], COMPARISONS):
            stack.extend((node.left, *node.comparators))
            continue
        if isinstance(node, ast.Call) and is_elementwise_function(resolve(node.func)) and not node.keywords and not any(isinstance(a, ast.Starred) for a in node.args):
            stack.extend(node.args)
            continue
        return None
    if not uses_var:
        return None
    return Elementwise(frozenset(free))



def replace_names(expr: ast.AST, mapping: dict[str, ast.expr]) -> ast.AST:
    """``expr`` with every read of each name in ``mapping`` replaced by its value, all at once
    (``x -> y, y -> x`` swaps). Lambda parameters shadow."""
    def replace(node: ast.AST) -> ast.AST | None:
        if isinstance(node, ast.Name) and node.id in mapping:
            return mapping[node.id]
        if isinstance(node, ast.Lambda) and {arg.arg for arg in node.args.args} & mapping.keys():
            return node
        return None

    return substitute(expr, replace)



def calls_outside_jax(node: ast.AST, resolve, is_builtin, local_function=None, numbers: frozenset[str] = frozenset()) -> bool:
    """True when ``node`` calls something other than a jax function, an array method, a
    neutral builtin (``len``, ``range``...) or a function defined in this module. Outside a
    known trace, a loop that does is most likely a host-side driver: a compiled step per
    iteration (``step(params, batch)``, ``model.apply(...)``), ``float(loss)``, printing.
    ``float(j)``, ``int(2 * j + 1)`` of names in ``numbers`` (a loop's counters) and literals
    only convert Python ints: not host work."""
    for child in walk(node):
        if not isinstance(child, ast.Call) or is_jax_call(child, resolve):
            continue
        func = child.func
        if resolve(func) in NEUTRAL_CALLS:
            continue
        if isinstance(func, ast.Name):
            if func.id in NEUTRAL_BUILTINS and is_builtin(func, func.id):
                continue
            if numbers and func.id in TO_PYTHON_CALLS and len(child.args) == 1 and _counter_arithmetic(child.args[0], numbers):
                continue
            if local_function is not None and local_function(func.id) is not None:
                continue
            return True
        if isinstance(func, ast.Attribute) and resolve(func.value) is None:
            if func.attr in ARRAY_ATTRIBUTES or _at_update(func) and func.attr in ARRAY_METHODS:
                continue  # x.sum(), x.reshape(...), x.at[i].add(...)
        return True
    return False



def _counter_arithmetic(expr: ast.AST, numbers: frozenset[str]) -> bool:
    """``j``, ``2 * j + 1``: arithmetic on the names ``numbers`` and literals only."""
    return all(
        isinstance(node, (ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop, ast.Load, ast.Constant))
        or isinstance(node, ast.Name) and node.id in numbers
        for node in ast.walk(expr)
    )


def calls_host_numpy(node: ast.AST, resolve) -> bool:
    """True when ``node`` calls NumPy itself (``np.exp`` with ``import numpy as np``): host work.
    NumPy's constructors of constants and indices (``NUMPY_CONSTANTS``) are not."""
    for child in walk(node):
        if isinstance(child, ast.Call):
            qualified = resolve(child.func) or ""
            if qualified.startswith("numpy.") and qualified.removeprefix("numpy.") not in NUMPY_CONSTANTS:
                return True
    return False



def computes_gradients(node: ast.AST, resolve, value_of) -> bool:
    """True when ``node`` calls a gradient function: one built in place (``jax.grad(loss)(w, x)``)
    or a name bound to one (``grad_fn = jax.grad(loss)``; ``value_of(expr)`` gives its value)."""
    from gradadvisor.analysis.gradient import GRADIENT_FUNCTIONS

    for child in walk(node):
        if not isinstance(child, ast.Call):
            continue
        func = child.func
        if isinstance(func, ast.Call) and (resolve(func.func) or "") in GRADIENT_FUNCTIONS:
            return True
        if (resolve(func) or "") in GRADIENT_FUNCTIONS:
            return True
        if isinstance(func, ast.Name):
            value = value_of(func)
            if value.kind == "callable" and value.transform in GRADIENT_FUNCTIONS:
                return True
    return False



def builds_modules(node: ast.AST, resolve) -> bool:
    """True when ``node`` constructs a haiku / flax / equinox / optax object (``hk.Linear(3)``):
    a new module, with its own parameters, at each step."""
    for child in walk(node):
        if isinstance(child, ast.Call):
            qualified = resolve(child.func) or ""
            if qualified.startswith(lib.MODULE_LIBRARIES) and qualified.rsplit(".", 1)[-1][:1].isupper():
                return True
    return False



#: Reductions that take their argument as a whole: ``jnp.sum(w ** 2)`` over ``w in ws`` walks a
#: list of different arrays (pytree leaves, layers), not the rows of one.
WHOLE_ARRAY_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "vdot", "size", "linalg.norm", "count_nonzero", "var", "std"})



def reduces_whole(body: ast.AST, var: str, resolve) -> bool:
    """True when ``body`` reduces ``var`` as a whole, with no axis (``jnp.sum(w ** 2)``)."""
    for node in walk(body):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        qualified = resolve(node.func) or ""
        _, _, function = qualified.partition(".numpy.")
        if function in WHOLE_ARRAY_REDUCTIONS and not any(item.arg == "axis" for item in node.keywords) and var in names_read(node.args[0]):
            return True
    return False



#: ``lax`` functions that read one element (or a slice of one) along an axis at an index:
#: name -> (position of the index, of the axis, default axis, keeps the axis by default).
LAX_INDEX_READS = {
    "jax.lax.dynamic_index_in_dim": (1, 2, 0, True),
    "jax.lax.index_in_dim": (1, 2, 0, True),
}



@dataclass(frozen=True)
class AxisRead:
    """One element of ``array`` along one axis at the loop index plus ``offset``, however it is
    spelled: ``a[i]``, ``a[i + 1]``, ``a[i, ...]``, ``a[:, i]``, ``a[..., i - 1]``, ``a[i, 0]``,
    ``jnp.take(a, i, axis=1)``, ``lax.dynamic_index_in_dim(a, i, 0, keepdims=False)``,
    ``lax.dynamic_slice_in_dim(a, i, 1)``, ``lax.dynamic_slice(a, (i, 0), (1, a.shape[1]))``.

    ``items`` are the index items as a subscript would write them, the loop index at
    ``position``; ``keepdims`` when the read keeps the axis (a slice of size 1)."""

    node: ast.AST
    array: ast.expr
    items: tuple[ast.expr, ...]
    position: int
    offset: "int | ast.expr"
    keepdims: bool = False
    #: The array's rank must be exactly this (``lax.dynamic_slice`` spells every axis).
    exact_rank: int | None = None

    def key(self, code) -> tuple:
        offset = self.offset if isinstance(self.offset, int) else code(self.offset)
        return (code(self.array), tuple(code(item) if index != self.position else "#" for index, item in enumerate(self.items)), offset, self.keepdims)

    def axes(self, rank: int | None) -> tuple[int, int] | None:
        """(the loop axis's position in the batched operand, the rank of one element), or None
        when that needs a rank that is not known."""
        position = 0
        for item in self.items[: self.position]:
            if _is_ellipsis(item):
                if rank is None:
                    return None
                consumed = sum(1 for other in self.items if not _is_ellipsis(other) and not _is_none(other))
                position += rank - consumed
            elif isinstance(item, ast.Slice) or _is_none(item):
                position += 1
        if rank is None:
            return None
        if self.exact_rank is not None and rank != self.exact_rank:
            return None
        consumed = sum(1 for item in self.items if not _is_ellipsis(item) and not _is_none(item))
        if consumed > rank:
            return None
        added = sum(1 for item in self.items if _is_none(item))
        removed = sum(1 for index, item in enumerate(self.items) if index != self.position and not isinstance(item, ast.Slice) and not _is_ellipsis(item) and not _is_none(item))
        element = rank + added - removed - (0 if self.keepdims else 1)
        return position, element

    def batched(self, lower: ast.expr | None, upper: ast.expr | None) -> ast.expr:
        """The array with the loop index replaced by ``lower:upper`` (the array itself when
        every item is then a full slice)."""
        window = ast.Slice(lower=lower, upper=upper, step=None)
        items = [window if index == self.position else item for index, item in enumerate(self.items)]
        if all(full_slice(item) or _is_ellipsis(item) for item in items) and sum(map(_is_ellipsis, items)) <= 1:
            return self.array
        index: ast.expr = items[0] if len(items) == 1 else ast.Tuple(elts=items, ctx=ast.Load())
        return ast.Subscript(value=self.array, slice=index, ctx=ast.Load())



def _is_ellipsis(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis



def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None




def _static_item(node: ast.AST) -> bool:
    """An index item that means the same at every step and keeps basic indexing: a literal
    int, a slice with literal bounds, ``None`` or ``...``."""
    if _is_ellipsis(node) or _is_none(node):
        return True
    if isinstance(node, ast.Slice):
        return all(part is None or int_value(part) is not None for part in (node.lower, node.upper, node.step))
    return int_value(node) is not None



def index_offset(index: ast.AST, var: str) -> "int | ast.expr | None":
    """``c`` when ``index`` is ``var``, ``var + c`` or ``var - c`` (``c`` a literal int, or a
    name or attribute free of ``var``: then an expression for ``+c`` / ``-c``); else None."""
    if isinstance(index, ast.Name):
        return 0 if index.id == var else None
    if not isinstance(index, ast.BinOp) or not isinstance(index.op, (ast.Add, ast.Sub)):
        return None
    left, right = index.left, index.right
    if not (isinstance(left, ast.Name) and left.id == var):
        if isinstance(index.op, ast.Add) and isinstance(right, ast.Name) and right.id == var:
            left, right = right, left
        else:
            return None
    literal = int_value(right)
    if literal is not None:
        return literal if isinstance(index.op, ast.Add) else -literal
    if dotted(right) is not None and var not in names_read(right):
        return right if isinstance(index.op, ast.Add) else ast.UnaryOp(op=ast.USub(), operand=right)
    return None



def axis_read(node: ast.AST, var: str, resolve) -> AxisRead | None:
    """``node`` as an ``AxisRead`` at the loop index ``var`` (see there), or None."""
    if isinstance(node, ast.Subscript):
        if var in names_read(node.value):
            return None
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        found = [(index, offset) for index, item in enumerate(items) if (offset := index_offset(item, var)) is not None]
        if len(found) != 1 or sum(map(_is_ellipsis, items)) > 1:
            return None
        position, offset = found[0]
        if not all(_static_item(item) for index, item in enumerate(items) if index != position):
            return None
        return AxisRead(node, node.value, tuple(items), position, offset)
    if not isinstance(node, ast.Call) or any(isinstance(arg, ast.Starred) for arg in node.args) or any(item.arg is None for item in node.keywords):
        return None
    qualified = resolve(node.func) or ""
    args = list(node.args)
    keywords = {item.arg: item.value for item in node.keywords}
    if qualified.endswith(".numpy.take") and qualified.startswith(("jax.", "autograd.")):
        if len(args) < 2 or "out" in keywords:
            return None
        axis = int_value(args[2] if len(args) > 2 else keywords.get("axis"))
        return _axis_call(node, args[0], args[1], axis, var, keepdims=False)
    if qualified in LAX_INDEX_READS:
        index_at, axis_at, default_axis, default_keep = LAX_INDEX_READS[qualified]
        if len(args) <= index_at:
            return None
        axis_node = args[axis_at] if len(args) > axis_at else keywords.get("axis")
        axis = default_axis if axis_node is None else int_value(axis_node)
        keep_node = args[axis_at + 1] if len(args) > axis_at + 1 else keywords.get("keepdims")
        keep = default_keep if keep_node is None else (keep_node.value if isinstance(keep_node, ast.Constant) and isinstance(keep_node.value, bool) else None)
        if keep is None:
            return None
        return _axis_call(node, args[0], args[index_at], axis, var, keepdims=keep)
    if qualified == "jax.lax.dynamic_slice_in_dim":
        size = args[2] if len(args) > 2 else keywords.get("slice_size")
        axis_node = args[3] if len(args) > 3 else keywords.get("axis")
        if len(args) < 2 or int_value(size) != 1:
            return None
        return _axis_call(node, args[0], args[1], 0 if axis_node is None else int_value(axis_node), var, keepdims=True)
    if qualified == "jax.lax.dynamic_slice" and len(args) == 3 and isinstance(args[1], (ast.Tuple, ast.List)) and isinstance(args[2], (ast.Tuple, ast.List)):
        starts, sizes = args[1].elts, args[2].elts
        if len(starts) != len(sizes) or not starts:
            return None
        found = [(index, offset) for index, start in enumerate(starts) if (offset := index_offset(start, var)) is not None]
        if len(found) != 1:
            return None
        position, offset = found[0]
        array_text = ast.unparse(args[0])
        for index, (start, size) in enumerate(zip(starts, sizes)):
            if index == position:
                if int_value(size) != 1:
                    return None
            elif int_value(start) != 0 or ast.unparse(size) != f"{array_text}.shape[{index}]":
                return None
        items = tuple(starts[position] if index == position else ast.Slice(lower=None, upper=None, step=None) for index in range(len(starts)))
        return AxisRead(node, args[0], items, position, offset, keepdims=True, exact_rank=len(starts))
    return None



def _axis_call(node: ast.AST, array: ast.expr, index: ast.expr, axis: int | None, var: str, keepdims: bool) -> AxisRead | None:
    offset = index_offset(index, var)
    if offset is None or axis is None or var in names_read(array):
        return None
    full = ast.Slice(lower=None, upper=None, step=None)
    if axis >= 0:
        items = (*([full] * axis), index)
        return AxisRead(node, array, items, axis, offset, keepdims)
    items = (ast.Constant(Ellipsis), index, *([full] * (-axis - 1)))
    return AxisRead(node, array, items, 1, offset, keepdims)



def slice_length(part: ast.Slice, length: int) -> int | None:
    """How many items ``a[part]`` has when ``len(a) == length`` (literal bounds only)."""
    bounds = [int_value(bound) if bound is not None else None for bound in (part.lower, part.upper, part.step)]
    if any(value is None and bound is not None for value, bound in zip(bounds, (part.lower, part.upper, part.step))):
        return None
    return len(range(length)[slice(*bounds)])



def same_length_slices(first: ast.AST, second: ast.AST, code) -> bool:
    """True when ``first`` and ``second`` are slices of the same array (same text) with literal
    bounds that have the same number of items whatever its length (``x[:-1]``, ``x[1:]``)."""
    parts = []
    for node in (first, second):
        if not isinstance(node, ast.Subscript) or not isinstance(node.slice, ast.Slice):
            return False
        parts.append(node.slice)
    if code(first.value) != code(second.value):  # type: ignore[attr-defined]
        return False
    bounds = [abs(value) for part in parts for bound in (part.lower, part.upper, part.step) if bound is not None and (value := int_value(bound)) is not None]
    limit = 2 * max(bounds, default=0) + 4
    # Past the largest bound each length is constant or grows by one with the array: the
    # lengths agree everywhere when they agree up to there.
    return all(slice_length(parts[0], n) == slice_length(parts[1], n) is not None for n in range(limit + 1))



#: Keywords that take axes, shapes or counts: a loop index passed there changes the form of each step.
SHAPE_KEYWORDS = frozenset({"axis", "axes", "shape", "newshape", "perm", "source", "destination", "repeats", "num", "size", "sizes", "dims", "dimension", "length", "total_repeat_length"})



#: jax.numpy functions whose arguments (after the first, or all for creators) are axes or shapes.
SHAPE_FUNCTIONS = frozenset(
    {"reshape", "expand_dims", "moveaxis", "swapaxes", "transpose", "broadcast_to", "squeeze", "split", "array_split", "tile", "repeat", "pad", "diagonal"}
)



SHAPE_CREATORS = frozenset({"zeros", "ones", "full", "empty", "eye", "identity", "arange", "linspace", "tri", "tril", "triu", "tril_indices", "triu_indices"})
#: NumPy functions that build constants or indices from sizes alone (``np.eye(B)``,
#: ``np.arange(s, s + B)``, ``np.ix_(j, j)``): the same under a trace or autograd's recording, not
#: host work on values (``tril``/``triu`` take an array).
NUMPY_CONSTANTS = (SHAPE_CREATORS - {"tril", "triu"}) | {"ix_", "diag_indices"}



def index_shapes(node: ast.AST, var: str, resolve, is_builtin) -> bool:
    """True when the loop index ``var`` decides a shape, an axis or a slice bound somewhere in
    ``node`` (``y[..., :j]``, ``axis=list(range(i))``, ``jnp.zeros(i)``, ``x.reshape(i, -1)``):
    then each step computes something of another form, not one function of one element."""
    for child in walk(node):
        if isinstance(child, ast.Slice) and var in names_read(child):
            return True
        if not isinstance(child, ast.Call):
            continue
        if isinstance(child.func, ast.Name) and child.func.id == "range" and is_builtin(child.func, "range") and any(var in names_read(arg) for arg in child.args):
            return True
        if any(item.arg in SHAPE_KEYWORDS and var in names_read(item.value) for item in child.keywords):
            return True
        qualified = resolve(child.func) or ""
        module, _, function = qualified.rpartition(".")
        method = child.func.attr if isinstance(child.func, ast.Attribute) and not module else None
        if module in lib.JAX_NUMPY + lib.HOST_NUMPY:
            shaped = child.args if function in SHAPE_CREATORS else child.args[1:] if function in SHAPE_FUNCTIONS else []
        elif method in ("reshape", "transpose", "swapaxes", "squeeze", "repeat", "broadcast_to"):
            shaped = child.args
        else:
            shaped = []
        if any(var in _decided_by(arg, var) for arg in shaped):
            return True
    return False


def fixed_windows(node: ast.AST, var: str) -> bool:
    """Every slice of ``node`` that ``var`` bounds is a window of one width at every step
    (``y[t - K:t]``, ``x[i:i + w]``: both bounds ``var`` plus a term free of it), and one does."""
    windows = [child for child in walk(node) if isinstance(child, ast.Slice) and var in names_read(child)]
    return bool(windows) and all(_window_shift(window.lower, var) is not None and _window_shift(window.upper, var) is not None and window.step is None for window in windows)


def without_windows(node: ast.AST, var: str) -> ast.AST:
    """``node`` with the fixed-width windows of ``var`` read as whole slices (``y[:]``)."""
    return substitute(node, lambda child: ast.Slice() if isinstance(child, ast.Slice) and var in names_read(child) else None)


def _window_shift(bound: ast.AST | None, var: str) -> ast.AST | None:
    """``var`` (itself), ``var + e``, ``var - e`` or ``e + var`` with ``e`` free of ``var``."""
    if isinstance(bound, ast.Name) and bound.id == var:
        return bound
    if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub)):
        left, right = bound.left, bound.right
        if isinstance(left, ast.Name) and left.id == var and var not in names_read(right):
            return right
        if isinstance(bound.op, ast.Add) and isinstance(right, ast.Name) and right.id == var and var not in names_read(left):
            return left
    return None


def _decided_by(expr: ast.AST, var: str) -> set[str]:
    """The names ``expr`` reads, leaving out the lengths of rows: ``len(x[i])`` and
    ``x[i].shape`` are the same at every ``i`` (a slice bounded by ``var`` is not)."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        length = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1
        shape = isinstance(node, ast.Attribute) and node.attr in ("shape", "ndim")
        if (length or shape) and not any(isinstance(child, ast.Slice) and var in names_read(child) for child in walk(node)):
            continue
        if isinstance(node, ast.Name):
            found.add(node.id)
        stack.extend(ast.iter_child_nodes(node))
    return found

