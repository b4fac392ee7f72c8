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

from gradadvisor.analysis.names import ImportMap

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
            attribute.value.visit(self)
            return False

    node.visit(_Names())
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
                local_functions[call.func.value].body.visit(self)

        def visit_BinaryOperation(self, operation: cst.BinaryOperation) -> None:
            nonlocal found
            if isinstance(operation.operator, cst.MatrixMultiply):
                found = True

    node.visit(_Calls())
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

    node.visit(_Conversions())
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

    body.visit(_Uses())
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
