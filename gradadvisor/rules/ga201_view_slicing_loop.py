"""GA201 view-slicing-loop: a loop that reads an array one slice at a time."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gradadvisor.analysis import values as v
from gradadvisor.analysis.einsum import (
    Contraction,
    IndexOutput,
    StackOutput,
    compile_contraction,
    operand_axes,
    permutation,
)
from gradadvisor.analysis.extent import Extent, is_collection_name
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.syntax import COMPREHENSIONS, int_value, names_read, offset_of, one_line, positional, walk
from gradadvisor.analysis.vectorize import (
    IndexedRead,
    elementwise_over,
    has_walrus,
    impure_calls,
    read_after_loop,
    read_indexed,
)
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.fixes.render import attribute_path, call, constant, name, substitute
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize, size_proof, trace_proof

if TYPE_CHECKING:
    from gradadvisor.analysis.project import Project

#: Array functions that gather a comprehension into one array (``axis`` only for stack).
STACKERS = ("stack", "array", "asarray")
#: Named contractions, by their jax.numpy name.
CONTRACTIONS: dict[str, Contraction] = {"dot": "dot", "matmul": "matmul", "inner": "inner", "vdot": "vdot"}
#: Keyword arguments of those contractions that ``jnp.einsum`` takes too.
KEPT_KEYWORDS = frozenset({"precision", "preferred_element_type"})
#: Attributes only an array has: reading one shows that a name holds an array, not a list.
ARRAY_ONLY_ATTRIBUTES = frozenset({"shape", "ndim", "T", "mT", "reshape", "astype", "dtype", "transpose"})
#: The suffix of the index name given to loops over rows (``for x in xs``): never spelled in code.
SYNTHETIC = "__row"


@dataclass
class Loop:
    """One level of a loop nest: ``var`` walks ``range(start, stop, step)``, or the rows of
    ``walks`` (``for x in xs``, ``enumerate(xs)``, ``zip(xs, ys)``: then ``aliases`` says
    which loop target is a row of which array, and ``var`` is an index the code never names)."""

    var: str
    iterable: ast.AST
    extent: Extent
    start: ast.expr | None = None
    stop: ast.expr | None = None
    step: ast.expr | None = None
    walks: tuple[ast.expr, ...] = ()
    aliases: dict[str, ast.expr] = field(default_factory=dict)
    #: How messages name the loop (``while i < n``); its iterable's code when empty.
    label: str = ""

    @property
    def start_value(self) -> int | None:
        return 0 if self.start is None else int_value(self.start)

    @property
    def step_value(self) -> int | None:
        return 1 if self.step is None else int_value(self.step)


@dataclass
class Nest:
    """A loop nest whose iterations compute ``element`` and gather it into one array."""

    loops: list[Loop]
    element: ast.expr
    output: StackOutput | IndexOutput
    #: The loop variables of one level are flattened into one axis (``itertools.product``).
    flatten: bool = False
    #: ``jnp.stack`` of a generator (which raises in JAX: it needs a sequence).
    generator: bool = False
    #: The array function that gathers the results (``jnp.stack``), when it is a call.
    gather: ast.expr | None = None
    #: ids of the ``xs[index]`` nodes that stand for loop targets walking rows (``for x in xs``).
    rows: set[int] = field(default_factory=set)


@dataclass
class Factor:
    """One argument of the contraction: a read at the loop indices, or an expression the loop
    does not index (``read`` None)."""

    expression: ast.expr
    read: IndexedRead | None = None


@dataclass
class Rewrite:
    replacement: ast.expr
    summary: str
    conditions: Preconditions
    imports: list
    notes: str = ""


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
    - window slices contracted with a kernel (`jnp.dot(x[i - 1:i + 2], w)`): a correlation.

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
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    a = jnp.reshape(a, (4, 12))\n    b = jnp.reshape(b, (4, 12))\n"
            "    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n\nf(jnp.ones(48), jnp.ones(48))\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    a = jnp.reshape(a, (4, 12))\n    b = jnp.reshape(b, (4, 12))\n    return jnp.einsum("ki,ki->i", a, b)\n\nf(jnp.ones(48), jnp.ones(48))\n',
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
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (5, 12))\n    return jnp.stack([x[:, i] * 2.0 for i in range(12)], axis=1)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (5, 12))\n    return x * 2.0\n",
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

    # -- comprehension forms ----------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        if id(node) in self._covered or ctx.function is None or self._stacker(node) is None:
            return
        nest = self._unstack(node)
        if nest is None or not self._worth_checking(nest.loops):
            return
        rewrite = self._contraction_rewrite(nest, like=node.func)
        elementwise = False
        if rewrite is None:
            rewrite = self._elementwise_rewrite(nest, like=node.func)
            elementwise = True
        if rewrite is None:
            window = self._window_advice(nest)
            if window is not None:
                self._report(node, nest, f"{self._shown(node)} {window}", fix=None)
            return
        self._covered.update(id(child) for child in walk(node) if isinstance(child, ast.Call))
        conditions = rewrite.conditions
        self._removed_code(conditions, nest)
        self._nonempty(conditions, nest)
        if nest.generator:
            conditions.require(False, "`stack` of a generator raises in JAX (it needs a list); the rewrite would run")
        rendered = ctx.renderer.replace_expression(node, rewrite.replacement)
        fix = conditions.fix(rendered, imports=rewrite.imports)
        verb = "gathers" if elementwise else "contracts"
        self._report(
            node,
            nest,
            f"{self._shown(node)} {verb} {rewrite.summary} one slice at a time over {self._over(nest)}; each slice's "
            f"gradient is a full-size scatter; use `{one_line(rendered.text, 90)}`{rewrite.notes}",
            fix=fix,
        )

    def _stacker(self, node: ast.Call) -> tuple[str, str] | None:
        """``(module, function)`` for ``jnp.stack``/``jnp.array``/``jnp.asarray`` (autodiff numpy only)."""
        qualified = self.ctx.resolve(node.func) or ""
        module, _, function = qualified.rpartition(".")
        if module in AUTODIFF_NUMPY and function in STACKERS:
            return module, function
        return None

    def _unstack(self, node: ast.Call) -> Nest | None:
        """The nest of ``jnp.stack([... for i in range(n)], axis=k)`` and nests of them."""
        found = self._stacker(node)
        if found is None:
            return None
        function = found[1]
        args = positional(node)
        if not args or len(node.args) != len(args):
            return None
        axis: ast.expr | None = None
        if function == "stack":
            if len(args) == 2 and not node.keywords:
                axis = args[1]
            elif len(args) == 1 and len(node.keywords) == 1 and node.keywords[0].arg == "axis":
                axis = node.keywords[0].value
            elif len(args) != 1 or node.keywords:
                return None
        elif len(args) != 1 or node.keywords:
            return None
        axis_value = int_value(axis) if axis is not None else 0
        if axis_value is None:
            return None
        comprehension = args[0]
        if isinstance(comprehension, ast.GeneratorExp) and function != "stack":
            return None
        nest = self._unstack_comprehension(comprehension, axis_value)
        if nest is not None:
            nest.generator = nest.generator or isinstance(comprehension, ast.GeneratorExp)
            nest.gather = node.func
        return nest

    def _unstack_comprehension(self, comprehension: ast.AST, axis: int) -> Nest | None:
        parts = self._loop_parts(comprehension)
        if parts is None:
            return None
        levels, element = parts
        loops: list[Loop] = []
        for target, iterable in levels:
            level = self._loops(target, iterable)
            if level is None:
                return None
            loops.extend(level)
        if len(loops) > 1 and len(levels) == 1 and not _is_product(levels[0][1], self.ctx) or len(levels) > 2:
            return None
        flatten = len(loops) > 1
        inner = None
        if not flatten:
            if isinstance(element, ast.Call) and self._stacker(element) is not None:
                inner = self._unstack(element)
                if inner is not None and (inner.flatten or inner.generator):
                    return None
            elif isinstance(element, ast.ListComp):
                inner = self._unstack_comprehension(element, 0)
        if inner is None:
            stacking = tuple((loop.var, axis) for loop in reversed(loops)) if not flatten else tuple((loop.var, 0) for loop in reversed(loops))
            if flatten and axis != 0:
                return None
            return Nest(loops, element, StackOutput(stacking), flatten=flatten)
        assert isinstance(inner.output, StackOutput)
        stacking = (*inner.output.stacking, (loops[0].var, axis))
        return Nest(loops + inner.loops, inner.element, StackOutput(stacking))

    def _loop_parts(self, expr: ast.AST) -> tuple[list[tuple[ast.AST, ast.AST]], ast.expr] | None:
        """``([(target, iterable), ...], element)`` of a list comprehension or generator (one
        or two ``for`` clauses) and of ``list(map(lambda target: element, iterable))``."""
        ctx = self.ctx
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
            if any(clause.ifs or clause.is_async for clause in expr.generators):
                return None
            return [(clause.target, clause.iter) for clause in expr.generators], expr.elt
        if not (isinstance(expr, ast.Call) and ctx.is_builtin(expr.func, "list") and len(expr.args) == 1 and not expr.keywords):
            return None
        mapped = expr.args[0]
        if not (isinstance(mapped, ast.Call) and ctx.is_builtin(mapped.func, "map") and len(mapped.args) == 2 and not mapped.keywords):
            return None
        function, iterable = mapped.args
        if not isinstance(function, ast.Lambda):
            return None
        arguments = function.args
        if len(arguments.args) != 1 or arguments.posonlyargs or arguments.kwonlyargs or arguments.vararg or arguments.kwarg or arguments.defaults:
            return None
        return [(name(arguments.args[0].arg), iterable)], function.body

    # -- statement loops ----------------------------------------------------------------------

    def visit_For(self, node: ast.For) -> None:
        ctx = self.ctx
        if id(node) in self._covered or ctx.function is None:
            return
        loops: list[Loop] = []
        current: ast.stmt = node
        nested: list[ast.stmt] = []
        while isinstance(current, ast.For):
            if current.orelse:
                return
            level = self._loops(current.target, current.iter)
            if level is None:
                return
            if len(level) > 1 and not _is_product(current.iter, ctx):
                return
            loops.extend(level)
            nested.append(current)
            if len(current.body) != 1:
                return
            current = current.body[0]
        self._check_statement_loop(node, loops, current, nested)

    def visit_While(self, node: ast.While) -> None:
        """``i = k`` ... ``while i < n: <one statement>; i += 1``: a ``range(k, n)`` loop."""
        ctx = self.ctx
        if id(node) in self._covered or ctx.function is None or node.orelse or len(node.body) != 2:
            return
        test = node.test
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name)):
            return
        var = test.left.id
        statement, step = node.body
        if not (isinstance(step, ast.AugAssign) and isinstance(step.target, ast.Name) and step.target.id == var and isinstance(step.op, ast.Add) and int_value(step.value) == 1):
            return
        if var in names_read(test.comparators[0]):
            return
        outside = [b for b in ctx.facts.bindings_at(var, ctx.scope, node) if not _inside(b.statement, node)]
        if len(outside) != 1 or outside[0].kind != "assign" or outside[0].path or int_value(outside[0].value) is None:
            return
        if any(b.statement is not step for b in ctx.scope.bindings.get(var, []) if _inside(b.statement, node)):
            return
        stop = test.comparators[0]
        extent = ctx.extent_of_bound(stop)
        loop = Loop(var, stop, extent, start=outside[0].value, stop=stop, label=f"while {var} < {one_line(ctx.code(stop), 25)}")
        self._check_statement_loop(node, [loop], statement, [node])

    def _check_statement_loop(self, node: ast.stmt, loops: list[Loop], body: ast.stmt, nested: list[ast.stmt]) -> None:
        if not self._worth_checking(loops):
            return
        at_set = _at_set(body)
        if at_set is not None:
            self._check_at_set(node, loops, at_set, nested)
        elif len(loops) == 1 and isinstance(body, ast.Expr):
            self._check_append(node, loops[0], body.value)

    def _check_at_set(self, node: ast.stmt, loops: list[Loop], at_set, nested: list[ast.stmt]) -> None:
        ctx = self.ctx
        target, index, value = at_set
        if target in names_read(value) or any(loop.var not in names_read(index) for loop in loops):
            return
        loop_vars = {loop.var for loop in loops}
        elements = index.elts if isinstance(index, ast.Tuple) else [index]
        entries: list[str | None] = []
        ellipsis_at = None
        for element in elements:
            if isinstance(element, ast.Name) and element.id in loop_vars:
                entries.append(element.id)
            elif isinstance(element, ast.Slice) and element.lower is None and element.upper is None and element.step is None:
                entries.append(None)
            elif isinstance(element, ast.Constant) and element.value is Ellipsis and ellipsis_at is None:
                ellipsis_at = len(entries)
            else:
                return
        output = IndexOutput(tuple(entries), ellipsis_at)
        nest = Nest(loops, value, output)
        initial = self._initial_value(target, node)
        rewrite = self._contraction_rewrite(nest, like=None, target=(target, initial))
        if rewrite is None:
            return
        self._covered.update(id(statement) for statement in nested)
        by_var = {loop.var: loop for loop in loops}
        new_elements: list[ast.expr] = []
        for element in elements:
            if isinstance(element, ast.Name) and element.id in by_var:
                new_elements.append(_range_slice(by_var[element.id]))
            else:
                new_elements.append(element)
        new_index = new_elements[0] if len(new_elements) == 1 else ast.Tuple(elts=new_elements, ctx=ast.Load())
        at = ast.Subscript(value=ast.Attribute(value=name(target), attr="at", ctx=ast.Load()), slice=new_index, ctx=ast.Load())
        new_value = call(ast.Attribute(value=at, attr="set", ctx=ast.Load()), rewrite.replacement)
        line = f"{target} = {ctx.renderer.code(new_value)}"
        conditions = rewrite.conditions
        self._removed_code(conditions, nest)
        for bound in [variable for loop in loops for variable in (loop.var, *loop.aliases)]:
            if read_after_loop(node, bound, ctx.function, ctx.facts, ctx.scope):
                conditions.require(False, f"`{bound}` is not read after the loop (the rewrite leaves it unbound or unchanged)")
        edit = ctx.renderer.replace_statements(node, node, [line])
        fix = conditions.fix([edit], line, rewrite.imports)
        self._report(
            node,
            nest,
            f"this loop contracts {rewrite.summary} one slice at a time over {self._over(nest)} into `{target}`; each slice's "
            f"gradient is a full-size scatter; use `{one_line(line, 100)}`{rewrite.notes}",
            fix=fix,
        )

    def _initial_value(self, target: str, loop: ast.stmt) -> ast.expr | None:
        """The value ``target`` holds when the loop starts (one plain assignment reaching it)."""
        ctx = self.ctx
        outside = [b for b in ctx.facts.bindings_at(target, ctx.scope, loop) if not _inside(b.statement, loop)]
        if len(outside) == 1 and outside[0].kind == "assign" and not outside[0].path:
            return outside[0].value  # type: ignore[return-value]
        return None

    def _check_append(self, node: ast.stmt, loop: Loop, expr: ast.expr) -> None:
        ctx = self.ctx
        if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "append" and isinstance(expr.func.value, ast.Name)):
            return
        if len(expr.args) != 1 or expr.keywords or isinstance(expr.args[0], ast.Starred):
            return
        outs = expr.func.value.id
        place = self.ctx.block_of(node)
        if place is None:
            return
        block, position = place
        # The list starts empty just before the loop and is first used to build one array.
        if position == 0 or not _assigns_empty_list(block[position - 1], outs):
            return
        consumer = next((statement for statement in block[position + 1 :] if outs in names_read(statement)), None)
        gathered = self._gathering_call(consumer, outs) if consumer is not None else None
        if gathered is None:
            return
        gather_call, axis = gathered
        nest = Nest([loop], expr.args[0], StackOutput(((loop.var, axis),)), gather=gather_call.func)
        rewrite = self._contraction_rewrite(nest, like=gather_call.func)
        if rewrite is None:
            window = self._window_advice(nest)
            if window is not None:
                self._report(node, nest, f"this loop {window}", fix=None)
            return
        gather_text = one_line(ctx.code(gather_call), 40)
        self._report(
            node,
            nest,
            f"this loop contracts {rewrite.summary} one slice at a time over {self._over(nest)} for `{gather_text}`; each slice's "
            f"gradient is a full-size scatter; drop the loop and use `{one_line(ctx.renderer.code(rewrite.replacement), 80)}` "
            f"in place of `{gather_text}`{rewrite.notes}",
            fix=None,
        )

    def _gathering_call(self, statement: ast.stmt, outs: str) -> tuple[ast.Call, int] | None:
        """The ``jnp.stack(outs, axis=k)`` / ``jnp.array(outs)`` call in ``statement``, with k."""
        found: list[tuple[ast.Call, int]] = []
        for node in walk(statement):
            if not isinstance(node, ast.Call) or self._stacker(node) is None:
                continue
            args = positional(node)
            if not args or not (isinstance(args[0], ast.Name) and args[0].id == outs):
                continue
            function = self._stacker(node)[1]  # type: ignore[index]
            rest = [*args[1:], *(k.value for k in node.keywords)]
            axis: int | None = 0
            if rest:
                keywords_ok = all(k.arg == "axis" for k in node.keywords)
                if function != "stack" or len(rest) != 1 or not keywords_ok:
                    continue
                axis = int_value(rest[0])
            if axis is not None:
                found.append((node, axis))
        count = sum(1 for node in walk(statement) if isinstance(node, ast.Name) and node.id == outs)
        if len(found) != 1 or count != 1:
            return None
        return found[0]

    # -- loops --------------------------------------------------------------------------------

    def _loops(self, target: ast.AST, iterable: ast.AST) -> list[Loop] | None:
        """The loops one ``for target in iterable`` clause runs (two for ``itertools.product``)."""
        ctx = self.ctx
        if isinstance(iterable, ast.Call) and any(isinstance(arg, ast.Starred) for arg in iterable.args):
            return None
        if isinstance(target, ast.Name):
            found = self._range(target.id, iterable)
            if found is not None:
                return [found]
            if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and ctx.is_builtin(iterable.func, iterable.func.id):
                return None
            return self._walk(f"{target.id}{SYNTHETIC}", iterable, {target.id: iterable})
        if not isinstance(target, ast.Tuple) or not all(isinstance(element, ast.Name) for element in target.elts) or not isinstance(iterable, ast.Call):
            return None
        names = [element.id for element in target.elts]  # type: ignore[attr-defined]
        if len(set(names)) != len(names):
            return None
        args = iterable.args
        if ctx.is_builtin(iterable.func, "enumerate") and len(args) == 1 and not iterable.keywords and len(names) == 2:
            return self._walk(names[0], iterable, {names[1]: args[0]})
        if ctx.is_builtin(iterable.func, "zip") and len(args) == len(names) and all(k.arg == "strict" for k in iterable.keywords):
            return self._walk(f"{names[0]}{SYNTHETIC}", iterable, dict(zip(names, args)))
        if _is_product(iterable, ctx) and len(args) == len(names) == 2 and not iterable.keywords:
            loops = [self._range(var, arg) for var, arg in zip(names, args)]
            if any(loop is None for loop in loops):
                return None
            return loops  # type: ignore[return-value]
        return None

    def _range(self, var: str, iterable: ast.AST) -> Loop | None:
        ctx = self.ctx
        if not (isinstance(iterable, ast.Call) and ctx.is_builtin(iterable.func, "range") and 1 <= len(iterable.args) <= 3 and not iterable.keywords):
            return None
        values = iterable.args
        extent = ctx.extent(iterable)
        if len(values) == 1:
            return Loop(var, iterable, extent, stop=values[0])
        return Loop(var, iterable, extent, values[0], values[1], values[2] if len(values) == 3 else None)

    def _walk(self, var: str, iterable: ast.Call | ast.AST, aliases: dict[str, ast.expr]) -> list[Loop] | None:
        """A loop over the rows of arrays; each must be an array by the facts (a Python list of
        arrays is walked without slicing)."""
        ctx = self.ctx
        arrays = tuple(aliases.values())
        for array in arrays:
            value = ctx.value(array)
            if not value.is_array or value.host or value.rank == 0:
                return None
        return [Loop(var, iterable, ctx.extent(iterable), walks=arrays, aliases=dict(aliases))]

    def _worth_checking(self, loops: list[Loop]) -> bool:
        """Data-sized loops in a function (test code, a reference loop, is never walked)."""
        if self.ctx.function is None or not loops:
            return False
        if not all(loop.extent.is_data or loop.extent.by_name for loop in loops):
            return False
        if len({loop.extent.param for loop in loops if loop.extent.by_name}) > 1:
            return False
        if any(set(loop.var for loop in loops) & names_read(loop.iterable) for loop in loops):
            return False  # a triangular or ragged nest (`for j in range(i)`)
        return True

    # -- the einsum ------------------------------------------------------------------------------

    def _element(self, nest: Nest) -> ast.expr | None:
        """The element with the rows of walked arrays spelled as ``xs[index]``."""
        aliases = {alias: (loop.var, array) for loop in nest.loops for alias, array in loop.aliases.items()}
        if not aliases:
            return nest.element
        for child in walk(nest.element):
            if isinstance(child, (ast.Lambda, *COMPREHENSIONS)) and any(a in names_read(child) for a in aliases):
                return None

        def replace(node: ast.AST) -> ast.AST | None:
            if isinstance(node, ast.Name) and node.id in aliases:
                var, array = aliases[node.id]
                row = ast.Subscript(value=array, slice=name(var), ctx=ast.Load())
                nest.rows.add(id(row))
                return row
            return None

        return substitute(nest.element, replace)  # type: ignore[return-value]

    def _contraction_rewrite(self, nest: Nest, like: ast.expr | None, target: tuple[str, ast.expr | None] | None = None) -> Rewrite | None:
        """The einsum that computes the whole nest, or None."""
        ctx = self.ctx
        element = self._element(nest)
        if element is None or has_walrus(element):
            return None
        contraction = self._contraction(element)
        if contraction is None:
            return None
        kind, factors, spelled_like, keywords = contraction
        loop_vars = [loop.var for loop in nest.loops]
        variables = set(loop_vars)
        operands: list[Factor] = []
        for factor in factors:
            read = read_indexed(factor, variables, ctx.resolve)
            if read is None and variables & names_read(factor):
                return None
            if read is not None and read.has_window:
                return None
            operands.append(Factor(factor, read))
        reads = [operand.read for operand in operands if operand.read is not None]
        if not reads or any(self._maybe_list(read) for read in reads):
            return None
        # Every read of a loop variable must be an index of a read.
        if sum(_var_count(read.node, variables) for read in reads) != _var_count(element, variables):
            return None
        output = nest.output
        initial_value = v.UNKNOWN_VALUE
        if target is not None and target[1] is not None:
            initial_value = ctx.facts.value(target[1], ctx.scope, ctx.statement)
        for ranks, assumed in self._rank_guesses(kind, operands):
            compiled_operands = [_operand_axes(operand.read, rank) for operand, rank in zip(operands, ranks)]
            if any(axes is None for axes in compiled_operands):
                continue
            einsum = compile_contraction(kind, compiled_operands, output, loop_vars)
            if einsum is None:
                continue
            out_letters = einsum.subscripts.split("->")[1]
            if nest.flatten and len(out_letters) != len(loop_vars):
                continue  # flattened loops: only a number per iteration reshapes cleanly
            if initial_value.rank is not None and initial_value.rank != len(out_letters):
                continue  # e.g. `out.at[i].set(scalar)` broadcast along a row of a matrix
            break
        else:
            return None
        conditions = Preconditions()
        module = self._module(like, spelled_like)
        if target is not None:
            out_name = target[0]
            conditions.require(initial_value.rank == len(out_letters), f"`{out_name}` has {len(out_letters)} axes, as the einsum's result")
            self._room(conditions, nest, out_name, initial_value, output)  # type: ignore[arg-type]
        einsum_name, imports = ctx.spell(f"{module}.einsum")
        if not einsum_name:
            return None
        imports = list(imports)
        arguments = [self._argument(operand, nest, conditions, module, imports) for operand in operands]
        for proven, what in assumed:
            conditions.require(proven, what)
        self._dtypes(conditions, operands, kind)
        replacement: ast.expr = call(
            attribute_path(einsum_name),
            constant(einsum.subscripts),
            *arguments,
        )
        replacement.keywords = list(keywords)
        if nest.flatten:
            replacement = call(ast.Attribute(value=replacement, attr="reshape", ctx=ast.Load()), constant(-1))
        notes = ""
        if einsum.matmul is not None and not nest.flatten:
            shown = [_operand_code(ctx.renderer.code(argument)) for argument in arguments]
            notes = f" (that is, `{einsum.matmul.format(*shown)}`)"
        summary = self._summary(reads, nest)
        return Rewrite(replacement, summary, conditions, imports, notes)

    def _summary(self, reads: list[IndexedRead], nest: Nest) -> str:
        ctx = self.ctx
        texts = []
        for read in reads:
            if id(read.node) in nest.rows:
                texts.append(f"rows of `{one_line(ctx.code(read.base), 25)}`")
            else:
                texts.append(f"`{one_line(ctx.renderer.code(read.node), 40 if read.spelling != 'subscript' else 30)}`")
        return ", ".join(list(dict.fromkeys(texts))[:3])

    def _contraction(self, expr: ast.expr):
        """``(kind, factors, the function called, keywords to keep)`` for the contractions GA201
        knows; ``precision=`` and ``preferred_element_type=`` carry over."""
        ctx = self.ctx
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.MatMult):
            return "matmul", [expr.left, expr.right], None, []
        if not isinstance(expr, ast.Call) or any(isinstance(arg, ast.Starred) for arg in expr.args) or any(k.arg is None for k in expr.keywords):
            return None
        qualified = ctx.resolve(expr.func) or ""
        module, _, function = qualified.rpartition(".")
        if module in AUTODIFF_NUMPY and function in CONTRACTIONS and len(expr.args) == 2:
            if any(k.arg not in KEPT_KEYWORDS for k in expr.keywords):
                return None
            return CONTRACTIONS[function], list(expr.args), expr.func, list(expr.keywords)
        if expr.keywords:
            return None
        product = None
        if module in AUTODIFF_NUMPY and function == "sum" and len(expr.args) == 1:
            product = expr.args[0]
        elif not qualified and isinstance(expr.func, ast.Attribute) and expr.func.attr == "sum" and not expr.args:
            product = expr.func.value
        if isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult):
            return "sum_product", _factors(product), expr.func if module else None, []
        return None

    def _rank_guesses(self, kind: Contraction, operands: list[Factor]) -> list[tuple[list[int], list[tuple[bool, str]]]]:
        """Ranks for each operand's array: shown by the code, or guessed from the contraction
        (the natural guess first; for an unsliced operand of unknown rank, also a vector and a
        matrix). With each, per operand, whether it is proven and what the rewrite assumes."""
        shown = [self._shown_rank(operand) for operand in operands]
        both_sliced = all(operand.read is not None for operand in operands)
        views: list[int | None] = []
        for operand, rank in zip(operands, shown):
            read = operand.read
            if rank is not None:
                views.append(rank - (len(read.variables) if read is not None else 0) + (1 if read is not None and read.keepdims else 0))
            elif read is None:
                views.append(None)
            else:
                # `a[t] @ b[t]` over a leading axis is a per-item matrix product; other slices are vectors.
                per_item = len(read.indices) == 1 and read.indices[0].var is not None and read.ellipsis_at is None
                kept = sum(index.var is None for index in read.indices) + (1 if read.keepdims else 0)
                views.append(max(kept, 2 if kind == "matmul" and both_sliced and per_item else 1))
        known = [view for view in views if view is not None]
        natural = list(views)
        for index, view in enumerate(natural):
            if view is None:
                if kind in ("vdot", "sum_product") and known:
                    natural[index] = known[0]  # the same shape as the slices
                elif len(natural) == 2:
                    partner = natural[1 - index]
                    natural[index] = 2 if partner == 1 else 1  # a matrix times vector slices, else a vector
                else:
                    natural[index] = 1
        candidates = [natural]
        if kind not in ("vdot", "sum_product"):
            for guess in (1, 2):
                alternative = [guess if view is None else view for view in views]
                if alternative not in candidates:
                    candidates.append(alternative)
        guesses = []
        for candidate in candidates:
            ranks: list[int] = []
            assumed: list[tuple[bool, str]] = []
            for operand, rank, view in zip(operands, shown, candidate):
                read = operand.read
                if rank is None:
                    rank = (len(read.variables) if read is not None else 0) + (view or 0) - (1 if read is not None and read.keepdims else 0)
                base = read.base if read is not None else operand.expression
                assumed.append((shown[len(ranks)] is not None, f"`{one_line(self.ctx.code(base), 25)}` has {rank} axes (the code does not show its rank)"))
                ranks.append(rank)
            guesses.append((ranks, assumed))
        return guesses

    def _shown_rank(self, operand: Factor) -> int | None:
        read = operand.read
        if read is not None and read.rank is not None:
            return read.rank
        expression = read.base if read is not None else operand.expression
        value = self.ctx.value(expression)
        if value.kind in (v.SCALAR, v.SIZE):
            return 0
        return value.rank if value.is_array else None

    def _argument(self, operand: Factor, nest: Nest, conditions: Preconditions, module: str, imports: list) -> ast.expr:
        """The whole array for an operand: sliced where the loop covers part of an axis, with
        the kept axis of a ``dynamic_slice`` spelled ``expand_dims``."""
        read = operand.read
        if read is None:
            return operand.expression
        ctx = self.ctx
        by_var = {loop.var: loop for loop in nest.loops}
        rank = self._shown_rank(operand)
        elements: list[ast.expr] = []
        narrowed = False
        for position, index in enumerate(read.indices):
            if index.var is None:
                elements.append(ast.Slice())
                continue
            axis = _axis_position(read, position, rank)
            piece, whole = self._coverage(by_var[index.var], index.offset, read, axis, rank, conditions)
            elements.append(piece)
            narrowed = narrowed or not whole
        for axis, size in read.whole_axes:
            conditions.require(
                self._is_axis_size(size, read.base, axis, rank),
                f"`{one_line(ctx.code(size), 25)}` is the whole axis {axis} of `{one_line(ctx.code(read.base), 25)}`",
            )
        argument: ast.expr = read.base
        if narrowed:
            if read.ellipsis_at is not None:
                elements.insert(read.ellipsis_at, ast.Constant(Ellipsis))
            else:
                while len(elements) > 1 and _is_full(elements[-1]):
                    elements.pop()
            index_node = elements[0] if len(elements) == 1 else ast.Tuple(elts=elements, ctx=ast.Load())
            argument = ast.Subscript(value=read.base, slice=index_node, ctx=ast.Load())
        if read.keepdims:
            position = next(p for p, index in enumerate(read.indices) if index.var is not None)
            expand, needed = ctx.spell(f"{module}.expand_dims")
            imports.extend(needed)
            argument = call(attribute_path(expand or "jnp.expand_dims"), argument, constant(position + 1))
            conditions.require(bool(expand), "`expand_dims` can be spelled here")
        return argument

    def _coverage(self, loop: Loop, offset: int, read: IndexedRead, axis: int | None, rank: int | None, conditions: Preconditions) -> tuple[ast.expr, bool]:
        """The slice of an axis that ``loop`` (with ``offset``) reads, and whether it is the whole
        axis; records what must hold for the loop to read exactly that."""
        ctx = self.ctx
        base_text = one_line(ctx.code(read.base), 25)
        axis_text = f"axis {axis}" if axis is not None else "its axis"
        iterable_text = _label(loop, ctx)
        if loop.walks:
            first = loop.walks[0]
            walked = next((array for array in loop.walks if array is read.base), None)
            if walked is not None and axis == 0 and offset == 0:
                if walked is not first:
                    conditions.require(self._same_dim(walked, 0, first), f"`{base_text}` is as long as `{one_line(ctx.code(first), 25)}` (`zip` stops at the shorter)")
                return ast.Slice(), True
            conditions.require(
                offset == 0 and self._same_dim(read.base, axis, first),
                f"`{iterable_text}` covers exactly {axis_text} of `{base_text}` (JAX clamps out-of-range indices; a slice does not)",
            )
            return ast.Slice(), True
        start, step = loop.start_value, loop.step_value
        lower = start + offset if start is not None else None
        stop_base, stop_const = _linear(self._follow(loop.stop))
        end = stop_const + offset
        dim = self._dim(read.base, axis)
        if stop_base is None:
            same = False
            at_size = isinstance(dim, int) and end == dim
            inside = isinstance(dim, int) and end <= dim
        else:
            same = self._is_axis_size(stop_base, read.base, axis, rank)
            at_size = same and end == 0
            inside = same and end <= 0
        if lower == 0 and step == 1 and at_size:
            return ast.Slice(), True
        if lower == 0 and step == 1 and offset == 0 and stop_const == 0 and stop_base is not None and not same:
            # `range(n)` reads `a[:, i]`: the rewrite takes the whole axis, which must be n long.
            conditions.require(False, f"`{iterable_text}` covers exactly {axis_text} of `{base_text}` (JAX clamps out-of-range indices; a slice does not)")
            return ast.Slice(), True
        shifted = f"{loop.var} + {offset}" if offset > 0 else f"{loop.var} - {-offset}" if offset < 0 else loop.var
        conditions.require(
            lower is not None and lower >= 0 and step is not None and step > 0 and inside,
            f"every `{shifted}` for `{loop.var}` in `{iterable_text}` is inside {axis_text} of `{base_text}`",
        )
        lower_node = None if lower == 0 else constant(lower) if lower is not None else _plus(loop.start, offset)
        if stop_base is None:
            upper_node = None if at_size else constant(end)
        elif same:
            upper_node = None if end == 0 else constant(end) if end < 0 else _plus(loop.stop, offset)
        else:
            upper_node = _plus(loop.stop, offset)
        step_node = None if step == 1 else loop.step
        return ast.Slice(lower=lower_node, upper=upper_node, step=step_node), False

    def _follow(self, expr: ast.expr | None) -> ast.expr | None:
        """The expression a name was assigned (``n = a.shape[1] - 2``), while what it reads is
        bound the same way here; else ``expr`` itself."""
        ctx = self.ctx
        for _ in range(3):
            if not isinstance(expr, ast.Name):
                return expr
            bindings = ctx.facts.bindings_at(expr.id, ctx.scope, ctx.statement)
            if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or bindings[0].statement is None:
                return expr
            value = bindings[0].value
            there = bindings[0].statement
            for used in names_read(value):  # type: ignore[arg-type]
                here_b = ctx.facts.bindings_at(used, ctx.scope, ctx.statement)
                there_b = ctx.facts.bindings_at(used, ctx.scope, there)
                if [id(b) for b in here_b] != [id(b) for b in there_b]:
                    return expr
            expr = value  # type: ignore[assignment]
        return expr

    def _dim(self, base: ast.expr, axis: int | None) -> v.Dim:
        value = self.ctx.value(base)
        if axis is None or not value.is_array or value.shape is None or not -len(value.shape) <= axis < len(value.shape):
            return None
        return value.shape[axis]

    def _same_dim(self, base: ast.expr, axis: int | None, other: ast.expr) -> bool:
        """``base`` is as long along ``axis`` as ``other`` along its first axis (by the facts)."""
        mine, theirs = self._dim(base, axis), self._dim(other, 0)
        return mine is not None and mine == theirs

    def _is_axis_size(self, size: ast.expr, base: ast.expr, axis: int | None, rank: int | None, loop: Loop | None = None) -> bool:
        """True when ``size`` is provably the length of ``axis`` of ``base`` here."""
        ctx = self.ctx
        if axis is None:
            return False
        base_text = _compact(ctx.code(base))
        candidates = {f"{base_text}.shape[{axis}]"}
        if axis == 0:
            candidates.add(f"len({base_text})")
        if rank is not None:
            candidates.add(f"{base_text}.shape[{axis - rank if axis >= 0 else axis + rank}]")
            if axis >= 0 and axis == rank - 1:
                candidates.add(f"{base_text}.shape[-1]")
        if _compact(ctx.code(size)) in candidates:
            return True
        value = ctx.value(size)
        dim = self._dim(base, axis if axis >= 0 or rank is None else axis)
        if value.kind == v.SCALAR and type(value.literal) is int:
            return isinstance(dim, int) and dim == value.literal
        if value.kind == v.SIZE and isinstance(value.length, str):
            length = _compact(value.length)
            if length in candidates or isinstance(dim, str) and _compact(dim) == length:
                return self._same_binding(size, base)
        return False

    def _same_binding(self, size: ast.expr, base: ast.expr) -> bool:
        """A size read from a name (``n = a.shape[1]``) still describes ``base`` here: the names
        ``base`` reads hold the same bindings where ``n`` was assigned."""
        ctx = self.ctx
        if not isinstance(size, ast.Name):
            return True
        bindings = ctx.facts.bindings_at(size.id, ctx.scope, ctx.statement)
        if len(bindings) != 1 or bindings[0].statement is None:
            return False
        there = bindings[0].statement
        for used in names_read(base):
            here_b = ctx.facts.bindings_at(used, ctx.scope, ctx.statement)
            there_b = ctx.facts.bindings_at(used, ctx.scope, there)
            if [id(b) for b in here_b] != [id(b) for b in there_b]:
                return False
        return True

    def _room(self, conditions: Preconditions, nest: Nest, out_name: str, initial: v.Value, output: IndexOutput) -> None:
        """The ``.at[]`` target is as long as each loop along the loop's axis (JAX drops
        out-of-range updates; a slice assignment of the wrong length raises)."""
        ctx = self.ctx
        shape = initial.shape if initial.is_array else None
        loop_entries = sum(entry is not None for entry in output.entries)
        layout = output.layout(len(shape) - loop_entries) if shape is not None and len(shape) >= loop_entries else None
        for loop in nest.loops:
            ok = False
            if layout is not None and shape is not None and len(layout) == len(shape) and loop.var in layout:
                dim = shape[layout.index(loop.var)]
                if loop.walks:
                    ok = dim is not None and dim == self._dim(loop.walks[0], 0)
                elif loop.start_value is not None and loop.start_value >= 0 and loop.stop is not None:
                    stop = ctx.value(loop.stop)
                    known = v.dim_of(stop)
                    if known is None and stop.kind == v.PARAM:
                        known = ctx.code(loop.stop)
                    ok = dim is not None and (dim == known or isinstance(dim, int) and isinstance(known, int) and 0 <= known <= dim)
            conditions.require(ok, f"`{out_name}` is as long as `{_label(loop, ctx)}` along the loop's axis")

    def _dtypes(self, conditions: Preconditions, operands: list[Factor], kind: Contraction) -> None:
        ctx = self.ctx
        for operand in operands:
            expression = operand.read.base if operand.read is not None else operand.expression
            value = ctx.value(expression)
            shown = one_line(ctx.code(expression), 25)
            if value.is_array and value.dtype is not None:
                conditions.require(value.dtype not in v.SMALL_DTYPES, f"`{shown}` is not bool or a small dtype ({value.dtype})")
                if kind == "vdot":
                    conditions.require(not value.dtype.startswith("complex"), f"`{shown}` is real (`vdot` conjugates complex numbers)")
            elif kind == "sum_product":
                # `jnp.sum` promotes bools and small integers; the einsum keeps the input's dtype.
                conditions.require(False, f"`{shown}` has a known dtype (`sum` promotes bools and small integers, the einsum does not)", ctx.dtype_callers(expression))
            elif kind == "vdot":
                conditions.require(False, f"`{shown}` has a known dtype that is real and not small (`vdot` conjugates complex numbers)", ctx.dtype_callers(expression))
            else:
                # Unknown is not proven: float16 data cast by a caller, or a dtype given as a type
                # code, would make the einsum accumulate differently.
                conditions.require(False, f"`{shown}` has a known dtype that is not bool or a small one", ctx.dtype_callers(expression))

    def _removed_code(self, conditions: Preconditions, nest: Nest) -> None:
        """Code the fix evaluates once instead of once per iteration must have no side effects."""
        bounds = [bound for loop in nest.loops for bound in (loop.start, loop.stop, loop.step) if bound is not None]
        calls = [found for node in (nest.element, *bounds) for found in impure_calls(node, self.ctx.resolve)]
        if any(has_walrus(bound) for bound in bounds):
            conditions.require(False, "the loop's bounds hold no `:=`")
        if calls:
            shown = one_line(self.ctx.code(calls[0].func), 25)
            conditions.require(False, f"`{shown}(...)` has no side effects (the rewrite calls it once, the loop once per iteration)")

    def _nonempty(self, conditions: Preconditions, nest: Nest) -> None:
        """``jnp.stack`` of no slices raises and ``jnp.array([])`` is a float vector: the loop
        must run at least once."""
        ok = True
        for loop in nest.loops:
            if loop.walks:
                dim = self._dim(loop.walks[0], 0)
                ok = ok and isinstance(dim, int) and dim > 0
            else:
                value = self.ctx.value(loop.iterable)
                ok = ok and value.kind == v.SEQUENCE and isinstance(value.length, int) and value.length > 0
        conditions.require(ok, "the loop runs at least once (the stack of no slices raises; the whole-array form does not)")

    def _maybe_list(self, read: IndexedRead) -> bool:
        """True when ``x[i]`` may index a Python list of different arrays (heads, kernels,
        components): a value known to be a sequence, or a name that says so with no array
        attribute read anywhere. A subscript with several axes (``x[:, i]``) is an array's."""
        ctx = self.ctx
        value = ctx.value(read.base)
        if value.kind in (v.SEQUENCE, v.MAPPING, v.STRING):
            return True
        if value.host and value.is_array:
            return True  # host NumPy data: its own business
        if len(read.indices) > 1 or read.ellipsis_at is not None or read.spelling != "subscript" or value.is_array:
            return False
        function = ctx.function
        base = read.base
        if function is not None and _uses_array_attribute(function, ctx.code(base), ctx):
            return False
        tail = base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else None
        return tail is not None and is_collection_name(tail)

    def _module(self, *likes: ast.expr | None) -> str:
        for like in likes:
            if like is None:
                continue
            qualified = self.ctx.resolve(like) or ""
            module = next((m for m in AUTODIFF_NUMPY if qualified.startswith(m + ".")), None)
            if module is not None:
                return module
        return "jax.numpy"

    # -- without a contraction -------------------------------------------------------------------

    def _elementwise_rewrite(self, nest: Nest, like: ast.expr | None) -> Rewrite | None:
        """``stack([f(x[:, i], w) for i in range(n)], axis=k)`` as ``f(x moved, w)`` for bodies
        elementwise in column slices (one loop; row-wise maps are GA101's)."""
        ctx = self.ctx
        if len(nest.loops) != 1 or nest.flatten or nest.loops[0].walks or not isinstance(nest.output, StackOutput):
            return None
        loop = nest.loops[0]
        element = nest.element
        if has_walrus(element):
            return None
        variables = {loop.var}
        reads: dict[int, IndexedRead] = {}

        def is_leaf(node: ast.AST) -> bool:
            read = read_indexed(node, variables, ctx.resolve)
            if read is None or read.has_window or read.keepdims or len(read.variables) != 1:
                return False
            reads[id(node)] = read
            return True

        parts = elementwise_over(element, is_leaf, ctx.resolve)
        if parts is None or not parts.leaves:
            return None
        leaves = [reads[id(leaf)] for leaf in parts.leaves]
        if any(loop.var in names_read(free) for free in parts.free):
            return None
        if not any(_column(read) for read in leaves) or any(self._maybe_list(read) for read in leaves):
            return None
        module = self._module(like)
        conditions = Preconditions()
        imports: list = []
        replacements: dict[int, ast.expr] = {}
        axis = nest.output.stacking[0][1]
        ranks: list[int | None] = []
        for read in leaves:
            rank = self._shown_rank(Factor(read.base, read))
            ranks.append(rank)
            whole = self._argument(Factor(read.node, read), nest, conditions, module, imports)
            if rank is not None:
                axes = operand_axes([index.var for index in read.indices], read.ellipsis_at, rank)
                order = permutation(axes, nest.output) if axes is not None else None
                if order is None:
                    return None
                moved = self._moved(whole, order, module, imports)
            else:
                moved = self._moved_unknown_rank(whole, read, axis, module, imports, conditions)
            if moved is None:
                return None
            replacements[id(read.node)] = moved
        free_values = [(free, ctx.value(free)) for free in parts.free]
        if any(value.kind not in (v.SCALAR, v.SIZE) for _, value in free_values):
            # The gradient of a broadcast array sums over the slices: in a small float, the
            # loop's n partial sums round differently from one sum.
            for read in leaves:
                dtype = ctx.value(read.base).dtype
                conditions.require(
                    dtype is not None and dtype not in v.SMALL_DTYPES,
                    f"`{one_line(ctx.code(read.base), 25)}` has a known dtype that is not small (the gradient of "
                    f"`{one_line(ctx.code(free_values[0][0]), 20)}` adds over the slices)",
                    ctx.dtype_callers(read.base) if dtype is None else None,
                )
        numbers = all(value.kind in (v.SCALAR, v.SIZE) or value.is_array and value.rank == 0 for _, value in free_values)
        if len(leaves) > 1 or not numbers:
            # Slices and other arrays broadcast against each other: the ranks must be known.
            for read, rank in zip(leaves, ranks):
                conditions.require(rank is not None, f"`{one_line(ctx.code(read.base), 25)}` has a known number of axes")
            known = {rank - 1 for rank in ranks if rank is not None}
            if len(known) > 1:
                return None
            view_rank = known.pop() if known else None
            for free, value in free_values:
                rank = 0 if value.kind in (v.SCALAR, v.SIZE) else value.rank if value.is_array else None
                position = axis if axis >= 0 or view_rank is None else axis + view_rank + 1
                fits = rank is not None and (rank == 0 or view_rank is not None and rank <= view_rank - position)
                conditions.require(fits, f"`{one_line(ctx.code(free), 25)}` broadcasts against the whole array as against one slice")
        replacement = substitute(element, lambda node: replacements.get(id(node)))
        summary = self._summary(leaves, nest)
        return Rewrite(replacement, summary, conditions, imports)  # type: ignore[arg-type]

    def _moved_unknown_rank(self, array: ast.expr, read: IndexedRead, axis: int, module: str, imports: list, conditions: Preconditions) -> ast.expr | None:
        """The stacked slices of an array of unknown rank: ``moveaxis(a, source, axis)`` holds
        for any rank (a slice ``a[..., i]`` counts its axis from the end); ``a[:, i]`` stacked at
        0 is written ``a.T``, which assumes two axes."""
        position = next(p for p, index in enumerate(read.indices) if index.var is not None)
        source = position if read.ellipsis_at is None or read.ellipsis_at > position else position - len(read.indices)
        if source == axis:
            return array
        if read.ellipsis_at is None and len(read.indices) == 2 and {source, axis} == {0, 1}:
            conditions.require(False, f"`{one_line(self.ctx.code(read.base), 25)}` has 2 axes (`.T` reverses all of them)")
            return ast.Attribute(value=array, attr="T", ctx=ast.Load())
        spelled, needed = self.ctx.spell(f"{module}.moveaxis")
        if not spelled:
            return None
        imports.extend(needed)
        return call(attribute_path(spelled), array, constant(source), constant(axis))

    def _moved(self, array: ast.expr, order: list[int], module: str, imports: list) -> ast.expr | None:
        """``array`` with its axes taken in ``order``: itself, ``.T`` (two axes), ``moveaxis``
        (one axis moved) or ``transpose``."""
        if order == sorted(order):
            return array
        if len(order) == 2:
            return ast.Attribute(value=array, attr="T", ctx=ast.Load())
        for source in range(len(order)):
            destination = order.index(source)
            trial = [axis for axis in range(len(order)) if axis != source]
            trial.insert(destination, source)
            if trial == order:
                spelled, needed = self.ctx.spell(f"{module}.moveaxis")
                if not spelled:
                    return None
                imports.extend(needed)
                return call(attribute_path(spelled), array, constant(source), constant(destination))
        spelled, needed = self.ctx.spell(f"{module}.transpose")
        if not spelled:
            return None
        imports.extend(needed)
        return call(attribute_path(spelled), array, ast.Tuple(elts=[constant(axis) for axis in order], ctx=ast.Load()))

    # -- windows -------------------------------------------------------------------------------

    def _window_advice(self, nest: Nest) -> str | None:
        """Advice for ``dot(x[i - 1:i + 2], w)``: one window per position is a correlation."""
        ctx = self.ctx
        if len(nest.loops) != 1 or nest.loops[0].walks:
            return None
        element = nest.element
        contraction = self._contraction(element)
        if contraction is None:
            return None
        kind, factors, spelled_like, _ = contraction
        if len(factors) != 2:
            return None
        variables = {nest.loops[0].var}
        reads = [read_indexed(factor, variables, ctx.resolve) for factor in factors]
        windowed = [read for read in reads if read is not None and read.has_window]
        if len(windowed) != 1 or len(windowed[0].indices) != 1:
            return None
        kernel = factors[1 - reads.index(windowed[0])]
        if variables & names_read(kernel) or _var_count(element, variables) != _var_count(windowed[0].node, variables):
            return None
        if self._maybe_list(windowed[0]):
            return None
        module = self._module(nest.gather, spelled_like)
        correlate, _ = ctx.spell(f"{module}.correlate")
        signal = one_line(ctx.code(windowed[0].base), 20)
        kernel_text = one_line(ctx.code(kernel), 20)
        return (
            f"contracts one window `{one_line(ctx.code(windowed[0].node), 25)}` per position over {self._over(nest)}; each window's "
            f"gradient is a full-size scatter; use one correlation, `{correlate or 'jnp.correlate'}({signal}, {kernel_text}, mode=\"valid\")` "
            "for 1-D arrays (`lax.conv_general_dilated` otherwise)"
        )

    # -- reporting ------------------------------------------------------------------------------

    def _shown(self, node: ast.AST) -> str:
        text = one_line(self.ctx.code(node), 200)
        return f"`{text}`" if len(text) <= 60 else "this comprehension"

    def _over(self, nest: Nest) -> str:
        return ", ".join(f"`{_label(loop, self.ctx)}`" for loop in nest.loops[:2])

    def _report(self, node: ast.AST, nest: Nest, message: str, fix) -> None:
        extents = [loop.extent for loop in nest.loops]
        named = next((e for e in extents if e.by_name), None)
        if named is not None:
            # `range(dim)`: small by the parameter's name alone; report only if a call site
            # passes a data size (``finalize``).
            evidence = [f"`{named.param}` reads as a small count by its name; its call sites decide"]
            self.report(node, message, size="likely", size_param=named.param, evidence=evidence, fix=fix, data={"sized_by_callers": True})
            return
        extent = next((e for e in extents if e.proof == "proven"), extents[0])
        self.report(node, message, extent=extent, fix=fix)

    @classmethod
    def finalize(cls, candidate: Candidate, project: "Project") -> Finding | None:
        if candidate.data.get("sized_by_callers"):
            trace, _ = trace_proof(candidate, project)
            size, _ = size_proof(candidate, project, trace)
            if size != "proven":
                return None  # only the name spoke, and no call site contradicts it
        return default_finalize(cls, candidate, project)


# -- helpers ------------------------------------------------------------------------------------------


def _label(loop: Loop, ctx) -> str:
    return loop.label or one_line(ctx.code(loop.iterable), 30)


def _is_product(iterable: ast.AST, ctx) -> bool:
    return isinstance(iterable, ast.Call) and ctx.resolve(iterable.func) == "itertools.product"


def _inside(statement: ast.AST | None, container: ast.AST) -> bool:
    if statement is None:
        return False
    return any(node is statement for node in walk(container))


def _var_count(node: ast.AST, variables: set[str]) -> int:
    return sum(1 for child in walk(node) if isinstance(child, ast.Name) and child.id in variables)


def _factors(product: ast.BinOp) -> list[ast.expr]:
    """The factors of ``a * b * c`` (left to right)."""
    found: list[ast.expr] = []
    stack: list[ast.expr] = [product]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            stack.extend((node.right, node.left))
        else:
            found.append(node)
    return found


def _operand_axes(read: IndexedRead | None, rank: int):
    if read is None:
        return operand_axes((), None, rank)  # type: ignore[return-value]
    entries: list[str | None] = [index.var for index in read.indices]
    ellipsis_at = read.ellipsis_at
    if read.keepdims:
        position = next(p for p, index in enumerate(read.indices) if index.var is not None)
        entries.insert(position + 1, None)
        rank += 1
    return operand_axes(entries, ellipsis_at, rank)  # type: ignore[return-value]


def _axis_position(read: IndexedRead, position: int, rank: int | None) -> int | None:
    """The axis of ``base`` that the ``position``-th written index reads (negative when it
    counts from the end after ``...`` and the rank is unknown)."""
    if read.ellipsis_at is None or position < read.ellipsis_at:
        return position
    after = len(read.indices) - position
    return rank - after if rank is not None else -after


def _column(read: IndexedRead) -> bool:
    """The loop variable indexes an axis other than the first (a column, not a row)."""
    for position, index in enumerate(read.indices):
        if index.var is not None:
            return position > 0 or read.ellipsis_at is not None and read.ellipsis_at <= position
    return False


def _linear(expr: ast.expr | None) -> tuple[ast.expr | None, int]:
    """``(base, k)`` for ``base + k`` / ``base - k`` (``(None, k)`` for a literal)."""
    return (None, 0) if expr is None else offset_of(expr)


def _plus(expr: ast.expr | None, offset: int) -> ast.expr | None:
    if expr is None:
        return None
    base, const = _linear(expr)
    total = const + offset
    if base is None:
        return constant(total)
    if total == 0:
        return base
    return ast.BinOp(left=base, op=ast.Add() if total > 0 else ast.Sub(), right=constant(abs(total)))


def _range_slice(loop: Loop) -> ast.Slice:
    """``start:stop:step`` of a loop, for ``out.at[...]``."""
    if loop.walks:
        return ast.Slice(upper=call("len", loop.walks[0]))
    lower = None if loop.start_value == 0 else loop.start
    step = None if loop.step_value == 1 else loop.step
    return ast.Slice(lower=lower, upper=loop.stop, step=step)


def _compact(text: str) -> str:
    return "".join(text.split())


def _uses_array_attribute(function: ast.AST, base: str, ctx) -> bool:
    """True when ``function`` reads ``base.shape``, ``base.T``, ``base.reshape`` or the like."""
    for node in walk(function):
        if isinstance(node, ast.Attribute) and node.attr in ARRAY_ONLY_ATTRIBUTES and ctx.code(node.value) == base:
            return True
    return False


def _at_set(statement: ast.stmt):
    """``(out, index, value)`` for ``out = out.at[index].set(value)``."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
        return None
    target = statement.targets[0].id
    value = statement.value
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "set"):
        return None
    if len(value.args) != 1 or value.keywords or isinstance(value.args[0], ast.Starred):
        return None
    at = value.func.value
    if not (isinstance(at, ast.Subscript) and isinstance(at.value, ast.Attribute) and at.value.attr == "at"):
        return None
    if not (isinstance(at.value.value, ast.Name) and at.value.value.id == target):
        return None
    return target, at.slice, value.args[0]


def _assigns_empty_list(statement: ast.stmt, outs: str) -> bool:
    return (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and statement.targets[0].id == outs
        and isinstance(statement.value, ast.List)
        and not statement.value.elts
    )


def _operand_code(text: str) -> str:
    """An operand's text, parenthesised when ``.T`` or ``@`` would bind into it."""
    if re.fullmatch(r"[\w.]+(\[[^\]]*\])?", text):
        return text
    return f"({text})"



def _is_full(node: ast.AST) -> bool:
    return isinstance(node, ast.Slice) and node.lower is None and node.upper is None and node.step is None
