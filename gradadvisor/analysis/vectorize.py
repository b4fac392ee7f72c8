"""What a per-element loop body becomes when vectorized.

Shared by the loop rules: is a body jax work at all, is it elementwise in the
loop variable (so ``f(x_i)`` for each i is just ``f(x)``), and the rewritten
expression with its applicability:

- elementwise in the loop variable and nothing else (``jnp.exp(-3 * (x_i + 1))``):
  substitute the array, *safe*;
- elementwise but reading other names (they might be arrays that broadcast
  differently): substitute, *unsafe*;
- anything else: ``jax.vmap(f)(x)`` or ``jax.vmap(lambda x_i: body)(x)``, *unsafe*.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import libcst as cst

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.names import ImportMap, dotted_name

#: Elementwise functions by qualified name (after alias resolution).
ELEMENTWISE = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "autograd.numpy")
    for name in (
        "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt", "square", "abs", "absolute",
        "negative", "positive", "reciprocal", "sign", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
        "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "round", "rint", "trunc", "maximum",
        "minimum", "power", "float_power", "clip", "where", "logaddexp", "arctan2", "hypot", "multiply", "add",
        "subtract", "divide", "true_divide", "sinc", "heaviside", "deg2rad", "rad2deg", "fmax", "fmin",
    )
) | frozenset(
    {
        "jax.nn.relu", "jax.nn.sigmoid", "jax.nn.softplus", "jax.nn.gelu", "jax.nn.silu", "jax.nn.swish",
        "jax.nn.elu", "jax.nn.leaky_relu", "jax.nn.tanh", "jax.nn.log_sigmoid", "jax.nn.celu", "jax.nn.selu",
        "jax.scipy.special.erf", "jax.scipy.special.erfc", "jax.scipy.special.expit", "jax.scipy.special.logit",
        "jax.scipy.special.gammaln", "jax.scipy.special.digamma", "jax.lax.exp", "jax.lax.log", "jax.lax.tanh",
    }
)
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power, cst.FloorDivide, cst.Modulo)

Applicability = Literal["safe", "unsafe"]


def code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def names_in(node: cst.CSTNode) -> set[str]:
    """Every bare name read in ``node`` (attribute names excluded)."""
    found: set[str] = set()

    class _Names(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            walk(attribute.value, self)
            return False

    walk(node, _Names())
    return found


def is_jax_call(call: cst.Call, names: ImportMap) -> bool:
    qualified = names.resolve(call.func) or ""
    return qualified.startswith(("jax.", "autograd.numpy."))


def calls_jax(node: cst.CSTNode, names: ImportMap, local_functions: dict[str, cst.FunctionDef] | None = None) -> bool:
    """True when ``node`` calls a jax function, directly or through a function of this module."""
    local_functions = local_functions or {}
    found = False
    seen: set[str] = set()

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            if found:
                return
            if is_jax_call(call, names):
                found = True
            elif isinstance(call.func, cst.Name) and call.func.value in local_functions and call.func.value not in seen:
                seen.add(call.func.value)
                walk(local_functions[call.func.value].body, self)
        def visit_BinaryOperation(self, operation: cst.BinaryOperation) -> None:
            nonlocal found
            if isinstance(operation.operator, cst.MatrixMultiply):
                found = True

    walk(node, _Calls())
    return found


#: Builtins that say nothing about where a loop runs (``print``, ``float``, ``int`` do: the host).
NEUTRAL_BUILTINS = frozenset({"len", "range", "min", "max", "abs", "isinstance", "tuple", "list", "zip", "enumerate", "reversed"})
#: Methods of jax arrays, and of ``x.at[i]``.
ARRAY_METHODS = frozenset(
    {
        "set", "add", "mul", "multiply", "divide", "power", "min", "max", "get", "sum", "mean", "prod", "reshape",
        "astype", "transpose", "dot", "squeeze", "ravel", "flatten", "clip", "conj", "swapaxes", "cumsum", "round",
    }
)


def calls_outside_jax(node: cst.CSTNode, names: ImportMap, plain_functions: dict[str, cst.FunctionDef]) -> bool:
    """True when ``node`` calls something other than jax, an array method, a neutral builtin or
    one of ``plain_functions`` (this module's functions that are not compiled by themselves).

    Outside any known trace, a loop that does is most likely a host-side driver: a jitted
    step per iteration (``decode_step(params, tokens)``, ``model.apply(...)``), printing,
    ``float(loss)``. Running the compiled step once per iteration is how such loops are written.
    """
    found = False

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            func = call.func
            if found or is_jax_call(call, names):
                return
            if isinstance(func, cst.Name) and (func.value in plain_functions or (names.is_builtin(func, func.value) and func.value in NEUTRAL_BUILTINS)):
                return
            if isinstance(func, cst.Attribute) and func.attr.value in ARRAY_METHODS and names.resolve(func.value) is None:
                return
            found = True

    walk(node, _Calls())
    return found


#: Calls and methods that turn an array into a Python value: a body using them runs on the host.
TO_PYTHON_CALLS = frozenset({"float", "int", "complex", "bool"})
TO_PYTHON_METHODS = frozenset({"item", "tolist"})


def converts_to_python(node: cst.CSTNode, var: str) -> bool:
    """True when ``node`` turns something read from ``var`` into a Python value (``float(f(v))``,
    ``f(v).item()``, ``.tolist()``): host-side code (a reference check, a metric), which
    cannot run under a trace anyway. ``float(c)`` of a Python constant does not count."""
    found = False

    class _Conversions(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            if isinstance(call.func, cst.Name) and call.func.value in TO_PYTHON_CALLS:
                found = found or any(var in names_in(arg.value) for arg in call.args)
            elif isinstance(call.func, cst.Attribute) and call.func.attr.value in TO_PYTHON_METHODS and not call.args:
                found = found or var in names_in(call.func.value)

    walk(node, _Conversions())
    return found


#: Attributes and methods of a jax array: ``x.T``, ``x.sum()``. Any other attribute of a loop
#: variable (``layer.weight``, ``dist.log_prob(...)``) says its elements are objects.
ARRAY_ATTRIBUTES = frozenset(
    {
        "T", "mT", "shape", "ndim", "dtype", "size", "real", "imag", "at", "sum", "mean", "max", "min", "prod",
        "std", "var", "reshape", "astype", "transpose", "ravel", "flatten", "squeeze", "dot", "clip", "round",
        "conj", "all", "any", "argmax", "argmin", "cumsum", "cumprod", "swapaxes", "take", "sort", "argsort",
        "trace", "diagonal", "item", "tolist", "copy", "view", "nbytes", "itemsize", "block_until_ready",
    }
)


def element_is_object(body: cst.BaseExpression, var: str) -> bool:
    """True when ``body`` calls ``var`` (``m(x)``) or reads an attribute no array has
    (``c.log_prob(x)``, ``layer.weight``): the loop walks functions, modules or
    distributions, which cannot be vmapped without stacking them first."""
    found = False

    class _Uses(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            if isinstance(call.func, cst.Name) and call.func.value == var:
                found = True

        def visit_Attribute(self, attribute: cst.Attribute) -> None:
            nonlocal found
            if isinstance(attribute.value, cst.Name) and attribute.value.value == var and attribute.attr.value not in ARRAY_ATTRIBUTES:
                found = True

    walk(body, _Uses())
    return found


def elementwise_in(expr: cst.BaseExpression, var: str, names: ImportMap) -> Literal["pure", "free"] | None:
    """``"pure"`` if ``expr`` is elementwise in ``var`` using only literals, ``"free"`` if it also
    reads other names, None if it is not elementwise (or does not use ``var``)."""
    free = False
    uses_var = False

    def walk(node: cst.BaseExpression) -> bool:
        nonlocal free, uses_var
        if isinstance(node, cst.Name):
            if node.value == var:
                uses_var = True
            else:
                free = True
            return True
        if isinstance(node, (cst.Integer, cst.Float)):
            return True
        if isinstance(node, cst.Attribute) and dotted_name(node) is not None and dotted_name(node).split(".")[0] != var:
            # ``self.scale``, ``cfg.alpha``: a value read from outside, like a free name.
            if names.resolve(node) is not None:
                return False  # a module attribute such as ``jnp.pi`` is not worth the risk
            free = True
            return True
        if isinstance(node, cst.UnaryOperation):
            return isinstance(node.operator, (cst.Minus, cst.Plus)) and walk(node.expression)
        if isinstance(node, cst.BinaryOperation):
            return isinstance(node.operator, ARITHMETIC) and walk(node.left) and walk(node.right)
        if isinstance(node, cst.Call):
            if names.resolve(node.func) not in ELEMENTWISE:
                return False
            return all(arg.keyword is None and not arg.star and walk(arg.value) for arg in node.args)
        return False

    if not walk(expr) or not uses_var:
        return None
    return "free" if free else "pure"


class _Substitute(cst.CSTTransformer):
    def __init__(self, var: str, value: cst.BaseExpression) -> None:
        super().__init__()
        self.var = var
        self.value = value

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return self.value if original_node.value == self.var else updated_node

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return True

    def leave_Attribute(self, original_node: cst.Attribute, updated_node: cst.Attribute) -> cst.BaseExpression:
        # Keep attribute names (x.attr) as they were: only the base is substituted.
        return updated_node.with_changes(attr=original_node.attr)

    def leave_Arg(self, original_node: cst.Arg, updated_node: cst.Arg) -> cst.Arg:
        # Keep keyword names (f(axis=...)) as they were: only the value is substituted.
        return updated_node.with_changes(keyword=original_node.keyword)

    def leave_Param(self, original_node: cst.Param, updated_node: cst.Param) -> cst.Param:
        # A lambda's own parameter names are not reads.
        return updated_node.with_changes(name=original_node.name)


def substitute(expr: cst.BaseExpression, var: str, value: cst.BaseExpression) -> cst.BaseExpression:
    """``expr`` with every read of ``var`` replaced by ``value`` (parenthesised when needed)."""
    if not isinstance(value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
        value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr.visit(_Substitute(var, value))  # type: ignore[return-value]


@dataclass(frozen=True)
class Vectorized:
    expression: cst.BaseExpression
    applicability: Applicability
    imports: tuple[tuple[str, str | None, str | None], ...]
    how: str


def vectorize(body: cst.BaseExpression, var: str, array: cst.BaseExpression, names: ImportMap) -> Vectorized:
    """The batched form of ``[body for var in array]`` (stacked along axis 0)."""
    kind = elementwise_in(body, var, names)
    if kind is not None:
        return Vectorized(
            substitute(body, var, array),
            "safe" if kind == "pure" else "unsafe",
            (),
            "elementwise",
        )
    vmap, imports = names.spell("jax.vmap")
    if (
        isinstance(body, cst.Call)
        and len(body.args) == 1
        and isinstance(body.args[0].value, cst.Name)
        and body.args[0].value.value == var
        and body.args[0].keyword is None
        and not body.args[0].star
        and var not in names_in(body.func)
    ):
        function: cst.BaseExpression = body.func
    else:
        function = cst.Lambda(
            params=cst.Parameters(params=[cst.Param(cst.Name(var))]),
            body=body,
        )
    mapped = cst.Call(func=cst.Call(func=vmap, args=[cst.Arg(function)]), args=[cst.Arg(array)])
    return Vectorized(mapped, "unsafe", tuple(imports), "vmap")


# -- loops over the leading axis of arrays, and their jax.vmap form --------------------------

#: Builtins whose iteration is not a plain walk over an array's leading axis.
_NOT_ELEMENTWISE_ITERATION = frozenset(
    {"range", "enumerate", "zip", "reversed", "sorted", "list", "tuple", "iter", "map", "filter", "set", "dict", "next"}
)

#: jax.numpy functions that join a sequence of arrays and give the same result when passed one
#: array holding those arrays along its leading axis (``jnp.vstack(x)`` iterates ``x``'s first axis).
JOINING = frozenset({"stack", "array", "asarray", "vstack", "hstack", "dstack", "concatenate"})


@dataclass(frozen=True)
class ElementLoop:
    """``for variables in zip(*arrays)``: one iteration per index of the arrays' leading axis.

    ``body`` is what each iteration computes, with ``a[i]`` already read as ``i`` for
    ``range(len(a))`` loops.
    """

    variables: tuple[str, ...]
    arrays: tuple[cst.BaseExpression, ...]
    body: cst.BaseExpression


def element_loop(target: cst.BaseExpression, iterable: cst.BaseExpression, body: cst.BaseExpression) -> ElementLoop | None:
    """Read ``for target in iterable: body`` as a walk over the leading axis of arrays.

    Recognised: ``x in xs``; ``x, y in zip(xs, ys)``; ``i, x in enumerate(xs)`` when the body
    does not read ``i``; ``i in range(len(xs))`` or ``range(xs.shape[0])`` when ``i`` is only read
    as ``xs[i]``. None otherwise (reversed, sorted..., or a body with ``:=``, which carries a value
    from one iteration to the next). Whether the arrays are data-sized is the loop-extent question.
    """
    if _has_walrus(body):
        return None
    if (
        isinstance(target, cst.Tuple)
        and len(target.elements) == 2
        and all(isinstance(element.value, cst.Name) for element in target.elements)
        and isinstance(iterable, cst.Call)
        and isinstance(iterable.func, cst.Name)
        and iterable.func.value == "enumerate"
        and iterable.args
        and iterable.args[0].keyword is None
        and not iterable.args[0].star
    ):
        index, element = (item.value.value for item in target.elements)  # type: ignore[union-attr]
        if index in names_in(body) or index == element:
            return None
        return element_loop(target.elements[1].value, iterable.args[0].value, body)
    if isinstance(target, cst.Name):
        var = target.value
        indexed = indexed_element(iterable, body, var)
        if indexed is not None:
            return ElementLoop((var,), (indexed[0],), indexed[1])
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value in _NOT_ELEMENTWISE_ITERATION:
            return None
        return ElementLoop((var,), (iterable,), body)
    if not (isinstance(target, cst.Tuple) and isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "zip"):
        return None
    variables = [element.value.value for element in target.elements if isinstance(element, cst.Element) and isinstance(element.value, cst.Name)]
    if any(arg.star or (arg.keyword is not None and arg.keyword.value != "strict") for arg in iterable.args):
        return None
    arrays = [arg.value for arg in iterable.args if arg.keyword is None]
    if len(variables) != len(target.elements) or len(arrays) != len(variables) or len(set(variables)) != len(variables):
        return None
    return ElementLoop(tuple(variables), tuple(arrays), body)


def _has_walrus(node: cst.CSTNode) -> bool:
    found = False

    class _Walrus(cst.CSTVisitor):
        def visit_NamedExpr(self, named: cst.NamedExpr) -> None:
            nonlocal found
            found = True

    walk(node, _Walrus())
    return found


def sized_array(size: cst.BaseExpression) -> cst.BaseExpression | None:
    """``a`` for ``len(a)`` or ``a.shape[0]``."""
    if isinstance(size, cst.Call) and isinstance(size.func, cst.Name) and size.func.value == "len" and len(size.args) == 1:
        return size.args[0].value
    if (
        isinstance(size, cst.Subscript)
        and isinstance(size.value, cst.Attribute)
        and size.value.attr.value == "shape"
        and len(size.slice) == 1
        and isinstance(size.slice[0].slice, cst.Index)
        and code(size.slice[0].slice.value) == "0"
    ):
        return size.value.value
    return None


def indexed_element(iterable: cst.BaseExpression, body: cst.BaseExpression, var: str) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``(a, body with a[var] read as var)`` for ``range(len(a))`` / ``range(a.shape[0])`` loops
    whose index is read only as ``a[var]``; None otherwise."""
    if not (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "range" and len(iterable.args) == 1):
        return None
    array = sized_array(iterable.args[0].value)
    if array is None or var in names_in(array):
        return None
    array_code = code(array)
    replaced = 0

    class _ReadElement(cst.CSTTransformer):
        def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript) -> cst.BaseExpression:
            nonlocal replaced
            index = original.slice[0].slice if len(original.slice) == 1 else None
            if isinstance(index, cst.Index) and isinstance(index.value, cst.Name) and index.value.value == var and code(original.value) == array_code:
                replaced += 1
                return cst.Name(var)
            return updated

    element_body = body.visit(_ReadElement())
    if replaced == 0 or replaced != _reads(body, var):
        return None
    return array, element_body  # type: ignore[return-value]


def _reads(node: cst.CSTNode, var: str) -> int:
    """How many times the bare name ``var`` is read in ``node`` (attribute names excluded)."""
    count = 0

    class _Count(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            nonlocal count
            count += name.value == var

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            walk(attribute.value, self)
            return False

    walk(node, _Count())
    return count


def _keyword(name: str, value: cst.BaseExpression) -> cst.Arg:
    no_space = cst.SimpleWhitespace("")
    return cst.Arg(value, keyword=cst.Name(name), equal=cst.AssignEqual(no_space, no_space))


def _passed_once(value: cst.BaseExpression) -> bool:
    """A shared argument that may be evaluated once instead of per element: a name or literal."""
    return dotted_name(value) is not None or isinstance(value, (cst.Integer, cst.Float, cst.SimpleString))


def _direct_call(loop: ElementLoop) -> tuple[cst.BaseExpression, cst.Tuple | None, list[cst.BaseExpression]] | None:
    """For a body ``f(a, x, b)`` that passes each loop variable once as a whole argument:
    ``(f, in_axes, operands)``, ``in_axes`` None when every argument is mapped."""
    body = loop.body
    variables = set(loop.variables)
    if not isinstance(body, cst.Call) or not body.args or variables & names_in(body.func):
        return None
    axes: list[int | None] = []
    operands: list[cst.BaseExpression] = []
    seen: set[str] = set()
    for arg in body.args:
        if arg.keyword is not None or arg.star:
            return None
        value = arg.value
        if isinstance(value, cst.Name) and value.value in variables and value.value not in seen:
            seen.add(value.value)
            axes.append(0)
            operands.append(loop.arrays[loop.variables.index(value.value)])
        elif not (names_in(value) & variables) and _passed_once(value):
            axes.append(None)
            operands.append(value)
        else:
            return None
    if seen != variables:
        return None
    if all(axis == 0 for axis in axes):
        return body.func, None, operands
    in_axes = cst.Tuple([cst.Element(cst.Name("None") if axis is None else cst.Integer("0")) for axis in axes])
    return body.func, in_axes, operands


def vmapped(loop: ElementLoop, names: ImportMap, out_axes: cst.BaseExpression | None = None) -> Vectorized:
    """``jax.vmap(f, in_axes=...)(*arrays)``: the loop's results stacked along ``out_axes`` (0 if None).

    A body that passes each loop variable whole to one function maps that function, with
    ``in_axes`` ``None`` for the shared arguments; any other body becomes a lambda.
    """
    vmap, imports = names.spell("jax.vmap")
    direct = _direct_call(loop)
    if direct is not None:
        function, in_axes, operands = direct
    else:
        body = loop.body
        if isinstance(body, cst.Tuple) and not body.lpar:
            body = body.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        function = cst.Lambda(params=cst.Parameters(params=[cst.Param(cst.Name(var)) for var in loop.variables]), body=body)
        in_axes, operands = None, list(loop.arrays)
    vmap_args = [cst.Arg(function)]
    if in_axes is not None:
        vmap_args.append(_keyword("in_axes", in_axes))
    if out_axes is not None:
        vmap_args.append(_keyword("out_axes", out_axes))
    mapped = cst.Call(func=cst.Call(func=vmap, args=vmap_args), args=[cst.Arg(operand) for operand in operands])
    return Vectorized(mapped, "unsafe", tuple(imports), "vmap")


def joined(call: cst.Call, loop: ElementLoop, names: ImportMap) -> Vectorized | None:
    """The batched form of ``jnp.stack([...])`` (or another ``JOINING`` call) whose first argument
    is the list the loop builds; None when the call is not one of those."""
    function = names.autodiff_numpy_function(call.func)
    if function not in JOINING or not (names.resolve(call.func) or "").startswith("jax.numpy."):
        return None
    rest = list(call.args[1:])
    out_axes: cst.BaseExpression | None = None
    if function == "stack" and len(rest) == 1 and (rest[0].keyword is None or rest[0].keyword.value == "axis"):
        axis = rest[0].value
        if isinstance(axis, cst.Integer) or (isinstance(axis, cst.UnaryOperation) and isinstance(axis.operator, cst.Minus) and isinstance(axis.expression, cst.Integer)):
            rest = []
            out_axes = None if code(axis) == "0" else axis
    stacked = batched(loop, names, out_axes)
    if not rest and function in ("stack", "array", "asarray"):
        return stacked
    first = call.args[0].with_changes(value=stacked.expression)
    return Vectorized(call.with_changes(args=[first, *call.args[1:]]), stacked.applicability, stacked.imports, stacked.how)


def batched(loop: ElementLoop, names: ImportMap, out_axes: cst.BaseExpression | None = None) -> Vectorized:
    """The loop's results stacked along ``out_axes`` (0 if None): the body with the array
    substituted when it is elementwise in its one variable, else ``vmapped``."""
    if out_axes is None and len(loop.variables) == 1:
        kind = elementwise_in(loop.body, loop.variables[0], names)
        if kind is not None:
            expression = substitute(loop.body, loop.variables[0], loop.arrays[0])
            return Vectorized(expression, "safe" if kind == "pure" else "unsafe", (), "elementwise")
    return vmapped(loop, names, out_axes)
