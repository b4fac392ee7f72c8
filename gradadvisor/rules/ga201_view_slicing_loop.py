"""GA201 view-slicing-loop: a loop that reads an array one slice at a time."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from gradadvisor.analysis.contraction_fills import contraction_fill
from gradadvisor.analysis.gathered_loops import appended_nest, at_set, at_set_nest, initial_value, stacker, unstack
from gradadvisor.analysis.loop_nest import Loop, Nest, counted_while, data_sized, for_nest, named_extent, sizing_extent
from gradadvisor.analysis.syntax import one_line, walk
from gradadvisor.fixes.slice_einsum import at_set_fix, contraction_rewrite, fill_advice, stack_fix, lag_advice, window_advice
from gradadvisor.fixes.slice_transpose import stack_rewrite
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize, size_proof, trace_proof

if TYPE_CHECKING:
    from gradadvisor.analysis.project import Project

#: What every message says the loop costs.
SCATTER = "each slice's gradient is a full-size scatter"


class ViewSlicingLoop(Rule):
    """
    ## What it does
    Finds a loop that reads arrays one slice at a time and gathers the results into one
    array, where one whole-array expression computes the same:

    - contractions of slices: `jnp.dot`, `@`, `jnp.matmul`, `jnp.inner`, `jnp.vdot`,
      `jnp.sum(u * v)`, `(u * v).sum()` (also of three or more factors) of slices taken
      with the loop index (`a[:, i]`, `a[i]`, `a[i, ...]`, `a[..., i]`, `a[i + 1]`,
      `jnp.take(a, i, axis=1)`, `lax.dynamic_index_in_dim(a, i, 1, keepdims=False)`,
      `lax.dynamic_slice(a, (i, 0), (1, d))`), gathered with `jnp.stack` / `jnp.array` /
      `jnp.asarray`, `out = out.at[i].set(...)` (`.at[:, i]`, `.at[..., j]`, `.at[i, j]`)
      or `outs.append(...)`, over `range(...)`, `enumerate(xs)`, `zip(xs, ys)`,
      `for x in xs`, `itertools.product(range(n), range(m))`, nested loops,
      `list(map(lambda i: ..., range(n)))` and `while i < n: ...; i += 1`;
    - column-slice comprehensions without a contraction:
      `jnp.array([mean + d[:, i] for i in range(n)])` is `mean + d.T`,
      `jnp.stack([x[:, i] * w for i in range(k)], axis=1)` is `x * w` (for a number `w`);
    - window slices contracted with a kernel (`jnp.dot(x[i - 1:i + 2], w)`, a named width
      `x[i:i + k] @ w`): a correlation; the head of one array with the tail of another per lag
      (`a[:n - t] @ b[t:n]`): every lag of one correlation;
    - a fill at the loop's index whose value adds, scales or selects a contraction of a slice
      in any other spelling (`jnp.sum(K[i, :, None] * g, axis=0) / n` through the step's
      locals, `lax.cond(m[j], lambda: X[:, j] @ r, ...)`, `jnp.outer`): advice, where a trace
      is shown. An accumulator of them (`acc += jnp.outer(r, r)`) is GA302's sum.

    ## Why it is slow for gradients
    The loop unrolls into n slices and n small operations. The backward pass of every
    slice `a[:, i]` is a pad (a scatter) of its cotangent into a zero array the size of
    all of `a`, so the gradient builds and adds up n full-size arrays: O(n * size) work
    for an O(size) forward, and compile time grows with n too. Measured on 4 x 128 column
    dots: they took 7.4 ms per jit gradient against 0.15 ms for one einsum, and 17.8 s to
    compile against 0.45 s. A loop over the state dimension of a filter (sigma points
    `m + d[:, i] for i in range(n)` in an unscented Kalman filter) counts as data-sized:
    n is an array's dimension, not a constant, and each step of the `lax.scan` pays n
    full-size scatters.

    ## Example
    ```python
    cols = jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])
    rows = jnp.array([[jnp.dot(x[i], y[j]) for j in range(m)] for i in range(n)])
    lag = jnp.stack([jnp.dot(x[i], x[i + 1]) for i in range(x.shape[0] - 1)])
    sigma_plus = jnp.array([mean + d[:, i] for i in range(n)])
    for i in range(n):
        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))
    ```

    ## Use instead
    ```python
    cols = jnp.einsum("ki,ki->i", a, b)
    rows = jnp.einsum("ik,jk->ij", x, y)                # that is, x @ y.T
    lag = jnp.einsum("ik,ik->i", x[:-1], x[1:])
    sigma_plus = mean + d.T
    out = out.at[:n].set(jnp.einsum("ki,ki->i", a, b))
    ```
    The subscripts come from the slicing: the loop index becomes an output letter, the
    axes the contraction sums get shared letters, and the loop's stacking axis says where
    the index goes in the output. A range that does not start at zero, or an offset index,
    slices first (`range(1, n)` gives `a[:, 1:n]`); `precision=` carries over. Autograd
    code gets `autograd.numpy.einsum`; NumPy code on the host is never rewritten.

    ## Fix safety
    The fix is *safe* only when all of these are proven from the code:
    - the rank of every array the rewrite touches (a creation call, a reshape, an annotation,
      `dynamic_slice`'s start tuple; a transpose is not proof); `.T` for an array of unknown
      rank is never safe (`moveaxis` is used where the rank does not matter);
    - each range covers exactly the axis it indexes (`range(a.shape[1])` for `a[:, i]`;
      `range(n)` only when `n` is that size, from a literal or an assignment whose operands
      still hold the same values): JAX clamps an out-of-range `a[:, i]` and `jnp.take` fills
      it with NaN, while a slice of the whole array is just shorter; for offsets and other
      starts, every index stays inside the axis (then the rewrite slices: `x[1:]`, `b[:, :n]`);
    - `zip`ped arrays are as long as each other; the loop runs at least once for
      `jnp.stack`/`jnp.array` (the stack of nothing raises, the array of nothing is a float
      vector);
    - the dtype is not bool or a small integer or float, and is known (from the code, or
      from every call site in the project passing a float32 or float64 array for the
      parameter it comes from); for `jnp.sum(u * v)` it must be known (`sum` promotes bools
      and small integers, the einsum does not); for `vdot` it must be known and real (`vdot`
      conjugates); without a contraction, when an array is broadcast against the slices, the
      slices' dtype must be known and not small (its gradient adds over the slices, which
      rounds differently in a small float);
    - the loop variable (and a walked row) is not read after a removed loop;
    - the code evaluated once instead of n times calls nothing that could have side effects
      (only jax functions, array methods and harmless builtins), and holds no `:=`;
    - an `.at[]` target has the rank of the result and is as long as each loop;
    - without a contraction, every other array in the body broadcasts against the whole array
      as against one slice (a number always does; otherwise its rank must be known and fit).

    `jnp.stack` of a generator raises in JAX, so its fix is never safe. Otherwise the fix is
    *unsafe* and lists what it could not prove. Comments inside a removed loop are kept above
    the new line. The `outs.append` form and window slices get advice only.

    ## When not to apply
    Not reported: small literal ranges (spatial dimensions, stencil offsets, Runge-Kutta
    stages), a bound that only its name calls small (`range(dim)`, `range(num_layers)`)
    unless a call site passes a data size (`len(mean)`, `x.shape[0]`), loops over layers,
    leaves or lists, NumPy on the host, row-wise maps without a contraction
    (`[f(x[i]) for i in ...]`: GA101's per-sample map), bodies that are not
    elementwise in the slices (`a[:, i] / jnp.linalg.norm(a[:, i])`, `jnp.cumsum(a[:, i])`),
    prefix slices that grow with the index (`y[..., :j]`: a cumulative sum or a mask, not
    an einsum), reversed or gathered indices (`b[n - 1 - i]`, `b[:, idx[i]]`), a loop
    variable used as a number (`i * a[:, i]`), triangular nests (`for j in range(i)`),
    recurrences (the output feeds the next step), `x[i]` of what may be a Python list of
    different arrays (`heads[h]`, `weights[l]` with no `.shape` or rank in sight), loops
    whose result is not gathered into an array, and test code (reference loops on purpose).
    """

    code = "GA201"
    name = "view-slicing-loop"
    summary = "a loop over slices `a[:, i]` scatters a full-size gradient per slice; use one einsum or the whole array"
    keywords = ("for", "while", "map")
    expression_trigger = re.compile(r"(?:stack|array)\s*\(")  # jnp.stack / jnp.array / jnp.asarray
    trigger = (
        re.compile(r"\b(?:for|while|map)\b"),
        re.compile(r"(?:stack|array|asarray)\s*\(|\.(?:at\s*\[|append\s*\()"),
    )

    VALID = (
        # A small static range: the three spatial dimensions.
        Valid("import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[:, d], b[:, d]) for d in range(3)])\n"),
        # Host-side NumPy.
        Valid("import jax\nimport numpy as np\n\ndef f(a, b):\n    return np.stack([np.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n"),
        Valid("import jax\nimport numpy as np\n\ndef f(a, m):\n    return np.array([m + a[:, i] for i in range(a.shape[1])])\n"),
        # A body that is not elementwise in the slice.
        Valid("import jax.numpy as jnp\n\ndef f(a, n):\n    return jnp.stack([jnp.cumsum(a[:, i]) for i in range(n)])\n"),
        # A row-wise map without a contraction: GA101's per-sample map.
        Valid("import jax.numpy as jnp\n\ndef f(a):\n    return jnp.stack([jnp.tanh(a[i]) for i in range(a.shape[0])])\n"),
        # A prefix slice that grows with the index: a cumulative sum, not an einsum.
        Valid("import jax.numpy as jnp\n\ndef f(y):\n    return jnp.stack([jnp.sum(y[..., :j] * y[..., :j]) for j in range(y.shape[-1])])\n"),
        # The loop variable is used outside the slices.
        Valid("import jax.numpy as jnp\n\ndef f(a, b, n):\n    return jnp.stack([i * jnp.dot(a[:, i], b[:, i]) for i in range(n)])\n"),
        # Loop over layers, not over an index.
        Valid("import jax.numpy as jnp\n\ndef f(self, x):\n    return jnp.stack([jnp.dot(x, layer.w) for layer in self.layers])\n"),
        # A recurrence: the output feeds the next step.
        Valid("import jax.numpy as jnp\n\ndef f(h, w, n):\n    for i in range(n):\n        h = h.at[i].set(jnp.dot(w[i], h[i - 1]))\n    return h\n"),
        # A triangular nest: only the lower triangle is written.
        Valid("import jax.numpy as jnp\n\ndef f(g, a, b, n):\n    for i in range(n):\n        for j in range(i):\n            g = g.at[i, j].set(jnp.dot(a[i], b[j]))\n    return g\n"),
        # A scalar broadcast along each row of a matrix: not what the einsum would write.
        Valid("import jax.numpy as jnp\n\ndef f(a, b, n):\n    out = jnp.zeros((n, n))\n    for i in range(n):\n        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))\n    return out\n"),
        # Not gathered into an array.
        Valid("import jax.numpy as jnp\n\ndef f(a, b, n):\n    return [jnp.dot(a[:, i], b[:, i]) for i in range(n)]\n"),
        # Zipped Python lists of arrays: no slicing happens.
        Valid("import jax.numpy as jnp\n\ndef f(xs: list, ys: list):\n    return jnp.stack([jnp.dot(x, y) for x, y in zip(xs, ys)])\n"),
        # `dim` reads as a small count, and no call site says otherwise (or one passes 3).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(m, d, dim):\n    return jnp.array([m + d[:, i] for i in range(dim)])\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(m, d, dim):\n    return jnp.array([m + d[:, i] for i in range(dim)])\n\n@jax.jit\ndef g(m, d):\n    return f(m, d, 3)\n"),
        # A reference loop in a test, outside any trace.
        Valid("import jax.numpy as jnp\n\ndef test_cols(a, b):\n    want = jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n    assert want.shape\n"),
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ki,ki->i", a, b)\n',
            message_contains='jnp.einsum("ki,ki->i", a, b)',
            applicability="unsafe",
        ),
        # Ranks and the length proven by a reshape: safe.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    a = jnp.reshape(a, (4, 24))\n    b = jnp.reshape(b, (4, 24))\n"
            "    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n\nf(jnp.ones(96), jnp.ones(96))\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    a = jnp.reshape(a, (4, 24))\n    b = jnp.reshape(b, (4, 24))\n    return jnp.einsum("ki,ki->i", a, b)\n\nf(jnp.ones(96), jnp.ones(96))\n',
            applicability="safe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(a, b, n):\n    return np.array([np.dot(a[i], b[i]) for i in range(n)])\n",
            expected_fix='import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(a, b, n):\n    return np.einsum("ik,ik->i", a, b)\n',
        ),
        Invalid(
            "import jax\nfrom jax import numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return jnp.stack([x @ w[:, j] for j in range(w.shape[1])], axis=1)\n",
            expected_fix='import jax\nfrom jax import numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return jnp.einsum("ik,kj->ij", x, w)\n',
            message_contains="x @ w",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n, m):\n    return jnp.array([[jnp.dot(a[i], b[j]) for j in range(m)] for i in range(n)])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n, m):\n    return jnp.einsum("ik,jk->ij", a, b)\n',
            message_contains="a @ b.T",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([a[t] @ b[t] for t in range(len(a))])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("tik,tkj->tij", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    return jnp.stack([jnp.sum(a[..., i] * b[..., i]) for i in range(1, n)])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    return jnp.einsum("ki,ki->i", a[..., 1:n], b[..., 1:n])\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    out = jnp.zeros(n)\n    for i in range(n):\n        out = out.at[i].set(jnp.vdot(a[:, i], b[:, i]))\n    return out\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    out = jnp.zeros(n)\n    out = out.at[:n].set(jnp.einsum("ki,ki->i", a, b))\n    return out\n',
        ),
        Invalid(
            "import jax\nfrom jax.numpy import dot, stack\n\n@jax.jit\ndef f(a, b, n):\n    return stack([dot(a[:, i], b[:, i]) for i in range(n)])\n",
            expected_fix='import jax\nfrom jax.numpy import dot, stack\n\n@jax.jit\ndef f(a, b, n):\n    return jax.numpy.einsum("ki,ki->i", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack(list(map(lambda i: jnp.inner(a[i], b[i]), range(len(a)))))\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ik,ik->i", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[i], b[i], precision=jax.lax.Precision.HIGHEST) for i in range(len(a))])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ik,ik->i", a, b, precision=jax.lax.Precision.HIGHEST)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    outs = []\n    for i in range(n):\n        outs.append((a[i] * b[i]).sum())\n    return jnp.stack(outs)\n",
            message_contains='jnp.einsum("ik,ik->i", a, b)',
        ),
        # Loop forms: zip, enumerate, itertools.product, while.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs: jax.Array, ys: jax.Array):\n    return jnp.stack([jnp.dot(x, y) for x, y in zip(xs, ys)])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs: jax.Array, ys: jax.Array):\n    return jnp.einsum("ik,ik->i", xs, ys)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs: jax.Array, w):\n    return jnp.stack([jnp.dot(x, w[:, i]) for i, x in enumerate(xs)])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs: jax.Array, w):\n    return jnp.einsum("ik,ki->i", xs, w)\n',
        ),
        Invalid(
            "import itertools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n, m):\n    g = jnp.zeros((n, m))\n    for i, j in itertools.product(range(n), range(m)):\n        g = g.at[i, j].set(jnp.dot(a[i], b[j]))\n    return g\n",
            expected_fix='import itertools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n, m):\n    g = jnp.zeros((n, m))\n    g = g.at[:n, :m].set(jnp.einsum("ik,jk->ij", a, b))\n    return g\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    out = jnp.zeros(n)\n    i = 0\n    while i < n:\n        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))\n        i += 1\n    return out\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, n):\n    out = jnp.zeros(n)\n    i = 0\n    out = out.at[:n].set(jnp.einsum("ki,ki->i", a, b))\n    return out\n',
        ),
        # Offsets and other slicing spellings.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return jnp.stack([jnp.dot(x[i], x[i + 1]) for i in range(x.shape[0] - 1)])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return jnp.einsum("ik,ik->i", x[:-1], x[1:])\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([jnp.vdot(jnp.take(a, i, axis=1), jax.lax.dynamic_index_in_dim(b, i, 1, keepdims=False)) for i in range(a.shape[1])])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ki,ki->i", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, w):\n    out = jnp.zeros((a.shape[0], w.shape[1]))\n    for j in range(w.shape[1]):\n        out = out.at[..., j].set(a @ w[:, j])\n    return out\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, w):\n    out = jnp.zeros((a.shape[0], w.shape[1]))\n    out = out.at[..., :w.shape[1]].set(jnp.einsum("ik,kj->ij", a, w))\n    return out\n',
        ),
        # Three arrays indexed by the loop variable.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, c):\n    return jnp.stack([jnp.sum(a[i] * b[i] * c[i]) for i in range(a.shape[0])])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b, c):\n    return jnp.einsum("ik,ik,ik->i", a, b, c)\n',
        ),
        # Column-slice comprehensions without a contraction.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef sigmas(mean, d, n):\n    return jnp.array([mean + d[:, i] for i in range(n)])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef sigmas(mean, d, n):\n    return mean + d.T\n",
            message_contains="`mean + d.T`",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (5, 24))\n    return jnp.stack([x[:, i] * 2.0 for i in range(24)], axis=1)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (5, 24))\n    return x * 2.0\n",
            applicability="safe",
        ),
        # Autograd code stays in autograd's world.
        Invalid(
            "import autograd.numpy as anp\nfrom autograd import grad\n\ndef f(a, b):\n    return anp.sum(anp.stack([anp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])]))\n\ndf = grad(f)\n",
            expected_fix='import autograd.numpy as anp\nfrom autograd import grad\n\ndef f(a, b):\n    return anp.sum(anp.einsum("ki,ki->i", a, b))\n\ndf = grad(f)\n',
        ),
        # `dim` reads as a small count, but the call site passes a data size.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef sigmas(m, d, dim):\n    return jnp.array([m + d[:, i] for i in range(dim)])\n\n@jax.jit\ndef g(m, d):\n    return sigmas(m, d, m.shape[0])\n",
            message_contains="`m + d.T`",
        ),
        # A window per position: advice (a correlation), no fix.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef convolve(x, w):\n    output = []\n    for i in range(1, len(x) - 1):\n        output.append(jnp.dot(x[i - 1:i + 2], w))\n    return jnp.array(output)\n\nbatched = jax.jit(jax.vmap(convolve))\n",
            message_contains="jnp.correlate(x, w",
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        #: Nodes already part of a reported nest (inner stacks, inner loops).
        self._covered: set[int] = set()

    def visit_Call(self, node: ast.Call) -> None:
        """``jnp.stack([... for i in range(n)], axis=k)`` and the like (``gathered_loops.unstack``)."""
        ctx = self.ctx
        if id(node) in self._covered or ctx.function is None or stacker(node, ctx.resolve) is None:
            return
        nest = unstack(ctx, node)
        if nest is None or not data_sized(nest.loops):
            return
        found = stack_rewrite(ctx, nest, like=node.func)
        if found is None:
            window = window_advice(ctx, nest) or lag_advice(ctx, nest)
            if window is not None:
                self._report(node, nest, f"{self._shown(node)} {window}", fix=None)
            return
        rewrite, elementwise = found
        self._covered.update(id(child) for child in walk(node) if isinstance(child, ast.Call))
        rendered, fix = stack_fix(ctx, node, nest, rewrite)
        verb = "gathers" if elementwise else "contracts"
        message = f"{self._shown(node)} {verb} {rewrite.summary} one slice at a time over {nest.over(ctx.code)}; {SCATTER}; use `{one_line(rendered.text, 90)}`"
        self._report(node, nest, message + rewrite.notes, fix=fix)

    def visit_For(self, node: ast.For) -> None:
        if id(node) in self._covered or self.ctx.function is None:
            return
        found = for_nest(self.ctx, node)
        if found is not None:
            self._check_statement_loop(node, *found)
        if id(node) not in self._covered:
            self._contraction_fill(node)

    def _contraction_fill(self, node: ast.For) -> None:
        """A fill of slice contractions in a spelling the einsum above does not prove
        (``analysis.contraction_fills.py``): advice."""
        ctx = self.ctx
        fill = contraction_fill(ctx, node)
        if fill is None:
            return
        message = f"this loop writes `{fill.target}` one index at a time: {fill_advice(ctx, fill, SCATTER)}"
        # Independent writes look like setup code as often as like traced code (GA103's rule): only where a trace is shown.
        self.report(node, message, extent=fill.extent, evidence=["no step reads what another step wrote"], require_trace=True)

    def visit_While(self, node: ast.While) -> None:
        """``i = k`` ... ``while i < n: <one statement>; i += 1``: a ``range(k, n)`` loop."""
        if id(node) in self._covered or self.ctx.function is None:
            return
        found = counted_while(self.ctx, node)
        if found is not None:
            self._check_statement_loop(node, [found[0]], found[1], [node])

    def _check_statement_loop(self, node: ast.stmt, loops: list[Loop], body: ast.stmt, nested: list[ast.stmt]) -> None:
        if not data_sized(loops):
            return
        written = at_set(body)
        if written is not None:
            self._check_at_set(node, loops, written, nested)
        elif len(loops) == 1 and isinstance(body, ast.Expr):
            self._check_append(node, loops[0], body.value)

    def _check_at_set(self, node: ast.stmt, loops: list[Loop], written: tuple[str, ast.expr, ast.expr], nested: list[ast.stmt]) -> None:
        """``out = out.at[i].set(contraction of slices)`` in the loops: one ``.at[:n].set(einsum)``."""
        ctx = self.ctx
        target, index, value = written
        nest = at_set_nest(loops, target, index, value)
        if nest is None:
            return
        rewrite = contraction_rewrite(ctx, nest, like=None, target=(target, initial_value(ctx, target, node)))
        if rewrite is None:
            return
        self._covered.update(id(statement) for statement in nested)
        line, fix = at_set_fix(ctx, node, target, index, nest, rewrite)
        message = f"this loop contracts {rewrite.summary} one slice at a time over {nest.over(ctx.code)} into `{target}`; {SCATTER}; use `{one_line(line, 100)}`"
        self._report(node, nest, message + rewrite.notes, fix=fix)

    def _check_append(self, node: ast.stmt, loop: Loop, expr: ast.expr) -> None:
        """``outs = []``, a loop of ``outs.append(contraction of slices)``, ``jnp.stack(outs)``: advice."""
        ctx = self.ctx
        found = appended_nest(ctx, node, loop, expr)
        if found is None:
            return
        nest, gather_call = found
        rewrite = contraction_rewrite(ctx, nest, like=gather_call.func)
        if rewrite is None:
            window = window_advice(ctx, nest) or lag_advice(ctx, nest)
            if window is not None:
                self._report(node, nest, f"this loop {window}", fix=None)
            return
        gather_text = one_line(ctx.code(gather_call), 40)
        use = one_line(ctx.renderer.code(rewrite.replacement), 80)
        message = f"this loop contracts {rewrite.summary} one slice at a time over {nest.over(ctx.code)} for `{gather_text}`; {SCATTER}; drop the loop and use `{use}` in place of `{gather_text}`"
        self._report(node, nest, message + rewrite.notes, fix=None)

    def _shown(self, node: ast.AST) -> str:
        text = one_line(self.ctx.code(node), 200)
        return f"`{text}`" if len(text) <= 60 else "this comprehension"

    def _report(self, node: ast.AST, nest: Nest, message: str, fix) -> None:
        named = named_extent(nest.loops)
        if named is not None:
            # `range(dim)`: small by the parameter's name alone; report only if a call site
            # passes a data size (``finalize``).
            evidence = [f"`{named.param}` reads as a small count by its name; its call sites decide"]
            self.report(node, message, size="likely", size_param=named.param, evidence=evidence, fix=fix, data={"sized_by_callers": True})
            return
        self.report(node, message, extent=sizing_extent(nest.loops), fix=fix)

    @classmethod
    def finalize(cls, candidate: Candidate, project: "Project") -> Finding | None:
        if candidate.data.get("sized_by_callers"):
            trace, _ = trace_proof(candidate, project)
            size, _ = size_proof(candidate, project, trace)
            if size != "proven":
                return None  # only the name spoke, and no call site contradicts it
        return default_finalize(cls, candidate, project)
