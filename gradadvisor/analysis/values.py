"""Abstract values: what the facts layer knows a name or an expression holds.

A ``Value`` is one point of a small lattice:

- ``array``: a jax (or numpy: ``host=True``) array, with its shape when the code
  shows it (each dimension a literal ``int``, a symbolic size such as
  ``"x.shape[0]"``, or ``None``), and its dtype when known;
- ``scalar``: a Python number (``literal`` when the code writes it);
- ``size``: a Python ``int`` that grows with the data (``len(data)``, ``x.shape[0]``,
  ``int(t_max // dt)``), with the expression it stands for;
- ``sequence``: a list or tuple, with its length (literal or symbolic) and what
  its items hold;
- ``mapping``, ``string``, ``none``, ``module``, ``object``;
- ``callable``: a function, possibly built by a transform (``jax.grad(loss)``);
- ``param``: a parameter of the function whose kind is not shown locally; phase 2
  of the scan resolves it from call sites across the project;
- ``unknown``.

Every value carries ``evidence``: short, human-readable reasons ("`N = x.shape[0]`
at line 12") that findings show in their "because" list. Joins are cheap and
lose precision rather than look twice: this is a linter.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Union

#: A dimension or a length: a literal size, a symbolic one (the expression it stands for), or unknown.
Dim = Union[int, str, None]

ARRAY = "array"
SCALAR = "scalar"
SIZE = "size"
SEQUENCE = "sequence"
MAPPING = "mapping"
STRING = "string"
NONE = "none"
MODULE = "module"
OBJECT = "object"
CALLABLE = "callable"
PARAM = "param"
UNKNOWN = "unknown"

#: Item sizes in bytes, for the byte size of arrays whose shape the code writes out.
ITEMSIZE = {
    "bool": 1, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "float16": 2, "bfloat16": 2,
    "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8, "float64": 8,
    "complex64": 8, "complex128": 16, "key": 8,
}
#: Dtypes whose sums and traces accumulate differently from repeated ``+`` (or promote).
SMALL_DTYPES = frozenset({"bool", "int8", "uint8", "int16", "uint16", "float16", "bfloat16"})
#: Dtypes no gradient flows through: masks, counts, indices (reverse mode gives them a zero
#: "float0" cotangent), so a loop over them can be slow to compile but not to differentiate.
INTEGRAL_DTYPES = frozenset({"bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"})


def no_gradient_reason(value: "Value", text: str) -> str | None:
    """Why no gradient flows through ``value`` (the code ``text``): it is an array of a
    boolean or integer dtype the code states; None otherwise."""
    if value.kind != ARRAY or value.dtype not in INTEGRAL_DTYPES:
        return None
    kind = "boolean" if value.dtype == "bool" else "integer"
    return f"`{text}` holds {kind} values: no gradient flows through them (slow to compile, not to differentiate)"


@dataclass(frozen=True)
class Value:
    kind: str = UNKNOWN
    #: Arrays: one entry per axis, or None when the rank is unknown.
    shape: tuple[Dim, ...] | None = None
    dtype: str | None = None
    #: A numpy (host) array rather than a jax one.
    host: bool = False
    #: Loaded from outside the program (a file, a dataset, a data function): big by nature.
    data: bool = False
    #: Sequences: the number of items; sizes: the symbolic size.
    length: Dim = None
    item: "Value | None" = None
    #: Scalars: the literal value, when written out.
    literal: int | float | bool | None = None
    #: Callables: the transform that built it (``jax.grad``) and the function it wraps.
    transform: str | None = None
    function: str | None = None
    #: Params: the parameter's name; annotations and defaults seen, as text.
    param: str | None = None
    annotation: str | None = None
    evidence: tuple[str, ...] = field(default=(), compare=False)
    #: Sequences whose items differ (the parts of ``jnp.linalg.eigh(A)``): each item's value.
    parts: tuple["Value", ...] = field(default=(), compare=False)
    #: Sizes (and ranges over them) divided out of parameters (``int(horizon // h)``): likely
    #: large, and no parameter's value at a call site is the count.
    divided: bool = False
    #: Ints bound differently on different paths (``n = 2`` if fast, else ``n = 100``): the
    #: largest, when every path writes an int out (``literal`` is None then). Sequences: at
    #: most this many items (``hist[-6:]``; ``length`` is None then).
    most: int | None = None

    # -- questions --------------------------------------------------------------------

    @property
    def is_array(self) -> bool:
        return self.kind == ARRAY

    @property
    def rank(self) -> int | None:
        return len(self.shape) if self.kind == ARRAY and self.shape is not None else None

    @property
    def elements(self) -> int | None:
        """The number of elements when every dimension is a literal."""
        if self.kind != ARRAY or self.shape is None or not all(isinstance(dim, int) for dim in self.shape):
            return None
        count = 1
        for dim in self.shape:
            count *= dim  # type: ignore[operator]
        return count

    @property
    def nbytes(self) -> int | None:
        count = self.elements
        if count is None:
            return None
        return count * ITEMSIZE.get(self.dtype or "float32", 4)

    def with_evidence(self, *items: str) -> "Value":
        kept = tuple(dict.fromkeys((*items, *self.evidence)))[:6]
        return replace(self, evidence=kept)


UNKNOWN_VALUE = Value()


def array(shape: tuple[Dim, ...] | None = None, dtype: str | None = None, *, host: bool = False, data: bool = False, evidence: tuple[str, ...] = ()) -> Value:
    return Value(ARRAY, shape=shape, dtype=dtype, host=host, data=data, evidence=evidence)


def scalar(literal: int | float | bool | None = None, evidence: tuple[str, ...] = ()) -> Value:
    return Value(SCALAR, literal=literal, evidence=evidence)


def size(expression: str, evidence: tuple[str, ...] = ()) -> Value:
    return Value(SIZE, length=expression, evidence=evidence)


def sequence(length: Dim = None, item: Value | None = None, evidence: tuple[str, ...] = ()) -> Value:
    return Value(SEQUENCE, length=length, item=item, evidence=evidence)


def dim_of(value: Value) -> Dim:
    """The dimension a value stands for when used as a size: a literal int, a symbolic
    size, or None."""
    if value.kind == SCALAR and type(value.literal) is int:
        return value.literal
    if value.kind == SIZE:
        return value.length
    return None


def _largest(left: Value, right: Value) -> int | None:
    """The most either of two ints (or two sequences' lengths) may be, when both are bounded."""
    bounds = [exact if type(exact := side.literal if side.kind == SCALAR else side.length) is int else side.most for side in (left, right)]
    return max(bounds) if None not in bounds else None  # type: ignore[type-var]


def join(left: Value | None, right: Value | None) -> Value | None:
    """The least value that covers both (None is bottom: "no binding reaches")."""
    if left is None:
        return right
    if right is None or left == right:
        return left
    if left.kind != right.kind:
        # An int that may be a literal or a data size is a data size; an array from either
        # branch is an array of unknown shape.
        kinds = {left.kind, right.kind}
        if kinds == {SCALAR, SIZE}:
            sized = left if left.kind == SIZE else right
            return sized
        if kinds == {PARAM, ARRAY}:
            # ``if D.shape[0] < D.shape[1]: D = D.T``: the parameter, or an array made from it
            # (its shape read on both paths): an array, of a shape not known
            array = left if left.kind == ARRAY else right
            return Value(ARRAY, dtype=array.dtype, host=array.host, data=array.data, evidence=left.evidence + right.evidence)
        if kinds in ({NONE, SIZE}, {NONE, PARAM}):
            # ``n = None`` ... ``if cap is not None: n = cap // chunk``: where the int is read
            # (``range(n - 1)``), None would raise, so the reader sees the size (or the parameter)
            return left if left.kind != NONE else right
        return Value(UNKNOWN, evidence=left.evidence + right.evidence)
    if left.kind == ARRAY:
        shape = left.shape if left.shape == right.shape else (
            tuple(a if a == b else None for a, b in zip(left.shape, right.shape))
            if left.shape is not None and right.shape is not None and len(left.shape) == len(right.shape)
            else None
        )
        return Value(
            ARRAY,
            shape=shape,
            dtype=left.dtype if left.dtype == right.dtype else (
                "int32" if left.dtype in INTEGRAL_DTYPES and right.dtype in INTEGRAL_DTYPES else None),
            host=left.host and right.host,
            data=left.data or right.data,
            evidence=left.evidence or right.evidence,
        )
    if left.kind == SCALAR:
        if left.literal == right.literal:
            return Value(SCALAR, literal=left.literal, evidence=left.evidence or right.evidence)
        return Value(SCALAR, evidence=left.evidence or right.evidence, most=_largest(left, right))
    if left.kind == SEQUENCE:
        return Value(
            SEQUENCE,
            length=left.length if left.length == right.length else None,
            item=join(left.item, right.item),
            evidence=left.evidence or right.evidence,
            most=_largest(left, right) if left.length != right.length or left.length is None else None,
        )
    if left.kind == CALLABLE:
        if left.transform == right.transform:
            return Value(CALLABLE, transform=left.transform, function=left.function if left.function == right.function else None, evidence=left.evidence)
        return Value(CALLABLE, evidence=left.evidence or right.evidence)
    if left.kind == SIZE:
        return Value(SIZE, length=left.length if left.length == right.length else right.length, evidence=left.evidence or right.evidence)
    return Value(left.kind, evidence=left.evidence or right.evidence)
