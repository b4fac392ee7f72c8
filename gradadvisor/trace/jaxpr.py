"""Walk a jaxpr, nested jaxprs included, and charge each equation to a user line.

An equation is charged to the outermost user frame of its stack: the line in
the traced function itself (``sum(phi(r) for r in xs)`` is charged to the
``sum`` line). The inner user frames are kept as the line's stack
(``phi``'s lines). Equations of a nested jaxpr (``scan``/``while``/``cond``
bodies, ``jit``, ``custom_jvp``/``custom_vjp``, ``remat``, ``closed_call``)
are charged to the line of the equation that holds them when that one has a
user frame: JAX records the stack of a nested body from the transform
inward, and caches the body of a jitted function across call sites, so the
enclosing call is the reliable anchor.

Per line, the summary counts equations, primitives, bytes of the constants
first read there (closed-over arrays in ``ClosedJaxpr.consts``), zero-filled
arrays of which a small part is written (``pad`` with zero padding,
``dynamic_update_slice`` or ``scatter-add`` into ``broadcast_in_dim 0.0``:
in a gradient program, the transpose of a slice or a lookup), small reads of
big arrays (``slice``/``dynamic_slice``/``gather``) and diagonals taken of
matrix products. Which equations belong to the backward pass is found by
comparing the gradient program with the forward program (``lines.merge``),
not from JAX's name stacks, which older releases leave empty in
``make_jaxpr``. Everything returned is plain
Python data, so it can travel from the child process to the parent.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator

from gradadvisor.trace.frames import Frame, FrameFilter, user_frames

# A zero-filled array counts when the written part is at most this fraction of it.
ZERO_FILL_MAX_WRITTEN = 0.5
# A read is "small" when it reads at most 1/SMALL_READ_RATIO of its operand.
SMALL_READ_RATIO = 8
# Names under which jax.numpy wraps diagonal extraction in a jit.
DIAGONAL_NAMES = frozenset({"diagonal", "_diag", "diag", "trace", "_trace"})
# Through these a matrix product keeps its identity on the way to a diagonal.
PASS_THROUGH = frozenset({"transpose", "reshape", "convert_element_type", "copy"})
SKIPPED_PARAMS = frozenset({"update_jaxpr"})  # scatter's combiner, not a program step


@dataclass
class LineSummary:
    """What one source line contributes to one program."""

    path: str | None
    line: int | None
    function: str | None
    eqns: int = 0
    inner_gradient_eqns: int = 0
    primitives: Counter = field(default_factory=Counter)
    const_bytes: int = 0
    frames: Counter = field(default_factory=Counter)
    zero_fills: Counter = field(default_factory=Counter)
    small_reads: Counter = field(default_factory=Counter)
    diagonal_products: Counter = field(default_factory=Counter)

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "function": self.function,
            "eqns": self.eqns,
            "inner_gradient_eqns": self.inner_gradient_eqns,
            "primitives": dict(self.primitives),
            "const_bytes": self.const_bytes,
            "frames": [
                {"path": path, "line": line, "function": function, "eqns": n}
                for (path, line, function), n in self.frames.most_common()
            ],
            "zero_fills": [
                {"primitive": p, "shape": list(shape), "dtype": dtype, "written": written,
                 "input": name, "differentiated": differentiated, "count": n}
                for (p, shape, dtype, written, name, differentiated), n in self.zero_fills.items()
            ],
            "small_reads": [
                {"primitive": p, "operand_shape": list(operand), "shape": list(shape),
                 "operand_path": where[0] if where else None, "operand_line": where[1] if where else None,
                 "count": n}
                for (p, operand, shape, where), n in self.small_reads.items()
            ],
            "diagonal_products": [
                {"shape": list(shape), "count": n} for shape, n in self.diagonal_products.items()
            ],
        }


@dataclass
class _Context:
    """What an equation inherits from the equations that hold it."""

    primary: Frame | None = None
    chain: tuple[Frame, ...] = ()
    inner_gradient: bool = False


def _is_literal(atom: Any) -> bool:
    return type(atom).__name__ == "Literal"


def _size(atom: Any) -> int:
    shape = getattr(getattr(atom, "aval", None), "shape", ())
    n = 1
    for d in shape:
        n *= int(d)
    return n


def _shape(atom: Any) -> tuple[int, ...]:
    return tuple(int(d) for d in getattr(getattr(atom, "aval", None), "shape", ()))


def _dtype(atom: Any) -> str:
    return str(getattr(getattr(atom, "aval", None), "dtype", ""))


def _literal_is_zero(atom: Any) -> bool:
    import numpy as np

    try:
        value = np.asarray(atom.val)
        return value.ndim == 0 and value == 0
    except (TypeError, ValueError, AttributeError):
        return False


def _nbytes(value: Any) -> int:
    nbytes = getattr(value, "nbytes", None)
    if nbytes is not None:
        return int(nbytes)
    try:
        import numpy as np

        return int(np.asarray(value).nbytes)
    except Exception:  # noqa: BLE001 - an opaque constant counts as nothing
        return 0


def sub_jaxprs(eqn: Any) -> Iterator[tuple[Any, list]]:
    """The jaxprs an equation holds, each with its closed-over constants."""
    for name, value in eqn.params.items():
        if name in SKIPPED_PARAMS:
            continue
        for item in value if isinstance(value, (tuple, list)) else (value,):
            if hasattr(item, "eqns"):
                yield item, []
            elif hasattr(item, "jaxpr") and hasattr(item, "consts") and hasattr(item.jaxpr, "eqns"):
                yield item.jaxpr, list(item.consts)


class ProgramSummary:
    """Charges every equation of one program to its user line."""

    def __init__(self, frame_filter: FrameFilter, input_shapes: dict[tuple[int, ...], tuple[str, bool]],
                 entry: tuple[str, str] | None = None):
        self.frame_filter = frame_filter
        self.entry = entry  # the traced function, when its callers' frames may be on the stacks
        self.input_shapes = input_shapes
        self.lines: dict[str, LineSummary] = {}
        self.total = 0
        self.const_bytes = 0
        self._charged_consts: set[int] = set()

    def add(self, closed: Any) -> "ProgramSummary":
        self._walk(closed.jaxpr, list(closed.consts), _Context())
        return self

    def to_dict(self) -> dict:
        return {
            "eqns": self.total,
            "const_bytes": self.const_bytes,
            "lines": {key: line.to_dict() for key, line in self.lines.items()},
        }

    # -- walking -----------------------------------------------------------------

    def _line_for(self, context: _Context) -> LineSummary:
        primary = context.primary
        key = primary.key() if primary else ""
        line = self.lines.get(key)
        if line is None:
            line = self.lines[key] = LineSummary(
                primary.path if primary else None,
                primary.line if primary else None,
                primary.function if primary else None,
            )
        return line

    def _walk(self, jaxpr: Any, consts: list, outer: _Context) -> None:
        constants = {}
        for var, value in zip(getattr(jaxpr, "constvars", ()), consts):
            constants[var] = value
        producers: dict[Any, Any] = {}
        made_at: dict[Any, Frame | None] = {}  # var -> the line whose equation computed it
        zero_vars: set[Any] = set()
        for eqn in jaxpr.eqns:
            context = self._context(eqn, outer)
            line = self._line_for(context)
            self._count(eqn, context, line)
            for atom in eqn.invars:
                if not _is_literal(atom) and atom in constants:
                    self._charge_constant(constants[atom], line)
            self._zero_fill(eqn, zero_vars, line)
            self._small_read(eqn, line, made_at)
            self._diagonal_product(eqn, producers, line)
            for var in eqn.outvars:
                producers[var] = eqn
                made_at[var] = context.primary
            if self._makes_zeros(eqn, zero_vars):
                zero_vars.update(eqn.outvars)
            for sub, sub_consts in sub_jaxprs(eqn):
                self._walk(sub, sub_consts, context)

    def _context(self, eqn: Any, outer: _Context) -> _Context:
        frames, inner_gradient = user_frames(eqn, self.frame_filter, self.entry)
        inner_gradient = inner_gradient or outer.inner_gradient
        if outer.primary is not None:
            seen = {outer.primary, *outer.chain}
            chain = outer.chain + tuple(f for f in frames if f not in seen)
            return _Context(outer.primary, chain, inner_gradient)
        if (frames and self.entry is not None and (frames[0].path, frames[0].function) != self.entry
                and next(sub_jaxprs(eqn), None) is not None):
            # a call of the traced function seen only from its callers (older jax): its body's
            # equations are charged to their own lines, the call itself to none
            return _Context(None, (), inner_gradient)
        if frames:
            return _Context(frames[0], tuple(frames[1:]), inner_gradient)
        return _Context(None, (), inner_gradient)

    def _count(self, eqn: Any, context: _Context, line: LineSummary) -> None:
        self.total += 1
        line.eqns += 1
        line.primitives[eqn.primitive.name] += 1
        if context.inner_gradient:
            line.inner_gradient_eqns += 1
        previous = context.primary
        for frame in context.chain:
            if previous is not None and (frame.path, frame.line) == (previous.path, previous.line):
                continue  # a comprehension's own frame on the same line
            line.frames[(frame.path, frame.line, frame.function)] += 1
            previous = frame

    def _charge_constant(self, value: Any, line: LineSummary) -> None:
        if id(value) in self._charged_consts:
            return
        self._charged_consts.add(id(value))
        nbytes = _nbytes(value)
        line.const_bytes += nbytes
        self.const_bytes += nbytes

    # -- shapes of interest ----------------------------------------------------------

    @staticmethod
    def _makes_zeros(eqn: Any, zero_vars: set) -> bool:
        name = eqn.primitive.name
        if name not in ("broadcast_in_dim", "convert_element_type", "reshape") or not eqn.invars:
            return False
        source = eqn.invars[0]
        if _is_literal(source):
            return _literal_is_zero(source)
        return source in zero_vars

    def _zero_fill(self, eqn: Any, zero_vars: set, line: LineSummary) -> None:
        name = eqn.primitive.name
        invars = eqn.invars
        written = None
        if name == "pad" and len(invars) == 2:
            padding = invars[1]
            if (_literal_is_zero(padding) if _is_literal(padding) else padding in zero_vars):
                written = _size(invars[0])
        elif name == "dynamic_update_slice" and len(invars) >= 2:
            if not _is_literal(invars[0]) and invars[0] in zero_vars:
                written = _size(invars[1])
        elif name in ("scatter-add", "scatter_add", "scatter") and len(invars) >= 3:
            if not _is_literal(invars[0]) and invars[0] in zero_vars:
                written = _size(invars[2])
        if written is None or not eqn.outvars:
            return
        out = eqn.outvars[0]
        total = _size(out)
        if total and written <= ZERO_FILL_MAX_WRITTEN * total:
            shape = _shape(out)
            input_name, differentiated = self.input_shapes.get(shape, (None, False))
            line.zero_fills[(name, shape, _dtype(out), written, input_name, differentiated)] += 1

    @staticmethod
    def _small_read(eqn: Any, line: LineSummary, made_at: dict) -> None:
        if eqn.primitive.name not in ("slice", "dynamic_slice", "gather") or not eqn.invars:
            return
        operand, out = eqn.invars[0], eqn.outvars[0]
        if _size(out) * SMALL_READ_RATIO <= _size(operand):
            source = None if _is_literal(operand) else made_at.get(operand)
            where = None if source is None or source.line == line.line else (source.path, source.line)
            line.small_reads[(eqn.primitive.name, _shape(operand), _shape(out), where)] += 1

    @staticmethod
    def _diagonal_product(eqn: Any, producers: dict, line: LineSummary) -> None:
        if eqn.params.get("name") not in DIAGONAL_NAMES or not eqn.invars:
            return
        source = eqn.invars[0]
        while not _is_literal(source) and source in producers:
            producer = producers[source]
            if producer.primitive.name == "dot_general":
                shape = _shape(producer.outvars[0])
                if len(shape) >= 2 and shape[-1] == shape[-2] and shape[-1] > 1:
                    line.diagonal_products[shape] += 1
                return
            if producer.primitive.name not in PASS_THROUGH or not producer.invars:
                return
            source = producer.invars[0]


def summarize(closed: Any, frame_filter: FrameFilter, input_shapes: dict[tuple[int, ...], tuple[str, bool]],
              entry: tuple[str, str] | None = None) -> dict:
    """Per-line summary of a ``ClosedJaxpr`` (see the module docstring); ``entry`` as ``user_frames``'."""
    return ProgramSummary(frame_filter, input_shapes, entry).add(closed).to_dict()

