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
import re
from dataclasses import dataclass, field

from gradadvisor.analysis import library as lib
from gradadvisor.analysis.syntax import call, dotted, name, names_read, positional, substitute, walk

ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.FloorDiv, ast.Mod)
#: Builtins that say nothing about where a loop runs (``print``, ``float``, ``int`` do: the host).
NEUTRAL_BUILTINS = frozenset({"len", "range", "min", "max", "abs", "isinstance", "tuple", "list", "zip", "enumerate", "reversed"})
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
)
#: Methods of jax arrays and of ``x.at[i]``.
ARRAY_METHODS = ARRAY_ATTRIBUTES | {"set", "add", "mul", "multiply", "divide", "power", "get", "min", "max", "apply"}
#: Dtype names whose presence near a rewrite means sums may not be exact.
SMALL_DTYPE_WORD = re.compile(r"\b(?:float16|bfloat16|half|int8|uint8|int16|uint16|bool_|bool|astype)\b")


def is_jax_call(node: ast.Call, resolve) -> bool:
    qualified = resolve(node.func) or ""
    return qualified.startswith(("jax.", "autograd.numpy.", "autograd.scipy."))


def calls_jax(node: ast.AST, resolve, local_function=None) -> bool:
    """True when ``node`` calls a jax function or multiplies matrices, directly or through
    a function of this module (``local_function(name)`` -> its def, one level deep)."""
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
            if local_function is not None and isinstance(child.func, ast.Name) and child.func.id not in seen:
                seen.add(child.func.id)
                definition = local_function(child.func.id)
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
    free: set[str] = set()
    uses_var = False
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            if node.id == var:
                uses_var = True
            else:
                free.add(node.id)
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            continue
        if isinstance(node, ast.Attribute) and dotted(node) is not None and dotted(node).split(".")[0] != var:  # type: ignore[union-attr]
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
        if isinstance(node, ast.Call) and is_elementwise_function(resolve(node.func)) and not node.keywords and not any(isinstance(a, ast.Starred) for a in node.args):
            stack.extend(node.args)
            continue
        return None
    if not uses_var:
        return None
    return Elementwise(frozenset(free))


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
    if direct is not None:
        function, in_axes, operands = direct
    else:
        arguments = ast.arguments(posonlyargs=[], args=[ast.arg(arg=var) for var in loop.variables], kwonlyargs=[], kw_defaults=[], defaults=[])
        function = ast.Lambda(args=arguments, body=loop.body)
        in_axes, operands = None, list(loop.arrays)
    keywords = {}
    if in_axes is not None:
        keywords["in_axes"] = in_axes
    if out_axes is not None:
        keywords["out_axes"] = out_axes
    mapped = call(call(vmap, function, **keywords), *operands)
    return Vectorized(mapped, "vmap", ("the body is a JAX function of one element (no Python control flow on its values)",))


def _direct_call(loop: ElementLoop) -> tuple[ast.expr, ast.Tuple | None, list[ast.expr]] | None:
    """For a body ``f(a, x, b)`` that passes each loop variable once as a whole argument:
    ``(f, in_axes, operands)``, ``in_axes`` None when every argument is mapped."""
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
            axes.append(0)
            operands.append(loop.arrays[loop.variables.index(arg.id)])
        elif not (names_read(arg) & variables) and (dotted(arg) is not None or isinstance(arg, ast.Constant)):
            axes.append(None)
            operands.append(arg)
        else:
            return None
    if seen != variables:
        return None
    if all(axis == 0 for axis in axes):
        return body.func, None, operands
    in_axes = ast.Tuple(elts=[ast.Constant(None) if axis is None else ast.Constant(0) for axis in axes], ctx=ast.Load())
    return body.func, in_axes, operands


def batched(loop: ElementLoop, resolve, vmap: str, out_axes: ast.expr | None = None) -> Vectorized:
    """The loop's results stacked along ``out_axes`` (0 if None): the body with the array
    substituted when it is elementwise in its one variable, else ``vmapped``."""
    if out_axes is None and len(loop.variables) == 1:
        shape = elementwise_in(loop.body, loop.variables[0], resolve)
        if shape is not None:
            expression = replace_name(loop.body, loop.variables[0], loop.arrays[0])
            assumptions = () if not shape.free else (f"{', '.join(sorted(shape.free))} broadcast against the whole array as against one element",)
            return Vectorized(expression, "elementwise", assumptions)  # type: ignore[arg-type]
    return vmapped(loop, vmap, out_axes)


def first_positional(node: ast.Call) -> ast.expr | None:
    args = positional(node)
    return args[0] if args else None
