"""GA101 per-sample-map: a function applied to each sample in Python and the results stacked."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis import library as lib
from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import Extent
from gradadvisor.analysis.gradient import gradient_call
from gradadvisor.analysis.syntax import name_count, names_read, one_line, positional, walk
from gradadvisor.analysis.vectorize import (
    ElementLoop,
    ProductLoop,
    batched,
    calls_jax,
    elementwise_in,
    host_work,
    index_loop,
    joined,
    length_of,
    read_loop,
    side_effects,
    while_range,
)
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.fixes.render import attribute_path, call, name
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize

#: Builtins that convert or inspect a value: ``[int(x) for x in xs]`` is not a model applied per sample.
INSPECTING_BUILTINS = frozenset(
    {"int", "float", "bool", "str", "len", "ord", "chr", "repr", "hash", "id", "type", "isinstance", "tuple", "list", "dict", "set", "print"}
)
#: Methods that read a value out rather than compute on it.
INSPECTING_METHODS = frozenset({"item", "tolist", "keys", "values", "items", "get", "copy", "format"})
#: Conversions to Python values: a body using them on the sample runs on the host and cannot be vmapped.
HOST_CONVERSIONS = frozenset({"float", "int", "bool", "complex", "str"})
HOST_METHODS = frozenset({"item", "tolist"})
#: Libraries whose module constructors build new parameters: ``hk.Linear(3)(x)`` in a loop is a new layer per sample.
MODULE_LIBRARIES = ("haiku.", "flax.linen.", "flax.nnx.", "equinox.nn.")
#: Frameworks where ``jax.vmap`` cannot map a call that creates or reads module parameters.
LIFTED_VMAP = {"haiku": "hk.vmap", "flax.linen": "nn.vmap"}
#: Joining calls, and the numpy modules whose joins the rule reads.
AUTODIFF_NUMPY = ("jax.numpy", "autograd.numpy")
#: Constructors of an array that a loop then fills item by item.
FILLED_CONSTRUCTORS = frozenset({"zeros", "empty", "ones", "zeros_like", "empty_like", "ones_like", "full"})


class PerSampleMap(Rule):
    """
    ## What it does
    Finds a function applied to each sample of a data-sized array in Python, with the
    results joined into one array: `jnp.stack([f(x) for x in xs])`,
    `jnp.array(list(map(f, xs)))` (or `map` straight inside `jnp.array`), `jnp.asarray` /
    `vstack` / `concatenate` of such a list, a list built with `for x in xs: out.append(f(x))`
    (or `while i < n: ...; i += 1`) and then stacked, and `jax.lax.map(f, xs)` (without
    `batch_size`) inside differentiated code. The loop may walk `zip(xs, ys)`,
    `zip(xs[:-1], xs[1:])`, `enumerate(xs)`, `itertools.product(xs, ys)`, or an index that
    reads two or more arrays (`f(xs[i], ys[i])`, `xs[i, ...]`, `xs[:, i]`,
    `jnp.take(xs, i, axis=1)`, `lax.dynamic_index_in_dim(xs, i, keepdims=False)`); an index
    passed to functions as a value (`jnp.stack([solve(R(t), C(t)) for t in range(T)])`) is a
    map over `jnp.arange(T)`, and per-sample random draws
    (`[MVN(m[i], S[i]).sample(seed=keys[i]) for i in range(n)]`) a map over the keys. A
    preallocated array filled item by item (`out = np.zeros(n)`, then
    `for i in range(n): out[i] = f(x[i])`) is the same map, reported where a gradient or jit
    is shown to reach it (elsewhere such a loop is host code: under a trace it cannot even
    assign). The same shape is slow in Julia's Zygote too: `sum(map(t -> nn([t]), x) .^ 2)`.

    ## Why it is slow for gradients
    Python runs the loop, so JAX sees one small computation per sample: for a network,
    a chain of matrix-vector products instead of matrix-matrix products, forward and
    backward, with every sample's weight gradient accumulated separately. Under `jit` the
    loop is unrolled, so the program, its compile time and its backward pass grow with
    the data (a small MLP on 1,000 samples: 120 s to compile the gradient against 0.2 s
    with `jax.vmap`; 2.75 s eagerly against 11 ms). `lax.map` compiles once but still runs
    the samples one after another, forward and backward.

    ## Example
    ```python
    def loss(params, xs):
        outputs = jnp.stack([mlp(params, x[None]) for x in xs])
        return jnp.sum(outputs**2)
    ```

    ## Use instead
    ```python
    def loss(params, xs):
        outputs = jax.vmap(lambda x: mlp(params, x[None]))(xs)
        return jnp.sum(outputs**2)
    ```
    A call that passes the sample whole maps the function itself, sharing the other
    arguments: `jnp.stack([net(p, x) for x in xs])` becomes
    `jax.vmap(net, in_axes=(None, 0))(p, xs)`; `jnp.stack(..., axis=k)` becomes
    `out_axes=k`; rows read along another axis map it (`in_axes=1`); `vstack`, `hstack`,
    `dstack` and `concatenate` keep their call around the mapped array, which gives the same
    result as around the list. An index used as a value maps over `jnp.arange(T)`:
    `jax.vmap(lambda t: solve(R(t), C(t)))(jnp.arange(T))`. Pairs from `itertools.product` get
    a nested `vmap` in the message (reshape its two leading axes into one). An elementwise body
    (`jnp.stack([jnp.exp(x) for x in xs])`) becomes `jnp.exp(xs)`. If the model already accepts
    a batch (a flax `Dense`, `mlp(params, xs[:, None])` above), passing the whole batch is often
    faster still.

    A list built by `for` + `append` and then stacked is reported with the rewrite in the
    message but not fixed (the fix would have to delete the loop). A list assigned from a
    comprehension and used only by the stacking calls is fixed in place. Inside a
    flax.linen or haiku module, `jax.vmap` cannot map a call that creates parameters: the
    message points to `nn.vmap` / `hk.vmap` and there is no fix. In autograd code (which has
    no `vmap`) an elementwise body gets the same substitution in `autograd.numpy`; any other
    body gets advice to compute the function for the whole batch, never `jax.vmap`.

    ## Fix safety
    Every `vmap` fix (and the `lax.map` one) is *unsafe*: Python control flow on values inside
    `f` fails under `vmap`, `f` must be a JAX function, a tuple returned by `f` comes back as a
    tuple of stacked arrays where `jnp.array` of the list made one array of it, `zip` stops at
    the shortest argument where `vmap` needs equal lengths, `range(n)` must cover exactly the
    rows of every array read at the index (JAX clamps an out-of-range `x[i]`), and the mapped
    values must be arrays (a list of arrays is mapped leaf by leaf). The elementwise
    substitution is *safe* only when all of these are proven: the iterated value is a jax array
    (not a list, a tuple or a NumPy array); the body is elementwise jax.numpy and arithmetic in
    the sample alone, other names in it being Python numbers; the array is not empty (its
    leading dimension is a literal, non-zero number: `jnp.stack` of no rows raises where the
    elementwise form returns an empty array); and for an index loop, the range is written as
    the array's own length (`range(len(xs))`, `range(xs.shape[0])`) or both are the same
    literal. Otherwise the fix says which of these it could not prove.

    ## Confirm with trace
    Confirm a finding from the program JAX builds: `gradadvisor trace FILE` on a bench file (or
    `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`); the finding then shows as
    *confirmed* under "Scan findings vs trace". The line shows `unrolled-loop`: its gradient equations grow about linearly with the number of
    samples (growth near 1). After the `vmap` rewrite the count stays flat across sizes.

    ## When not to apply
    Only loops over data-sized arrays are reported: not loops over layers, heads, a list
    of different modules or functions, pytree leaves, small literal ranges, or host-side
    values of unknown size. Not reported: `lax.map(f, xs, batch_size=...)` (chosen for
    memory), `lax.map` outside differentiated code, NumPy's `np.stack`, bodies that call NumPy,
    SciPy or `math` (host code), print or mutate (`out[i] = ...`), bodies that only index or
    convert the element (`[x[0] for x in xs]`, `[int(x) for x in xs]`), an index used as a
    slice bound or a shape (`xs[:i]`, `jnp.zeros(i)`), bodies that build a new module per
    sample (`hk.Linear(3)(x)`), loops whose iterations depend on each other (a sequential
    recurrence is a `lax.scan`, not a `vmap`), per-example gradients (GA102, including a
    parameter that callers pass a gradient function), products of slices taken at the index
    (`jnp.dot(a[:, i], b[:, i])`: GA201 writes the one `einsum`), loops over a parameter that
    every caller passes a list or tuple (stacking is how the list becomes an array), loops over
    a NumPy array unless the code is proven traced (a host driver), module-level setup code,
    and test code.
    """

    code = "GA101"
    name = "per-sample-map"
    summary = "a function applied to each sample in a Python loop and the results stacked; use `jax.vmap`"
    #: A loop or a map, and a joining call, a map or an array the loop fills: both are in the
    #: block that holds a finding.
    keywords = ("stack", "array", "concatenate", "map", "zeros", "empty", "ones", "full")
    expression_trigger = re.compile(r"(?:stack|array|concatenate|map)\s*\(")  # joins and lax.map
    trigger = (re.compile(r"\b(?:(?:for|while)\b|map\s*\()"), re.compile(r"(?:stack|array|concatenate|map|zeros|empty|ones|full)(?:_like)?\s*\("))

    VALID = (
        # Zipped with a list of objects (distributions, layers): their methods, not one function.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef sample(key, components):\n"
            "    keys = jax.random.split(key, 64)\n    return jnp.stack([d.sample(k) for k, d in zip(keys, components)])\n"
        ),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs, layers):\n    return jnp.stack([layer(x) for x, layer in zip(xs, layers)])\n"),
        # A NumPy buffer filled with a jitted step's results on the host: no trace reaches it (one
        # could not assign a tracer into it).
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n@jax.jit\ndef step(x):\n    return jnp.tanh(x).sum()\n\ndef evaluate(xs):\n    out = np.zeros(xs.shape[0])\n    for i in range(xs.shape[0]):\n        out[i] = step(xs[i])\n    return out\n"),
        # Each item reads the one before: a recurrence (GA103's), not a map.
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef f(x):\n    out = np.zeros(x.shape[0])\n    for i in range(1, x.shape[0]):\n        out[i] = jnp.tanh(out[i - 1] + x[i])\n    return out.sum()\n\ng = jax.grad(f)\n"),
        # Layers: a loop over different modules.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(self, x):\n    return jnp.stack([layer(x) for layer in self.layers])\n"),
        # A list of different functions.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(fns, x):\n    return jnp.stack([fn(x) for fn in fns])\n"),
        # lax.map with batch_size, chosen for memory.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(xs):\n    return jnp.sum(jax.lax.map(g, xs, batch_size=128))\n"),
        # lax.map outside differentiated code.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jax.lax.map(g, xs)\n"),
        # NumPy, not JAX.
        Valid("import jax\nimport numpy as np\n\n@jax.jit\ndef f(xs):\n    return np.stack([g(x) for x in xs])\n"),
        # Only indexing the element.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([x[0] for x in xs])\n"),
        # Host-side values of unknown size.
        Valid("import jax.numpy as jnp\n\ndef encode(sentences):\n    return jnp.array([tokenize(s) for s in sentences])\n"),
        # A sequential recurrence (a scan, not a map).
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(h, xs):\n    out = []\n    for x in xs:\n"
            "        h = cell(h, x)\n        out.append(h)\n    return jnp.stack(out)\n"
        ),
        # A small literal range.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return jnp.stack([jnp.roll(x, k) for k in range(3)])\n"),
        # Host-side conversions of each result cannot be vmapped.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(xs):\n    xs = jnp.asarray(xs)\n    return jnp.array([float(jnp.sum(x)) for x in xs])\n"),
        # A recurrence written with `:=`.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(h, xs):\n    return jnp.stack([(h := cell(h, x)) for x in xs])\n"),
        # The first three samples only.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([g(x) for x in xs[:3]])\n"),
        # The list is used as a list too (appended to later).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    ys = [g(x) for x in xs]\n    ys.append(xs[0])\n    return jnp.stack(ys)\n"),
        # A body calling SciPy: host code, no vmap.
        Valid("import jax\nimport jax.numpy as jnp\nimport scipy.linalg\n\n@jax.jit\ndef f(a, bs):\n    return jnp.stack([scipy.linalg.solve(a, b) for b in bs])\n"),
        # A prefix per index: the index is a slice bound, which vmap cannot map.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([jnp.sum(xs[:i]) for i in range(xs.shape[0])])\n"),
        # A NumPy buffer filled in place.
        Valid(
            "import jax\nimport numpy as np\n\ndef f(xs):\n    out = np.zeros(len(xs))\n    for i in range(len(xs)):\n"
            "        out[i] = np.tanh(xs[i])\n    return out\n"
        ),
        # Products of slices taken at the index: GA201's einsum.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n"),
        # autograd: a body that is not elementwise gets no jax.vmap (advice only, and only when the sample is mapped).
        Valid("import autograd.numpy as np\n\ndef f(xs):\n    return np.stack([np.sum(np.tanh(x)) for x in xs[:2]])\n"),
    )
    INVALID = (
        # A per-component map over two arrays: `scales` is named like a collection, the facts
        # (a parameter read as a value next to `centers`) say it is data.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef g(x, c, s):\n    return jnp.exp(-((x - c) / s) ** 2)\n\n"
            "@jax.jit\ndef features(x, centers, scales):\n    return jnp.array([g(x, c, s) for c, s in zip(centers, scales)])\n",
            message_contains="jax.vmap(g, in_axes=(None, 0, 0))(x, centers, scales)",
        ),
        # A preallocated array filled one sample at a time inside autograd's grad (HIPS/autograd#389).
        Invalid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef obj(theta):\n    n = theta.shape[0]\n    res = np.zeros(n)\n    for i in range(n):\n        res[i] = likelihood(theta[i, :])\n    return res\n\ngrad_obj = grad(lambda theta: np.sum(obj(theta)))\n",
            message_contains="writes each result into `res` item by item",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef model(params, x):\n    return jnp.tanh(params @ x).sum()\n\ndef loss(params, xs):\n    out = np.zeros(xs.shape[0])\n    for i in range(xs.shape[0]):\n        out[i] = model(params, xs[i])\n    return out.sum()\n\ng = jax.grad(loss)\n",
            message_contains="`out = jax.vmap(model, in_axes=(None, 0))(params, xs)`",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef loss(params, xs):\n    return jnp.sum(jnp.stack([mlp(params, x[None]) for x in xs]) ** 2)\n\ngrad = jax.grad(loss)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef loss(params, xs):\n    return jnp.sum(jax.vmap(lambda x: mlp(params, x[None]))(xs) ** 2)\n\ngrad = jax.grad(loss)\n",
            message_contains="jax.vmap(lambda x: mlp(params, x[None]))(xs)",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    return jnp.stack([net(p, x) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    return jax.vmap(net, in_axes=(None, 0))(p, xs)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as np\n\ndef mapall(params, x):\n    return np.sum(np.array(list(map(lambda t: nn(params, np.array([t])), x))) ** 2.0)\n\ng = jax.grad(mapall)\n",
            expected_fix="import jax\nimport jax.numpy as np\n\ndef mapall(params, x):\n    return np.sum(jax.vmap(lambda t: nn(params, np.array([t])))(x) ** 2.0)\n\ng = jax.grad(mapall)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([g(x) for x in xs], axis=1)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jax.vmap(g, out_axes=1)(xs)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.concatenate([g(xs[i]) for i in range(len(xs))])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.concatenate(jax.vmap(g)(xs))\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([jnp.exp(-x) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.exp(-xs)\n",
            applicability="unsafe",
        ),
        # The elementwise substitution, proven: a jax array of 16 rows.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    xs = jnp.reshape(xs, (16, 3))\n    return jnp.stack([jnp.exp(-xs[i]) for i in range(xs.shape[0])])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    xs = jnp.reshape(xs, (16, 3))\n    return jnp.exp(-xs)\n",
            applicability="safe",
        ),
        Invalid(
            "import jax\n\ndef loss(p, xs):\n    return jax.lax.map(lambda x: model(p, x), xs).sum()\n\ngrad = jax.grad(loss)\n",
            expected_fix="import jax\n\ndef loss(p, xs):\n    return jax.vmap(lambda x: model(p, x))(xs).sum()\n\ngrad = jax.grad(loss)\n",
            message_contains="batch_size",
        ),
        # for + append, then stacked: advice only.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    out = []\n    for x in xs:\n        out.append(net(p, x))\n    return jnp.stack(out)\n",
            message_contains="out = jax.vmap(net, in_axes=(None, 0))(p, xs)",
        ),
        # for + append with a temporary: advice to vmap a function of the loop body.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    out = []\n    for x in xs:\n        h = net(p, x)\n"
            "        out.append(jnp.tanh(h))\n    return jnp.stack(out)\n",
            message_contains="def per_sample(x): ...` and use `out = jax.vmap(per_sample)(xs)`",
        ),
        # A list comprehension assigned, then stacked: fixed in place.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    ys = [net(p, x) for x in xs]\n    return jnp.vstack(ys)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    ys = jax.vmap(net, in_axes=(None, 0))(p, xs)\n    return jnp.vstack(ys)\n",
        ),
        # The same name rebound to the joined array.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    ys = [jnp.linalg.norm(x) for x in xs]\n    ys = jnp.stack(ys)\n    return ys\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    ys = jax.vmap(jnp.linalg.norm)(xs)\n    ys = jnp.stack(ys)\n    return ys\n",
        ),
        # An index passed as a value to index-parameterised callables: a map over jnp.arange(T).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(theta, T):\n    return jnp.stack([jnp.linalg.solve(R(theta, t), C(theta, t)) for t in range(T)])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(theta, T):\n    return jax.vmap(lambda t: jnp.linalg.solve(R(theta, t), C(theta, t)))(jnp.arange(T))\n",
        ),
        # Per-sample draws with one key each: a map over the keys.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(m, S, keys):\n"
            "    return jnp.stack([MVN(m[i], S[i]).sample(seed=keys[i]) for i in range(keys.shape[0])])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(m, S, keys):\n"
            "    return jax.vmap(lambda m_i, S_i, keys_i: MVN(m_i, S_i).sample(seed=keys_i))(m, S, keys)\n",
        ),
        # Neighbouring pairs.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([step(a, b) for a, b in zip(xs[:-1], xs[1:])])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jax.vmap(step)(xs[:-1], xs[1:])\n",
        ),
        # autograd: an elementwise body stays in autograd.numpy.
        Invalid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef f(xs):\n    return np.sum(np.stack([np.tanh(x) ** 2 for x in xs]))\n\ndf = grad(f)\n",
            expected_fix="import autograd.numpy as np\nfrom autograd import grad\n\ndef f(xs):\n    return np.sum(np.tanh(xs) ** 2)\n\ndf = grad(f)\n",
        ),
        # autograd: any other body gets advice without jax.
        Invalid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef f(w, xs):\n    return np.sum(np.stack([np.dot(w, x) for x in xs]))\n\ndf = grad(f)\n",
            message_contains="autograd has no `vmap`",
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        #: A parameter of the function that the judged body calls with the sample (``f(x)`` in
        #: ``def apply(f, xs)``): GA102's finding instead when a call site passes a gradient function.
        self._callee_param: str | None = None

    # -- calls: jnp.stack([...]), jnp.array(list(map(...))), lax.map ------------------------

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        qualified = ctx.resolve(node.func) or ""
        if qualified == "jax.lax.map":
            self._lax_map(node)
            return
        function = _joining(qualified)
        if function is None or ctx.function is None:
            return
        args = positional(node)
        if not args:
            return
        found = self._per_sample(args[0])
        if found is None:
            return
        loop, extent = found
        what = self._what(loop)
        shown = _shown(ctx.code(node))
        advice = self._framework_advice(loop)
        if advice is not None:
            self.report(node, f"{shown} applies a function once per {what}; {advice}", extent=extent, data=self._data(), work=self._work(loop))
            return
        if isinstance(loop, ProductLoop):
            self.report(node, f"{shown} applies a function once per {what}; {self._product_advice(loop, qualified.rpartition('.')[0])}", extent=extent, data=self._data(), work=self._work(loop))
            return
        rewrite, fix = self._rewrite(node, loop, node, function, qualified.rpartition(".")[0])
        self.report(node, f"{shown} applies a function once per {what}; {rewrite}", extent=extent, data=self._data(), fix=fix, work=self._work(loop))

    def _lax_map(self, node: ast.Call) -> None:
        ctx = self.ctx
        if node.keywords or len(node.args) != 2 or any(isinstance(arg, ast.Starred) for arg in node.args):
            return  # batch_size=... (memory) or an unusual spelling
        if ctx.function is None:
            return
        function, xs = node.args
        operands = list(xs.elts) if isinstance(xs, ast.Tuple) else [xs]
        extents = [ctx.extent(operand) for operand in operands]
        if not all(extent.is_data for extent in extents):
            return
        vmap, imports = ctx.spell("jax.vmap")
        fix = None
        replacement = call(call(attribute_path(vmap or "jax.vmap"), function), xs)
        if vmap:
            conditions = Preconditions()
            conditions.require(False, "the function is a JAX function of one element (no Python control flow on its values)")
            rewrite = ctx.renderer.replace_expression(node, replacement)
            fix = conditions.fix(rewrite, imports=imports)
        self.report(
            node,
            f"{_shown(ctx.code(node))} runs the function on one element of `{one_line(ctx.code(xs), 30)}` after another, forward and backward; "
            f"use `{one_line(ctx.renderer.code(replacement), 100)}`, or `lax.map(..., batch_size=k)` if memory is why it is a lax.map",
            extent=extents[0], fix=fix, need="differentiated", require_trace=True,
        )

    # -- statements: ys = [...] or for + append, then jnp.stack(ys) ------------------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        ctx = self.ctx
        if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name) or ctx.function is None:
            return
        if not isinstance(node.value, (ast.ListComp, ast.Call)):
            return
        found = self._per_sample(node.value)
        if found is None:
            return
        siblings = self.ctx.block_of(node)
        if siblings is None:
            return
        block, position = siblings
        list_name = node.targets[0].id
        joins = self._joined_only(block, position, list_name, own_uses=1)
        if not joins:
            return
        loop, extent = found
        join = joins[0]
        joined_by = ctx.code(join.func)
        what = self._what(loop)
        head = f"`{list_name} = [...]` applies a function once per {what} and `{joined_by}({list_name})` joins the results"
        module = (ctx.resolve(join.func) or "").rpartition(".")[0]
        advice = self._framework_advice(loop)
        if advice is not None or isinstance(loop, ProductLoop):
            self.report(node.value, f"{head}; {advice or self._product_advice(loop, module)}", extent=extent, data=self._data(), work=self._work(loop))  # type: ignore[arg-type]
            return
        rewrite, fix = self._rewrite(node.value, loop, None, None, module, assigned=list_name)
        self.report(node.value, f"{head}; {rewrite}", extent=extent, data=self._data(), fix=fix, work=self._work(loop))

    def visit_For(self, node: ast.For) -> None:
        ctx = self.ctx
        if node.orelse or ctx.function is None:
            return
        self._append_loop(node, node.body, lambda body: self._per_element(node.target, node.iter, body, joined_value=False), f"for {one_line(ctx.code(node.target), 20)} in {one_line(ctx.code(node.iter), 30)}")
        self._fill_loop(node)

    def _fill_loop(self, node: ast.For) -> None:
        """``out = np.zeros(n)`` ... ``for i in range(n): out[i] = f(x[i])``: one call per
        sample written into a preallocated array item by item (under a gradient an autograd or
        jax array cannot even be assigned into)."""
        ctx = self.ctx
        if len(node.body) != 1 or not isinstance(node.target, ast.Name):
            return
        stmt = node.body[0]
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript)):
            return
        target, value, index = stmt.targets[0], stmt.value, node.target.id
        if not (isinstance(target.value, ast.Name) and isinstance(target.slice, ast.Name) and target.slice.id == index):
            return
        buffer = target.value.id
        if buffer in names_read(value) or isinstance(value, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
            return  # reads what an earlier step wrote (a recurrence), or fills a row with a tuple
        siblings = self.ctx.block_of(node)
        if siblings is None:
            return
        block, position = siblings
        made = None
        for earlier in block[:position]:
            if isinstance(earlier, ast.Assign) and len(earlier.targets) == 1 and isinstance(earlier.targets[0], ast.Name) and earlier.targets[0].id == buffer:
                made = earlier.value
        constructor = ctx.resolve(made.func) if isinstance(made, ast.Call) else None
        if constructor is None or not constructor.startswith(AUTODIFF_NUMPY + ("numpy.",)) or constructor.rpartition(".")[2] not in FILLED_CONSTRUCTORS:
            return  # not a fresh array made for the loop to fill
        found = self._per_element(node.target, node.iter, value, joined_value=False)
        if found is None:
            return
        loop, extent = found
        autograd = constructor.startswith("autograd.")
        head = (
            f"`for {index} in {one_line(ctx.code(node.iter), 30)}: {buffer}[{index}] = ...` applies a function once per "
            f"{self._what(loop)} and writes each result into `{buffer}` item by item (under a gradient an array cannot be assigned into)"
        )
        advice = self._framework_advice(loop)
        if advice is not None or isinstance(loop, ProductLoop):
            text = advice or self._product_advice(loop, "autograd.numpy" if autograd else "jax.numpy")
        else:
            text, _ = self._rewrite(value, loop, None, None, "autograd.numpy" if autograd else "jax.numpy", assigned=buffer, advice_only=True)
            text = text.replace("replace the loop and the list with", f"replace `{buffer}`'s allocation and the loop with")
        # Assigning into an array fails under a trace (jax arrays are immutable; a NumPy buffer
        # cannot hold a tracer), so code that runs is host code unless a trace is shown.
        self.report(node, f"{head}; {text}", extent=extent, data=self._data(), work=self._work(loop), require_trace=True)

    def visit_While(self, node: ast.While) -> None:
        ctx = self.ctx
        if ctx.function is None:
            return
        siblings = self.ctx.block_of(node)
        if siblings is None:
            return
        found = while_range(node, siblings[0][: siblings[1]])
        if found is None:
            return
        index, bound, body = found
        extent = ctx.extent_of_bound(bound)

        def per_element(expression: ast.AST):
            loop = index_loop(index, bound, expression, code=ctx.code, resolve=ctx.resolve, is_builtin=ctx.is_builtin, arange=self._arange)
            return self._judge(loop, extent, expression, joined_value=False)

        self._append_loop(node, body, per_element, f"while {index} < {one_line(ctx.code(bound), 20)}")

    def _append_loop(self, node: ast.For | ast.While, body: list[ast.stmt], per_element, header: str) -> None:
        """``out = []`` ... ``for x in xs: ...; out.append(value)`` ... ``jnp.stack(out)``: advice."""
        ctx = self.ctx
        if not body or not all(isinstance(stmt, (ast.Assign, ast.Expr)) for stmt in body):
            return
        append = body[-1]
        if not (
            isinstance(append, ast.Expr)
            and isinstance(append.value, ast.Call)
            and isinstance(append.value.func, ast.Attribute)
            and append.value.func.attr == "append"
            and isinstance(append.value.func.value, ast.Name)
            and len(append.value.args) == 1
            and not append.value.keywords
            and not isinstance(append.value.args[0], ast.Starred)
        ):
            return
        list_name = append.value.func.value.id
        value = append.value.args[0]
        if isinstance(value, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
            return  # joined per sample into one array, but vmapped into a tuple of arrays
        # Each iteration must stand alone: temporaries are assigned before they are read, and
        # nothing assigned in the body is read before its assignment (that would carry state).
        steps: list[ast.expr] = []
        assigned: set[str] = set()
        for stmt in body[:-1]:
            if not isinstance(stmt, ast.Assign) or not all(isinstance(target, (ast.Name, ast.Tuple)) for target in stmt.targets):
                return
            for target in stmt.targets:
                assigned |= names_read(target)
            steps.append(stmt.value)
        available: set[str] = set()
        for stmt in body[:-1]:
            if names_read(stmt.value) & (assigned - available):  # type: ignore[attr-defined]
                return
            for target in stmt.targets:  # type: ignore[attr-defined]
                available |= names_read(target)
        if list_name in assigned or list_name in names_read(value) or any(list_name in names_read(step) for step in steps):
            return
        siblings = self.ctx.block_of(node)
        if siblings is None:
            return
        block, position = siblings
        if not any(
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == list_name and isinstance(stmt.value, ast.List) and not stmt.value.elts
            for stmt in block[:position]
        ):
            return
        joins = self._joined_only(block, position, list_name, own_uses=2)
        if not joins:
            return
        expression = value if not steps else ast.Tuple(elts=[*steps, value], ctx=ast.Load())
        found = per_element(expression)
        if found is None:
            return
        loop, extent = found
        joined_by = ctx.code(joins[0].func)
        head = f"`{header}: {list_name}.append(...)` applies a function once per {self._what(loop)} and `{joined_by}({list_name})` joins the results"
        autograd = (ctx.resolve(joins[0].func) or "").startswith("autograd.")
        advice = self._framework_advice(loop)
        if advice is not None or isinstance(loop, ProductLoop):
            self.report(node, f"{head}; {advice or self._product_advice(loop, 'autograd.numpy' if autograd else 'jax.numpy')}", extent=extent, data=self._data(), work=self._work(loop))  # type: ignore[arg-type]
            return
        if steps:
            variables = ", ".join(loop.variables)
            arrays = ", ".join(one_line(ctx.code(array), 30) for array in loop.arrays)
            if autograd:
                rewrite = f"autograd has no `vmap`: compute the loop body for the whole batch `{arrays}` at once"
            else:
                vmap, _ = ctx.spell("jax.vmap")
                rewrite = f"move the loop body into `def per_sample({variables}): ...` and use `{list_name} = {vmap or 'jax.vmap'}(per_sample)({arrays})`"
        else:
            text, _ = self._rewrite(value, loop, None, None, "autograd.numpy" if autograd else "jax.numpy", assigned=list_name, advice_only=True)
            rewrite = text
        self.report(node, f"{head}; {rewrite}", extent=extent, data=self._data(), work=self._work(loop))

    def _joined_only(self, statements: list[ast.stmt], index: int, list_name: str, own_uses: int) -> list[ast.Call]:
        """The joining calls of the list ``list_name`` (``jnp.stack(name)``...) in the statements
        after ``index``, when they are its only other uses in the function (after
        ``name = jnp.stack(name)`` the name holds the array, and may be used freely); empty
        otherwise. ``own_uses``: the uses made by the loop or assignment that builds the list."""
        ctx = self.ctx

        def is_join(node: ast.AST) -> bool:
            if not isinstance(node, ast.Call):
                return False
            args = positional(node)
            return bool(args) and isinstance(args[0], ast.Name) and args[0].id == list_name and _joining(ctx.resolve(node.func)) is not None

        found: list[ast.Call] = []
        later = statements[index + 1 :]
        accounted = own_uses
        for position, statement in enumerate(later):
            found.extend(node for node in walk(statement) if is_join(node))  # type: ignore[misc]
            if (
                isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
                and statement.targets[0].id == list_name and is_join(statement.value)
            ):
                # ``ys = jnp.stack(ys)``: from here on ``ys`` is the joined array.
                accounted += 1 + sum(name_count(rest, list_name) for rest in later[position + 1 :])
                break
        if not found or name_count(ctx.function, list_name) != accounted + len(found):  # type: ignore[arg-type]
            return []
        return found

    # -- reading the per-sample loop ------------------------------------------------------------

    def _per_sample(self, expr: ast.AST) -> tuple[ElementLoop | ProductLoop, Extent] | None:
        """The per-sample loop that builds the list ``expr``: a comprehension, ``list(map(f, xs))``
        or ``map(f, xs)``."""
        ctx = self.ctx
        if isinstance(expr, ast.ListComp):
            if len(expr.generators) != 1:
                return None
            generator = expr.generators[0]
            if generator.ifs or generator.is_async:
                return None
            return self._per_element(generator.target, generator.iter, expr.elt)
        if not isinstance(expr, ast.Call):
            return None
        if (ctx.is_builtin(expr.func, "list") or ctx.is_builtin(expr.func, "tuple")) and len(expr.args) == 1 and not expr.keywords:
            expr = expr.args[0]
        if isinstance(expr, ast.Call) and ctx.is_builtin(expr.func, "map"):
            return self._mapped(expr)
        return None

    def _mapped(self, node: ast.Call) -> tuple[ElementLoop, Extent] | None:
        """``map(f, xs, ys)`` read as the loop ``f(x, y) for x, y in zip(xs, ys)``."""
        if len(node.args) < 2 or node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            return None
        function = node.args[0]
        arrays = node.args[1:]
        taken = names_read(node)
        variables = [f"_sample{index}" for index in range(len(arrays))]
        if any(variable in taken for variable in variables):
            return None
        body = ast.Call(func=function, args=[name(variable) for variable in variables], keywords=[])
        iterable = arrays[0] if len(arrays) == 1 else ast.Call(func=name("zip"), args=list(arrays), keywords=[])
        target = name(variables[0]) if len(arrays) == 1 else ast.Tuple(elts=[name(variable) for variable in variables], ctx=ast.Store())
        if isinstance(function, ast.Lambda):
            # Judge the lambda's own body, with its parameters as the loop variables.
            params = function.args
            if params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs or len(params.args) != len(arrays):
                return None
            inner = [arg.arg for arg in params.args]
            judged_target = name(inner[0]) if len(inner) == 1 else ast.Tuple(elts=[name(item) for item in inner], ctx=ast.Store())
            judged = self._per_element(judged_target, iterable, function.body)
            if judged is None or not isinstance(judged[0], ElementLoop):
                return None
            return ElementLoop(tuple(variables), tuple(arrays), body, assumptions=judged[0].assumptions), judged[1]
        found = self._per_element(target, iterable, body)
        return found if found is None or isinstance(found[0], ElementLoop) else None  # type: ignore[return-value]

    def _per_element(self, target: ast.AST, iterable: ast.AST, body: ast.AST, joined_value: bool = True):
        """The loop read as a per-sample map, with its extent; None when it is not one.
        ``joined_value``: ``body`` is the value joined per sample (not a stand-in for a loop
        body's statements)."""
        ctx = self.ctx
        loop = read_loop(target, iterable, body, code=ctx.code, resolve=ctx.resolve, is_builtin=ctx.is_builtin, arange=self._arange)
        return self._judge(loop, ctx.extent(iterable) if loop is not None else None, body, joined_value)

    def _judge(self, loop: ElementLoop | ProductLoop | None, extent: Extent | None, body: ast.AST, joined_value: bool):
        ctx = self.ctx
        self._callee_param = None
        if loop is None or extent is None or not extent.is_data:
            return None
        if joined_value and isinstance(body, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
            return None  # joined per sample into one array, but vmapped into a tuple of arrays
        if host_work(body, ctx.resolve) or side_effects(body, ctx.is_builtin):
            return None  # host code (NumPy, SciPy, printing, buffers): never a vmap
        if not self._applies_function(loop):
            return None
        if isinstance(loop, ElementLoop) and loop.count is not None and self._slice_contraction(loop):
            return None  # products of slices taken at the index: GA201 writes the one einsum
        if isinstance(loop, ElementLoop) and loop.axes and any(axis != 0 for axis in loop.axes) and _arithmetic_only(loop):
            return None  # `m + d[:, i]` per column: GA201's whole-array rewrite (`m + d.T`)
        for position, array in enumerate(loop.arrays):
            if _is_new(array):
                continue  # jnp.arange(n) for an index used as a value
            if ctx.value(array).kind == v.SEQUENCE:
                return None  # a list of arrays: jax.vmap would map its leaves instead
            walked = ctx.extent(array)
            if not walked.is_data and not (walked.named and len(loop.arrays) > 1 and _plain_data(array, loop, position)):
                return None  # (zip(centers, scales): a name alone does not make `scales` a list)
        return loop, extent

    def _applies_function(self, loop: ElementLoop | ProductLoop) -> bool:
        """True when the body applies one function to the sample: not indexing or converting it, not
        calling the sample itself, not building a new module per sample, not a gradient (GA102)."""
        ctx = self.ctx
        variables = set(loop.variables)
        applies = False
        for node in walk(loop.body):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id in variables or isinstance(func, ast.Subscript) and names_read(func) & variables:
                return False  # the sample is the function: layers, heads, a list of callables
            if isinstance(func, ast.Call):
                constructor = ctx.value(func.func)
                built = ctx.resolve(func.func) or (constructor.function if constructor.kind == v.MODULE else None) or ""
                if built.startswith(MODULE_LIBRARIES):
                    return False  # a new module (new parameters) for every sample: ``hk.Linear(3)(x)``
            arguments = [*node.args, *(item.value for item in node.keywords)]
            uses_sample = any(names_read(arg) & variables for arg in arguments)
            if uses_sample and not isinstance(func, ast.Lambda):
                gradient = gradient_call(node, ctx)
                if gradient is not None and gradient[1] is None:
                    return False  # per-example gradients: GA102
                if gradient is not None:
                    self._callee_param = gradient[1]  # GA102's if a call site passes a gradient function
            if uses_sample and isinstance(func, ast.Name) and func.id in HOST_CONVERSIONS and ctx.is_builtin(func, func.id):
                return False  # float(model(x)): host-side values per sample
            if isinstance(func, ast.Attribute) and func.attr in HOST_METHODS and names_read(func.value) & variables:
                return False  # loss(x).item()
            if isinstance(func, ast.Attribute) and names_read(func.value) & variables:
                applies = applies or func.attr not in INSPECTING_METHODS
            elif uses_sample:
                applies = applies or not (isinstance(func, ast.Name) and func.id in INSPECTING_BUILTINS and ctx.is_builtin(func, func.id))
        if applies:
            return True
        return isinstance(loop, ElementLoop) and len(loop.variables) == 1 and elementwise_in(loop.body, loop.variables[0], ctx.resolve) is not None

    def _slice_contraction(self, loop: ElementLoop) -> bool:
        """The body contracts slices read at the index (``jnp.dot(a[:, i], b[:, i])``,
        ``a[i] @ b``, ``jnp.sum(a[i] * b[i])``): one ``jnp.einsum`` does the whole loop (GA201)."""
        body = loop.body
        variables = set(loop.variables)

        def operands_ok(operands) -> bool:
            return any(isinstance(item, ast.Name) and item.id in variables for item in operands) and all(
                isinstance(item, ast.Name) or not (names_read(item) & variables) for item in operands
            )

        if isinstance(body, ast.BinOp) and isinstance(body.op, ast.MatMult):
            return operands_ok([body.left, body.right])
        if not isinstance(body, ast.Call):
            return False
        function = (self.ctx.resolve(body.func) or "").rpartition(".")[2]
        if function in ("dot", "matmul", "inner", "vdot") and len(body.args) == 2:
            return operands_ok(body.args)
        product = body.args[0] if function == "sum" and len(body.args) == 1 and not body.keywords else None
        if isinstance(body.func, ast.Attribute) and body.func.attr == "sum" and not body.args and not body.keywords:
            product = body.func.value
        return isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult) and operands_ok([product.left, product.right])

    def _framework_advice(self, loop: ElementLoop | ProductLoop) -> str | None:
        """For a body calling modules inside flax.linen or haiku code, the lifted vmap to use instead."""
        ctx = self.ctx
        klass = _method_class(ctx.scopes)
        framework = None
        if klass is not None:
            for base in klass.bases:
                qualified = ctx.resolve(base) or ""
                for prefix in LIFTED_VMAP:
                    if qualified.startswith(prefix + "."):
                        framework = prefix
        if framework is None and ctx.names.imports_module("haiku"):
            framework = "haiku"
        if framework is None:
            return None
        variables = set(loop.variables)
        for node in walk(loop.body):
            if not isinstance(node, ast.Call):
                continue
            qualified = ctx.resolve(node.func) or ""
            if qualified.startswith("jax.") or isinstance(node.func, ast.Attribute) and names_read(node.func.value) & variables:
                continue
            return (
                f"inside {framework} code `jax.vmap` cannot map calls that create or read module parameters: "
                f"use `{LIFTED_VMAP[framework]}`, or pass the whole batch if the module accepts one"
            )
        return None

    # -- the rewrite -----------------------------------------------------------------------------

    def _rewrite(self, target: ast.expr, loop: ElementLoop, join: ast.Call | None, function: str | None, module: str, assigned: str | None = None, advice_only: bool = False):
        """The advice text (naming the rewrite) and the fix (None when there is none)."""
        ctx = self.ctx
        autograd = module == "autograd.numpy"
        vmap, vmap_imports = ("", []) if autograd else ctx.spell("jax.vmap")
        if join is not None and function is not None:
            vectorized, _ = joined(join, function, loop, ctx.resolve, vmap or "jax.vmap")
        else:
            vectorized = batched(loop, ctx.resolve, vmap or "jax.vmap")
        prefix = f"{assigned} = " if assigned else ""
        if vectorized.how == "vmap" and autograd:
            arrays = ", ".join(one_line(ctx.code(array), 30) for array in loop.arrays if not _is_new(array))
            return f"autograd has no `vmap`: compute the function for the whole batch `{arrays}` at once (write it to take a batch)", None
        text = one_line(ctx.renderer.code(vectorized.expression), 120)
        if advice_only:
            return f"replace the loop and the list with `{prefix}{text}`", None
        advice = f"build the array at once: `{prefix}{text}`" if assigned else f"use `{text}`"
        if vectorized.how == "vmap" and not vmap:
            return advice, None
        conditions = Preconditions()
        if vectorized.how == "vmap":
            for assumption in vectorized.assumptions:
                conditions.require(False, assumption)
            for array in loop.arrays:
                if not _is_new(array):
                    conditions.require(ctx.value(array).is_array, f"`{one_line(ctx.code(array), 30)}` is an array (a list of arrays would be mapped leaf by leaf)")
            if loop.count is not None:
                indexed = [(array, loop.axis(k)) for k, array in enumerate(loop.arrays) if getattr(array, "lineno", None) is not None]
                conditions.require(
                    all(length_of(loop.count, array, axis, ctx.code) for array, axis in indexed),
                    f"`{one_line(ctx.code(loop.count), 30)}` is the number of rows of every array read at the index (JAX clamps an out-of-range index; `vmap` maps every row)",
                )
        else:
            self._elementwise_conditions(conditions, loop)
        rewrite = ctx.renderer.replace_expression(target, vectorized.expression)
        fix = conditions.fix(rewrite, imports=vmap_imports if vectorized.how == "vmap" else [])
        return advice, fix

    def _elementwise_conditions(self, conditions: Preconditions, loop: ElementLoop) -> None:
        ctx = self.ctx
        array = loop.arrays[0]
        text = one_line(ctx.code(array), 30)
        value = ctx.value(array)
        conditions.require(value.is_array and not value.host, f"`{text}` is a jax array (not a list, a tuple or a NumPy array)")
        shape = elementwise_in(loop.body, loop.variables[0], ctx.resolve)
        for free in sorted(shape.free if shape is not None else ()):
            try:
                expression = ast.parse(free, mode="eval").body
            except SyntaxError:
                expression = None
            kind = ctx.value(expression).kind if expression is not None else v.UNKNOWN
            conditions.require(kind in (v.SCALAR, v.SIZE), f"`{free}` broadcasts against the whole array as against one row (it is a Python number)")
        rows = value.shape[0] if value.is_array and value.shape else None
        conditions.require(
            isinstance(rows, int) and rows > 0,
            f"`{text}` is not empty (stacking no rows raises, or gives a different shape; the elementwise form returns an empty array)",
        )
        if loop.count is not None:
            count = ctx.value(loop.count)
            same_literal = isinstance(rows, int) and count.kind == v.SCALAR and count.literal == rows
            conditions.require(
                length_of(loop.count, array, 0, ctx.code) or same_literal,
                f"`range({one_line(ctx.code(loop.count), 30)})` covers exactly the rows of `{text}`",
            )

    def _product_advice(self, loop: ProductLoop, module: str = "jax.numpy") -> str:
        ctx = self.ctx
        if module == "autograd.numpy":
            arrays = " and ".join(f"`{one_line(ctx.code(array), 30)}`" for array in loop.arrays)
            return f"autograd has no `vmap`: compute the function for every combination of {arrays} at once, by broadcasting"
        vmap, _ = ctx.spell("jax.vmap")
        expression: ast.expr = loop.body  # type: ignore[assignment]
        for variable, array in reversed(list(zip(loop.variables, loop.arrays))):
            lam = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=variable)], kwonlyargs=[], kw_defaults=[], defaults=[]), body=expression)
            expression = call(call(attribute_path(vmap or "jax.vmap"), lam), array)
        return f"use a nested map, `{one_line(ctx.renderer.code(expression), 120)}`, and merge its leading axes into one row per combination"

    # -- phase 2 ---------------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project) -> Finding | None:
        """A body calling a parameter with the sample is GA102's finding when a call site passes
        that parameter a gradient function (``fit(jax.grad(loss), xs)``): not reported twice."""
        param = candidate.data.get("param")
        if param and candidate.scopes and any(fact.kind == "gradient" for fact in project.arguments(candidate.path, candidate.scopes[0], param)):
            return None
        if candidate.size_param and candidate.per_element and candidate.scopes:
            # Every caller passes a list or tuple: stacking what is computed per item is how a
            # list becomes an array, and ``vmap`` would map the list's leaves instead.
            passed = project.arguments(candidate.path, candidate.scopes[0], candidate.size_param)
            if passed and all(fact.kind == "sequence" or fact.kind.startswith("seq:") for fact in passed):
                return None
        return default_finalize(cls, candidate, project)

    # -- shared ----------------------------------------------------------------------------------

    def _data(self) -> dict | None:
        return {"param": self._callee_param} if self._callee_param else None

    def _what(self, loop: ElementLoop | ProductLoop) -> str:
        ctx = self.ctx
        arrays = [one_line(ctx.code(array), 30) for array in loop.arrays if not _is_new(array)]
        if isinstance(loop, ProductLoop):
            return "combination of rows of " + " and ".join(f"`{array}`" for array in arrays)
        if arrays:
            return f"element of `{arrays[0]}`"
        return f"value of `{loop.variables[0]}` in `range({one_line(ctx.code(loop.count), 30)})`" if loop.count is not None else "element"

    def _work(self, loop: ElementLoop | ProductLoop) -> str:
        """"host" when the loop walks a NumPy array (a host driver, unless a trace is proven);
        "jax" when it walks a jax array or the body calls jax; else "unknown"."""
        ctx = self.ctx
        values = [ctx.value(array) for array in loop.arrays if not _is_new(array)]
        if any(value.host for value in values):
            return "host"
        if any(value.is_array for value in values) or calls_jax(loop.body, ctx.resolve, ctx.local_function):
            return "jax"  # the elements are jax arrays, or the body calls jax
        return "unknown"

    def _arange(self, count: ast.expr) -> ast.expr:
        spelled, _ = self.ctx.spell(f"{self.ctx.names.numpy_module()}.arange")
        return call(attribute_path(spelled or "jnp.arange"), count)


def _method_class(scopes: list[ast.AST]) -> ast.ClassDef | None:
    """The class whose method holds the code being visited (through functions nested in the method)."""
    for node in reversed(scopes):
        if isinstance(node, ast.ClassDef):
            return node
    return None


def _joining(qualified: str | None) -> str | None:
    qualified = qualified or ""
    module, _, function = qualified.rpartition(".")
    return function if module in AUTODIFF_NUMPY and function in lib.JOINING else None


def _plain_data(array: ast.expr, loop: ElementLoop, position: int) -> bool:
    """``scales`` in ``zip(centers, scales)`` may be an array whatever its name says: a parameter
    (not ``self.components``) whose element the body reads only as a value, never through an
    attribute or a call of its own (``d.sample(k)``: a list of objects)."""
    if not isinstance(array, ast.Name) or position >= len(loop.variables):
        return False
    variable = loop.variables[position]
    for node in walk(loop.body):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == variable:
            return False
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == variable:
            return False
    return True


def _is_new(node: ast.AST) -> bool:
    """A node the rule built (``jnp.arange(n)`` for an index used as a value): no position."""
    return getattr(node, "lineno", None) is None


def _shown(text: str, limit: int = 70) -> str:
    """``text`` on one line, in backticks, cut to about ``limit`` characters."""
    text = " ".join(text.split())
    return f"`{text}`" if len(text) <= limit else f"`{text[: limit - 5]} ...`"



def _arithmetic_only(loop: ElementLoop) -> bool:
    """The body is arithmetic on the slices (no function applied): not a map of a function."""
    return len(loop.variables) == 1 and not any(isinstance(node, ast.Call) for node in walk(loop.body))
