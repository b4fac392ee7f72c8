"""The operation table: array operations by what they compute, with every spelling of each.

Rules ask *which operation* an expression is, never which name it calls. ``a @ b``,
``jnp.matmul(a, b, precision="highest")``, ``jnp.linalg.matmul(a, b)``, ``jnp.dot(a, b)``,
``a.dot(b)``, ``jax.lax.dot(a, b)``, ``np.dot(a, b)`` and ``jnp.einsum("ij,jk->ik", a, b)``
are all ``matmul(a, b)``; ``a.T``, ``a.mT``, ``jnp.transpose(a)``, ``a.transpose()`` and
``jnp.matrix_transpose(a)`` are ``transpose(a)``. The spellings are data (``SPELLINGS``, one
line each, in Python's own signature syntax), read once into an index; ``operation_of`` is the
query.

A spelling line is one of

- ``{jnp,np,anp}.matmul(a, b, *, precision=KEEP)``: functions, by qualified name (``jnp``,
  ``np``, ``anp`` abbreviate ``jax.numpy``, ``numpy`` and ``autograd.numpy``; braces list the
  modules that have it). Parameters without a default are the *operands*; ``name=KEEP``
  marks a keyword that keeps the mathematics (``precision``, ``preferred_element_type``: a
  rewrite into another spelling carries it over); ``name=<literal>`` is a parameter that
  changes the mathematics (``k=0`` of ``diag``, ``axis=None`` of ``sum``), reported in
  ``Operation.arguments`` when the call gives it a value other than its default. A call with
  an argument the line does not name (``np.dot(a, b, out=c)``), ``*args`` or ``**kwargs`` is
  not recognised: what it computes is not known.
- ``a.dot(b, *, precision=KEEP)``: a method of the first operand; ``a.T``: an attribute;
  ``a @ b``: an operator.
- ``einsum('ij,jk->ik', a, b)``: an einsum whose subscripts are these up to renaming the
  letters (``"xy,yz->xz"`` too), any of the einsum modules.

A trailing ``[variant]`` says how the spelling differs from the others on ranks where they
are not the same operation (the shape rule, ``result_shape``): ``dot`` contracts the last axis
of ``a`` with the second-to-last of ``b`` and keeps every other axis (``matmul`` batches the
leading axes; the two agree on operands of at most two axes); ``reverse`` reverses every axis
(``.T``: a no-op on a vector) where ``matrix`` swaps the last two (``.mT``); ``diag`` builds
a matrix from a vector; ``swap`` is a transpose only for a 2-D operand and axes that swap
(``jnp.swapaxes(a, -1, -2)``, ``jnp.moveaxis(a, 0, 1)``, ``jnp.transpose(a, (1, 0))``):
``operation_of`` answers ``transpose`` for it only when its ``rank`` callback proves 2.

A function mapped over the leading axis, ``jax.vmap(jnp.diag)(x)`` (inline or through a name
bound once to it, ``jax.jit`` around it or not), is its operation with the variant ``mapped``
(``mapped-diag`` for ``diag``): see ``mapped``.

``Operation.host`` tells NumPy's spellings (computed on the host, never traced or
differentiated) from jax's and autograd's; methods, attributes and operators run in whatever
library the operand belongs to (``host`` None). Nothing here imports jax or numpy.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Sequence

from gradadvisor.analysis.syntax import int_value

#: Module abbreviations in spelling lines.
MODULES = {"jnp": "jax.numpy", "np": "numpy", "anp": "autograd.numpy"}
#: Namespaces whose functions compute on the host (NumPy): never traced, never differentiated.
HOST_MODULES = ("numpy",)
#: Keywords of jax's contractions that keep the mathematics (``jnp.einsum`` takes them too).
JAX_KEPT = "precision=KEEP, preferred_element_type=KEEP"

#: operation -> (shape rule in words, spellings). The shape rules as code are ``result_shape``.
SPELLINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "matmul": (
        "(..., n, k), (..., k, m) -> (..., n, m); a 1-D operand is a vector whose axis is dropped; "
        "[dot]: (n, k), (..., k, m) -> (n, ..., m), the same on operands of at most two axes",
        (
            "a @ b",
            f"{{jnp,np,anp}}.matmul(a, b, *, {JAX_KEPT})",
            f"{{jnp,np}}.linalg.matmul(a, b, *, {JAX_KEPT})",
            f"{{jnp,np,anp}}.dot(a, b, *, {JAX_KEPT}) [dot]",
            f"a.dot(b, *, {JAX_KEPT}) [dot]",
            f"jax.lax.dot(a, b, {JAX_KEPT}, *, dimension_numbers=None) [dot]",
            "einsum('ij,jk->ik', a, b)",
        ),
    ),
    "inner": (
        "(..., k), (..., k) -> (a's leading axes, b's leading axes)",
        (f"{{jnp,np,anp}}.inner(a, b, *, {JAX_KEPT})",),
    ),
    "vdot": (
        "both flattened, the first conjugated: ()",
        (f"{{jnp,np,anp}}.vdot(a, b, *, {JAX_KEPT})",),
    ),
    "outer": (
        "both flattened: (n,), (m,) -> (n, m)",
        (
            "{jnp,np,anp}.outer(a, b)",
            "einsum('i,j->ij', a, b)",
        ),
    ),
    "transpose": (
        "[reverse]: every axis reversed (a vector is unchanged); [matrix]: the last two swapped (needs two axes); "
        "[swap]: (n, m) -> (m, n), recognised on 2-D operands only",
        (
            "a.T [reverse]",
            "a.mT [matrix]",
            "{jnp,np,anp}.transpose(a, axes=None) [reverse]",
            "a.transpose() [reverse]",
            "{jnp,np}.matrix_transpose(a) [matrix]",
            "{jnp,np}.linalg.matrix_transpose(a) [matrix]",
            "{jnp,np,anp}.swapaxes(a, axis1, axis2) [swap]",
            "{jnp,np,anp}.moveaxis(a, source, destination) [swap]",
            "jax.lax.transpose(a, permutation) [swap]",
            "einsum('ij->ji', a)",
        ),
    ),
    "conj": (
        "the same shape (the identity on real values)",
        (
            "{jnp,np,anp}.conj(a)",
            "{jnp,np,anp}.conjugate(a)",
            "jax.lax.conj(a)",
            "a.conj()",
            "a.conjugate()",
        ),
    ),
    "diagonal": (
        "(n, m) -> (min(n, m),); [diag]: (n,) -> (n, n), a matrix built from a vector; [matrix]: over the last two axes",
        (
            "{jnp,np,anp}.diag(a, k=0) [diag]",
            "{jnp,np,anp}.diagonal(a, offset=0, axis1=0, axis2=1)",
            "a.diagonal(offset=0, axis1=0, axis2=1)",
            "{jnp,np}.linalg.diagonal(a, *, offset=0) [matrix]",
            "einsum('ii->i', a)",
        ),
    ),
    "trace": (
        "(n, m) -> (); integers and bools summed in a wider dtype; [matrix]: over the last two axes",
        (
            "{jnp,np,anp}.trace(a, offset=0, axis1=0, axis2=1, dtype=None)",
            "a.trace(offset=0, axis1=0, axis2=1, dtype=None)",
            "{jnp,np}.linalg.trace(a, *, offset=0, dtype=None) [matrix]",
            "einsum('ii->', a)",
        ),
    ),
    "sum": (
        "() with axis=None, else the axes named dropped (kept with keepdims=True)",
        (
            "{jnp,np,anp}.sum(a, axis=None, dtype=None, keepdims=False)",
            "a.sum(axis=None, dtype=None, keepdims=False)",
        ),
    ),
    "mean": (
        "() with axis=None, else the axes named dropped (kept with keepdims=True)",
        (
            "{jnp,np,anp}.mean(a, axis=None, dtype=None, keepdims=False)",
            "a.mean(axis=None, dtype=None, keepdims=False)",
        ),
    ),
    "stack": (
        "k arrays of shape s -> s with an axis of length k inserted at `axis`",
        ("{jnp,np,anp}.stack(arrays, axis=0)",),
    ),
    "concatenate": (
        "k arrays -> one, their lengths along `axis` added",
        (
            "{jnp,np,anp}.concatenate(arrays, axis=0)",
            "jax.lax.concatenate(arrays, dimension)",
        ),
    ),
}
#: Where an einsum spelling may come from.
EINSUM_MODULES = ("jax.numpy", "numpy", "autograd.numpy")
#: The keywords an einsum takes that keep the mathematics, per module.
EINSUM_KEPT = {"jax.numpy": frozenset({"precision", "preferred_element_type", "optimize"}), "numpy": frozenset({"optimize"}), "autograd.numpy": frozenset()}


#: A parameter without a default (``swapaxes``' axes).
REQUIRED = object()
#: Parameter names that stand for operands in a spelling line.
OPERAND_NAMES = frozenset({"a", "b", "arrays"})


@dataclass(frozen=True)
class Spelling:
    """One way of writing an operation: a ``function`` (qualified ``name``), a ``method`` or
    ``attribute`` of the first operand, an ``operator``, or an ``einsum`` (normalised
    subscripts)."""

    operation: str
    form: str
    name: str
    operands: tuple[str, ...]
    #: Parameters that change the mathematics -> default (``REQUIRED`` when there is none).
    parameters: tuple[tuple[str, object], ...] = ()
    #: Keywords that keep the mathematics.
    kept: tuple[str, ...] = ()
    #: The parameters and kept keywords that may be passed by position, in order.
    positional: tuple[str, ...] = ()
    variant: str = ""


@dataclass(frozen=True)
class Operation:
    """What an expression computes: ``name`` applied to ``operands`` (in order), written as
    ``spelling``; ``arguments`` holds the parameters that change the mathematics and that the
    call gives a value other than their default; ``keywords`` the ones that keep it (positional
    ones turned into keywords), for a rewrite to carry over."""

    name: str
    operands: tuple[ast.expr, ...]
    spelling: Spelling
    node: ast.expr
    arguments: dict[str, ast.expr] = field(default_factory=dict)
    keywords: tuple[ast.keyword, ...] = ()
    #: The namespace a function or einsum spelling comes from (``jax.numpy.linalg``).
    module: str | None = None

    @property
    def variant(self) -> str:
        return self.spelling.variant

    @property
    def host(self) -> bool | None:
        """True for NumPy's functions (run on the host, never traced), False for jax's and
        autograd's, None for methods, attributes and operators (the operand decides)."""
        if self.module is None:
            return None
        return self.module.split(".")[0] in HOST_MODULES

    @property
    def plain(self) -> bool:
        """No parameter that changes the mathematics is given (``jnp.diag(x)``, not ``k=1``)."""
        return not self.arguments

    @property
    def function(self) -> str | None:
        """The qualified function called, for function spellings."""
        return self.spelling.name if self.spelling.form == "function" else None


# -- the index, built once ----------------------------------------------------------------------

_LINE = re.compile(r"^(?P<body>.*?)\s*(?:\[(?P<variant>[\w-]+)\])?$")


def _expand(name: str) -> list[str]:
    match = re.fullmatch(r"\{([\w,]+)\}(.*)", name)
    if match is None:
        return [name]
    return [MODULES[short] + match.group(2) for short in match.group(1).split(",")]


def _signature(operation: str, form: str, name: str, params: str, variant: str) -> Spelling:
    """A spelling from a Python parameter list: ``a``, ``b`` and ``arrays`` are the operands,
    ``name=KEEP`` a kept keyword, ``name=<literal>`` (or no default) a parameter."""
    arguments = ast.parse(f"def _({params}): pass").body[0].args  # type: ignore[attr-defined]
    positional_args = [*arguments.posonlyargs, *arguments.args]
    defaults: list[ast.expr | None] = [None] * (len(positional_args) - len(arguments.defaults)) + list(arguments.defaults)
    operands: list[str] = []
    parameters: list[tuple[str, object]] = []
    kept: list[str] = []
    positional: list[str] = []
    for arg, default, by_position in [*zip(positional_args, defaults, [True] * len(positional_args)), *zip(arguments.kwonlyargs, arguments.kw_defaults, [False] * len(arguments.kwonlyargs))]:
        if arg.arg in OPERAND_NAMES and default is None:
            operands.append(arg.arg)
            continue
        if default is not None and _is_keep(default):
            kept.append(arg.arg)
        else:
            parameters.append((arg.arg, REQUIRED if default is None else ast.literal_eval(default)))
        if by_position:
            positional.append(arg.arg)
    return Spelling(operation, form, name, tuple(operands), tuple(parameters), tuple(kept), tuple(positional), variant)


def _without_kept(params: str) -> str:
    """A parameter list without its ``KEEP`` keywords (and a bare ``*`` left last)."""
    parts = [part.strip() for part in params.split(",") if not part.strip().endswith("=KEEP")]
    while parts and parts[-1] == "*":
        parts.pop()
    return ", ".join(parts)


def _is_keep(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "KEEP"


def _parse(operation: str, line: str) -> list[Spelling]:
    match = _LINE.match(line.strip())
    assert match is not None
    body, variant = match.group("body"), match.group("variant") or ""
    einsum = re.fullmatch(r"einsum\('([^']*)',\s*(.*)\)", body)
    if einsum:
        operands = tuple(part.strip() for part in einsum.group(2).split(","))
        return [Spelling(operation, "einsum", normalise_subscripts(einsum.group(1)) or "", operands, variant=variant)]
    operator = re.fullmatch(r"(\w+) @ (\w+)", body)
    if operator:
        return [Spelling(operation, "operator", "@", operator.groups(), variant=variant)]
    attribute = re.fullmatch(r"(\w+)\.(\w+)", body)
    if attribute:
        return [Spelling(operation, "attribute", attribute.group(2), (attribute.group(1),), variant=variant)]
    method = re.fullmatch(r"(\w+)\.(\w+)\((.*)\)", body)
    if method:
        receiver, name, params = method.groups()
        spelling = _signature(operation, "method", name, params, variant)
        return [Spelling(operation, "method", name, (receiver, *spelling.operands), spelling.parameters, spelling.kept, spelling.positional, variant)]
    function = re.fullmatch(r"([\w.{},]+)\((.*)\)", body)
    assert function is not None, line
    name, params = function.groups()
    found = []
    for qualified in _expand(name):
        # KEEP keywords are jax's: NumPy's and autograd's functions do not take them.
        own = params if qualified.startswith("jax.") else _without_kept(params)
        found.append(_signature(operation, "function", qualified, own, variant))
    return found


@lru_cache(maxsize=1)
def _index() -> dict[tuple[str, str], list[Spelling]]:
    """``(form, name)`` -> spellings; read once."""
    index: dict[tuple[str, str], list[Spelling]] = {}
    for operation, (_shape, lines) in SPELLINGS.items():
        for line in lines:
            for spelling in _parse(operation, line):
                index.setdefault((spelling.form, spelling.name), []).append(spelling)
    return index


def spellings(operation: str | None = None) -> list[Spelling]:
    """Every spelling in the table (of one operation)."""
    return [s for found in _index().values() for s in found if operation is None or s.operation == operation]


def normalise_subscripts(subscripts: str) -> str | None:
    """Einsum subscripts with their letters renamed in order of first appearance and an
    implicit output made explicit: ``"xy,yz->xz"`` and ``"ij,jk"`` are ``"ab,bc->ac"``.
    None for ellipses or anything else unusual."""
    text = subscripts.replace(" ", "")
    if not re.fullmatch(r"[a-zA-Z]+(,[a-zA-Z]+)*(->[a-zA-Z]*)?", text) or len(set(text) - {",", "-", ">"}) > 26:
        return None
    if "->" not in text:
        letters = text.replace(",", "")
        text += "->" + "".join(sorted(letter for letter in set(letters) if letters.count(letter) == 1))
    names: dict[str, str] = {}
    out = []
    for char in text:
        if char.isalpha():
            names.setdefault(char, "abcdefghijklmnopqrstuvwxyz"[len(names)])
            out.append(names[char])
        else:
            out.append(char)
    return "".join(out)


# -- the query ------------------------------------------------------------------------------------

Resolve = Callable[[ast.AST], "str | None"]
Rank = Callable[[ast.expr], "int | None"]
Bound = Callable[[ast.Name], "ast.expr | None"]


def operation_of(expr: ast.AST, resolve: Resolve, rank: Rank | None = None, bound: Bound | None = None) -> Operation | None:
    """The operation ``expr`` computes, with its operands in order, or None.

    ``resolve`` gives a dotted expression's qualified name (``jnp.dot`` -> ``jax.numpy.dot``,
    None for a local name: then ``x.dot(y)`` is a method call); ``rank`` gives an operand's
    number of axes when known (only ``[swap]`` spellings ask it); ``bound`` the expression a
    name is bound to once (``bdiag = jax.jit(jax.vmap(jnp.diag))``: then ``bdiag(x)`` is a
    mapped ``diag``, see ``mapped``)."""
    index = _index()
    if isinstance(expr, ast.Call) and not (isinstance(expr.func, ast.Attribute) or isinstance(expr.func, ast.Name) and (bound is None or resolve(expr.func) is not None)):
        return mapped(expr, resolve, bound) or _through_lambda(expr, resolve, rank, bound)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.MatMult):
        return Operation("matmul", (expr.left, expr.right), index[("operator", "@")][0], expr)
    if isinstance(expr, ast.Attribute):
        if resolve(expr) is not None:
            return None
        for spelling in index.get(("attribute", expr.attr), ()):
            return Operation(spelling.operation, (expr.value,), spelling, expr)
        return None
    if not isinstance(expr, ast.Call) or any(isinstance(arg, ast.Starred) for arg in expr.args) or any(k.arg is None for k in expr.keywords):
        return None
    qualified = resolve(expr.func)
    if qualified is not None:
        module, _, function = qualified.rpartition(".")
        if function == "einsum" and module in EINSUM_MODULES:
            return _einsum(expr, module, index)
        for spelling in index.get(("function", qualified), ()):
            found = _bind(spelling, expr, list(expr.args), rank)
            if found is not None:
                return found
        return None
    if isinstance(expr.func, ast.Attribute):
        for spelling in index.get(("method", expr.func.attr), ()):
            found = _bind(spelling, expr, [expr.func.value, *expr.args], rank)
            if found is not None:
                return found
    return None


#: The transforms that map a function over its argument's leading axis, and the jit a mapped
#: function may be wrapped in, outside or inside (``jax.jit(jax.vmap(jnp.diag))``): it changes
#: nothing of what is computed.
MAPPING = frozenset({"jax.vmap"})
JIT = frozenset({"jax.jit"})


def _unjitted(node: ast.expr, resolve: Resolve) -> ast.expr:
    """``f`` for ``jax.jit(f)``, else ``node``."""
    if isinstance(node, ast.Call) and resolve(node.func) in JIT and len(node.args) == 1 and not node.keywords:
        return node.args[0]
    return node


def mapped(call: ast.Call, resolve: Resolve, bound: Bound | None) -> Operation | None:
    """``jax.vmap(jnp.diag)(x)``, inline or through a name bound once to it (``jax.jit`` around
    it changes nothing): ``diag``, ``diagonal`` or ``trace`` of each element of ``x`` along its
    leading axis. The operation keeps its name; the variant is ``mapped-diag`` for ``diag`` (a
    batch of vectors becomes a batch of dense diagonal matrices; a batch of matrices gives each
    one's diagonal) and ``mapped`` for the others (each matrix of a 3-D batch: its last two
    axes). Only the plain forms (no ``in_axes`` other than 0, no parameter of the function)."""
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return None
    function: ast.expr = call.func
    if isinstance(function, ast.Name) and bound is not None:
        function = bound(function) or function
    function = _unjitted(function, resolve)
    if not isinstance(function, ast.Call) or resolve(function.func) not in MAPPING or len(function.args) != 1:
        return None
    if any(item.arg != "in_axes" or _literal(item.value) != (0,) for item in function.keywords):
        return None
    qualified = resolve(_unjitted(function.args[0], resolve))
    for spelling in _index().get(("function", qualified or ""), ()):
        if spelling.operation in ("diagonal", "trace") and spelling.variant in ("diag", ""):
            variant = "mapped-diag" if spelling.variant == "diag" else "mapped"
            as_mapped = Spelling(spelling.operation, "mapped", spelling.name, spelling.operands[:1], variant=variant)
            return Operation(spelling.operation, (call.args[0],), as_mapped, call, module=spelling.name.rpartition(".")[0])
    return None


def _through_lambda(call: ast.Call, resolve: Resolve, rank: Rank | None, bound: Bound | None) -> Operation | None:
    """``mk(g)`` with ``mk = lambda v: jnp.diag(v)`` (bound once): the operation the lambda's body
    computes, on the call's arguments in place of the lambda's parameters, when every operand
    of the body is one of those parameters."""
    function = bound(call.func) if isinstance(call.func, ast.Name) and bound is not None else None
    if not isinstance(function, ast.Lambda) or call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    params = function.args
    if params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs or params.defaults or len(params.args) != len(call.args):
        return None
    inner = operation_of(function.body, resolve, rank, None)
    given = {param.arg: arg for param, arg in zip(params.args, call.args)}
    if inner is None or not all(isinstance(operand, ast.Name) and operand.id in given for operand in inner.operands):
        return None
    return replace(inner, operands=tuple(given[operand.id] for operand in inner.operands), node=call)  # type: ignore[union-attr]


def _bind(spelling: Spelling, call: ast.Call, args: list[ast.expr], rank: Rank | None) -> Operation | None:
    """Match a call's arguments to a spelling's signature."""
    count = len(spelling.operands)
    if len(args) < count or len(args) > count + len(spelling.positional):
        return None
    operands = tuple(args[:count])
    given: dict[str, ast.expr] = dict(zip(spelling.positional, args[count:]))
    parameters = dict(spelling.parameters)
    for item in call.keywords:
        if item.arg in given or (item.arg not in parameters and item.arg not in spelling.kept):
            return None  # given twice, or a keyword this spelling does not know
        given[item.arg] = item.value  # type: ignore[index]
    arguments: dict[str, ast.expr] = {}
    for name, default in spelling.parameters:
        value = given.get(name)
        if value is None:
            if default is REQUIRED:
                return None
            continue
        literal = _literal(value)
        if default is not REQUIRED and literal is not None and type(literal[0]) is type(default) and literal[0] == default:
            continue  # written out, but the default
        arguments[name] = value
    keywords = tuple(ast.keyword(arg=name, value=given[name]) for name in spelling.kept if name in given)
    module = spelling.name.rpartition(".")[0] if spelling.form == "function" else None
    operation = Operation(spelling.operation, operands, spelling, call, arguments, keywords, module)
    if spelling.variant == "swap" or spelling.operation == "transpose" and arguments:
        return _swap(operation, rank)  # transpose(a, (1, 0)): a transpose when 2-D
    return operation


def _literal(node: ast.expr) -> tuple[object] | None:
    """``(value,)`` for a literal (``0``, ``-1``, ``None``, ``False``, ``(1, 0)``), else None."""
    try:
        return (ast.literal_eval(node),)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _swap(operation: Operation, rank: Rank | None) -> Operation | None:
    """A ``[swap]`` spelling is a transpose for a 2-D operand whose axes it swaps."""
    if rank is None or rank(operation.operands[0]) != 2:
        return None
    values = [_literal(value) for value in operation.arguments.values()]
    if len(values) == 1 and values[0] is not None:  # a permutation: (1, 0)
        order = values[0][0]
        swaps = isinstance(order, (tuple, list)) and [int(axis) % 2 if type(axis) is int and -2 <= axis < 2 else None for axis in order] == [1, 0]
    elif len(values) == 2:  # two axes: swapaxes(a, -1, -2), moveaxis(a, 0, 1)
        axes = [int_value(value) for value in operation.arguments.values()]
        swaps = all(axis is not None and -2 <= axis < 2 for axis in axes) and len({axis % 2 for axis in axes}) == 2  # type: ignore[operator]
    else:
        swaps = False
    if not swaps:
        return None
    return Operation(operation.name, operation.operands, operation.spelling, operation.node, {}, operation.keywords, operation.module)


def _einsum(call: ast.Call, module: str, index: dict[tuple[str, str], list[Spelling]]) -> Operation | None:
    if not call.args or not isinstance(call.args[0], ast.Constant) or not isinstance(call.args[0].value, str):
        return None
    normalised = normalise_subscripts(call.args[0].value)
    if normalised is None or any(item.arg not in EINSUM_KEPT[module] for item in call.keywords):
        return None
    for spelling in index.get(("einsum", normalised), ()):
        operands = tuple(call.args[1:])
        if len(operands) == len(spelling.operands):
            return Operation(spelling.operation, operands, spelling, call, {}, tuple(call.keywords), module)
    return None


# -- shape rules ----------------------------------------------------------------------------------

def result_shape(operation: str, variant: str, shapes: Sequence["tuple[object, ...] | None"], arguments: dict[str, object] | None = None) -> "tuple[object, ...] | None":
    """The shape of the result from the operands' shapes (dims: ints, symbolic sizes, None),
    or None when the rule does not say (unknown rank, a case that raises, an axis given by
    a name). ``arguments``: literal values of the mathematical parameters given."""
    arguments = arguments or {}
    if any(shape is None for shape in shapes):
        return None
    if operation == "conj":
        return shapes[0]
    if operation == "matmul":
        left, right = shapes[0], shapes[1]
        if not left or not right:
            return None
        if variant == "dot" and len(right) >= 2:
            return (*left[:-1], *right[:-2], right[-1])
        if len(right) == 1:
            return left[:-1]
        if len(left) == 1:
            return (*right[:-2], right[-1])
        if len(left) != len(right) and variant != "dot":
            return None  # broadcasting batch axes: not modelled
        return (*left[:-2], left[-2], right[-1])
    if operation == "transpose":
        shape = shapes[0]
        if variant == "reverse":
            return tuple(reversed(shape))
        if len(shape) < 2 or variant == "swap" and len(shape) != 2:
            return None
        return (*shape[:-2], shape[-1], shape[-2])
    if operation in ("diagonal", "trace") and variant in ("mapped", "mapped-diag"):
        shape = shapes[0]  # each element along the leading axis
        if variant == "mapped-diag" and len(shape) == 2:
            return (shape[0], shape[1], shape[1])
        if len(shape) != 3:
            return None
        return (shape[0],) if operation == "trace" else (shape[0], shape[1] if shape[1] == shape[2] else None)
    if operation == "diagonal":
        shape = shapes[0]
        if variant == "diag" and len(shape) == 1:
            return (shape[0], shape[0])
        if len(shape) == 2 or variant == "matrix" and len(shape) >= 2:
            n, m = shape[-2], shape[-1]
            return (*shape[:-2], n if n == m else None)
        return None
    if operation in ("trace", "vdot"):
        return () if operation == "vdot" or len(shapes[0]) == 2 else None
    if operation in ("sum", "mean"):
        return () if arguments.get("axis") is None and not arguments.get("keepdims") else None
    if operation == "outer":
        sizes = [shape[0] if len(shape) == 1 else None for shape in shapes]
        return tuple(sizes)
    if operation == "inner":
        return (*shapes[0][:-1], *shapes[1][:-1])
    return None
