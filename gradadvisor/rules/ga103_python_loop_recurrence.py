"""GA103 python-loop-recurrence: a Python loop that carries state from one step to the next."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from gradadvisor.analysis.carried_values import carried_without_gradient
from gradadvisor.analysis.component_loops import opaque_elements
from gradadvisor.analysis.extent import LATER_AXIS
from gradadvisor.analysis.recurrence import Flow
from gradadvisor.analysis.recurrence_cases import carried_recurrence, independent_writes, stepped_loop
from gradadvisor.analysis.recurrence_form import LoopForm, reduced_steps
from gradadvisor.analysis.gradient import UNROLLING
from gradadvisor.analysis.recurrence_steps import LITERAL_STEPS, few_steps_passed, inner_steps, loop_threshold, newton_iterations, repeated_scan_step, shifted_windows, walks_data
from gradadvisor.analysis.recurrence_work import joined_after, step_callees
from gradadvisor.analysis.syntax import one_line
from gradadvisor.analysis.vectorize import calls_jax
from gradadvisor.fixes.fori_loop import fori_fix
from gradadvisor.fixes.recurrence_rewrites import history_advice, loop_shown, recurrence_advice, recurrence_subject, reduce_advice, scatter_message
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize, drives_compiled

if TYPE_CHECKING:
    from gradadvisor.analysis.extent import Extent
    from gradadvisor.analysis.project import Project


class PythonLoopRecurrence(Rule):
    """
    ## What it does
    Finds a Python loop over a data-sized range (time steps, samples, grid points) in traced
    code that carries state from step to step, and loops of independent `.at[]` writes:

    - **recurrences written into an array**: `x = x.at[i].set(f(x[i - 1], u[i]))` (`.add`,
      `.at[i, :]`, `.at[..., j]`, `jax.ops.index_update`, `lax.dynamic_update_slice(x, v, (i, 0))`,
      `lax.dynamic_update_index_in_dim`...), a step reading what an earlier one wrote: `x[i - 1]`,
      `x[:i]`, the whole `x`, or a carried value (`h = f(h, u[i]); traj = traj.at[i].set(h)`);
    - **carried state without `.at[]`**: `for t in range(T): x = step(x, u[t])`,
      `h = jnp.tanh(W @ h + U @ xs[t])`, integrators (`y = y + dt * f(y, t)`, `while t < t_end`),
      states appended to a list and stacked (`hs.append(h)` ... `jnp.stack(hs)`), a list read back
      (`ys[-1]`, `T[n - 1]`) or filled in place (`hist[t] = f(hist[t - 1])`), an optimizer
      loop in traced code (`params = params - lr * jax.grad(loss)(params)`), coupled states,
      state held on an object (`self.x = f(self.x, u[t])`, no rewrite offered), a state a
      helper updates (`st = bump(st, i)` returning `st.at[i].set(...)`) or a call fed the
      function's parameters (`s = sim.advance(p, s, u)`), and the same loop written as a call,
      `functools.reduce(step, range(n), s0)`, or a library helper that is such a loop
      (`hk.static_unroll(core, xs, state)`: use `hk.dynamic_unroll`; the `unrolls` table of
      `analysis/transforms.toml`);
    - **linear recurrences**: `x = a * x + b`, `x = A @ x + b`, `x[i] = a * x[i - 1] + b * u[i]`
      (`a`, `A`, `b` free of the state); running sums and products kept per step;
    - **scatter loops of independent writes**: `out = out.at[idx[i]].set(v[i])`,
      `out = out.at[i, :].set(row(i))`, `acc = acc.at[k].set(acc[k] + f(w))`, where no step
      reads what another wrote.
    Loops: `for i in range(...)`, `reversed(range(...))`, `for x in xs`, `zip`, `enumerate`,
    `while i < n: ...; i += 1`; reads: `x[i + k]`, `x.at[i].get()`, `lax.dynamic_index_in_dim`,
    `lax.dynamic_slice`, `jnp.take(x, i, axis=k)`.

    ## Why it is slow for gradients
    JAX traces one copy of the step per iteration, so trace and compile time grow with the
    steps (100 s against 0.15 s to compile at T = 1,000), and so does the backward pass, each
    `.at[i].set` transposing into a slice-and-zero of the whole cotangent. With `lax.scan` (or
    `fori_loop`, a scan for Python-int bounds) the step is traced once, forward and backward:
    for `x = x.at[i].set(jnp.tanh(x[i - 1] + x[i]))` over 300 elements, `jit(grad)` took 96 s
    to compile and 9.2 ms per call unrolled on a CPU, 1.2 s and 0.05 ms with `fori_loop`.

    The trade-off depends on the device (one H100, jax 0.11.2, `x[i] = a * x[i - 1] + b * u[i]`):
    a `scan` with a tiny body costs about 22 us per step on a GPU (gradient 24 ms at n = 1,000,
    2.5 s at n = 100,000), `unroll=8` is 8x faster, `lax.associative_scan` takes 0.61 ms and
    0.27 ms (8,600x faster); on a CPU scan and associative_scan are equal (1.3 ms at n =
    100,000). A compiled unrolled loop can even beat a scan on a GPU (`patterns/at_set_recurrence.py`:
    5.5x slower per call, 38x faster to compile). So a linear recurrence is best parallel, a
    nonlinear one a scan with `unroll=` on accelerators; `jax.vmap` does not apply.

    ## Example
    ```python
    def simulate(x0, u, dt):
        x = jnp.zeros(u.shape[0]).at[0].set(x0)
        for i in range(1, u.shape[0]):
            x = x.at[i].set(x[i - 1] + dt * jnp.tanh(u[i] - x[i - 1]))
        return x
    ```

    ## Use instead
    ```python
    def simulate(x0, u, dt):
        def step(prev, u_i):
            new = prev + dt * jnp.tanh(u_i - prev)
            return new, new

        _, rest = jax.lax.scan(step, x0, u[1:])
        return jnp.concatenate([jnp.atleast_1d(x0), rest])
    ```
    The scan carries the previous value and stacks the new ones. The message names the rewrite:

    - nonlinear, states kept: `jax.lax.scan(step, carry, xs)` over the arrays read per step;
      only the final state used: `jax.lax.fori_loop`; a `while` loop: a scan over a fixed
      number of steps (`lax.while_loop` has no reverse-mode gradient);
    - linear, `x_t = a_t * x_{t-1} + b_t` kept per step: `jax.lax.associative_scan(lambda l, r:
      (r[0] * l[0], r[0] * l[1] + r[1]), (a, b))` (`a_t`, `b_t` stacked over the steps; then
      `x_t = A_t * x_0 + B_t`); for `A_t @ x_{t-1} + b_t` the combine is
      `(r[0] @ l[0], jnp.einsum("...ij,...j->...i", r[0], l[1]) + r[1])`;
    - a running sum (`a_t = 1`): `x_0 + jnp.cumsum(b)`; a running product (`b_t = 0`):
      `x_0 * jnp.cumprod(a)` (`acc + 0.5 * (f[i] + f[i - 1]) * dt` becomes
      `jnp.cumsum(0.5 * (f[1:] + f[:-1]) * dt)`);
    - independent writes: every step's value at once and one `out = out.at[idx].set(v)` (a key
      split per step, `key, sub = jax.random.split(key)`: every key at once first,
      `jax.random.split(key, n)`); a
      repeated index keeps the loop's last `.set` but an unspecified one in one `.set` (said
      when the indices are not the loop index; `.add`, `.mul`, `.min`, `.max` combine alike).

    ## Fix safety
    The fix rewrites a `for i in range(stop)` / `range(start, stop)` loop (no `else`, no
    `break`) whose body is one statement updating one carried name (an `.at` write,
    `lax.dynamic_update_*`, `x = f(x, ...)`, `x += ...`) into
    `x = jax.lax.fori_loop(start, stop, lambda i, x: <the statement's value>, x)`, when the
    index is only a position (`x[i - 1]`, `.at[i, :]`): in `fori_loop` it is a traced integer,
    so a slice bound `x[:i]`, a number `i * dt` or a shape would change the program. Other
    loops get the rewrite in the message only (it changes more than one statement); a linear
    one-statement recurrence gets the `fori_loop` fix and the message names the parallel
    rewrite. Comments in the loop move above the new line. The fix is *safe* only when all of
    these are proven, else *unsafe* with the rest:
    - the loop variable is not read outside the loop (after it, in a closure, in its header),
      and the body's only carried name is the one the fix carries, assigned once;
    - no side effects and no `:=`: every call is a JAX function, an array method or a pure
      builtin (`fori_loop` traces the body once, not once per step);
    - the bounds are Python ints (literals, `len(...)`, `.shape[k]`, arithmetic of those, a
      parameter annotated `int`): a JAX integer bound makes `fori_loop` a `while_loop`, which
      reverse mode rejects; and the loop runs at least once (literal bounds): `fori_loop`
      traces its body even for zero steps, where indexing an empty axis raises;
    - every value indexed with the loop variable is a jax array, the starting carry included
      (a list or NumPy array cannot take a traced index; a NumPy start would become a jax array);
    - the carry keeps its dtype and shape: true of `x.at[...].op(v)` and `lax.dynamic_update_*`;
      otherwise a jax array of known shape and dtype float32 the facts show unchanged by the
      body (a Python float becomes a traced float32; `x * 1j` is complex and `fori_loop`
      raises), in a module without `jax_enable_x64` (then unstated dtypes are float64).
    Out-of-range positions need no proof: JAX clamps reads and drops writes for any index (jax 0.10.2).

    ## When not to apply
    Not reported for:
    - loops over layers, blocks or weights (`for w, b in params`, `for w in ws: x = f(w @ x)`,
      `self.layers[i](x)`), pytree leaves, Runge-Kutta stages, small literal ranges, fixed
      counts below 100 that walk no data (refinements, power iterations, hash rounds; below 20
      for a count of time steps: `n_steps`, `T`, `horizon`), counts
      named as small (`unroll`, `order`, `degree`, `rounds`, `num_dims`, `dofs`, `lmax`...) or
      logarithmic, blocked ranges (`range(0, n, block)`), `while len(parts) > k`, `n *= 2`, a carry
      each step rebuilds from its own entries two at a time (`t = f(t[..., ::2], t[..., 1::2])`:
      an axis halved per step, so at most log2 of its length steps);
    - host-side loops: drivers that log, time, read values out (`float(loss)`, `.item()`), print
      values (unless a gradient is proven to run the loop: `grad` runs Python's `print`) or stop
      on the state (`if loss < tol: break`; an inner loop's `break` ends that loop only); loops calling a jitted step, a gradient,
      `.apply` or NumPy per step, unless proven traced (the MJX `while` loop in `jax.grad` is);
    - states whose shape changes every step (`poly = jnp.convolve(poly, q)`, a `pad` of it, results
      appended that no step reads); a history each step reads (`states = jnp.concatenate([states, y])`
      with `y` from the last items) is reported with advice only: carry a window, emit each item;
    - code no trace can run (generators, Python branches on array elements) unless proven traced;
    - states that are not arrays (numbers, strings, lists, NumPy arrays, `fn = jax.vmap(fn)`,
      `val = body_fun(i, val)`); a recurrence with no `.at` write only in code proven traced;
    - loops over a host list of Python numbers: items used as slice or `range` bounds
      (`for (sid, lo, hi) in pieces: out = out.at[lo:hi].set(...)`) must be concrete, so the list
      is the program's structure, not its data. Items only handed to functions the file does not
      show (`for g in groups: state = solve(state, g)`) are not proven rows: `medium` at most;
    - reductions whose running value is not kept (`acc = acc + f(x[i])`, `ok = ok & t(x[i])`,
      `m = jnp.maximum(m, x[i])`, `pen += a; pen -= b`: GA302 reports sums), sliding windows (`prev = x[i]`), and
      independent writes that carry a counter or a clock, update each element
      from itself (`x = x.at[i].set(g(x[i]))`: a map) or write per-example gradients (GA102);
      independent writes only where a trace is proven and the size is shown or likely;
    - autograd code (no jit, no scan), Pallas kernels (their loops unroll on purpose),
      module-level code, and test code (reference loops).
    A loop over a data-sized range inside a `lax.scan` / `fori_loop` body *is* reported.
    """

    code = "GA103"
    name = "python-loop-recurrence"
    summary = "a Python loop that carries state from step to step unrolls a recurrence; use `jax.lax.scan`, `associative_scan` or `cumsum`"
    trigger = re.compile(r"\b(?:for|while|reduce|static_unroll)\b")
    expression_trigger = re.compile(r"\b(?:reduce|static_unroll)\b")  # functools.reduce(step, range(n), s0); hk.static_unroll

    VALID = (
        # A list of records of differently shaped arrays (`groups[b].ids`): no scan walks them.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef fill(groups, theta, n):\n    buf = jnp.zeros(n)\n"
            "    for b in range(len(groups)):\n        buf = buf.at[groups[b].ids].set(jnp.sin(groups[b].xyz * theta).sum(axis=1))\n    return buf\n"
        ),
        # The carry grows every step (a polynomial convolved with a factor per step): no scan carries it.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef poly(q, x):\n    p = jnp.ones(1)\n    for i in range(x.shape[0]):\n        p = jnp.convolve(p, q * x[i])\n    return p\n"),
        # A Python number updated from the data through a call (``len``), or counting steps: host.
        Valid("import jax\n\n@jax.jit\ndef f(x, items):\n    total = 0.0\n    for i in range(len(items)):\n        total = total + len(items[i])\n    return x * total\n"),
        Valid("import jax\n\n@jax.jit\ndef f(x, u):\n    k = 0\n    for t in range(u.shape[0]):\n        k = k + 1\n    return x * k\n"),
        # The items of an annotated tuple (a structure, fixed under a trace, items of different
        # shapes): ott-jax's multi-marginal Sinkhorn updates one marginal at a time.
        Valid("import jax\nimport jax.numpy as jnp\nfrom typing import Tuple\n\n@jax.jit\ndef f(const: Tuple[jnp.ndarray, Tuple[jnp.ndarray, ...]], potentials):\n    cost, a_s = const\n    k = len(a_s)\n    for l in range(k):\n        potentials = step(potentials, l, a_s[l])\n    return potentials\n"),
        # A small literal range (Runge-Kutta stages).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(k, y):\n    for s in range(1, 4):\n        k = k.at[s].set(jnp.sin(y + k[s - 1]))\n    return k\n"),
        # Reads a later, not yet written, element: the original values.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    for i in range(x.shape[0] - 1):\n        x = x.at[i].set(x[i + 1] - x[i])\n    return x\n"),
        # Plain NumPy in place.
        Valid("import jax\nimport numpy as np\n\ndef f(x):\n    for i in range(1, len(x)):\n        x[i] = x[i - 1] * 0.5\n    return x\n"),
        # Outside any loop.
        Valid("import jax.numpy as jnp\n\ndef f(x):\n    return x.at[1].set(x[0] * 2)\n"),
        # Host-side decode loop calling a jitted step.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef generate(params, tokens, n):\n    step = jax.jit(decode)\n"
            "    for t in range(n):\n        logits = step(params, tokens)\n        tokens = tokens.at[t + 1].set(jnp.argmax(logits[t]))\n    return tokens\n"
        ),
        # A host-side training loop: a gradient per step, outside any trace.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef train(params, data, n_steps):\n    for _ in range(n_steps):\n"
            "        params = params - 0.1 * jax.grad(loss)(params, data)\n    return params\n"
        ),
        # A reduction whose running value is not kept: GA302's.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc = acc + jnp.exp(x[i])\n    return acc\n"),
        # Loops over layers: by the parameters' name, and weights applied to the state.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(params, x):\n    for w, b in params:\n        x = jnp.tanh(x @ w + b)\n    return x\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(ws, x):\n    for w in ws:\n        x = jnp.tanh(w @ x)\n    return x\n"),
        # A few refinement steps.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, a):\n    for k in range(3):\n        x = x - (x * x - a) / (2 * x)\n    return x\n"),
        # A sliding window: the carried value is the last input, not a state.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    out = jnp.zeros_like(x)\n    prev = x[0]\n    for i in range(1, x.shape[0]):\n"
            "        out = out.at[i].set(x[i] - prev)\n        prev = x[i]\n    return out\n"
        ),
        # Python numbers carried on the host.
        Valid("import jax\n\ndef strides(shape):\n    stride = 1\n    out = []\n    for d in range(len(shape)):\n        out.append(stride)\n        stride = stride * shape[d]\n    return out\n"),
        # functools.reduce over a few steps, or folding a list of matrices (no carried state).
        Valid("import functools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(W, s0):\n    return functools.reduce(lambda s, t: jnp.tanh(W @ s), range(3), s0)\n"),
        Valid("import functools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(ms, x):\n    return functools.reduce(jnp.matmul, [jnp.tanh(m) for m in ms], x)\n"),
    )
    INVALID = (
        # A PRNG key split per step is not a carried state: the writes are still independent.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(key, x):\n    for i in range(x.shape[0]):\n"
            "        key, sub = jax.random.split(key)\n        x = x.at[i].set(jax.random.normal(sub))\n    return x\n",
            message_contains="jax.random.split(key, n)",
        ),
        # A backward recurrence kept in a list made one array (a library's returns): likely traced by its callers.
        Invalid(
            "import jax.numpy as jnp\n\ndef returns(r, gamma, v):\n    g, out = v[-1], []\n"
            "    for k in range(r.shape[0] - 1, -1, -1):\n        g = r[k] + gamma * g\n        out.insert(0, g)\n    return jnp.array(out)\n",
            message_contains="`g` is carried",
        ),
        # A tuple of states carried through a helper of the file that does arithmetic on them.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef relax(a, b):\n    return a * 0.5 + b, b * 0.5 - a\n\n"
            "def run(u, v, steps):\n    for t in range(steps):\n        u, v = relax(u, v)\n    return u\n\n"
            "g = jax.grad(lambda p: jnp.sum(run(p[0], p[1], 500)))\n",
            message_contains="`u` and `v` are carried",
        ),
        # Independent writes through a local index (`idx = i`): a map, not a recurrence.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    out = jnp.zeros((x.shape[0], 3))\n"
            "    for i in range(x.shape[0]):\n        idx = i\n        out = out.at[idx].set(jnp.tanh(w @ x[i]))\n    return out\n",
            message_contains="the writes are independent",
        ),
        # Reads only the element it writes: an elementwise update in place, independent writes.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    for i in range(len(x)):\n        x = x.at[i].set(jnp.tanh(x[i]) * 2)\n    return x\n",
            message_contains="the writes are independent",
        ),
        # A carry that starts as a Python number is an array once the data enters it.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef simulate(a, b, u):\n    x = 0.0\n    xs = []\n"
            "    for t in range(u.shape[0]):\n        x = a * x + b * u[t]\n        xs.append(x)\n"
            "    return jnp.sum(jnp.stack(xs) ** 2)\n\nstep = jax.jit(jax.grad(simulate))\n",
            message_contains="`x` is carried from step to step",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, u):\n    for i in range(1, x.shape[0]):\n        x = x.at[i].set(jnp.tanh(x[i - 1] + u[i]))\n    return x\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, u):\n    x = jax.lax.fori_loop(1, x.shape[0], lambda i, x: x.at[i].set(jnp.tanh(x[i - 1] + u[i])), x)\n    return x\n",
            message_contains="jax.lax.scan",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef loss(w, us, n):\n    traj = jnp.zeros((n, 16))\n    h = jnp.zeros(16)\n    for i in range(n):\n"
            "        h = jnp.tanh(w @ h + us[i])\n        traj = traj.at[i].set(h)\n    return jnp.sum(traj ** 2)\n\ng = jax.grad(loss)\n",
            message_contains="scan` over `us`",
        ),
        # A running sum kept per step: cumsum.
        Invalid(
            "from jax import grad, lax\nimport jax.numpy as jnp\n\ndef cumulative(x):\n    out = jnp.zeros_like(x)\n    for i in range(1, len(x)):\n        out = out.at[i].set(out[i - 1] + x[i])\n    return out\n\ng = grad(lambda x: cumulative(x).sum())\n",
            expected_fix="from jax import grad, lax\nimport jax.numpy as jnp\n\ndef cumulative(x):\n    out = jnp.zeros_like(x)\n    out = lax.fori_loop(1, len(x), lambda i, out: out.at[i].set(out[i - 1] + x[i]), out)\n    return out\n\ng = grad(lambda x: cumulative(x).sum())\n",
            message_contains="jnp.cumsum",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef gauss_seidel(a, b, x):\n    for i in range(b.shape[0]):\n"
            "        x = x.at[i].set((b[i] - a[i] @ x + a[i, i] * x[i]) / a[i, i])\n    return x\n",
            message_contains="reads all of `x`",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef euler(xs, dt):\n    for t in range(xs.shape[0] - 1):\n        xs = xs.at[t + 1].set(xs[t] + dt * jnp.sin(xs[t]))\n    return xs\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef euler(xs, dt):\n    xs = jax.lax.fori_loop(0, xs.shape[0] - 1, lambda t, xs: xs.at[t + 1].set(xs[t] + dt * jnp.sin(xs[t])), xs)\n    return xs\n",
        ),
        Invalid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef backward(x):\n    for i in reversed(range(x.shape[0] - 1)):\n        x = x.at[i].mul(x[i + 1])\n    return x\n"),
        # A linear recurrence: associative_scan with the combine written out.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef filt(x, a, b):\n    y = jnp.zeros_like(x)\n    for i in range(1, x.shape[0]):\n"
            "        y = y.at[i].set(a * y[i - 1] + b * x[i])\n    return y\n",
            message_contains="associative_scan(lambda l, r: (r[0] * l[0], r[0] * l[1] + r[1])",
        ),
        # Carried state without .at: the hidden state appended and stacked.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef rnn(w, u, xs, h):\n    hs = []\n    for x in xs:\n"
            "        h = jnp.tanh(w @ h + u @ x)\n        hs.append(h)\n    return jnp.stack(hs)\n",
            message_contains="jax.lax.scan",
        ),
        # An integrator whose final state alone is used: fori_loop.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef integrate(y, dt):\n    for _ in range(1000):\n        y = y + dt * jnp.sin(y)\n    return y\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef integrate(y, dt):\n    y = jax.lax.fori_loop(0, 1000, lambda _, y: y + dt * jnp.sin(y), y)\n    return y\n",
            message_contains="fori_loop",
            applicability="unsafe",
        ),
        # A safe fix: every precondition is proven.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (32,))\n    for i in range(1, 32):\n        x = x.at[i].set(jnp.tanh(x[i - 1]) + x[i])\n    return x\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (32,))\n    x = jax.lax.fori_loop(1, 32, lambda i, x: x.at[i].set(jnp.tanh(x[i - 1]) + x[i]), x)\n    return x\n",
            applicability="safe",
        ),
        # Independent writes: one scatter.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef scatter(out, idx, v):\n    for i in range(idx.shape[0]):\n        out = out.at[idx[i]].set(v[i])\n    return out\n",
            message_contains="out.at[idx].set(v)",
        ),
        # An optimizer loop inside a differentiated function.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef inner(w, x, n_steps):\n    for _ in range(n_steps):\n        w = w - 0.1 * jax.grad(loss)(w, x)\n    return loss(w, x)\n\n"
            "meta = jax.grad(inner)\n",
            message_contains="fori_loop",
        ),
        # functools.reduce with an initial value: the loop s = step(s, t), one copy per step.
        Invalid(
            "import functools\nimport jax\nimport jax.numpy as jnp\n\ndef roll(W, xs, s0):\n"
            "    return functools.reduce(lambda s, t: jnp.tanh(W @ s + xs[t]), range(xs.shape[0]), s0)\n\ng = jax.jit(jax.grad(lambda W, xs, s0: jnp.sum(roll(W, xs, s0))))\n",
            message_contains="jax.lax.fori_loop",
        ),
    )

    # -- the query ---------------------------------------------------------------------------

    def visit_For(self, node: ast.For) -> None:
        self._loop(node)

    def visit_While(self, node: ast.While) -> None:
        self._loop(node)

    def visit_Call(self, node: ast.Call) -> None:
        """``functools.reduce(step, range(n), s0)``: the loop ``s = step(s, t)`` as one call; a
        library helper that is such a loop (``hk.static_unroll(core, xs, state)``)."""
        ctx = self.ctx
        if ctx.function is None:
            return
        scanned = UNROLLING.get(ctx.resolve(node.func) or "")
        if scanned is not None and len(node.args) >= 2:
            extent = ctx.extent(node.args[1])
            if extent.is_data:
                helper = one_line(ctx.code(node.func), 30)
                self.report(node, f"`{helper}` runs the core once per step of `{one_line(ctx.code(node.args[1]), 30)}` in a Python loop: "
                            f"jit unrolls one copy per step; use `{scanned}` (a `lax.scan`) with the same arguments",
                            extent=extent, require_trace=True, evidence=[f"`{helper}` is a Python loop over the sequence's steps"])
            return
        reduced = reduced_steps(node, ctx.resolve, ctx.is_builtin)
        if reduced is None:
            return
        extent = ctx.extent(reduced.iterable)
        step = reduced.step.body if isinstance(reduced.step, ast.Lambda) else ctx.local_function(one_line(ctx.code(reduced.step), 60))
        if extent.is_data and step is not None and calls_jax(step, ctx.resolve, ctx.local_function):
            self.report(node, reduce_advice(reduced, ctx), extent=extent, require_trace=True,
                        evidence=["`reduce` with an initial value feeds each step's result to the next: a carried state"])

    def _loop(self, node: ast.For | ast.While) -> None:
        found = stepped_loop(node, self.ctx)  # analysis/recurrence_cases.py: what the loop is not
        if found is None:
            return
        form, flow, extent = found
        if flow.recurrent:
            self._recurrence(form, flow, extent)
        else:
            self._scatter(form, flow, extent)

    def _recurrence(self, form: LoopForm, flow: Flow, extent: Extent) -> None:
        ctx = self.ctx
        node = form.node
        case = carried_recurrence(form, flow, ctx)
        if case is None:
            return
        states = case.states
        if case.history:  # xs = jnp.concatenate([xs, f(xs[-p:])]): no scan carries a growing array
            self.report(node, history_advice(form, states, ctx), extent=extent, require_trace=True, evidence=["the state is concatenated with a new item at every step"])
            return
        # -- the message: a linear recurrence kept per step names its parallel rewrite
        parallel = case.linear if case.linear is not None and case.stored else None
        subject = recurrence_subject(flow, states, ctx, show_update=parallel is None)
        message = f"{subject}: jit unrolls {loop_shown(form, ctx)}, one copy per step; {recurrence_advice(form, flow, states, parallel, case.stored, ctx)}"
        # Without `.at` writes a recurrence is as common in setup and solver code: reported only
        # where a trace is proven, unless its states are joined into one jax array after the
        # loop (``out.append(g)`` ... ``jnp.array(out)``): jax values, as ``.at`` writes are.
        joined = bool(flow.stored) and joined_after(form.node, flow, ctx)
        # few steps, shifts: low (a count's name says "inner" only where no stated value does)
        stated = extent.is_data and (extent.size or "").isdigit()
        iterations = (newton_iterations(form, flow, ctx) or shifted_windows(form, flow, ctx.code) or repeated_scan_step(form, flow, ctx)
                      or (None if stated else inner_steps(form)))
        work = "jax" if joined and case.work == "unknown" else case.work
        self.report(
            node, message, extent=extent, work=work, need=case.need, fix=fori_fix(form, flow, ctx),
            require_trace=not joined and (case.evidence == "unknown" or not flow.writes),
            evidence=[flow.reasons.get(states[0], ""), *([iterations] if iterations else [])],
            no_gradient=carried_without_gradient(flow, states, ctx), size="none" if iterations else None,
            data={"counted": extent.param if extent.param and not walks_data(form, flow) else None, "calls": step_callees(form.node, ctx),
                  "threshold": loop_threshold(form, extent, ctx), "opaque_items": extent.per_element and opaque_elements(node, ctx.resolve)},
        )

    def _scatter(self, form: LoopForm, flow: Flow, extent: Extent) -> None:
        work = independent_writes(form, flow, self.ctx)  # (out.at[i].set(W[i] @ F): GA201's einsum)
        if work is None:
            return
        # Independent writes look like setup code as often as like traced code: reported only in
        # code proven traced (eager fills of a small image are not the slow case).
        self.report(form.node, scatter_message(form, flow, flow.writes[0], self.ctx), extent=extent, work=work, require_trace=True,
                    evidence=["no step reads what another step wrote"], data={"shape": "scatter", "later_axis": bool(extent.size and LATER_AXIS.search(extent.size))})

    @classmethod
    def finalize(cls, candidate: Candidate, project: Project) -> Finding | None:
        counted = candidate.data.get("counted")
        if counted and candidate.scopes and few_steps_passed(project.arguments(candidate.path, candidate.scopes[0], counted), candidate.data.get("threshold", LITERAL_STEPS)):
            return None  # a count of steps that walks no data, and every caller passes a small one
        if drives_compiled(candidate, project):
            return None  # each step calls a function jit compiles elsewhere: a host driver
        finding = default_finalize(cls, candidate, project)
        if finding is not None and candidate.data.get("shape") == "scatter" and (finding.confidence == "low" or finding.confidence == "medium" and candidate.data.get("later_axis")):
            return None  # independent writes: only in code a trace reaches, at a size shown or likely (not a later axis: agents, channels)
        return finding
