"""GA101 per-sample-map: a function applied to each sample in Python and the results stacked."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis.blocks import BATCHED_BLOCKS, chunk_evidence
from gradadvisor.analysis.stopped_gradient import stopped_result
from gradadvisor.analysis.gradient import gradient_shown
from gradadvisor.analysis.host_code import mapped_fallback
from gradadvisor.analysis.per_example_gradients import gradient_loop
from gradadvisor.analysis.sample_sites import per_element_sites, sites_advice
from gradadvisor.analysis.per_sample import list_join, lists_passed, non_arrays_passed, quoted, walked, while_loop
from gradadvisor.analysis.sample_map import SampleMap, appended_map, assigned_map, buffer_map, lax_map_over_data, of_index, of_list, of_loop, returned_map, work
from gradadvisor.analysis.stacked_copies import copies_message, stacked_copies
from gradadvisor.analysis.stacked_lists import builtin_sum, pair_list
from gradadvisor.analysis.syntax import one_line, positional
from gradadvisor.analysis.window_gathers import appended_windows, stacked_windows
from gradadvisor.fixes.vmap_rewrite import (
    appended_advice, appended_head, blocked_advice, buffer_advice, buffer_head, join_module, joined_by, lax_map_advice, pair_list_advice, per_sample_advice,
    returned_comprehension_message, returned_list_message, sample_map_advice, summed_list_advice, window_message,
)
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize, drives_compiled

class PerSampleMap(Rule):
    """
    ## What it does
    Finds a function applied to each sample of a data-sized array in Python, the results joined
    into one array: a comprehension or `map` inside `jnp.stack` / `array` / `asarray` / `vstack` /
    `concatenate`, a list built by `append` in a `for` (or counted `while`) loop then joined, a
    buffer filled item by item (`out[i] = f(x[i])`, where a trace is shown), a loop in a branch of
    an `if` filling a list that starts empty before it and is joined after it, `jax.lax.map(f, xs)`
    without `batch_size` in differentiated code, and one NumPyro/Pyro site per element in a model.
    The loop may walk the rows of one or more arrays (`zip`, `enumerate`, `itertools.product`,
    neighbouring pairs), an index read into several arrays (`xs[i]`, `xs[:, i]`, `xs[i, 2:5]`,
    `jnp.take`, `lax.dynamic_index_in_dim`, a row at its own position `x[i, idx[i]]`, a block
    `x[:, i * k:(i + 1) * k]` or `x[s:s + k]` over `range(0, n, k)`: a row of a reshaped view, a
    row from the end `x[n - 1 - i]`: over `x[n - 1::-1]`), an index used as a value, or per-sample
    keys. With
    advice and no fix: a reduction of such a list (`jnp.sum([...])`, the builtin `sum`), a loop
    filling several lists, sliding windows stacked one position at a time, a value per pair of a
    triangular double loop or of two data-sized ranges, a list returned as is (built by `append`,
    or `return [f(x) for x in xs]` under a trace), each result appended inside a one-element list
    (`xs.append([f(x)])`: the joined array has an extra axis of length 1), a list that starts with
    items (`out = [xs[0]]`) or whose truth is tested (`if out:`), a step that splits a key afresh
    (`key, sub = jax.random.split(key)`: one key per step, split once), copies of one value
    stacked per element (`jnp.stack([x for _ in xs])`: `jnp.broadcast_to`, `analysis/stacked_copies.py`). Julia's Zygote is slow on the same shape:
    `sum(map(t -> nn([t]), x) .^ 2)`.

    ## Why it is slow for gradients
    JAX sees one small computation per sample: for a network, matrix-vector products instead of
    matrix-matrix ones, forward and backward, each sample's weight gradient accumulated apart.
    Under `jit` the loop unrolls, so the program, its compile time and its backward pass grow
    with the data (a small MLP on 1,000 samples: 120 s to compile the gradient against 0.2 s with
    `jax.vmap`; 2.75 s eagerly against 11 ms). `lax.map` compiles once but still runs the
    samples one after another, forward and backward.

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
    A sample passed whole maps the function itself (`jax.vmap(net, in_axes=(None, 0))(p, xs)`);
    `axis=k` becomes `out_axes=k`, rows along another axis `in_axes=1`; `vstack`, `hstack`,
    `concatenate` stay around the mapped array. An index used as a value maps over
    `jnp.arange(T)`; pairs from `itertools.product` get a nested `vmap`; an elementwise body
    (`[jnp.exp(x) for x in xs]`) becomes `jnp.exp(xs)`. A model that takes a batch is faster
    still. A comprehension used only by the joins is fixed in place; `for` + `append` gets the
    rewrite in the message (a fix would delete the loop). flax.linen or haiku modules need
    `nn.vmap` / `hk.vmap` (named, no fix); autograd (no `vmap`) gets the elementwise body in
    `autograd.numpy` or advice to compute the whole batch.

    ## Fix safety
    Every `vmap` fix (and the `lax.map` one) is *unsafe*: Python control flow on values fails
    under `vmap`; a tuple `f` returns comes back as a tuple of stacked arrays; `zip` stops at the
    shortest where `vmap` needs equal lengths; `range(n)` must cover exactly the rows read (JAX
    clamps `x[i]`); the mapped values must be arrays (a list is mapped leaf by leaf). The
    elementwise substitution is *safe* when all are proven: the iterated value is a non-empty
    jax array (not a list, tuple or NumPy array); the body is elementwise jax.numpy in the sample
    alone, other names Python numbers; an index loop's range is the array's own length. The fix
    lists what it could not prove.

    ## Confirm with trace
    `gradadvisor trace FILE` (or `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`):
    `unrolled-loop` on the line, *confirmed*, its gradient equations growing about linearly
    with the samples (growth near 1); after the `vmap` rewrite the count stays flat.

    ## When not to apply
    Only loops over data-sized arrays: not layers, heads, lists of modules or functions, pytree
    leaves, small literal ranges, host values of unknown size. Not reported: `lax.map` with
    `batch_size=` or of `jax.checkpoint(f)` (memory), or outside differentiated code; `np.stack`;
    a Python loop over blocks each mapped already (`jax.vmap(f)(xs[s:s + 512])`) unless a trace
    is shown (then the advice keeps the blocks: `jax.lax.map` over the reshaped views); a step
    that prints unless a trace is shown (then advice only: the print runs once, at trace time);
    bodies that call NumPy, SciPy or `math`, print or mutate (`out[i] = ...`), only index or
    convert the element (`x[0]`, `int(x)`), use the index as a slice bound or shape (`xs[:i]`,
    `jnp.zeros(i)`), or build a module per sample (`hk.Linear(3)(x)`); dependent iterations (a
    recurrence is a `lax.scan`); per-example gradients (GA102, a parameter callers pass a
    gradient function included); products of slices at the index (`jnp.dot(a[:, i], b[:, i])`:
    GA201's `einsum`); a parameter every caller passes a list or tuple; a NumPy array unless
    proven traced (a host driver); module-level setup code; test code.
    """

    code = "GA101"
    name = "per-sample-map"
    summary = "a function applied to each sample in a Python loop and the results stacked; use `jax.vmap`"
    #: A loop or a map, and a joining call, a map or an array the loop fills: both are in the
    #: block that holds a finding.
    keywords = ("stack", "array", "concatenate", "map", "zeros", "empty", "ones", "full", "append", "sample", "([", "sum(", "return [")
    expression_trigger = re.compile(r"(?:stack|array|concatenate|map)\s*\(|\(\[")  # joins, lax.map, a helper given a list
    trigger = (re.compile(r"\b(?:(?:for|while)\b|map\s*\()"), re.compile(r"(?:stack|array|concatenate|map|zeros|empty|ones|full)(?:_like)?\s*\(|\.append\s*\(|\(\[|\b(?:sample|sum)\s*\(|\breturn \["))

    VALID = (
        # The eager fallback where mapping failed (`vmap` would fail the same way); a stateful method (a recurrence).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef draw(f, keys):\n    try:\n        return jax.lax.map(f, keys)\n    except TypeError:\n        return jnp.array([f(k) for k in keys])\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\nclass F:\n    def push(self, s):\n        self.h = self.h * 0.5 + s\n        return self.h\n\n@jax.jit\ndef run(xs):\n    f = F()\n    return jnp.array([f.push(s) for s in xs])\n"),
        # A list returned from code no trace reaches: host code, no finding.
        Valid("import numpy as np\n\ndef rows(xs):\n    out = []\n    for x in xs:\n        out.append(np.dot(x, x))\n    return out\n"),
        # The same blocks with no trace shown: chunked for memory, eagerly.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(p, xs):\n    out = []\n    for s in range(0, xs.shape[0], 512):\n"
              "        out.append(jax.vmap(lambda x: net(p, x))(xs[s:s + 512]))\n    return jnp.concatenate(out)\n"),
        # Zipped with a list of objects (distributions, layers): their methods, not one function.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef sample(key, components):\n    keys = jax.random.split(key, 64)\n    return jnp.stack([d.sample(k) for k, d in zip(keys, components)])\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs, layers):\n    return jnp.stack([layer(x) for x, layer in zip(xs, layers)])\n"),
        # A NumPy buffer filled with a jitted step's results on the host: no trace reaches it (one
        # could not assign a tracer into it).
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n@jax.jit\ndef step(x):\n    return jnp.tanh(x).sum()\n\ndef evaluate(xs):\n    out = np.zeros(xs.shape[0])\n    for i in range(xs.shape[0]):\n        out[i] = step(xs[i])\n    return out\n"),
        # Each item reads the one before: a recurrence (GA103's), not a map.
        Valid("import jax\nimport numpy as np\n\ndef f(R):\n    X = np.zeros(R.shape)\n    for j in range(R.shape[1]):\n        X[:2, j] = g(R[:2, j])\n    return X.sum()\n\nh = jax.grad(f)\n"),  # part of a column
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef f(x):\n    out = np.zeros(x.shape[0])\n    for i in range(1, x.shape[0]):\n        out[i] = jnp.tanh(out[i - 1] + x[i])\n    return out.sum()\n\ng = jax.grad(f)\n"),
        # Layers: a loop over different modules.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(self, x):\n    return jnp.stack([layer(x) for layer in self.layers])\n"),
        # A list of different functions.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(fns, x):\n    return jnp.stack([fn(x) for fn in fns])\n"),
        # lax.map with batch_size, chosen for memory.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(xs):\n    return jnp.sum(jax.lax.map(g, xs, batch_size=128))\n"),
        # lax.map of a rematerialised function over chunks: memory is the point.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(slabs):\n    return jnp.sum(jax.lax.map(jax.checkpoint(g), slabs))\n"),
        # lax.map outside differentiated code.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jax.lax.map(g, xs)\n"),
        # NumPy, not JAX.
        Valid("import jax\nimport numpy as np\n\n@jax.jit\ndef f(xs):\n    return np.stack([g(x) for x in xs])\n"),
        # Only indexing the element.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([x[0] for x in xs])\n"),
        # Host-side values of unknown size.
        Valid("import jax.numpy as jnp\n\ndef encode(sentences):\n    return jnp.array([tokenize(s) for s in sentences])\n"),
        # A sequential recurrence (a scan, not a map).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(h, xs):\n    out = []\n    for x in xs:\n        h = cell(h, x)\n        out.append(h)\n    return jnp.stack(out)\n"),
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
        Valid("import jax\nimport numpy as np\n\ndef f(xs):\n    out = np.zeros(len(xs))\n    for i in range(len(xs)):\n        out[i] = np.tanh(xs[i])\n    return out\n"),
        # Products of slices taken at the index: GA201's einsum.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n"),
        # autograd: a body that is not elementwise gets no jax.vmap (advice only, and only when the sample is mapped).
        Valid("import autograd.numpy as np\n\ndef f(xs):\n    return np.stack([np.sum(np.tanh(x)) for x in xs[:2]])\n"),
    )
    INVALID = (
        # An array grown by one result per sample with jnp.append, the rows bound to names first.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef cost(w, a, b):\n    return jnp.sum((w @ a - b) ** 2)\n\n"
            "def batch(w, A, B):\n    out = jnp.array([])\n    for k in range(len(A)):\n        a = A[k]\n        b = B[k]\n"
            "        out = jnp.append(out, cost(w, a, b))\n    return jnp.mean(out)\n\ng = jax.jit(jax.grad(batch))\n",
            message_contains="grows `out` by one result per step",
        ),
        # The per-sample results returned as a list: one program output per sample (advice, no fix).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef mp(w, As, Fs):\n    outputs = []\n    for a, f in zip(As, Fs):\n"
            "        out = jnp.dot(a, f)\n        outputs.append(jnp.dot(w, out))\n    return outputs\n",
            message_contains="returns the list",
        ),
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
        # Filled one column at a time: the same map, written along axis 1.
        Invalid(
            "import jax\nimport numpy as np\n\ndef f(M, R):\n    X = np.zeros(R.shape)\n    for j in range(R.shape[1]):\n        X[:, j] = solve(M, R[:, j])\n    return X.sum()\n\ng = jax.grad(f)\n",
            message_contains="add `out_axes=1` to the vmap",
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
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    xs = jnp.reshape(xs, (32, 3))\n    return jnp.stack([jnp.exp(-xs[i]) for i in range(xs.shape[0])])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    xs = jnp.reshape(xs, (32, 3))\n    return jnp.exp(-xs)\n",
            applicability="safe",
        ),
        Invalid(
            "import jax\n\ndef loss(p, xs):\n    return jax.lax.map(lambda x: model(p, x), xs).sum()\n\ngrad = jax.grad(loss)\n",
            expected_fix="import jax\n\ndef loss(p, xs):\n    return jax.vmap(lambda x: model(p, x))(xs).sum()\n\ngrad = jax.grad(loss)\n",
            message_contains="batch_size",
        ),
        # Blocks of a batch, each mapped already (memory), under jit: one copy per block; lax.map keeps the blocks.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    out = []\n    for s in range(0, xs.shape[0], 512):\n"
            "        out.append(jax.vmap(lambda x: net(p, x))(xs[s:s + 512]))\n    return jnp.concatenate(out)\n",
            message_contains="jax.lax.map(step, xs.reshape((-1, 512) + xs.shape[1:]))",
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

    # -- calls: jnp.stack([...]), jnp.array(list(map(...))), lax.map ------------------------

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        qualified = ctx.resolve(node.func) or ""
        if qualified == "jax.lax.map":
            self._lax_map(node)
            return
        join = list_join(node, qualified, ctx)  # jnp.stack([...]), a helper that stacks its list, jnp.sum([...])
        if join is None or ctx.function is None:
            return
        found = of_list(positional(node)[0], ctx)
        copies = stacked_copies(positional(node)[0], ctx) if found is None and join.join is not None and not join.advice_only else None
        if copies is not None:
            self.report(node, copies_message(ctx, node, copies), extent=copies.extent, work="jax")
            return
        if found is None:
            self._windows(node, stacked_windows(ctx, node, positional(node)[0]), quoted(ctx.code(node)))
            return
        head = f"{quoted(ctx.code(node))} applies a function once per {walked(ctx, found.loop)}"
        self._report(node, head, found, join.module, lambda: per_sample_advice(ctx, join.replaced, found.loop, join.join, join.function, join.module, advice_only=join.advice_only))

    def _lax_map(self, node: ast.Call) -> None:
        ctx = self.ctx
        extents = lax_map_over_data(node, ctx)  # not batch_size=... nor checkpointed chunks (memory)
        if extents is None:
            return
        advice, fix = lax_map_advice(ctx, node)
        head = f"{quoted(ctx.code(node))} runs the function on one element of `{one_line(ctx.code(node.args[1]), 30)}` after another, forward and backward"
        self.report(node, f"{head}; {advice}", extent=extents[0], fix=fix, need="differentiated", require_trace=True)

    # -- statements: ys = [...], for + append, a buffer filled item by item ----------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        ctx = self.ctx
        assigned = assigned_map(node, ctx)
        if assigned is None:
            return
        list_name, found, joins = assigned
        head = f"`{list_name} = [...]` applies a function once per {walked(ctx, found.loop)} and {joined_by(ctx, joins[0], list_name)}"
        module = join_module(ctx, joins[0])
        if builtin_sum(joins[0], ctx):
            advice = lambda: per_sample_advice(ctx, node.value, found.loop, None, None, module, assigned=list_name, advice_only=True)
            self._added(node.value, head, found, module, list_name, lambda: (advice()[0].replace("replace the loop and the list with", "compute the list as one array,"), None))
            return
        self._report(node.value, head, found, module, lambda: per_sample_advice(ctx, node.value, found.loop, None, None, module, assigned=list_name))

    def visit_Return(self, node: ast.Return) -> None:
        """``return [f(x) for x in xs]``: the per-sample results returned as a list (advice, under
        a trace only: one program output per element)."""
        ctx = self.ctx
        found = returned_map(node, ctx)
        message = returned_comprehension_message(ctx, found.loop) if found is not None else None
        if found is not None and message is not None:
            self.report(node.value, message, extent=found.extent, data=found.data, work=work(found.loop, ctx), need="compiled", require_trace=True)

    def visit_For(self, node: ast.For) -> None:
        ctx = self.ctx
        if node.orelse or ctx.function is None:
            return
        gradients = gradient_loop(node, ctx)
        if gradients is not None and any(param is None for _, _, param in gradients.calls):
            return  # a loop computing a gradient per sample is GA102's
        header = f"for {one_line(ctx.code(node.target), 20)} in {one_line(ctx.code(node.iter), 30)}"
        sites = per_element_sites(node, ctx)  # numpyro.sample(f"obs_{k}", ...): a site per element, not a plate
        if sites is not None:
            self.report(node, f"`{header}`: {sites_advice(sites, ctx.code)}", extent=sites.extent, need="differentiated", require_trace=True)
            return
        pairs = pair_list(node, ctx)  # for a ...: for b in range(a + 1, m): d.append(f(p[a], p[b])): a triangle
        if pairs is not None:
            extent = ctx.extent(node.iter)
            if extent.is_data:
                self.report(node, pair_list_advice(ctx, node, pairs, header), extent=extent, work="jax")
            return
        self._append_loop(node, node.body, lambda body: of_loop(ctx, node.target, node.iter, body, joined_value=False), header)
        mapped = buffer_map(node, ctx)
        if mapped is None:
            return
        filled, found = mapped
        head, module = buffer_head(ctx, node, filled, found.loop)
        # Assigning into an array fails under a trace (jax arrays are immutable; a NumPy buffer
        # cannot hold a tracer), so code that runs is host code unless a trace is shown.
        self._report(node, head, found, module, lambda: buffer_advice(ctx, filled, found.loop, module), require_trace=True)

    def visit_While(self, node: ast.While) -> None:
        found = while_loop(node, self.ctx)
        if found is not None:
            index, bound, body = found
            self._append_loop(node, body, of_index(self.ctx, index, bound), f"while {index} < {one_line(self.ctx.code(bound), 20)}")

    def _append_loop(self, node: ast.For | ast.While, body: list[ast.stmt], per_element, header: str) -> None:
        """``out = []`` ... ``for x in xs: ...; out.append(value)`` ... ``jnp.stack(out)``: advice."""
        ctx = self.ctx
        mapped = appended_map(node, body, per_element, ctx)
        if mapped is None:
            windows = appended_windows(ctx, node, body)
            if windows is not None:
                self._windows(node, windows[1], f"`{header}: {windows[0]}.append(...)`")
            return
        appended, found = mapped
        list_name, loop = appended.name, found.loop
        if appended.returned or appended.grown:
            self._returned_list(node, appended, found, header)
            return
        head, advice_only = appended_head(ctx, appended, loop, header)
        # a step that prints is a host loop eagerly: a finding only where a trace is shown
        shown = {"require_trace": True, "need": "compiled"} if appended.prints else {}
        module = join_module(ctx, appended.joins[0])
        rewrite = lambda: appended_advice(ctx, appended, loop, module)  # noqa: E731
        if builtin_sum(appended.joins[0], ctx) and not advice_only:
            self._added(node, head, found, module, list_name, rewrite)
            return
        self._report(node, head, found, module, rewrite, advice_only=advice_only, joined=appended.joins[0], **shown)

    def _windows(self, node: ast.AST, found, head: str) -> None:
        """``jnp.stack([x[i:i + w] for i in range(m)])``: one slice per window (advice)."""
        if found is not None:
            self.report(node, window_message(self.ctx, found, head), extent=found[1], work="jax")

    def _added(self, node: ast.AST, head: str, found: SampleMap, module: str, list_name: str, rewrite) -> None:
        """A list of per-sample results added by the builtin ``sum``: advice only (``summed_list_advice``)."""
        advice = summed_list_advice(self.ctx, sample_map_advice(self.ctx, found.loop, module, rewrite)[0], module, list_name)
        self.report(node, f"{head}; {advice}", extent=found.extent, data=found.data, fix=None, work=work(found.loop, self.ctx))

    def _returned_list(self, node: ast.AST, appended, found: SampleMap, header: str) -> None:
        """``outputs = []``, one result appended per sample, ``return outputs``, or ``out =
        jnp.append(out, f(x))``: advice (``returned_list_message``), no fix."""
        found_message = returned_list_message(self.ctx, appended, found.loop, header)
        if found_message is not None:
            message, traced = found_message
            self.report(node, message, extent=found.extent, data=found.data, work=work(found.loop, self.ctx), **traced)

    def report(self, node: ast.AST, message: str, **fields) -> None:
        """Not in the eager fallback of a mapped call (``try: lax.map(f, xs) except ...: [f(x) ...]``)."""
        if mapped_fallback(self.ctx.function, self.ctx.statement, self.ctx.resolve):
            return
        gradients = gradient_loop(node, self.ctx) if isinstance(node, ast.For) else None  # asked once per loop (memo)
        # ``quad_cost(xs[k])`` imported, ``self.dyn.jac(x)``: GA102's too when the project shows
        # a gradient function there (``finalize`` asks)
        unproven = [param for _, _, param in gradients.calls if param and param[0] in "@."] if gradients else []
        if unproven:
            fields["data"] = {**(fields.get("data") or {}), "gradients": unproven}
        super().report(node, message, **fields)

    # -- the message and the rewrite ---------------------------------------------------------------

    def _report(self, node: ast.AST, head: str, found: SampleMap, module: str, rewrite, advice_only: bool = False, joined: ast.AST | None = None,
                **fields) -> None:
        """Report ``head`` with the advice (``sample_map_advice``; ``rewrite()`` gives the rewrite's
        advice and fix); ``joined``: the call joining the results, when ``node`` is not it."""
        stopped = stopped_result(joined or node, self.ctx.function, self.ctx.resolve)
        if found.batched:  # each step maps its block already (memory): trace one block, not one per block
            fields.update(need="compiled", require_trace=True, evidence=[BATCHED_BLOCKS], no_gradient=stopped)
            self.report(node, f"{head}; {blocked_advice(self.ctx, found.loop)}", extent=found.extent, data=found.data, work="jax", **fields)
            return
        fields.setdefault("no_gradient", stopped)
        advice, fix = sample_map_advice(self.ctx, found.loop, module, rewrite)
        fix = None if advice_only else fix
        chunks = getattr(found.loop, "chunks", ())
        if chunks:  # blocks of a size callers choose: chunked for memory, unless a trace is shown
            fields.update(require_trace=True, evidence=[chunk_evidence(chunks[0])])
        self.report(node, f"{head}; {advice}", extent=found.extent, data=found.data, fix=fix, work=work(found.loop, self.ctx), **fields)

    # -- phase 2 ---------------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project) -> Finding | None:
        """A body calling a parameter with the sample is GA102's finding when a call site passes
        that parameter a gradient function (``fit(jax.grad(loss), xs)``), and so is one calling a
        gradient function another module binds or another class holds: not reported twice."""
        param = candidate.data.get("param")
        if any(gradient_shown(project, candidate.path, candidate.scopes, name) for name in [*([param] if param else []), *candidate.data.get("gradients", ())]):
            return None
        walked = candidate.data.get("walked") or ([candidate.size_param] if candidate.per_element else [])
        if candidate.scopes and any(name and lists_passed(project, candidate.path, candidate.scopes[0], name) for name in walked):
            return None  # every caller passes a list or tuple (zip stops with it): stacking per item makes it an array
        if candidate.scopes and any(non_arrays_passed(project, candidate.path, candidate.scopes[0], name) for name in candidate.data.get("gathered", ())):
            return None  # ``expr[g] for g in lay`` where callers pass ``expr`` a dict: lookups by key, no gather
        if drives_compiled(candidate, project):
            return None  # each sample goes through a function jit compiles elsewhere: a host loop
        return default_finalize(cls, candidate, project)
