"""GA201's index-notation compiler: synthesized subscripts against the loops they replace, numerically."""

from __future__ import annotations

import itertools
import types

import numpy as np
import pytest

from gradadvisor.analysis.einsum import IndexOutput, StackOutput, compile_contraction, compile_einsum, operand_axes, permutation
from gradadvisor.engine.runner import check_text
from gradadvisor.fixes.apply import apply_fixes
from gradadvisor.rules.ga201_view_slicing_loop import ViewSlicingLoop

rng = np.random.default_rng(0)


def random(*shape):
    return rng.normal(size=shape)


def axes(entries, rank, ellipsis_at=None):
    operand = operand_axes(entries, ellipsis_at, rank)
    assert operand is not None
    return operand


def test_column_dots():
    a, b = random(4, 6), random(4, 6)
    einsum = compile_einsum("dot", axes([None, "i"], 2), axes([None, "i"], 2), StackOutput((("i", 0),)), ["i"])
    assert einsum.subscripts == "ki,ki->i"
    loop = np.stack([np.dot(a[:, i], b[:, i]) for i in range(6)])
    np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b), loop)


def test_row_dots_with_sum_of_product():
    a, b = random(5, 3), random(5, 3)
    einsum = compile_einsum("sum_product", axes(["t"], 2), axes(["t"], 2), StackOutput((("t", 0),)), ["t"])
    assert einsum.subscripts == "tk,tk->t"
    np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b), np.array([(a[t] * b[t]).sum() for t in range(5)]))


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_matrix_times_each_column(axis):
    x, w = random(3, 5), random(5, 4)
    einsum = compile_einsum("matmul", axes([], 2), axes([None, "j"], 2), StackOutput((("j", axis),)), ["j"])
    loop = np.stack([x @ w[:, j] for j in range(4)], axis=axis)
    np.testing.assert_allclose(np.einsum(einsum.subscripts, x, w), loop)
    if axis != 0:
        assert einsum.subscripts == "ik,kj->ij" and einsum.matmul == "{0} @ {1}"


def test_per_item_matmul():
    a, b = random(4, 2, 3), random(4, 3, 5)
    einsum = compile_einsum("matmul", axes(["b"], 3), axes(["b"], 3), StackOutput((("b", 0),)), ["b"])
    assert einsum.subscripts == "bik,bkj->bij"
    np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b), np.stack([a[t] @ b[t] for t in range(4)]))


def test_nested_double_loop_is_a_transposed_product():
    a, b = random(3, 5), random(4, 5)
    # [[dot(a[i], b[j]) for j] for i]: the inner loop is stacked first.
    einsum = compile_einsum("dot", axes(["i"], 2), axes(["j"], 2), StackOutput((("j", 0), ("i", 0))), ["i", "j"])
    assert einsum.subscripts == "ik,jk->ij" and einsum.matmul == "{0} @ {1}.T"
    loop = np.array([[np.dot(a[i], b[j]) for j in range(4)] for i in range(3)])
    np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b), loop)


def test_column_written_with_at_index():
    x, w = random(3, 5), random(5, 4)
    einsum = compile_einsum("dot", axes([], 2), axes([None, "j"], 2), IndexOutput((None, "j")), ["j"])
    out = np.zeros((3, 4))
    for j in range(4):
        out[:, j] = np.dot(x, w[:, j])
    np.testing.assert_allclose(np.einsum(einsum.subscripts, x, w), out)


def test_vdot_and_inner_of_matrix_slices():
    a, b = random(4, 2, 3), random(4, 2, 3)
    vdot = compile_einsum("vdot", axes(["i"], 3), axes(["i"], 3), StackOutput((("i", 0),)), ["i"])
    np.testing.assert_allclose(np.einsum(vdot.subscripts, a, b), [np.vdot(a[i], b[i]) for i in range(4)])
    inner = compile_einsum("inner", axes(["i"], 3), axes(["i"], 3), StackOutput((("i", 0),)), ["i"])
    np.testing.assert_allclose(np.einsum(inner.subscripts, a, b), np.stack([np.inner(a[i], b[i]) for i in range(4)]))


def test_ellipsis_slices_the_last_axis():
    a, b = random(2, 3, 6), random(2, 3, 6)
    left = axes([None, "i"], 3, ellipsis_at=0)
    einsum = compile_einsum("vdot", left, axes([None, "i"], 3, ellipsis_at=0), StackOutput((("i", 0),)), ["i"])
    np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b), [np.vdot(a[..., i], b[..., i]) for i in range(6)])


def test_what_an_einsum_cannot_say():
    # A product with a scalar slice, a stacking axis out of range, a loop variable nothing indexes.
    assert compile_einsum("dot", axes(["i"], 1), axes(["i"], 1), StackOutput((("i", 0),)), ["i"]) is None
    assert compile_einsum("dot", axes([None, "i"], 2), axes([None, "i"], 2), StackOutput((("i", 1),)), ["i"]) is None
    assert compile_einsum("dot", axes([None, "i"], 2), axes([None, "i"], 2), StackOutput((("i", 0), ("j", 0))), ["i", "j"]) is None
    # vdot of slices of different ranks, matmul batch axes that would broadcast.
    assert compile_einsum("vdot", axes(["i"], 2), axes(["i"], 3), StackOutput((("i", 0),)), ["i"]) is None
    assert compile_einsum("matmul", axes(["i"], 4), axes(["i"], 3), StackOutput((("i", 0),)), ["i"]) is None


def test_three_factor_sum_of_products():
    a, b, c = random(5, 3), random(5, 3), random(5, 3)
    operands = [axes(["t"], 2)] * 3
    einsum = compile_contraction("sum_product", operands, StackOutput((("t", 0),)), ["t"])
    assert einsum.subscripts == "tk,tk,tk->t" and einsum.matmul is None
    np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b, c), [np.sum(a[t] * b[t] * c[t]) for t in range(5)])
    # Only a sum of products takes more than two operands.
    assert compile_contraction("dot", operands, StackOutput((("t", 0),)), ["t"]) is None


def test_at_index_with_an_ellipsis():
    x, w = random(3, 5), random(5, 4)
    einsum = compile_einsum("matmul", axes([], 2), axes([None, "j"], 2), IndexOutput(("j",), ellipsis_at=0), ["j"])
    out = np.zeros((3, 4))
    for j in range(4):
        out[..., j] = x @ w[:, j]
    np.testing.assert_allclose(np.einsum(einsum.subscripts, x, w), out)
    assert IndexOutput(("j",), ellipsis_at=0).layout(2) == [None, None, "j"]


@pytest.mark.parametrize("rank", [2, 3])
@pytest.mark.parametrize("at", [0, 1, -1])
@pytest.mark.parametrize("stack_axis", [0, 1, -1])
def test_permutation_stacks_slices_back(rank, at, stack_axis):
    """Without a contraction, stacking the slices is the whole array with its axes reordered."""
    x = random(*range(2, 2 + rank))
    position = at % rank
    operand = axes(["i" if axis == position else None for axis in range(rank)], rank)
    order = permutation(operand, StackOutput((("i", stack_axis),)))
    loop = np.stack([x[(slice(None),) * position + (i,)] for i in range(x.shape[position])], axis=stack_axis)
    np.testing.assert_allclose(np.transpose(x, order), loop)


LOOPS = [
    ("def f(a, b):\n    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n", (random(4, 6), random(4, 6))),
    ("def f(x, w):\n    return jnp.stack([x @ w[:, j] for j in range(w.shape[1])], axis=1)\n", (random(3, 5), random(5, 4))),
    ("def f(a, b, n, m):\n    return jnp.array([[jnp.dot(a[i], b[j]) for j in range(m)] for i in range(n)])\n", (random(3, 5), random(4, 5), 3, 4)),
    ("def f(a, b):\n    return jnp.stack([jnp.sum(a[..., t] * b[..., t]) for t in range(2, a.shape[-1])])\n", (random(3, 6), random(3, 6))),
    ("def f(a, b, n):\n    return jnp.stack([jnp.dot(a[i, :], b[:, i]) for i in range(1, n, 2)])\n", (random(6, 3), random(3, 6), 6)),
    # Offsets: shifted views.
    ("def f(x):\n    return jnp.stack([jnp.dot(x[i], x[i + 1]) for i in range(x.shape[0] - 1)])\n", (random(7, 3),)),
    ("def f(a, b):\n    n = a.shape[1] - 2\n    return jnp.stack([jnp.vdot(a[:, i + 2], b[:, i]) for i in range(n)])\n", (random(4, 9), random(4, 9))),
    # Loop forms: zip, enumerate, itertools.product, two for clauses, map, while.
    ("def f(xs: jax.Array, ys: jax.Array):\n    return jnp.stack([jnp.vdot(x, y) for x, y in zip(xs, ys)])\n", (random(5, 3), random(5, 3))),
    ("def f(xs: jax.Array, w):\n    return jnp.array([jnp.dot(x, w[:, i]) for i, x in enumerate(xs)])\n", (random(5, 3), random(3, 5))),
    ("def f(q, k, n, m):\n    return jnp.array([jnp.dot(q[i], k[j]) for i, j in itertools.product(range(n), range(m))])\n", (random(3, 4), random(5, 4), 3, 5)),
    ("def f(q, k, n, m):\n    return jnp.array([jnp.dot(q[i], k[j]) for i in range(n) for j in range(m)])\n", (random(3, 4), random(5, 4), 3, 5)),
    ("def f(a, b, c):\n    return jnp.stack(list(map(lambda t: jnp.sum(a[t] * b[t] * c[t]), range(a.shape[0]))))\n", (random(4, 2), random(4, 2), random(4, 2))),
    ("def f(a, n):\n    out = jnp.zeros(n)\n    i = 0\n    while i < n:\n        out = out.at[i].set(jnp.dot(a[:, i], a[:, i]))\n        i += 1\n    return out\n", (random(3, 6), 6)),
    # Column-slice comprehensions without a contraction.
    ("def f(mean, d, n):\n    return jnp.array([mean + d[:, i] for i in range(n)])\n", (random(4), random(4, 4), 4)),
    ("def f(x):\n    return jnp.stack([x[:, i] * 0.5 for i in range(x.shape[1])], axis=1)\n", (random(3, 5),)),
    ("def f(x, y):\n    return jnp.stack([jnp.tanh(x[..., t]) - y[..., t] for t in range(x.shape[-1])])\n", (random(2, 3, 4), random(2, 3, 4))),
]


class _AtArray(np.ndarray):
    """A NumPy array with jax's functional ``.at[index].set(value)``, for the loop forms that use it."""

    @property
    def at(self):
        array = self

        class _At:
            def __getitem__(self, index):
                class _Set:
                    def set(self, value):
                        out = np.array(array).view(_AtArray)
                        out[index] = value
                        return out

                return _Set()

        return _At()


def _numpy_as_jnp():
    namespace = types.SimpleNamespace(**{name: getattr(np, name) for name in dir(np) if not name.startswith("_")})
    namespace.zeros = lambda *a, **k: np.zeros(*a, **k).view(_AtArray)
    return namespace


@pytest.mark.parametrize("source, args", LOOPS)
def test_rule_rewrites_compute_the_same(source, args):
    """The rule's fix (unsafe ones included), run with NumPy standing in for jax.numpy, gives the
    loop's answer."""
    module = "import itertools\nimport jax.numpy as jnp\n\n" + source
    checked = check_text("case.py", module, [ViewSlicingLoop], min_confidence="low")
    assert len(checked.findings) == 1, [f.message for f in checked.findings]
    fixed = apply_fixes(module, [finding.fix for finding in checked.findings if finding.fix is not None])
    assert "for " not in fixed and "while " not in fixed, fixed
    stand_in_jax = types.SimpleNamespace(Array=np.ndarray)
    loop_namespace = {"jnp": _numpy_as_jnp(), "itertools": itertools, "jax": stand_in_jax}
    fixed_namespace = {"jnp": _numpy_as_jnp(), "itertools": itertools, "jax": stand_in_jax}
    exec(source, loop_namespace)
    exec(fixed.split("\n", 3)[3], fixed_namespace)
    np.testing.assert_allclose(fixed_namespace["f"](*args), loop_namespace["f"](*args))


CONTRACTIONS = {
    "dot": np.dot,
    "matmul": np.matmul,
    "inner": np.inner,
    "vdot": np.vdot,
    "sum_product": lambda u, v: (u * v).sum(),
}


@pytest.mark.parametrize("kind", sorted(CONTRACTIONS))
def test_every_slicing_pattern_matches_its_loop(kind):
    """For operands of rank 1-3 sliced at any axis (or not at all) and any stacking axis,
    whatever the compiler emits equals the loop it replaces."""
    checked = 0
    for left_rank, right_rank in itertools.product([1, 2, 3], repeat=2):
        for left_at, right_at in itertools.product([None, *range(left_rank)], [None, *range(right_rank)]):
            if left_at is None and right_at is None:
                continue
            left = axes(["i" if axis == left_at else None for axis in range(left_rank)], left_rank)
            right = axes(["i" if axis == right_at else None for axis in range(right_rank)], right_rank)
            for stack_axis in (-2, -1, 0, 1, 2):
                einsum = compile_einsum(kind, left, right, StackOutput((("i", stack_axis),)), ["i"])
                if einsum is None:
                    continue
                inputs, _ = einsum.subscripts.split("->")
                letters = set(inputs.replace(",", ""))
                size = {letter: 3 if letter == "i" else 2 + sorted(letters).index(letter) % 3 for letter in letters}
                a, b = (random(*(size[letter] for letter in spec)) for spec in inputs.split(","))
                loop = np.stack(
                    [CONTRACTIONS[kind](_take(a, left_at, i), _take(b, right_at, i)) for i in range(3)],
                    axis=stack_axis,
                )
                np.testing.assert_allclose(np.einsum(einsum.subscripts, a, b), loop, err_msg=einsum.subscripts)
                checked += 1
    assert checked >= 20


def _take(array, axis, index):
    """``array[:, ..., index]`` at ``axis``, or the whole array when ``axis`` is None."""
    if axis is None:
        return array
    return array[(slice(None),) * axis + (index,)]
