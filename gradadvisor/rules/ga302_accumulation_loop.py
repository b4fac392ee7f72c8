"""GA302 accumulation-loop: ``acc += f(x[i])`` in a Python loop over an array."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis.accumulation import integer_fold, pair_sum, segment_bounds, summed_rows, triangle_slice, work_of
from gradadvisor.analysis.blocks import BATCHED_BLOCKS, chunk_evidence, chunk_widths
from gradadvisor.analysis.accumulation_walk import Level, for_level, nest_levels, product_levels, while_level
from gradadvisor.analysis.component_loops import ranked_elements
from gradadvisor.analysis.sample_map import batches_inside
from gradadvisor.analysis.syntax import one_line
from gradadvisor.fixes.batched_sum import Rewrite, batched_sum, branched_advice, segment_advice, summed_loop_fix, triangle_advice
from gradadvisor.rules.base import LOOP, Invalid, Rule, Valid

#: ``acc += <term>``, ``acc = acc + ...`` or ``acc = jnp.add(acc, ...)`` somewhere in a block:
#: cheap and loose (a block that does not match is not walked).
ACCUMULATION_TEXT = re.compile(r"[-+*|&]=|=[^=\n]*[-+|&]|(?:add|maximum|minimum|fmax|fmin|logical_or|logical_and)\s*\(")


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
    `lax.dynamic_index_in_dim(x, i, k)` or `lax.dynamic_slice(x, (i, 0), (1, x.shape[1]))`, or
    as a block, `x[i * k:(i + 1) * k]` or `x[s:s + k]` over `range(0, n, k)` (a row of a reshaped
    view). An index split by `divmod` or a helper of integer arithmetic stays an index.
    A total split across `if`/`elif`/`else` branches, one term each, gets mask advice, no fix;
    so does a sum over the pairs of a triangle (`for b in range(a)`, `itertools.combinations(xs, 2)`),
    a step reading the rows on one side of its own (`ts[:n]`, `x[i + 1:]`: a triangle of pairs, as
    a self-exciting process's intensity does), a total gaining several terms per step (`pen += a`
    ... `pen -= b`: one term, their sum) and a
    step that makes a helper `def` and calls it (read through what the helper reads). A running
    maximum or minimum (`worst = jnp.maximum(worst, term)`) is the same fold: one `jnp.max`; a
    running product (`surv *= 1 - h[t]`, `p = p * f(x[i])`) is one `jnp.prod`; a running test
    (`hit = hit | (x[i] > t)`, `ok &= test(x[i])`, `jnp.logical_or`) is one `jnp.any` / `jnp.all`. A
    branch of the step that only reports on values (`if jnp.isnan(acc): print(...)`, a logger's
    call, `raise`) leaves the sum a sum: advice, no fix (the rewrite would drop the check).

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
    `axis=(0, 1)`). One contraction of slices (`jnp.outer(A[:, i], B[i, :])`; `W[i] @ x[i]`
    of shown ranks) is one einsum summing the loop's axis (`jnp.einsum("an,nb->ab", A, B)`,
    no stack of per-step matrices). Other terms are mapped with `jax.vmap`. In a flax.linen or haiku
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
        # A factor that reads no sample (`x * 0.5` each step) is a carried state: GA103's, not a product of the data.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(x):\n    for _ in range(x.shape[0]):\n        x = x * 0.5\n    return jnp.sum(x)\n"),
        # A triangle over three layers: small and fixed.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(ws):\n    e = 0.0\n    for a in range(3):\n        for b in range(a):\n            e += jnp.sum(ws[a] * ws[b])\n    return e\n"),
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
        # The index bounds a slice of a later axis (features as often as data): a different shape at each step.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(y):\n    acc = 0.0\n    for j in range(y.shape[-1]):\n        acc += jnp.sum(y[..., :j])\n    return acc\n"),
        # Two accumulators that feed each other.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    a = 0.0\n    b = 0.0\n    for xi in x:\n        a += jnp.exp(xi)\n        b += a * xi\n    return a, b\n"),
        # Module-level setup runs once, untraced.
        Valid("import jax.numpy as jnp\nX = jnp.linspace(0.0, 1.0, 100)\nTOTAL = 0.0\nfor i in range(X.shape[0]):\n    TOTAL += jnp.exp(X[i])\n"),
    )
    INVALID = (
        # Each step reads the events before its own (a temporary built over two statements): a
        # triangle of pairs, advice with a mask, no fix.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(mu, ts):\n    total = 0.0\n    for n in range(ts.shape[0]):\n"
            "        lam = mu\n        lam += jnp.sum(jnp.exp(ts[:n] - ts[n]))\n        total += jnp.log(lam)\n    return total\n",
            message_contains="mask the triangle",
        ),
        # A running product of one factor per sample: one `jnp.prod`.
        Invalid("import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(h):\n    s = 1.0\n    for t in range(h.shape[0]):\n        s *= 1.0 - h[t]\n    return s\n",
                expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(h):\n    s = 1.0\n    s = s * jnp.prod(1.0 - h, axis=0)\n    return s\n",
                applicability="unsafe"),
        # A conditional accumulation (a total split across branches): masks, advice only.
        Invalid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        if i % 2:\n            acc += jnp.exp(x[i])\n    return acc\n",
                message_contains="under a condition"),
        # A term built by rebinding one temporary in straight line (read as its SSA form).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(w, table):\n    total = 0.0\n    for k in range(w.shape[0]):\n"
            "        t = jnp.dot(w[k], table)\n        t = jnp.sin(t)\n        total = total + jnp.sum(t)\n    return total\n",
            message_contains="adds one term per step",
        ),
        # A sum over the pairs of a triangle (j < i): advice, no fix.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef energy(p):\n    e = 0.0\n    for a in range(p.shape[0]):\n"
            "        for b in range(a):\n            e += jnp.sum((p[a] - p[b]) ** 2)\n    return e\n",
            message_contains="triangular double loop",
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef energy(x):\n    total = 0.0\n    for i in range(x.shape[0]):\n        total += jnp.exp(-3.0 * (x[i] + 1.0))\n    return total\n",
            expected_fix="import jax.numpy as jnp\n\ndef energy(x):\n    total = 0.0\n    total = total + jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)\n    return total\n",
            message_contains="jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)",
            applicability="unsafe",
        ),
        # Every precondition proven: a jax array of literal, non-zero length, float32, `i` not read after.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (32,))\n    acc = 0.0\n    for i in range(len(x)):\n        # one term per element\n        acc += jnp.exp(-x[i])\n    return acc\n\nf(jnp.ones(32))\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (32,))\n    acc = 0.0\n    # one term per element\n    acc = acc + jnp.sum(jnp.exp(-x), axis=0)\n    return acc\n\nf(jnp.ones(32))\n",
            applicability="safe",
        ),
        # The loop variable is read after the loop: the fix would remove its binding.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (32,))\n    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.exp(-x[i])\n    return acc, i\n",
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

    # -- the query: a loop nest walking array rows whose body only sums ----------------------------

    def visit_For(self, node: ast.For) -> None:
        if id(node) in self._claimed or node.orelse or self.ctx.function is None:
            return
        nest = nest_levels(self.ctx, node)
        if nest is not None:
            levels, inner = nest
            self._claimed.add(id(inner))
            self._check(levels, node, inner.body)
            return
        if self._triangle(node):
            return
        levels = product_levels(self.ctx, node)
        if levels is None:
            level = for_level(self.ctx, node, strided=True)
            levels = [level] if level is not None else None
        if levels is not None:
            self._check(levels, node, node.body)

    def visit_While(self, node: ast.While) -> None:
        """``i = 0; while i < n: ...; i += 1``: the loop ``for i in range(0, n)``."""
        if node.orelse or self.ctx.function is None:
            return
        level = while_level(self.ctx, node)
        if level is not None:
            self._check([level], node, node.body[:-1])

    def _triangle(self, node: ast.For) -> bool:
        """A sum over the pairs of a triangle (``for b in range(a)`` inside ``for a``, or
        ``itertools.combinations(p, 2)``): one term per pair under the trace, so the program
        grows with M squared. Advice, no fix: all pairs at once by broadcasting, under a mask."""
        pairs = pair_sum(self.ctx, node)
        if pairs is None:
            return False
        if pairs.inner is not None:
            self._claimed.add(id(pairs.inner))
        statements = pairs.inner.body if pairs.inner is not None else node.body
        message = triangle_advice(self.ctx, [item.name for item in pairs.body.accumulations], pairs.pairs_of)
        self.report(node, message, extent=pairs.extent, work=work_of(self.ctx, statements, [item.inlined for item in pairs.body.accumulations]))
        return True

    # -- the message and the fix ------------------------------------------------------------------

    def _segments(self, levels: list[Level], loop: ast.stmt, accumulation, extent) -> None:
        """``ll += f(xs[bounds[k]:bounds[k + 1]])``: one term per ragged segment. Advice, no fix."""
        bounds = segment_bounds(accumulation.inlined, levels[0].index, levels[0].elements) if len(levels) == 1 else None
        if bounds is not None:
            message, evidence = segment_advice(self.ctx, accumulation, bounds, levels[0].index)
            self.report(loop, message, extent=extent, work=work_of(self.ctx, [accumulation.statement], [accumulation.inlined]), evidence=[evidence])
            return
        # (over rows the facts prove data-sized: a prefix of a later axis is as often a few features)
        sliced = triangle_slice(accumulation.inlined, levels[0].index) if len(levels) == 1 and extent.proof == "proven" else None
        if sliced is not None:
            # ``total += log(mu + sum(a * exp(-(t[n] - t[:n]))))``: each step pairs its row with the rows before it
            code = one_line(self.ctx.code(sliced), 40)
            message = (f"`{one_line(self.ctx.code(accumulation.statement), 60)}` adds one term per step of {levels[0].header}, each reading `{code}`, "
                       f"the rows on one side of its own: one traced copy per step; where the term adds up a function of each pair of rows, "
                       f"compute every pair's value at once (an `n x n` array, the rows against the rows), mask the triangle (`jnp.tril`/`jnp.triu`, "
                       f"or `j < i`) and reduce once")
            self.report(loop, message, extent=extent, work=work_of(self.ctx, [accumulation.statement], [accumulation.inlined]),
                        evidence=[f"`{code}` is bounded by the loop index `{levels[0].index}`"])

    def _check(self, levels: list[Level], loop: ast.stmt, statements: list[ast.stmt]) -> None:
        ctx = self.ctx
        body = summed_rows(ctx, levels, statements)
        if body is None or ranked_elements(loop, ctx.is_builtin) is not None:
            return  # (items of different shapes, `p[t] if p.ndim > 1 else p`: no batched sum takes them)
        accumulations = body.accumulations
        extent = next(level.extent for level in levels if level.extent.is_data)
        if body.branched:  # a total split across branches: masks, advice only (the tests may be Python values)
            message = branched_advice(ctx, next(item for item in accumulations if item.branches), levels[0].header)
            self.report(loop, message, extent=extent, work=work_of(ctx, statements, [item.inlined for item in accumulations]))
            return
        rewrites: list[Rewrite | None] = []
        for accumulation in accumulations:
            rewrite = None if body.opaque else batched_sum(ctx, levels, accumulation)  # an inner loop: advice only
            if rewrite is False:
                self._segments(levels, loop, accumulation, extent)
                return  # the index bounds a slice: a different shape at each step
            rewrites.append(rewrite)  # type: ignore[arg-type]
        counters = frozenset(level.index for level in levels if level.index is not None)
        work = work_of(ctx, statements, [item.inlined for item in accumulations], counters)  # type: ignore[misc]
        shown, fix = summed_loop_fix(ctx, levels, loop, body, rewrites)
        if len(accumulations) == 1 and accumulations[0].terms > 1:
            lead = f"`{accumulations[0].name}` gains {accumulations[0].terms} terms per step of {levels[0].header}"
        elif len(accumulations) == 1:
            fold = accumulations[0].fold
            verb = ("multiplies in one factor" if fold == "prod" else f"folds in one condition (a running `{fold}`)" if fold in ("any", "all")
                    else f"keeps a running {fold}imum of one term" if fold != "add" else "adds one term")
            lead = f"`{one_line(ctx.code(accumulations[0].statement), 60)}` {verb} per step of {levels[0].header}"
        else:
            listed = ", ".join(f"`{item.name}`" for item in accumulations)
            lead = f"{listed} each gain one term per step of {levels[0].header}"
        tests = all(item.fold in ("any", "all") for item in accumulations)  # booleans: no backward pass
        message = f"{lead}: the traced program{'' if tests else ' and its backward pass'} grow{'s' if tests else ''} with the data; use {'; '.join(shown)}"
        if body.collected:
            message += f" (the step also appends to {', '.join(f'`{item}`' for item in body.collected)}: batch those items the same way)"
        if body.keys:  # key, sub = jax.random.split(key): one key per step, split once before
            key = next(iter(body.keys))
            message += f" (each step splits `{key}` afresh: split it once, `jax.random.split({key}, n)`, and map the step over the keys)"
        if body.checks:  # ``if jnp.isnan(acc): print(...)``: a report the rewrite would drop
            message += " (the step also checks values and reports: check the batched result once instead)"
            fix = None
        # blocks of a size callers choose: chunked for memory, unless a trace is shown
        chunks = [width for level in levels if level.index is not None for item in accumulations for width in chunk_widths(item.inlined, level.index, level.stride)]
        evidence = [chunk_evidence(chunks[0])] if chunks else []
        blocked = any(level.stride is not None for level in levels) and any(batches_inside(item.inlined, ctx) for item in accumulations)
        if blocked:
            # ``acc += jnp.sum(jax.vmap(f)(x[s:s + 256]))``: each step maps its block already (memory); the
            # batched sum would map every block at once: keep the blocks, trace one step
            message += " (each step maps a block already, chunked for memory: to keep the blocks, sum `jax.lax.map(step, blocks)` over the reshaped views instead)"
            fix = None
            evidence.append(BATCHED_BLOCKS)
        self.report(loop, message, extent=extent, work=work, require_trace=work == "unknown" or bool(chunks) or blocked, fix=fix, evidence=evidence,
                    no_gradient=integer_fold(ctx, accumulations, statements))
