"""GA302 accumulation-loop: ``acc += f(x[i])`` in a Python loop over an array."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import Extent, is_collection_name
from gradadvisor.analysis.gradient import COMPILING, transform_name
from gradadvisor.analysis.syntax import attribute_path, call, child_nodes, constant, int_value, name, names_read, one_line, substitute, target_names, walk
from gradadvisor.analysis.vectorize import (
    AxisRead,
    ElementLoop,
    axis_read,
    builds_modules,
    calls_host_numpy,
    calls_jax,
    calls_outside_jax,
    computes_gradients,
    converts_to_python,
    element_is_object,
    elementwise_in_any,
    has_walrus,
    index_shapes,
    reduces_whole,
    replace_names,
    same_length_slices,
    vmapped,
)
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.rules.base import LOOP, Invalid, Rule, Valid

#: ``acc += <term>``, ``acc = acc + ...`` or ``acc = jnp.add(acc, ...)`` somewhere in a block:
#: cheap and loose (a block that does not match is not walked).
ACCUMULATION_TEXT = re.compile(r"[+-]=|=[^=\n]*[+-]|add\s*\(")
#: Values that are certainly not arrays (a list of arrays may hold different shapes).
NOT_ARRAYS = frozenset({v.SEQUENCE, v.SCALAR, v.STRING, v.MAPPING, v.NONE, v.MODULE, v.CALLABLE})
#: Integer dtypes (a float accumulator rounds their running total; ``jnp.sum`` adds them exactly).
INTEGER_DTYPES = frozenset({"int32", "int64", "uint32", "uint64", "int8", "int16", "uint8", "uint16"})


@dataclass
class Accumulation:
    """``name += term`` (or ``name = name + term``, ``-=``, ``name = jnp.add(name, term)``)."""

    statement: ast.stmt
    name: str
    term: ast.expr
    subtract: bool
    #: The term with the body's local assignments substituted in.
    inlined: ast.expr | None = None


@dataclass
class Body:
    accumulations: list[Accumulation]
    #: Names the body assigns besides the accumulators (their values are inlined).
    locals: list[str]


@dataclass
class Level:
    """One loop of the nest, as a walk over indices ``start <= index < stop``.

    ``elements`` are the loop variables that stand for whole elements (``xi`` in ``for xi in x``,
    ``zip``, ``enumerate``): each maps to the array it walks, which is its batched form."""

    loop: ast.stmt
    header: str
    targets: tuple[str, ...]
    extent: Extent
    index: str | None = None
    start: "int | ast.expr" = 0
    stop: ast.expr | None = None
    #: ``stop == length[0].shape[length[1]] + length[2]``, proven here.
    length: tuple[ast.expr, int, int] | None = None
    elements: dict[str, ast.expr] = field(default_factory=dict)
    #: Unproven preconditions of reading the elements whole (``zip`` of arrays of different lengths).
    element_conditions: list[str] = field(default_factory=list)
    #: The expressions the loop header evaluates (their names must not be the loop's own).
    header_reads: set[str] = field(default_factory=set)


@dataclass
class Leaf:
    """A loop-dependent part of the term, as one variable of the batched form."""

    variable: str
    operand: ast.expr
    #: The array it reads (for its value: dtype, rank, jax or NumPy).
    array: ast.expr
    #: Where the loop axis is in ``operand`` and the rank of one element (None: unknown).
    position: int | None
    rank: int | None
    keepdims: bool = False
    #: How the array is read, offsets aside (leaves that read one array the same way have elements of one rank).
    pattern: tuple = ()
    #: What must hold for ``operand`` to hold exactly the elements the loop reads.
    proven: bool = True
    condition: str = ""


@dataclass
class Rewrite:
    """The sum over all elements at once, for one accumulation."""

    total: ast.expr
    how: str  # "elementwise" | "vmap"
    #: Preconditions of the rewrite itself that could not be proven.
    conditions: list[str]
    imports: list
    #: The arrays it reads whole (walked or indexed): they must be jax arrays of a dtype that sums exactly.
    arrays: list[ast.expr]
    #: The loop index became ``jnp.arange`` (int32 where the loop had Python ints).
    arange: bool = False


class AccumulationLoop(Rule):
    """
    ## What it does
    Finds accumulators filled by a Python loop over a data-sized range, one term per element,
    where the term is jax.numpy work: `acc += f(x[i])`, `acc = acc + ...`, `acc -= ...` and
    `acc = jnp.add(acc, ...)`, one or several accumulators in one loop, over
    `for i in range(len(x))` (also `range(1, n)`, `range(len(x) - 1)`), `for xi in x`,
    `for a, b in zip(xs, ys)`, `for i, xi in enumerate(xs)`, `zip(xs[:-1], xs[1:])`,
    `itertools.pairwise(xs)`, `i = 0; while i < n: ...; i += 1`, and nested loops over two
    arrays (`for i ...: for j ...:`, `itertools.product(xs, ys)`). The element may be read as
    `x[i]`, `x[i + 1]`, `x[i, ...]`, `x[:, i]`, `x[..., i]`, `jnp.take(x, i, axis=k)`,
    `lax.dynamic_index_in_dim(x, i, k)` or `lax.dynamic_slice(x, (i, 0), (1, x.shape[1]))`.

    ## Why it is slow for gradients
    Python runs the loop while JAX traces it: the program gets one slice, one computation
    and one add per element, so compile time grows with the data, and the backward pass has
    as many steps again, each slice transposing into a scatter into a full-size array of
    zeros. One `jnp.sum` over the vectorized term is a single fused reduction with a single
    broadcast as its gradient. Measured here (CPU) for the example below over 300 elements,
    `jit(grad)`: 41 s to compile and 0.52 ms per call for the loop, 0.5 s and 0.18 ms for the
    rewrite.

    ## Example
    ```python
    def energy(x):
        total = 0.0
        for i in range(x.shape[0]):
            total += jnp.exp(-3.0 * (x[i] + 1.0))
        return total
    ```

    ## Use instead
    ```python
    def energy(x):
        total = 0.0
        total = total + jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)
        return total
    ```
    The fix replaces the loop with one statement per accumulator and keeps the initial
    value (`axis=0` sums over the loop's axis only). An elementwise term is written on the
    whole array; shifted reads become shifted slices (`x[t] - x[t - 1]` over
    `range(1, len(x))` gives `x[1:] - x[:-1]`); a read along another axis sums over that
    axis (`x[:, i]` -> `axis=1`); the loop index used as a number becomes `jnp.arange`; a
    pair of nested loops becomes broadcasting (`x[i] - y[j]` -> `x[:, None] - y[None, :]`,
    `axis=(0, 1)`). Any other term is mapped with `jax.vmap`. In a flax.linen or haiku
    module, a submodule call per element needs `nn.vmap` / `hk.vmap`: advice, no fix. A body
    with local assignments before the add is reported with the rewrite in the message, no fix.

    ## Fix safety
    The fix is *safe* only when all of these are proven from the code, else *unsafe* with the
    ones it could not prove listed:
    - the loop variables (and a `while` counter) are not read after the loop (the fix
      removes the loop that binds them: a `NameError` or a different value), by a later
      statement, `del`, a closure, `locals()`/`eval`, or the loop's own header on a later
      pass of an enclosing loop; and no loop variable is the name the loop iterates
      (`for x in x:`);
    - the range is exactly the axis: `range(len(x))`, `range(x.shape[0])`, `N` bound to
      `len(x)` with the same `x`, with literal offsets that keep every index inside the array
      (`range(1, len(x))` reading `x[i - 1]`). JAX clamps an out-of-range `x[i]` (even a
      static one) while a slice stops at the end, and `range(n)` with `n < 0` runs no step
      where `x[:n]` is not empty: `range(n)` with `n` a parameter is unsafe. Arrays walked
      together (`zip`, or `w[i]` in a loop over `len(x)`) must have lengths proven equal;
    - the iterated and indexed values are jax arrays (not lists, whose `2 * xs` repeats,
      nor NumPy arrays, which the rewrite would turn into jax ones);
    - for an elementwise term, every array's rank is known and every element has the same
      rank, with other names of at most that rank, so that the whole arrays broadcast as
      one element does (`x[i] * w` with `w` of shape `(n, 1)` would not);
    - no dtype is small (bool, int8, uint8, int16, float16, bfloat16: `jnp.sum`
      accumulates in higher precision and promotes bool and small ints to int32, unlike
      repeated `+` in that dtype). When a dtype is not known (an array from a parameter), a
      small or integer one may still come in (float16 data cast by a caller; int32 data
      added into `0.0`, which the loop promotes to float and `jnp.sum` keeps int), so the
      fix is unsafe, unless every call site in the project passes a float32 or float64
      array for each such parameter (then an integer start and `jnp.arange` indices are
      fine too). Integer terms added into a float accumulator are unsafe (the loop rounds each
      partial sum, `jnp.sum` adds exactly);
    - the accumulator starts as a Python number or a jax array (`+=` on a NumPy array
      updates it in place);
    - the loop runs at least once (a literal, non-zero length), or the accumulator starts as
      a jax array of the result's exact shape and dtype: an empty loop leaves the initial
      value as it is (a Python `0.0`, a scalar), while `acc + jnp.sum(...)` of nothing is a
      float32 array of the element's shape (checked with jax 0.10: `0.0 + jnp.sum(x, axis=0)`
      for `x` of shape `(0, 3)` is `zeros(3)`);
    - names the fix spells (`jnp`, `jax`) are not shadowed in the function (else no fix).
    The body may only hold the accumulations, so no side effect and no `:=` binding can be
    dropped: a body with any other statement (a call such as `print` or `append`, an `if`,
    `break`) or a `:=` is not reported. A `jax.vmap` rewrite is always unsafe (Python
    control flow on values or side effects in the mapped function). Comments inside the
    removed loop are kept above the new statement.

    ## When not to apply
    Not reported for loops over layers, parameters, pytree leaves or a few loss terms,
    over small literal ranges (Runge-Kutta stages, spatial dimensions), for Python or
    NumPy arithmetic, when an accumulator is read inside the loop (a recurrence: see GA103),
    when the loop also carries other state, calls something for its effect or leaves early
    (`break`, `continue`, `return`), when the addition is conditional, when a term does not
    depend on the loop, when the index decides a shape, an axis or a slice bound
    (`y[..., :j]`, `axis=list(range(i))`: another form at each step), when the loop walks
    pytree leaves, a mapping's values or a list of non-arrays, for list or string building,
    when each step computes a gradient (gradient accumulation over micro-batches is
    chunked on purpose, for memory) or builds a new haiku/flax/equinox module, in test code
    and module-level setup, and outside any known trace when the loop calls a compiled step,
    a model's `apply` or `float(...)`: a host-side evaluation loop is written that way.
    """

    code = "GA302"
    name = "accumulation-loop"
    summary = "an accumulator summed in a Python loop over an array unrolls one add per element; use `jnp.sum`"
    keywords = ("for", "while")
    trigger = (LOOP, ACCUMULATION_TEXT)

    VALID = (
        # Layers: a handful of different things.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(self, x):\n    out = 0.0\n    for layer in self.layers:\n        out += jnp.sum(layer(x))\n    return out\n"),
        # Small literal range.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(k, y):\n    acc = jnp.zeros_like(y)\n    for s in range(4):\n        acc += jnp.sin(k[s])\n    return acc\n"),
        # Pytree leaves.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef l2(params):\n    total = 0.0\n    for p in jax.tree_util.tree_leaves(params):\n        total += jnp.sum(p ** 2)\n    return total\n"),
        # The accumulator is read in the loop: a recurrence, not a sum.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.tanh(acc * x[i])\n    return acc\n"),
        # Plain Python / NumPy arithmetic.
        Valid("import jax\nimport numpy as np\n\ndef f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += np.exp(x[i])\n    return acc\n"),
        # Conditional accumulation.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        if i % 2:\n            acc += jnp.exp(x[i])\n    return acc\n"),
        # A host-side loop calling a compiled model once per batch (a metric, not a trace).
        Valid("import jax\nimport jax.numpy as jnp\n\ndef evaluate(model, params, xs):\n    total = 0.0\n    for i in range(xs.shape[0]):\n        total += jnp.mean(model.apply(params, xs[i]))\n    return total\n"),
        # A new haiku layer per step is not one function mapped over the data.
        Valid("import haiku as hk\nimport jax.numpy as jnp\n\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.sum(hk.Linear(3)(x[i]))\n    return acc\n\nt = hk.transform(f)\n"),
        # Plain arithmetic outside any trace: x may be a list of floats.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(x, w):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i] * w[i]\n    return acc\n"),
        # The accumulator is read after the add, in the same step.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.exp(x[i])\n        y = acc * 2\n    return acc\n"),
        # Gradient accumulation over micro-batches: chunked on purpose, for memory.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(w, x):\n    g = jnp.zeros_like(w)\n    for i in range(x.shape[0]):\n        g += jax.grad(loss)(w, x[i])\n    return g\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\ngrad_fn = jax.grad(loss)\n\n@jax.jit\ndef f(w, xs):\n    g = jnp.zeros_like(w)\n    for x in xs:\n        g = g + grad_fn(w, x)\n    return g\n"),
        # Loop body that carries other state.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, h):\n    loss = 0.0\n    for i in range(x.shape[0]):\n"
            "        h = jnp.tanh(h + x[i])\n        loss += jnp.sum(h ** 2)\n    return loss\n"
        ),
        # A host-side loop over batches calling a jitted step of this module.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef step(w, x):\n    return jnp.mean((x @ w) ** 2)\n\ndef evaluate(w, xs):\n    total = 0.0\n    for x in xs:\n        total += step(w, x)\n    return total\n"),
        # A side effect in the body: not a pure sum.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, log):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.exp(x[i])\n        log.append(i)\n    return acc\n"),
        # The index bounds a slice: a different shape at each step.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(y):\n    acc = 0.0\n    for j in range(y.shape[-1]):\n        acc += jnp.sum(y[..., :j])\n    return acc\n"),
        # Two accumulators that feed each other.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    a = 0.0\n    b = 0.0\n    for xi in x:\n        a += jnp.exp(xi)\n        b += a * xi\n    return a, b\n"),
        # Module-level setup runs once, untraced.
        Valid("import jax.numpy as jnp\nX = jnp.linspace(0.0, 1.0, 100)\nTOTAL = 0.0\nfor i in range(X.shape[0]):\n    TOTAL += jnp.exp(X[i])\n"),
    )
    INVALID = (
        Invalid(
            "import jax.numpy as jnp\n\ndef energy(x):\n    total = 0.0\n    for i in range(x.shape[0]):\n        total += jnp.exp(-3.0 * (x[i] + 1.0))\n    return total\n",
            expected_fix="import jax.numpy as jnp\n\ndef energy(x):\n    total = 0.0\n    total = total + jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)\n    return total\n",
            message_contains="jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)",
            applicability="unsafe",
        ),
        # Every precondition proven: a jax array of literal, non-zero length, float32, `i` not read after.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (16,))\n    acc = 0.0\n    for i in range(len(x)):\n        # one term per element\n        acc += jnp.exp(-x[i])\n    return acc\n\nf(jnp.ones(16))\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (16,))\n    acc = 0.0\n    # one term per element\n    acc = acc + jnp.sum(jnp.exp(-x), axis=0)\n    return acc\n\nf(jnp.ones(16))\n",
            applicability="safe",
        ),
        # The loop variable is read after the loop: the fix would remove its binding.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (16,))\n    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.exp(-x[i])\n    return acc, i\n",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    acc = jnp.zeros(3)\n    for xi in x:\n        acc = acc + jnp.tanh(w * xi)\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    acc = jnp.zeros(3)\n    acc = acc + jnp.sum(jnp.tanh(w * x), axis=0)\n    return acc\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef model(p, x):\n    return jnp.tanh(p @ x)\n\ndef loss(p, xs, ys):\n    err = 0.0\n    for x, y in zip(xs, ys):\n        err += jnp.sum((model(p, x) - y) ** 2)\n    return err\n\ng = jax.grad(loss)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef model(p, x):\n    return jnp.tanh(p @ x)\n\ndef loss(p, xs, ys):\n    err = 0.0\n    err = err + jnp.sum(jax.vmap(lambda x, y: jnp.sum((model(p, x) - y) ** 2))(xs, ys), axis=0)\n    return err\n\ng = jax.grad(loss)\n",
        ),
        Invalid(
            "import functools\n\nimport jax\nfrom jax import numpy as jnp\n\n@functools.partial(jax.jit, static_argnames='n')\ndef f(x, n):\n    acc = 0\n    for i in range(1, n):\n        acc -= jnp.log1p(x[i] ** 2)\n    return acc\n",
            expected_fix="import functools\n\nimport jax\nfrom jax import numpy as jnp\n\n@functools.partial(jax.jit, static_argnames='n')\ndef f(x, n):\n    acc = 0\n    acc = acc - jnp.sum(jnp.log1p(x[1:n] ** 2), axis=0)\n    return acc\n",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, n):\n    acc = 0.0\n    i = 0\n    while i < n:\n        acc += jnp.cos(x[i])\n        i += 1\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, n):\n    acc = 0.0\n    i = 0\n    acc = acc + jnp.sum(jnp.cos(x[:n]), axis=0)\n    return acc\n",
            message_contains="acc = acc + jnp.sum(jnp.cos(x[:n]), axis=0)",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    acc = 0.0\n    for i in range(a.shape[0]):\n        acc += jnp.dot(a[i], b[i])\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    acc = 0.0\n    acc = acc + jnp.sum(jax.vmap(jnp.dot)(a, b[:a.shape[0]]), axis=0)\n    return acc\n",
        ),
        # A local computed from the element, then added: the advice inlines it (no fix: two statements).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        h = jnp.tanh(w * x[i])\n        acc += h ** 2\n    return acc\n",
            message_contains="acc = acc + jnp.sum(jnp.tanh(w * x) ** 2, axis=0)",
        ),
        # No call at all, but jax arrays in a trace.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef dot(x, w):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += x[i] * w[i]\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef dot(x, w):\n    acc = 0.0\n    acc = acc + jnp.sum(x * w[:x.shape[0]], axis=0)\n    return acc\n",
        ),
        # A flax.linen submodule per element: advice with nn.vmap, no jax.vmap fix.
        Invalid(
            "import flax.linen as nn\nimport jax.numpy as jnp\n\nclass M(nn.Module):\n    @nn.compact\n    def __call__(self, x):\n        acc = jnp.zeros(3)\n"
            "        for i in range(x.shape[0]):\n            acc += self.head(x[i])\n        return acc\n",
            message_contains="nn.vmap",
        ),
        # jnp.add accumulation, and two accumulators in one loop (reported once).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    s = 0.0\n    q = 0.0\n    for xi in x:\n        s = jnp.add(s, xi)\n        q += xi ** 2\n    return q / len(x) - (s / len(x)) ** 2\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    s = 0.0\n    q = 0.0\n    s = s + jnp.sum(x, axis=0)\n    q = q + jnp.sum(x ** 2, axis=0)\n    return q / len(x) - (s / len(x)) ** 2\n",
            message_contains="`q = q + jnp.sum(x ** 2, axis=0)`",
        ),
        # The term on the left, and `np` as jax.numpy's alias.
        Invalid(
            "import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc = np.exp(-x[i]) + acc\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    acc = acc + np.sum(np.exp(-x), axis=0)\n    return acc\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc = np.add(acc, np.exp(-x[i]))\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    acc = acc + np.sum(np.exp(-x), axis=0)\n    return acc\n",
        ),
        # Along another axis, and with lax.dynamic_index_in_dim.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for j in range(x.shape[1]):\n        acc += jnp.tanh(x[:, j])\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    acc = acc + jnp.sum(jnp.tanh(x), axis=1)\n    return acc\n",
        ),
        # Pairwise terms in nested loops: broadcasting.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, y):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        for j in range(y.shape[0]):\n            acc += jnp.exp(-(x[i] - y[j]) ** 2)\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, y):\n    acc = 0.0\n    acc = acc + jnp.sum(jnp.exp(-(x[:, None] - y[None, :]) ** 2), axis=(0, 1))\n    return acc\n",
        ),
        # Consecutive pairs.
        Invalid(
            "import itertools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for a, b in itertools.pairwise(x):\n        acc += jnp.abs(b - a)\n    return acc\n",
            expected_fix="import itertools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    acc = acc + jnp.sum(jnp.abs(x[1:] - x[:-1]), axis=0)\n    return acc\n",
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        #: Inner loops already reported as part of a nest.
        self._claimed: set[int] = set()

    # -- the loops ---------------------------------------------------------------------------

    def visit_For(self, node: ast.For) -> None:
        if id(node) in self._claimed or node.orelse or not self._in_scope():
            return
        if len(node.body) == 1 and isinstance(node.body[0], ast.For) and not node.body[0].orelse:
            if self._nest(node, node.body[0]):
                return
        product = self._product(node)
        if product is not None:
            self._check(product, node, node.body)
            return
        level = self._for_level(node)
        if level is not None:
            self._check([level], node, node.body)

    def visit_While(self, node: ast.While) -> None:
        """``i = 0; while i < n: ...; i += 1``: the loop ``for i in range(0, n)``."""
        if node.orelse or not self._in_scope():
            return
        test = node.test
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name)):
            return
        counter, bound = test.left.id, test.comparators[0]
        if counter in names_read(bound) or not node.body or not _is_increment(node.body[-1], counter):
            return
        bindings = self.ctx.facts.bindings_at(counter, self.ctx.scope, node)
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or int_value(bindings[0].value) is None:
            return
        start = int_value(bindings[0].value)
        extent = self.ctx.extent_of_bound(bound)
        level = Level(
            node, f"`while {one_line(self.ctx.code(test), 40)}`", (counter,), extent, index=counter, start=start, stop=bound,
            length=self._length_of(bound, node), header_reads=names_read(bound),
        )
        self._check([level], node, node.body[:-1])

    def _in_scope(self) -> bool:
        return self.ctx.function is not None

    # -- loop headers -----------------------------------------------------------------------

    def _for_level(self, loop: ast.For) -> Level | None:
        ctx = self.ctx
        target, iterable = loop.target, loop.iter
        targets = tuple(target_names(target))
        flat = isinstance(target, ast.Name) or isinstance(target, ast.Tuple) and all(isinstance(item, ast.Name) for item in target.elts)
        if not targets or not flat or len(set(targets)) != len(targets):
            return None
        header = f"a Python loop over `{one_line(ctx.code(iterable), 40)}`"
        level = Level(loop, header, targets, ctx.extent(iterable), header_reads=names_read(iterable))
        if isinstance(iterable, ast.Call) and not iterable.keywords and not any(isinstance(arg, ast.Starred) for arg in iterable.args):
            args = iterable.args
            if ctx.is_builtin(iterable.func, "range"):
                if not isinstance(target, ast.Name) or not self._range(level, iterable, target.id, loop):
                    return None
                return level
            if ctx.is_builtin(iterable.func, "enumerate"):
                if len(targets) != 2 or len(args) != 1 or not isinstance(target, ast.Tuple) or not self._walkable(args[0]):
                    return None
                level.index, element = targets
                length = call("len", args[0]) if ctx.is_builtin(ast.Name(id="len", ctx=ast.Load()), "len") else None
                level.stop = length or ast.Subscript(value=ast.Attribute(value=args[0], attr="shape", ctx=ast.Load()), slice=constant(0), ctx=ast.Load())
                level.length = (args[0], 0, 0)
                level.elements = {element: args[0]}
                return level
            if ctx.is_builtin(iterable.func, "zip"):
                if not isinstance(target, ast.Tuple) or len(targets) != len(args) or len(args) < 2 or not all(self._walkable(arg) for arg in args):
                    return None
                level.elements = dict(zip(targets, args))
                if not all(self._same_length(args[0], other) for other in args[1:]):
                    listed = ", ".join(f"`{one_line(ctx.code(arg), 20)}`" for arg in args)
                    level.element_conditions.append(f"{listed} have the same length (`zip` stops at the shortest)")
                return level
            if ctx.resolve(iterable.func) == "itertools.pairwise":
                if not isinstance(target, ast.Tuple) or len(targets) != 2 or len(args) != 1 or not self._walkable(args[0]):
                    return None
                array = args[0]
                level.elements = {
                    targets[0]: ast.Subscript(value=array, slice=ast.Slice(upper=constant(-1)), ctx=ast.Load()),
                    targets[1]: ast.Subscript(value=array, slice=ast.Slice(lower=constant(1)), ctx=ast.Load()),
                }
                return level
            if ctx.value(iterable).kind != v.ARRAY:
                return None  # a helper's result, reversed(...), sorted(...): no single array walked
        if not isinstance(target, ast.Name) or not self._walkable(iterable):
            return None  # a list or tuple (of arrays that may differ in shape): not rows of one array
        level.elements = {target.id: iterable}
        return level

    def _product(self, loop: ast.For) -> list[Level] | None:
        """``for a, b in itertools.product(xs, ys)``: two levels walking ``xs`` and ``ys``."""
        ctx = self.ctx
        iterable, target = loop.iter, loop.target
        if not (isinstance(iterable, ast.Call) and ctx.resolve(iterable.func) == "itertools.product" and len(iterable.args) == 2 and not iterable.keywords):
            return None
        if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(item, ast.Name) for item in target.elts)):
            return None
        first, second = (item.id for item in target.elts)  # type: ignore[attr-defined]
        if first == second or any(isinstance(arg, ast.Starred) for arg in iterable.args):
            return None
        header = f"a Python loop over `{one_line(ctx.code(iterable), 40)}`"
        levels = []
        for variable, walked in zip((first, second), iterable.args):
            level = Level(loop, header, (variable,), ctx.extent(walked), header_reads=names_read(iterable))
            if isinstance(walked, ast.Call) and ctx.is_builtin(walked.func, "range"):
                if not self._range(level, walked, variable, loop):
                    return None
            elif self._walkable(walked):
                level.elements = {variable: walked}
            else:
                return None
            levels.append(level)
        return levels

    def _range(self, level: Level, iterable: ast.Call, index: str, loop: ast.stmt) -> bool:
        """Fill ``level`` from ``range(...)`` (False for a step other than 1)."""
        args = iterable.args
        if iterable.keywords or not 1 <= len(args) <= 3 or len(args) == 3 and int_value(args[2]) != 1 or any(isinstance(arg, ast.Starred) for arg in args):
            return False
        level.index = index
        if len(args) >= 2:
            level.start = int_value(args[0]) if int_value(args[0]) is not None else args[0]
        level.stop = args[1] if len(args) >= 2 else args[0]
        level.length = self._length_of(level.stop, loop)
        return True

    def _walkable(self, expr: ast.expr) -> bool:
        """``expr`` may be an array walked along its first axis: not a display, a comprehension,
        a constant, or a call that does not make an array (``range``, ``zip``, a helper)."""
        if isinstance(expr, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp, ast.Constant, ast.JoinedStr)):
            return False
        if isinstance(expr, ast.Call):
            return self.ctx.value(expr).kind == v.ARRAY
        return self._rows_of_one_thing(expr)

    def _rows_of_one_thing(self, expr: ast.expr) -> bool:
        """``expr`` may hold rows of one kind (an array, or a list of per-step arrays): not a
        number or a string, not pytree leaves or a mapping's values, not a list of non-arrays,
        and, when no fact says what it holds, not named as a collection (``self.weights``)."""
        value = self.ctx.value(expr)
        if value.kind == v.SEQUENCE:
            if any(item == "pytree leaves" or "of a mapping" in item for item in value.evidence):
                return False
            if value.item is not None and value.item.kind not in (v.ARRAY, v.UNKNOWN, v.PARAM):
                return False
            return not is_collection_name(_tail_name(expr))
        if value.kind in NOT_ARRAYS:
            return False
        return value.kind == v.ARRAY or not is_collection_name(_tail_name(expr))

    def _nest(self, outer: ast.For, inner: ast.For) -> bool:
        """Two nested loops whose inner body is the accumulation: one report for the pair
        (True), unless the outer loop is small and fixed (then the inner loop stands alone)."""
        first = self._for_level(outer)
        if first is None or first.extent.kind == "static":
            return False
        if names_read(inner.iter) & set(first.targets):
            return False  # a triangle (j < i): not a rectangle of pairs
        second = self._for_level(inner)
        if second is None:
            return False
        self._claimed.add(id(inner))
        self._check([first, second], outer, inner.body)
        return True

    def _length_of(self, stop: ast.expr, loop: ast.stmt, depth: int = 0) -> tuple[ast.expr, int, int] | None:
        """``(a, k, d)`` when ``stop`` is proven to equal ``a.shape[k] + d`` at ``loop``:
        ``len(a)``, ``a.shape[1]``, ``len(a) - 1``, or a name bound once to one of those (or by
        ``n, d = a.shape``) while ``a`` still holds the same value."""
        ctx = self.ctx
        if depth > 4:
            return None
        if isinstance(stop, ast.Call) and ctx.is_builtin(stop.func, "len") and len(stop.args) == 1 and not stop.keywords:
            return stop.args[0], 0, 0
        if isinstance(stop, ast.Subscript) and isinstance(stop.value, ast.Attribute) and stop.value.attr == "shape" and int_value(stop.slice) is not None:
            return stop.value.value, int_value(stop.slice), 0  # type: ignore[return-value]
        if isinstance(stop, ast.BinOp) and isinstance(stop.op, (ast.Add, ast.Sub)) and int_value(stop.right) is not None:
            inner = self._length_of(stop.left, loop, depth + 1)
            delta = int_value(stop.right) * (1 if isinstance(stop.op, ast.Add) else -1)  # type: ignore[operator]
            return (inner[0], inner[1], inner[2] + delta) if inner is not None else None
        if isinstance(stop, ast.Name):
            bindings = ctx.facts.bindings_at(stop.id, ctx.scope, loop)
            if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].statement is None:
                return None
            binding = bindings[0]
            value = binding.value
            if len(binding.path) == 1 and binding.path[0] >= 0 and isinstance(value, ast.Attribute) and value.attr == "shape":
                found: tuple[ast.expr, int, int] | None = (value.value, binding.path[0], 0)
            elif binding.path == () and isinstance(value, ast.expr):
                found = self._length_of(value, binding.statement, depth + 1)  # type: ignore[arg-type]
            else:
                found = None
            if found is None or not isinstance(found[0], ast.Name):
                return None
            if not ctx.facts.same_binding(found[0].id, ctx.scope, binding.statement, loop):
                return None
            return found
        return None

    def _same_length(self, first: ast.expr, second: ast.expr) -> bool:
        """Proven: ``first`` and ``second`` have the same number of rows."""
        if same_length_slices(first, second, self.ctx.code):
            return True
        if self.ctx.code(first) == self.ctx.code(second):
            return True
        one, two = self.ctx.value(first), self.ctx.value(second)
        rows = [value.shape[0] if value.is_array and value.shape else None for value in (one, two)]
        return rows[0] is not None and rows[0] == rows[1]

    # -- the body ----------------------------------------------------------------------------

    def _body(self, statements: list[ast.stmt], loop_names: set[str]) -> Body | None:
        """The accumulations of a loop body made of them and of plain local assignments, with
        no value carried from one step to the next but each accumulator into itself."""
        accumulations: list[Accumulation] = []
        local_values: list[tuple[str, ast.expr]] = []
        local_statements: list[tuple[str, ast.expr, ast.stmt]] = []
        for stmt in statements:
            if isinstance(stmt, ast.Pass):
                continue
            found = self._as_accumulation(stmt)
            if found is not None:
                accumulations.append(found)
                continue
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                local_values.append((stmt.targets[0].id, stmt.value))
                local_statements.append((stmt.targets[0].id, stmt.value, stmt))
                continue
            return None  # a call for its effect, if, break, x[i] = ..., a, b = ...
        if not accumulations or any(has_walrus(stmt) for stmt in statements):
            return None
        names = [item.name for item in accumulations]
        local_names = [local for local, _ in local_values]
        if len(set(names)) != len(names) or len(set(local_names)) != len(local_names):
            return None
        if set(names) & (loop_names | set(local_names)) or set(local_names) & loop_names:
            return None
        # Nothing flows from one step to the next but each accumulator into itself, and no
        # accumulator is read by any term (a recurrence, or accumulators feeding each other).
        assigned: set[str] = set()
        for stmt in statements:
            if isinstance(stmt, ast.Pass):
                continue
            accumulation = next((item for item in accumulations if item.statement is stmt), None)
            reads = names_read(accumulation.term if accumulation is not None else stmt.value)  # type: ignore[attr-defined]
            if reads & set(names) or (reads - assigned) & set(local_names):
                return None
            if accumulation is None:
                assigned.add(stmt.targets[0].id)  # type: ignore[attr-defined]
        order = {id(stmt): number for number, stmt in enumerate(statements)}
        for accumulation in accumulations:
            inlined: ast.AST = accumulation.term
            before = [(local, value) for local, value, stmt in local_statements if order[id(stmt)] < order[id(accumulation.statement)]]
            for local, value in reversed(before):
                inlined = replace_names(inlined, {local: value})
            accumulation.inlined = inlined  # type: ignore[assignment]
        return Body(accumulations, local_names)

    def _as_accumulation(self, stmt: ast.stmt) -> Accumulation | None:
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, (ast.Add, ast.Sub)):
            return Accumulation(stmt, stmt.target.id, stmt.value, isinstance(stmt.op, ast.Sub))
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            return None
        target = stmt.targets[0].id
        value = stmt.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
            if isinstance(value.left, ast.Name) and value.left.id == target:
                return Accumulation(stmt, target, value.right, isinstance(value.op, ast.Sub))
            if isinstance(value.op, ast.Add) and isinstance(value.right, ast.Name) and value.right.id == target:
                return Accumulation(stmt, target, value.left, False)
        if isinstance(value, ast.Call) and len(value.args) == 2 and not value.keywords:
            qualified = self.ctx.resolve(value.func) or ""
            if qualified in ("jax.numpy.add", "autograd.numpy.add"):
                first, second = value.args
                if isinstance(first, ast.Name) and first.id == target and not isinstance(second, ast.Starred):
                    return Accumulation(stmt, target, second, False)
                if isinstance(second, ast.Name) and second.id == target and not isinstance(first, ast.Starred):
                    return Accumulation(stmt, target, first, False)
        return None

    # -- the check ---------------------------------------------------------------------------

    def _check(self, levels: list[Level], loop: ast.stmt, statements: list[ast.stmt]) -> None:
        ctx = self.ctx
        loop_names = {name for level in levels for name in level.targets}
        body = self._body(statements, loop_names)
        if body is None:
            return
        accumulations = body.accumulations
        if len(loop_names) != sum(len(level.targets) for level in levels):
            return  # nested loops reusing a name
        for accumulation in accumulations:
            start = ctx.value(ast.Name(id=accumulation.name, ctx=ast.Load()))
            if start.kind in (v.SEQUENCE, v.STRING, v.MAPPING) or isinstance(accumulation.term, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.JoinedStr, ast.ListComp)):
                return  # building a list, a tuple or a string, not a sum
        header_reads = set().union(*(level.header_reads for level in levels))
        if header_reads & {item.name for item in accumulations}:
            return  # the loop's own bounds read an accumulator
        extents = [level.extent for level in levels]
        if any(extent.kind == "static" for extent in extents) or not any(extent.is_data for extent in extents):
            return
        extent = next(extent for extent in extents if extent.is_data)
        terms = [item.inlined for item in accumulations]
        if any(not names_read(term) & loop_names for term in terms):
            return  # a term that does not change with the loop (a counter)
        whole_body = ast.Module(body=list(statements), type_ignores=[])
        if builds_modules(whole_body, ctx.resolve) or computes_gradients(whole_body, ctx.resolve, ctx.value) or calls_host_numpy(whole_body, ctx.resolve):
            return  # a new module per step; gradient accumulation (chunked on purpose); NumPy
        for level in levels:
            for element, array in level.elements.items():
                for term in terms:
                    if converts_to_python(term, element) or element_is_object(term, element):
                        return  # host-side numbers; or models, distributions: not array rows
                    if len(level.elements) == 1 and level.index is None and reduces_whole(term, element, ctx.resolve) and not ctx.value(array).is_array:
                        return  # jnp.sum(w ** 2) for w in ws: a list of different arrays
        rewrites: list[Rewrite | None] = []
        for accumulation in accumulations:
            rewrite = self._rewrite(levels, accumulation)
            if rewrite is False:
                return  # the index bounds a slice: a different shape at each step
            rewrites.append(rewrite)  # type: ignore[arg-type]
        if calls_outside_jax(whole_body, ctx.resolve, ctx.is_builtin, self._plain_function):
            work = "host"  # a compiled step, a model's apply, float(...): a driver loop unless traced
        elif any(calls_jax(term, ctx.resolve, ctx.local_function) for term in terms):
            work = "jax"
        else:
            work = "unknown"  # plain arithmetic: jax arrays only inside a trace
        numpy_module = ctx.names.numpy_module()
        numpy_sum, sum_imports = ctx.spell(f"{numpy_module}.sum")
        spelled = numpy_sum or "jnp.sum"
        lifted = self._lifted_module()
        shown: list[str] = []
        lines: list[str] = []
        conditions = Preconditions()
        imports: list = list(sum_imports)
        fixable = bool(numpy_sum) and not body.locals
        for accumulation, rewrite in zip(accumulations, rewrites):
            sign = "-" if accumulation.subtract else "+"
            if rewrite is None or rewrite.how == "vmap" and numpy_module == "autograd.numpy":
                fixable = False
                axes = "axis=(0, 1)" if len(levels) == 2 else "axis=0"
                if numpy_module == "autograd.numpy":
                    what = "the term written on whole arrays"
                else:
                    what = "broadcasting, or nested `jax.vmap`" if len(levels) == 2 else "`jax.vmap` if it is not elementwise"
                shown.append(f"`{accumulation.name} = {accumulation.name} {sign} {spelled}(<the term over all elements at once>, {axes})` (with {what})")
                continue
            if rewrite.how == "vmap" and lifted is not None and "self" in names_read(rewrite.total):
                fixable = False
                shown.append(f"`{spelled}` over the batched term, mapping the submodule with `{lifted}` (plain `jax.vmap` cannot lift its parameters)")
                continue
            updated = ast.BinOp(left=name(accumulation.name), op=ast.Sub() if accumulation.subtract else ast.Add(), right=rewrite.total)
            text = f"{accumulation.name} = {ctx.renderer.code(updated)}"
            lines.append(text)
            shown.append(f"`{one_line(text, 120 if len(accumulations) == 1 else max(40, 180 // len(accumulations)))}`")
            for condition in rewrite.conditions:
                conditions.require(False, condition)
            imports.extend(rewrite.imports)
        fix = None
        if fixable and lines:
            self._loop_conditions(conditions, levels, accumulations, [rewrite for rewrite in rewrites if rewrite is not None])
            edit = ctx.renderer.replace_statements(loop, loop, lines)
            fix = conditions.fix([edit], "\n".join(lines), imports)
        if len(accumulations) == 1:
            lead = f"`{one_line(ctx.code(accumulations[0].statement), 60)}` adds one term per step of {levels[0].header}"
        else:
            listed = ", ".join(f"`{item.name}`" for item in accumulations)
            lead = f"{listed} each gain one term per step of {levels[0].header}"
        message = f"{lead}: the traced program and its backward pass grow with the data; use {'; '.join(shown)}"
        self.report(loop, message, extent=extent, work=work, require_trace=work == "unknown", fix=fix)

    # -- the rewrite ----------------------------------------------------------------------------

    def _rewrite(self, levels: list[Level], accumulation: Accumulation) -> "Rewrite | None | bool":
        """The rewrite of one accumulation: ``jnp.sum(<term over all elements>, axis=...)``.
        None when there is none to offer, False when the loop is not a walk over elements."""
        ctx = self.ctx
        term = accumulation.inlined
        leaves: list[Leaf] = []
        taken = set(names_read(term)) | {item for level in levels for item in level.targets}
        replacements: dict[int, ast.expr] = {}
        imports: list = []
        for number, level in enumerate(levels):
            for element, array in level.elements.items():
                value = ctx.value(array.value if _is_new(array) else array)
                rank = value.rank - 1 if value.rank is not None and value.rank >= 1 else None
                leaves.append(Leaf(element, self._spread(array, number, len(levels)), array, 0, rank))
            if level.index is None:
                continue
            index = level.index
            if index_shapes(term, index, ctx.resolve, ctx.is_builtin):
                return False  # the index decides a shape, an axis or a slice: another form each step
            reads = _index_reads(term, index, ctx.resolve)
            for read in reads:
                if not self._rows_of_one_thing(read.array):
                    return False  # pytree leaves, layers, self.weights[i]: different things
            uses = sum(1 for child in walk(term) if isinstance(child, ast.Name) and child.id == index)
            inside = sum(1 for read in reads for child in walk(read.node) if isinstance(child, ast.Name) and child.id == index)
            seen: dict[tuple, Leaf] = {}
            for read in reads:
                key = read.key(ctx.code)
                if key not in seen:
                    leaf = self._read_leaf(read, level, number, len(levels), taken)
                    if leaf is None:
                        return None
                    taken.add(leaf.variable)
                    seen[key] = leaf
                    leaves.append(leaf)
                replacements[id(read.node)] = name(seen[key].variable)
            if uses > inside:
                # The index used as a number: jnp.arange over the same range.
                arange, arange_imports = ctx.spell(f"{ctx.names.numpy_module()}.arange")
                if not arange or level.stop is None:
                    return None
                start = level.start if isinstance(level.start, ast.expr) else constant(level.start)
                bounds = [level.stop] if level.start == 0 else [start, level.stop]
                operand = call(attribute_path(arange), *bounds)
                leaves.append(Leaf(index, self._spread(operand, number, len(levels)), operand, 0, 0))
                imports.extend(arange_imports)
        replaced = substitute(term, lambda node: replacements.get(id(node))) if replacements else term
        for leaf in leaves:
            if element_is_object(replaced, leaf.variable) or converts_to_python(replaced, leaf.variable):
                return False  # layers[i].w, float(x[i]): objects or host numbers, not array rows
        variables = frozenset(leaf.variable for leaf in leaves)
        if not variables & names_read(replaced):
            return None
        conditions = [leaf.condition for leaf in leaves if not leaf.proven and leaf.condition]
        arrays = [leaf.array for leaf in leaves if not _is_arange(leaf)]
        spelled = ctx.spell(f"{ctx.names.numpy_module()}.sum")[0] or "jnp.sum"
        keepdims = {leaf.keepdims for leaf in leaves}
        positions = {leaf.position for leaf in leaves}
        if len(keepdims) > 1 or None in positions:
            return None
        shape = elementwise_in_any(replaced, variables, ctx.resolve)
        if shape is not None:
            if len(positions) != 1:
                return None
            position = positions.pop()
            batched = replace_names(replaced, {leaf.variable: leaf.operand for leaf in leaves})
            if not self._ranks_align(leaves, shape.free, position):  # type: ignore[arg-type]
                free = ", ".join(f"`{item}`" for item in sorted(shape.free))
                conditions.append(
                    "every array read has a known rank, the same for each element"
                    + (f", and {free} at most that rank" if free else "")
                    + " (so that the whole arrays broadcast as one element does)"
                )
            axis: ast.expr = constant(position) if len(levels) == 1 else ast.Tuple(elts=[constant(0), constant(1)], ctx=ast.Load())
            keywords = {"axis": axis}
            if True in keepdims:
                keywords["keepdims"] = constant(True)
            return Rewrite(call(attribute_path(spelled), batched, **keywords), "elementwise", conditions, imports, arrays, len(arrays) < len(leaves))  # type: ignore[arg-type]
        if len(levels) != 1 or True in keepdims:
            return None
        vmap, vmap_imports = ctx.spell("jax.vmap")
        if not vmap or any(not _is_arange(leaf) and ctx.value(_base_array(leaf.array)).kind == v.SEQUENCE for leaf in leaves):
            return None  # jax.vmap maps a list leaf by leaf: it would need jnp.stack first
        ordered = [leaf for leaf in leaves if leaf.variable in names_read(replaced)]
        loop = ElementLoop(tuple(leaf.variable for leaf in ordered), tuple(leaf.operand for leaf in ordered), replaced, axes=tuple(leaf.position for leaf in ordered))  # type: ignore[arg-type]
        mapped = vmapped(loop, vmap)
        conditions.extend(mapped.assumptions)
        total = call(attribute_path(spelled), mapped.expression, axis=constant(0))
        return Rewrite(total, "vmap", conditions, [*imports, *vmap_imports], arrays, len(arrays) < len(leaves))

    def _spread(self, operand: ast.expr, level: int, levels: int) -> ast.expr:
        """The operand of level ``level`` in a nest of ``levels``: ``x[:, None]`` / ``y[None, :]``."""
        if levels == 1:
            return operand
        full = ast.Slice(lower=None, upper=None, step=None)
        items: list[ast.expr] = [full, constant(None)] if level == 0 else [constant(None), full]
        if isinstance(operand, ast.Subscript) and isinstance(operand.slice, ast.Slice) and _is_new(operand):
            # A slice built for the fix (x[1:]): fold the new axis into it (x[1:, None]).
            items = [operand.slice, constant(None)] if level == 0 else [constant(None), operand.slice]
            operand = operand.value
        return ast.Subscript(value=operand, slice=ast.Tuple(elts=items, ctx=ast.Load()), ctx=ast.Load())

    def _read_leaf(self, read: AxisRead, level: Level, number: int, levels: int, taken: set[str]) -> Leaf | None:
        """The leaf for ``read`` at ``level``: the array sliced to the indices the loop visits,
        and whether that slice is proven to hold exactly those elements."""
        ctx = self.ctx
        if levels == 2 and not (read.position == 0 and len(read.items) == 1 and not read.keepdims):
            return None  # nests: plain x[i] reads only
        offset, start = read.offset, level.start
        proven = True
        # The first index read: start + offset (a negative one wraps: not a slice).
        if isinstance(start, int) and isinstance(offset, int):
            first = start + offset
            if first < 0:
                return None
            lower = constant(first) if first else None
        else:
            proven = False
            parts = [part for part in (start if isinstance(start, ast.expr) else constant(start), offset if isinstance(offset, ast.expr) else constant(offset)) if int_value(part) != 0]
            lower = parts[0] if len(parts) == 1 else _plus(parts[0], parts[1]) if parts else None  # type: ignore[arg-type]
            if isinstance(lower, ast.UnaryOp):
                return None
        # The end: stop + offset; relative to the array's own end when the stop is its length.
        value = ctx.value(read.array)
        upper: ast.expr | None
        if level.length is not None and isinstance(offset, int) and self._walks_length(read, level.length, value):
            end = level.length[2] + offset
            if end > 0:
                proven = False
                upper = _plus(level.stop, offset)  # type: ignore[arg-type]
            else:
                upper = constant(end) if end else None
        elif level.stop is not None and int_value(level.stop) is not None and isinstance(offset, int):
            end = int_value(level.stop) + offset  # type: ignore[operator]
            rows = _axis_length(value, read)
            proven = proven and 0 <= end and isinstance(rows, int) and end <= rows
            upper = constant(max(end, 0))
        else:
            proven = False
            upper = _plus(level.stop, offset) if level.stop is not None else None
        axes = read.axes(value.rank)
        rank = axes[1] if axes is not None else None
        if _has_ellipsis_before(read):
            # Counted from the back (``x[..., i]``: -1), which holds whatever the rank.
            after = read.items[read.position + 1 :]
            position = None if any(_is_ellipsis_item(item) for item in after) else -1 - sum(1 for item in after if isinstance(item, ast.Slice) or _is_none_item(item))
        elif axes is not None:
            position = axes[0]
        else:
            position = sum(1 for item in read.items[: read.position] if isinstance(item, ast.Slice) or _is_none_item(item))
        operand = self._spread(read.batched(lower, upper), number, levels)
        stop_text = one_line(ctx.code(level.stop), 30) if level.stop is not None else "its length"
        condition = (
            f"`{one_line(ctx.code(read.node), 30)}` stays inside `{one_line(ctx.code(read.array), 20)}` at every step up to `{stop_text}`"
            " (JAX clamps an out-of-range index where a slice stops at the end; a negative bound runs no step)"
        )
        pattern = read.key(ctx.code)[1]
        return Leaf(_element_name(read, taken), operand, read.array, position, rank, read.keepdims, pattern, proven, condition)

    def _walks_length(self, read: AxisRead, length: tuple[ast.expr, int, int], value: v.Value) -> bool:
        """Proven: the axis ``read`` walks has the length ``length`` stands for (``len(a)``
        walking ``a[i]``, ``a.shape[1]`` walking ``a[:, j]``, or another array of the same length)."""
        array, axis, _ = length
        walked = _array_axis(read)
        if walked is None:
            return False
        if self.ctx.code(array) == self.ctx.code(read.array):
            if walked == axis:
                return True
            rank = value.rank
            return rank is not None and walked % rank == axis % rank if rank else False
        return walked == axis == 0 and self._same_length(array, read.array)

    def _ranks_align(self, leaves: list[Leaf], free: frozenset[str], position: int) -> bool:
        """Proven: every leaf's element has the same rank ``R`` (known, or the leaves read one
        array the same way) and every free name is a number or an array of rank at most
        ``R - position``: the batched arrays then broadcast as the elements did."""
        values = [self.ctx.value(ast.parse(item, mode="eval").body) for item in sorted(free)]
        scalars = all(value.kind == v.SCALAR or value.rank == 0 for value in values)
        if position < 0:
            # Loop axes counted from the back line up whatever the ranks; other names must stay
            # within the axes after it.
            return all(value.kind == v.SCALAR or value.rank is not None and value.rank <= -position - 1 for value in values)
        ranks = {leaf.rank for leaf in leaves}
        if None not in ranks and len(ranks) == 1:
            # The axes after the loop axis (a kept axis of size 1 is the loop axis itself).
            trailing = ranks.pop() - position - (1 if any(leaf.keepdims for leaf in leaves) else 0)  # type: ignore[operator]
            return all(value.kind == v.SCALAR or value.rank is not None and value.rank <= trailing for value in values)
        # One array read the same way by every leaf (x[i] and x[i - 1]; pairwise's x[:-1], x[1:]).
        shapes = {(self.ctx.code(_base_array(leaf.array)), leaf.pattern, leaf.keepdims) for leaf in leaves}
        return scalars and len(shapes) == 1

    # -- fix preconditions ------------------------------------------------------------------------

    def _loop_conditions(self, conditions: Preconditions, levels: list[Level], accumulations: list[Accumulation], rewrites: list[Rewrite]) -> None:
        ctx = self.ctx
        # The loop's own names are gone after the fix.
        for level in levels:
            for target in level.targets:
                conditions.require(not ctx.facts.read_outside(target, ctx.scope, level.loop), f"`{target}` is not read after the loop (the fix removes the loop that binds it)")
                conditions.require(target not in level.header_reads, f"the loop variable `{target}` is not the name the loop iterates")
            for condition in level.element_conditions:
                conditions.require(False, condition)
        # What is read whole is a jax array, of a dtype whose sum matches repeated `+`.
        dtypes: list[str | None] = []
        seen: set[str] = set()
        #: What call sites must pass for the dtypes the code does not show (None: they cannot tell).
        checks: list[str] | None = []
        for rewrite in rewrites:
            for array in rewrite.arrays:
                base = array.value if _is_new(array) else array
                text = one_line(ctx.code(base), 30)
                if text in seen:
                    continue
                seen.add(text)
                value = ctx.value(base)
                param = ctx.parameter_of(base)
                conditions.require(
                    value.kind == v.ARRAY and not value.host,
                    f"`{text}` is a jax array (not a list, whose `2 * xs` repeats, nor a NumPy array)",
                    [f"jax {param}"] if param is not None and value.kind == v.PARAM else None,
                )
                dtypes.append(value.dtype if value.is_array else None)
                if not (value.is_array and value.dtype is not None):
                    found = ctx.dtype_callers(base)
                    checks = checks + found if checks is not None and found is not None else None
        initial = [ctx.value(ast.Name(id=item.name, ctx=ast.Load())) for item in accumulations]
        # One step's term, with each element variable holding a row of the array it walks.
        overlay = {}
        for level in levels:
            for element, array in level.elements.items():
                walked = ctx.value(_base_array(array))
                overlay[element] = v.array(walked.shape[1:] if walked.shape else None, walked.dtype) if walked.is_array else v.UNKNOWN_VALUE
        terms = [ctx.facts.value(item.inlined, ctx.scope, item.statement, overlay) for item in accumulations]
        term_dtypes = [term.dtype for term in terms]
        dtypes.extend(dtype for dtype in term_dtypes if dtype is not None)
        dtypes.extend(value.dtype for value in initial if value.is_array)
        small = sorted({dtype for dtype in dtypes if dtype in v.SMALL_DTYPES})
        conditions.require(not small, f"no dtype is small (`jnp.sum` accumulates and promotes {', '.join(small)} differently from repeated `+`)")
        unknown = None in dtypes or None in term_dtypes
        deferred = checks or None
        if unknown:
            # A small or integer dtype may come in through a parameter (float16 data cast by a
            # caller, int32 data): unknown is not proven, unless every call site passes floats.
            conditions.require(False, "the dtypes are known and not small (the code does not show them all)", deferred)
            conditions.require(
                not any(rewrite.arange for rewrite in rewrites),
                "the dtypes are known (`jnp.arange` gives int32 where the loop index was a Python int, which keeps a small dtype small)",
                deferred,
            )
        for accumulation, value, term_dtype in zip(accumulations, initial, term_dtypes):
            float_start = value.kind == v.SCALAR and isinstance(value.literal, float) or value.is_array and (value.dtype or "").startswith(("float", "bfloat"))
            if unknown:
                conditions.require(
                    value.kind == v.SCALAR and isinstance(value.literal, float),
                    f"`{accumulation.name}` starts as a Python float, or the dtypes are known (a start of another dtype adds"
                    " the terms one by one in its own dtype and width, `jnp.sum` adds them in theirs first)",
                    deferred,
                )
            conditions.require(
                not (term_dtype in INTEGER_DTYPES and float_start),
                f"`{accumulation.name}` does not add integer terms into a float (the loop rounds each partial sum, `jnp.sum` adds exactly)",
            )
            conditions.require(
                value.kind == v.SCALAR or value.is_array and not value.host,
                f"`{accumulation.name}` starts as a Python number or a jax array (`+=` updates a NumPy array in place)",
            )
        # An empty loop leaves the accumulator as it was; `acc + jnp.sum(...)` of nothing does not.
        if not all(self._runs(level) for level in levels):
            keeps = all(self._keeps_initial(value, term) for value, term in zip(initial, terms))
            runs: list[str] | None = []
            for level in levels:
                found = [] if self._runs(level) else self._runs_by_callers(level)
                runs = runs + found if runs is not None and found is not None else None
            conditions.require(
                keeps,
                "the loop runs at least once (an empty loop leaves the accumulator as it was; the sum of nothing is a float32 array of the element's shape)",
                runs or None,
            )

    def _runs(self, level: Level) -> bool:
        """Proven: the loop runs at least once (a literal, non-zero length)."""
        ctx = self.ctx
        if level.elements and level.index is None:
            for array in level.elements.values():
                rows = _leading(ctx.value(array))
                if _is_new(array):
                    rows = _leading(ctx.value(array.value))  # type: ignore[attr-defined]
                    rows = rows - 1 if isinstance(rows, int) else None  # x[1:] and x[:-1] of pairwise
                if not (isinstance(rows, int) and rows > 0):
                    return False
            return True
        start = level.start
        if not isinstance(start, int):
            return False
        if level.stop is not None and int_value(level.stop) is not None:
            return int_value(level.stop) > start  # type: ignore[operator]
        if level.length is not None:
            array, axis, delta = level.length
            value = ctx.value(array)
            rows = value.shape[axis] if value.is_array and value.shape is not None and -len(value.shape) <= axis < len(value.shape) else None
            return isinstance(rows, int) and rows + delta > start
        return False

    def _runs_by_callers(self, level: Level) -> list[str] | None:
        """The checks on call sites that prove the loop runs at least once: the parameter it
        walks (or whose axis bounds it) is non-empty there; None when no parameter decides."""
        ctx = self.ctx
        if level.elements and level.index is None:
            params = [None if _is_new(array) else ctx.parameter_of(array) for array in level.elements.values()]
            return None if None in params or not params else [f"longer {param} 0 0" for param in params]
        if isinstance(level.start, int) and level.length is not None and (level.stop is None or int_value(level.stop) is None):
            array, axis, delta = level.length
            param = ctx.parameter_of(array)
            if param is not None and isinstance(axis, int) and isinstance(delta, int):
                return [f"longer {param} {axis} {level.start - delta}"]
        return None

    def _keeps_initial(self, value: v.Value, term: v.Value) -> bool:
        """Proven: ``acc + jnp.sum(<nothing>)`` is ``acc`` exactly: ``acc`` is a jax array whose
        literal shape and dtype are those of the result."""
        if not (value.is_array and not value.host and term.is_array and value.shape is not None and term.shape is not None):
            return False
        if not all(isinstance(dim, int) for dim in (*value.shape, *term.shape)) or value.dtype is None or value.dtype != term.dtype:
            return False
        return len(term.shape) <= len(value.shape) and all(t in (1, s) for s, t in zip(reversed(value.shape), reversed(term.shape)))

    def _plain_function(self, name: str) -> ast.AST | None:
        """The ``def`` of a function of this module that is not compiled on its own: a
        ``@jax.jit`` step called once per batch makes a host-side driver loop."""
        definition = self.ctx.local_function(name)
        if definition is None or any(transform_name(decorator, self.ctx.names) in COMPILING for decorator in definition.decorator_list):
            return None
        return definition

    def _lifted_module(self) -> str | None:
        """``nn.vmap`` / ``hk.vmap`` when the code is a method of a flax.linen or haiku module."""
        scopes = self.ctx.scopes
        methods = [number for number, node in enumerate(scopes) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        if not methods or methods[-1] == 0 or not isinstance(scopes[methods[-1] - 1], ast.ClassDef):
            return None
        klass = scopes[methods[-1] - 1]
        for base in klass.bases:
            qualified = self.ctx.resolve(base) or ""
            if qualified.startswith("flax.linen"):
                return "nn.vmap"
            if qualified.startswith("haiku"):
                return "hk.vmap"
        return None


# -- helpers ------------------------------------------------------------------------------------


def _is_increment(stmt: ast.stmt, counter: str) -> bool:
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == counter:
        return isinstance(stmt.op, ast.Add) and int_value(stmt.value) == 1
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == counter:
        value = stmt.value
        return isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and isinstance(value.left, ast.Name) and value.left.id == counter and int_value(value.right) == 1
    return False


def _index_reads(term: ast.AST, index: str, resolve) -> list[AxisRead]:
    """The reads of arrays at ``index`` in ``term`` (outermost first)."""
    reads: list[AxisRead] = []
    stack = [term]
    while stack:
        node = stack.pop()
        read = axis_read(node, index, resolve)
        if read is not None:
            reads.append(read)
            stack.extend(child_nodes(read.array))
            continue
        stack.extend(child_nodes(node))
    return reads


def _has_ellipsis_before(read: AxisRead) -> bool:
    return any(isinstance(item, ast.Constant) and item.value is Ellipsis for item in read.items[: read.position])


def _plus(base: ast.expr, offset: "int | ast.expr") -> ast.expr:
    if not isinstance(offset, int) and isinstance(base, ast.BinOp) and isinstance(base.op, ast.Sub) and ast.dump(base.right) == ast.dump(offset):
        return base.left  # (n - k) + k
    if isinstance(offset, int):
        if offset == 0:
            return base
        return ast.BinOp(left=base, op=ast.Add() if offset > 0 else ast.Sub(), right=constant(abs(offset)))
    if isinstance(offset, ast.UnaryOp):
        return ast.BinOp(left=base, op=ast.Sub(), right=offset.operand)
    return ast.BinOp(left=base, op=ast.Add(), right=offset)


def _leading(value: v.Value) -> v.Dim:
    return value.shape[0] if value.is_array and value.shape else None


def _is_new(node: ast.AST) -> bool:
    """A node built for the fix (no position), such as pairwise's ``x[1:]``."""
    return getattr(node, "end_col_offset", None) is None


def _base_array(node: ast.expr) -> ast.expr:
    """``x`` for ``x``, ``x[1:]``, ``x[:-1]`` (slices along the first axis keep the rank)."""
    while isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        node = node.value
    return node


def _is_ellipsis_item(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis


def _is_none_item(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_arange(leaf: Leaf) -> bool:
    return isinstance(leaf.array, ast.Call) and _is_new(leaf.array)


def _array_axis(read: AxisRead) -> int | None:
    """The axis of the array that ``read`` walks: from the front (``x[:, i]`` -> 1) or, after
    ``...``, from the back (``x[..., i]`` -> -1)."""
    before, after = read.items[: read.position], read.items[read.position + 1 :]
    if not _has_ellipsis_before(read):
        return sum(1 for item in before if not _is_none_item(item))
    if any(isinstance(item, ast.Constant) and item.value is Ellipsis for item in after):
        return None
    return -1 - sum(1 for item in after if not _is_none_item(item))


def _axis_length(value: v.Value, read: AxisRead) -> v.Dim:
    """The length of the axis ``read`` walks, when known."""
    axis = _array_axis(read)
    if not value.is_array or value.shape is None or axis is None or not -len(value.shape) <= axis < len(value.shape):
        return None
    return value.shape[axis]


def _tail_name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _element_name(read: AxisRead, taken: set[str]) -> str:
    """A readable name for one element: ``x_i`` for ``x[i]``, ``x_prev`` for ``x[i - 1]``,
    ``w_i`` for ``self.w[i]``."""
    array = read.array
    base = array.attr if isinstance(array, ast.Attribute) else array.id if isinstance(array, ast.Name) else "element"
    offset = read.offset
    suffix = {0: "i", -1: "prev", 1: "next"}.get(offset, f"m{-offset}" if offset < 0 else f"p{offset}") if isinstance(offset, int) else "k"  # type: ignore[operator]
    chosen = f"{base}_{suffix}"
    while chosen in taken:
        chosen += "_"
    return chosen
