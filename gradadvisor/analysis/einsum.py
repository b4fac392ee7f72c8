"""A small index-notation compiler: the einsum that replaces a loop of slice contractions.

A loop such as ``[jnp.dot(a[:, i], b[:, i]) for i in range(n)]`` is a statement in index
notation, ``out[i] = a[k, i] b[k, i]`` (summed over k), in the spirit of TensorCast's
``@reduce``. The subscripts are derived, never looked up per form:

1. every axis of every operand gets a name: an axis indexed by a loop variable gets that
   variable's letter; the other axes (``:`` slices and trailing axes) are the axes of the
   per-iteration slice, its *view*;
2. the contraction (``dot``, ``matmul``/``@``, ``inner``, ``vdot``, ``(u * v).sum()``)
   says, with NumPy's rules, which view axes of the two operands are summed together and
   which are kept, in order, in the per-iteration result;
3. the loop letters are placed into that result where the loop puts them (the ``axis``
   of ``jnp.stack``, or the position of the loop variable in ``out.at[..., i]``);
4. kept axes get letters from ``i, j, ...`` and summed axes from ``k, l, ...``.

Ranks must be known or assumed by the caller; a wrong assumption makes ``jnp.einsum``
raise a shape error instead of returning a different answer.

The same bookkeeping answers the question for loops without a contraction
(``jnp.stack([x[:, i] * w for i in range(n)], axis=1)``): ``permutation`` says how the
axes of the whole array must be reordered so that the loop axis lands where the loop
stacks it (here, nowhere: ``x * w``; for ``axis=0`` it is ``x.T``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

Contraction = Literal["dot", "matmul", "inner", "vdot", "sum_product"]

#: Letters for axes kept in the result, then for axes summed away.
KEPT_LETTERS = "ijmnopqrstuvwxyzabcdefgh"
SUMMED_LETTERS = "klmnopqrstuvwxyzabcdefgh"


@dataclass(frozen=True)
class Operand:
    """One argument of the contraction: for each axis of the array, the loop variable that
    indexes it, or None for an axis the slice keeps (``:``, ``...`` or a trailing axis)."""

    axes: tuple[str | None, ...]

    @property
    def view_rank(self) -> int:
        return sum(axis is None for axis in self.axes)


@dataclass(frozen=True)
class StackOutput:
    """The loop results stacked: ``(loop variable, axis)`` pairs, innermost loop first."""

    stacking: tuple[tuple[str, int], ...]

    def layout(self, rank: int) -> list[str | None] | None:
        layout: list[str | None] = [None] * rank
        for var, axis in self.stacking:
            size = len(layout) + 1
            if not -size <= axis < size:
                return None
            layout.insert(axis if axis >= 0 else axis + size, var)
        return layout


@dataclass(frozen=True)
class IndexOutput:
    """The loop results written with ``out.at[entries].set(...)``: entries as in ``Operand.axes``
    (``ellipsis_at``: where ``...`` stood among them, standing for as many ``:`` as needed)."""

    entries: tuple[str | None, ...]
    ellipsis_at: int | None = None

    def layout(self, rank: int) -> list[str | None] | None:
        free = sum(entry is None for entry in self.entries)
        if free > rank:
            return None
        if self.ellipsis_at is None:
            return list(self.entries) + [None] * (rank - free)
        entries = list(self.entries)
        entries[self.ellipsis_at : self.ellipsis_at] = [None] * (rank - free)
        return entries


@dataclass(frozen=True)
class Einsum:
    subscripts: str
    #: The same product with ``@`` when it is a plain matrix product: ``"{0} @ {1}.T"``.
    matmul: str | None = None


def operand_axes(entries: Sequence[str | None], ellipsis_at: int | None, rank: int) -> Operand | None:
    """The axes of ``array[entries]`` for an array of ``rank``: ``...`` (at ``ellipsis_at``)
    stands for as many ``:`` as the rank needs; axes past the entries are kept."""
    entries = list(entries)
    if ellipsis_at is not None:
        missing = rank - len(entries)
        if missing < 0:
            return None
        entries[ellipsis_at:ellipsis_at] = [None] * missing
    if len(entries) > rank:
        return None
    return Operand(tuple(entries) + (None,) * (rank - len(entries)))


def _contract(kind: Contraction, ranks: Sequence[int]) -> tuple[list[tuple[tuple[int, int], ...]], list[tuple[int, int]]] | None:
    """For views of ``ranks`` axes: the groups of axes summed together and the axes of the
    result, as ``(operand, axis)``; None when NumPy's rules do not apply. Only a sum of an
    elementwise product (``jnp.sum(u * v * w)``) takes more than two operands."""
    if len(ranks) != 2 and kind != "sum_product" or len(ranks) < 2:
        return None
    if any(rank == 0 for rank in ranks):
        return None  # a product with a scalar is not a contraction
    if kind in ("vdot", "sum_product"):
        if len(set(ranks)) != 1:
            return None  # vdot flattens, sum(u * v) broadcasts: only the same rank is clear
        return [tuple((operand, axis) for operand in range(len(ranks))) for axis in range(ranks[0])], []
    left, right = ranks
    a = [(0, axis) for axis in range(left)]
    b = [(1, axis) for axis in range(right)]
    if kind == "inner":
        return [(a[-1], b[-1])], a[:-1] + b[:-1]
    if kind == "dot":
        if right == 1:
            return [(a[-1], b[0])], a[:-1]
        return [(a[-1], b[-2])], a[:-1] + b[:-2] + b[-1:]
    # matmul: batch axes must match exactly (no broadcasting between different ranks).
    if left == 1 or right == 1:
        if left > 2 or right > 2:
            return None
        if right == 1:
            return [(a[-1], b[0])], a[:-1]
        return [(a[0], b[0])], b[1:]
    if left != right:
        return None
    batch = list(zip(a[:-2], b[:-2]))
    return batch + [(a[-1], b[-2])], a[:-2] + [a[-2], b[-1]]


def contraction_axes(kind: Contraction, ranks: Sequence[int]) -> tuple[list[tuple[tuple[int, int], ...]], list[tuple[int, int]]] | None:
    """The axes a contraction of operands of ``ranks`` sums together and keeps, as ``(operand,
    axis)`` pairs (``_contract``): for a caller that places the loop's axis itself."""
    return _contract(kind, ranks)


def compile_einsum(
    kind: Contraction,
    left: Operand,
    right: Operand,
    output: StackOutput | IndexOutput,
    loop_vars: Sequence[str],
) -> Einsum | None:
    """The einsum of ``output[loop letters, ...] = contraction(left view, right view)``."""
    return compile_contraction(kind, (left, right), output, loop_vars)


def compile_contraction(
    kind: Contraction,
    operands: Sequence[Operand],
    output: StackOutput | IndexOutput,
    loop_vars: Sequence[str],
) -> Einsum | None:
    """The einsum of ``output[loop letters, ...] = contraction(*operand views)``."""
    groups_and_result = _contract(kind, [operand.view_rank for operand in operands])
    if groups_and_result is None:
        return None
    groups, result = groups_and_result
    # Batch axes of a matmul are kept *and* paired: pair first, then keep.
    batch_pairs = {group[0]: group[1] for group in groups if group[0] in result}
    summed = [group for group in groups if group[0] not in result]
    layout = output.layout(len(result))
    if layout is None:
        return None
    used_vars = {axis for operand in operands for axis in operand.axes if axis is not None}
    if set(loop_vars) != used_vars or len(set(loop_vars)) != len(loop_vars):
        return None  # every loop variable indexes some operand, and nothing else does
    if sorted(entry for entry in layout if entry is not None) != sorted(loop_vars):
        return None

    taken: set[str] = set()
    letters: dict[object, str] = {}

    def take(pool: str, preferred: str | None = None) -> str:
        if preferred is not None and len(preferred) == 1 and preferred.islower() and preferred.isascii() and preferred not in taken:
            choice = preferred
        else:
            choice = next(letter for letter in pool if letter not in taken)
        taken.add(choice)
        return choice

    for var in loop_vars:
        letters[var] = take(KEPT_LETTERS, var)
    for place in result:
        letters[place] = take(KEPT_LETTERS)
        if place in batch_pairs:
            letters[batch_pairs[place]] = letters[place]
    for group in summed:
        letter = take(SUMMED_LETTERS)
        for place in group:
            letters[place] = letter

    def spell(operand_number: int, operand: Operand) -> str:
        text, view_axis = "", 0
        for axis in operand.axes:
            if axis is None:
                text += letters[(operand_number, view_axis)]
                view_axis += 1
            else:
                text += letters[axis]
        return text

    kept = iter(result)
    out = "".join(letters[entry] if entry is not None else letters[next(kept)] for entry in layout)
    if len(set(out)) != len(out):
        return None
    subscripts = ",".join(spell(number, operand) for number, operand in enumerate(operands)) + f"->{out}"
    return Einsum(subscripts, _as_matmul(subscripts) if len(operands) == 2 else None)


def permutation(operand: Operand, output: StackOutput | IndexOutput) -> list[int] | None:
    """For a loop without a contraction: the order in which the whole array's axes must be
    taken (``jnp.transpose(a, order)``) so that the stacked slices ``a[..., i, ...]`` are the
    array itself. None when the operand is not indexed by exactly one loop variable."""
    indexed = [axis for axis, var in enumerate(operand.axes) if var is not None]
    if len(indexed) != 1:
        return None
    var = operand.axes[indexed[0]]
    layout = output.layout(operand.view_rank)
    if layout is None or [entry for entry in layout if entry is not None] != [var]:
        return None
    view_axes = iter(axis for axis, entry in enumerate(operand.axes) if entry is None)
    return [indexed[0] if entry is not None else next(view_axes) for entry in layout]


def _as_matmul(subscripts: str) -> str | None:
    """``"{0} @ {1}"``-style spelling when the subscripts are a plain 2-D matrix product."""
    inputs, out = subscripts.split("->")
    a, b = inputs.split(",")
    if len(a) != 2 or len(b) != 2 or len(out) != 2 or len(set(a + b)) != 3:
        return None
    shared = set(a) & set(b)
    if len(shared) != 1:
        return None
    (k,) = shared
    a_free = a.replace(k, "")
    b_free = b.replace(k, "")
    left = "{0}" if a[1] == k else "{0}.T"
    right = "{1}" if b[0] == k else "{1}.T"
    if out == a_free + b_free:
        return f"{left} @ {right}"
    if out == b_free + a_free:
        # (A B)^T = B^T A^T
        left_t = "{1}.T" if b[0] == k else "{1}"
        right_t = "{0}.T" if a[1] == k else "{0}"
        return f"{left_t} @ {right_t}"
    return None
