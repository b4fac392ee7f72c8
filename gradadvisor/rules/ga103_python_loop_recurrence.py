"""GA103 python-loop-recurrence: a Python loop that carries state from one step to the next."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from gradadvisor.analysis.carried_values import carried_without_gradient, reshapes_carry, state_evidence
from gradadvisor.analysis.linear_recurrence import linear_update, reduction
from gradadvisor.analysis.recurrence import Flow, analyse, recurrent_in_order
from gradadvisor.analysis.recurrence_form import LoopForm, read_loop
from gradadvisor.analysis.recurrence_steps import calls_indexed, many_steps, step_extent, weights_applied_to_state
from gradadvisor.analysis.recurrence_work import breaks_on_state, joined_after, loop_work
from gradadvisor.analysis.scatter_writes import plain_scatter, unique_positions
from gradadvisor.analysis.syntax import one_line
from gradadvisor.analysis.vectorize import element_is_object
from gradadvisor.fixes.fori_loop import fori_fix
from gradadvisor.fixes.recurrence_rewrites import recurrence_advice, shown_names, vectorized_write
from gradadvisor.rules.base import LOOP, Candidate, Finding, Invalid, Rule, Valid, default_finalize

if TYPE_CHECKING:
    from gradadvisor.analysis.extent import Extent
    from gradadvisor.analysis.project import Project


class PythonLoopRecurrence(Rule):
    """
    ## What it does
    Finds a Python loop over a data-sized range (time steps, samples, grid points) in traced
    or differentiated code that carries state from one step to the next, and the loops of
    independent `.at[]` writes that look like one:

    - **recurrences written into an array**: `x = x.at[i].set(f(x[i - 1], u[i]))` (also
      `.add`/`.mul`..., `.at[i, :]`, `.at[:, i]`, `.at[..., j]`, `jax.ops.index_update(x, i, v)`,
      `lax.dynamic_update_slice(x, v, (i, 0))`, `lax.dynamic_update_index_in_dim`), where a step
      reads what an earlier step wrote: `x[i - 1]`, `x[:i]`, the whole `x`, or a carried value
      (`h = f(h, u[i]); traj = traj.at[i].set(h)`);
    - **carried state without `.at[]`**: `for t in range(T): x = step(x, u[t])`,
      `h = jnp.tanh(W @ h + U @ xs[t])`, Euler and other integrators (`y = y + dt * f(y, t)`,
      also `while t < t_end: ...; t = t + dt`), the states appended to a list and stacked
      (`hs.append(h)` ... `jnp.stack(hs)`), an optimizer loop inside a differentiated or jitted
      function (`params = params - lr * jax.grad(loss)(params)`), coupled states (`s` and `h`
      updated from each other);
    - **linear recurrences**: `x = a * x + b`, `x = A @ x + b`, `x[i] = a * x[i - 1] + b * u[i]`
      with `a`, `A`, `b` free of the state; running sums and products kept per step
      (`acc = acc + 0.5 * (f[i] + f[i - 1]) * dt` stored at every step);
    - **scatter loops of independent writes**: `out = out.at[idx[i]].set(v[i])`,
      `out = out.at[i, :].set(row(i))`, where no step reads what another wrote.

    The loop may be `for i in range(...)`, `reversed(range(...))`, `for x in xs`, `zip`,
    `enumerate`, or `while i < n: ...; i += 1`; reads may be `x[i + k]`, `x.at[i].get()`,
    `lax.dynamic_index_in_dim`, `lax.dynamic_slice`, `jnp.take(x, i, axis=k)`.

    ## Why it is slow for gradients
    Python runs the loop while JAX traces it: the program holds one copy of the step per
    iteration, so trace and compile time grow with the number of steps (measured here: 100 s
    against 0.15 s to compile at T = 1,000), and so does the backward pass, each `.at[i].set`
    transposing into a slice-and-zero of the whole cotangent. With `jax.lax.scan` (or
    `jax.lax.fori_loop`, which JAX runs as a scan for Python-int bounds) the step is traced
    once and the loop lives in the compiled program, forward and backward. For
    `x = x.at[i].set(jnp.tanh(x[i - 1] + x[i]))` over 300 elements, `jit(grad)` took 96 s to
    compile and 9.2 ms per call unrolled on a CPU, 1.2 s and 0.05 ms with `fori_loop`.

    The trade-off depends on the device (measured on one H100 with jax 0.11.2 for
    `x[i] = a * x[i - 1] + b * u[i]`): a `scan` with a tiny body costs about 22 us per step
    on a GPU (gradient 24 ms at n = 1,000, 2.5 s at n = 100,000), `scan(..., unroll=8)` is 8x
    faster than a plain scan, and `lax.associative_scan` takes 0.61 ms and 0.27 ms (8,600x
    faster); on a CPU scan and associative_scan are equal (1.3 ms at n = 100,000). An unrolled
    loop can even run faster than a scan at steady state once compiled on a GPU (the
    `patterns/at_set_recurrence.py` rewrite was 5.5x slower per call there, and 38x faster to
    compile). So: a *linear* recurrence is best as `lax.associative_scan` (or `jnp.cumsum` /
    `jnp.cumprod`), which is parallel; a nonlinear one as `lax.scan` (or `fori_loop` when
    only the final state is needed), with `unroll=` to trade some compile time for speed on
    accelerators. Because each step needs the one before, `jax.vmap` does not apply.

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
    The scan carries the previous value and stacks the new ones. The message names the
    rewrite that fits the shape:

    - a nonlinear recurrence whose states are kept: `jax.lax.scan(step, carry, xs)` over the
      arrays read per step (`unroll=` on accelerators); only the final state used:
      `jax.lax.fori_loop`; a `while` loop: a scan over a fixed number of steps
      (`lax.while_loop` has no reverse-mode gradient);
    - a linear recurrence `x_t = a_t * x_{t-1} + b_t` kept per step:
      `jax.lax.associative_scan(lambda l, r: (r[0] * l[0], r[0] * l[1] + r[1]), (a, b))`
      (`a_t`, `b_t` stacked over the steps; then `x_t = A_t * x_0 + B_t`); for a matrix
      `A_t @ x_{t-1} + b_t` the combine is
      `(r[0] @ l[0], jnp.einsum("...ij,...j->...i", r[0], l[1]) + r[1])`;
    - a running sum (`a_t = 1`): `x_0 + jnp.cumsum(b)`; a running product (`b_t = 0`):
      `x_0 * jnp.cumprod(a)` (a trapezoid rule `acc + 0.5 * (f[i] + f[i - 1]) * dt` becomes
      `jnp.cumsum(0.5 * (f[1:] + f[:-1]) * dt)`);
    - independent writes: the values for every step at once and one
      `out = out.at[idx].set(v)`. With `.set`, a repeated index keeps the loop's last write,
      while one vectorized `.set` keeps an unspecified one: the message says so when the
      indices are not the loop index itself (`.add`, `.mul`, `.min`, `.max` combine repeated
      indices the same way in both).

    ## Fix safety
    The automatic fix rewrites a loop whose body is one statement updating one carried
    name (an `.at` write, a `lax.dynamic_update_*`, or `x = f(x, ...)`, `x += ...`) into
    `x = jax.lax.fori_loop(start, stop, lambda i, x: <the statement's value>, x)`,
    for `for i in range(stop)` / `range(start, stop)` loops (no `else`, no `break`), when the
    index is used only as a position (`x[i - 1]`, `.at[i, :]`): inside `fori_loop` it is a
    traced integer, so a Python use of it (a slice bound `x[:i]`, a number `i * dt`, a
    shape) would change the program. No other loop gets a fix (a scan, an associative scan
    or a scatter changes more than one statement: the message gives the rewrite; a linear
    one-statement recurrence gets the exact `fori_loop` fix and the message names the faster
    parallel rewrite). Comments in the loop move above the new line. The fix is *safe* only
    when all of these are proven, else *unsafe* with the ones it could not prove:
    - the loop variable is not read outside the loop (after it, in a closure, in its header):
      `fori_loop` does not bind it;
    - the body's only carried name is the one the fix carries, and it is assigned once;
    - the body has no side effects and no `:=`: every call is a JAX function, an array method
      or a pure builtin (`fori_loop` traces the body once, not once per step);
    - the bounds are Python ints (literals, `len(...)`, `.shape[k]`, arithmetic of those, or
      a parameter annotated `int`): a JAX integer bound makes `fori_loop` a `while_loop`,
      which reverse-mode differentiation rejects;
    - the loop runs at least once (literal bounds): `fori_loop` traces its body even for
      zero steps, and indexing an empty axis then raises where the loop did nothing;
    - every value indexed with the loop variable is a jax array, the carry where the loop
      starts included (a list or a NumPy array cannot take a traced index; `fori_loop` would
      turn a NumPy start into a jax array where `.at` raised);
    - the carry keeps its dtype and shape through the body: true of `x.at[...].op(v)` and of
      `lax.dynamic_update_*` (the result has `x`'s dtype and shape); for any other update,
      the carry must be a jax array of known shape and dtype float32 that the facts show
      unchanged by the body (a Python float carry becomes a traced float32, and a dtype or
      shape change makes `fori_loop` raise: `x * 1j` or `jnp.exp(1j * theta)` is complex),
      in a module that does not turn on `jax_enable_x64` (then arrays without a stated dtype
      are float64, not the float32 the facts assume).
    Out-of-range positions need no proof: with a Python int and with a traced one, JAX clamps
    reads and drops writes alike (checked with jax 0.10.2).

    ## When not to apply
    Not reported for:
    - loops over layers, blocks or weights (`for w, b in params`, `for w in ws: x = f(w @ x)`,
      `self.layers[i](x)`), pytree leaves, a few Runge-Kutta stages, small literal ranges, and
      fixed step counts below 100 that walk no data (`for k in range(3)` refinements, 15 power
      iterations, hash rounds); counts named as small (`unroll`, `order`, `degree`, `rounds`,
      `num_dims`, `dofs`, `windows`, `lmax`...), counts that grow like a logarithm, blocked
      ranges (`range(0, n, block)`), `while len(parts) > k` and geometric `n *= 2` loops;
    - host-side loops: training, sampling or evaluation drivers that log, print, time, read
      values out (`float(loss)`, `.item()`) or stop on a value of the state
      (`if loss < tol: break`); loops that call a jitted step, a gradient, `.apply` or NumPy
      per step are reported only when the enclosing function is proven traced (the MJX
      `while` loop inside `jax.grad` is);
    - states whose shape changes every step (`poly = jnp.convolve(poly, q)`, a
      `concatenate`/`append`/`pad` of the state): no scan carries them;
    - code no trace can run: generators (`yield`), functions that branch in Python on an
      array's elements at a loop index (validators), unless a transform is proven to reach them;
    - states that are not arrays: Python numbers, strings, lists built with `append`,
      NumPy arrays, functions (`fn = jax.vmap(fn)` once per batch dimension), callbacks
      applied `n` times (`val = body_fun(i, val)`); a recurrence with no `.at` write is
      reported only in code proven traced;
    - reductions whose running value is not kept (`acc = acc + f(x[i])`, `ok = ok & t(x[i])`,
      `m = jnp.maximum(m, x[i])`: GA302 reports sums), sliding windows (`prev = x[i]`), and
      independent writes that carry a PRNG key, a counter or a clock, or that update each
      element in place from itself (`x = x.at[i].set(g(x[i]))`: a map), or that write
      per-example gradients (GA102); independent writes are reported only when the size and
      the trace are both proven;
    - autograd code (no jit unrolls its loops, and it has no scan), Pallas kernels (their
      loops unroll into the kernel on purpose), module-level code, and test code (reference
      loops).
    A loop inside a `lax.scan` / `fori_loop` body over a data-sized range *is* reported: it
    unrolls inside the body.
    """

    code = "GA103"
    name = "python-loop-recurrence"
    summary = "a Python loop that carries state from step to step unrolls a recurrence; use `jax.lax.scan`, `associative_scan` or `cumsum`"
    trigger = LOOP

    VALID = (
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
        # Reads only the element it writes: an elementwise map in place, not a recurrence.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    for i in range(len(x)):\n        x = x.at[i].set(jnp.tanh(x[i]) * 2)\n    return x\n"),
        # Plain NumPy in place.
        Valid("import jax\nimport numpy as np\n\ndef f(x):\n    for i in range(1, len(x)):\n        x[i] = x[i - 1] * 0.5\n    return x\n"),
        # Outside any loop.
        Valid("import jax.numpy as jnp\n\ndef f(x):\n    return x.at[1].set(x[0] * 2)\n"),
        # Host-side decode loop calling a jitted step.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef generate(params, tokens, n):\n    step = jax.jit(decode)\n"
            "    for t in range(n):\n        logits = step(params, tokens)\n        tokens = tokens.at[t + 1].set(jnp.argmax(logits[t]))\n    return tokens\n"
        ),
        # A PRNG key split per step is not a carried state.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(key, x):\n    for i in range(x.shape[0]):\n"
            "        key, sub = jax.random.split(key)\n        x = x.at[i].set(jax.random.normal(sub))\n    return x\n"
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
    )
    INVALID = (
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
            "g = jax.grad(lambda p: jnp.sum(run(p[0], p[1], 50)))\n",
            message_contains="`u` and `v` are carried",
        ),
        # Independent writes through a local index (`idx = i`): a map, not a recurrence.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    out = jnp.zeros((x.shape[0], 3))\n"
            "    for i in range(x.shape[0]):\n        idx = i\n        out = out.at[idx].set(jnp.tanh(w @ x[i]))\n    return out\n",
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
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (16,))\n    for i in range(1, 16):\n        x = x.at[i].set(jnp.tanh(x[i - 1]) + x[i])\n    return x\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (16,))\n    x = jax.lax.fori_loop(1, 16, lambda i, x: x.at[i].set(jnp.tanh(x[i - 1]) + x[i]), x)\n    return x\n",
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
    )

    # -- the query ---------------------------------------------------------------------------

    def visit_For(self, node: ast.For) -> None:
        self._loop(node)

    def visit_While(self, node: ast.While) -> None:
        self._loop(node)

    def _loop(self, node: ast.For | ast.While) -> None:
        ctx = self.ctx
        if ctx.function is None or isinstance(ctx.function, ast.Lambda):
            return  # module-level code runs once, untraced; tests compute references on purpose
        form = read_loop(node, ctx.is_builtin)
        if form is None:
            return
        extent = step_extent(form, ctx)
        if extent is None:
            return
        if ctx.names.numpy_module() == "autograd.numpy":
            return  # autograd records each step on its tape: there is no jit to unroll, and no scan
        if any("pallas" in qualified for qualified in ctx.names.aliases.values()):
            return  # a Pallas kernel: its Python loops unroll into the kernel on purpose (static tiles)
        if any(element_is_object(node, name) for name in form.elements) or calls_indexed(node, form.index):
            return  # a list of modules, functions or distributions (``self.layers[i](x)``)
        flow = analyse(form, ctx.resolve, ctx.code)
        if not flow.recurrent and not flow.writes:
            return
        if not many_steps(form, flow, extent, ctx):
            return
        if flow.recurrent and weights_applied_to_state(form, flow, ctx.resolve):
            return  # for w in ws: x = f(w @ x): a stack of layers, each element a weight
        if flow.recurrent:
            self._recurrence(form, flow, extent)
        else:
            self._scatter(form, flow, extent)

    def _recurrence(self, form: LoopForm, flow: Flow, extent: Extent) -> None:
        ctx = self.ctx
        node = form.node
        states = recurrent_in_order(flow)
        if breaks_on_state(node, flow):
            return  # a host loop: it stops on a concrete value of its state
        if any(reshapes_carry(node, state, ctx.resolve) for state in states):
            return  # poly = jnp.convolve(poly, q): its shape changes every step, no scan can carry it
        evidence = state_evidence(form, flow, states, ctx)
        if evidence is None:
            return
        work = loop_work(node, flow, ctx)
        if work in ("python", "driver"):
            return
        if evidence == "unknown" and work == "jax":
            work = "unknown"
        linear = linear_update(flow, states[0], ctx) if len(states) == 1 else None
        stored = bool(flow.stored) or bool(flow.recurrent & flow.moving_arrays)
        if not stored and all(reduction(flow, state, ctx.resolve) for state in states):
            return  # acc = acc + f(x[i]), ok = ok & test(x[i]): reductions, final values only (GA302's)
        # -- the message: a linear recurrence kept per step names its parallel rewrite
        parallel = linear if linear is not None and stored else None
        subject = self._subject(flow, states, show_update=parallel is None)
        message = f"{subject}: jit unrolls {self._where(form)}, one copy per step; {recurrence_advice(form, flow, states, parallel, stored, ctx)}"
        # -- the fix; a recurrence without `.at` writes is as common in setup and solver code as
        # in traced code: it is reported only where a trace is proven.
        # States stored per step and joined into an array (``out.append(g)`` ... ``jnp.array(out)``)
        # are jax work as much as ``.at`` writes are: likely traced by the callers of a library.
        joined = bool(flow.stored) and joined_after(form.node, flow, ctx)
        if joined and work == "unknown":
            work = "jax"  # the states become a jax array: they are jax values
        self.report(
            node, message, extent=extent, work=work, fix=fori_fix(form, flow, ctx),
            require_trace=not joined and (evidence == "unknown" or not flow.writes),
            evidence=[flow.reasons.get(states[0], "")], no_gradient=carried_without_gradient(flow, states, ctx),
        )

    def _scatter(self, form: LoopForm, flow: Flow, extent: Extent) -> None:
        ctx = self.ctx
        if not plain_scatter(form, flow, ctx):
            return
        work = loop_work(form.node, flow, ctx)
        if work in ("python", "driver"):
            return
        write = flow.writes[0]
        array = write.array
        shown = f"`{array} = {one_line(ctx.code(write.call.func), 40)}(...)`"
        suggestion = vectorized_write(form, flow, write, ctx)
        duplicates = ""
        if write.method == "set" and not unique_positions(write, form.index):
            duplicates = " (a repeated index keeps the last write in the loop, an unspecified one in one `.set`)"
        advice = f"use `{suggestion}`" if suggestion else f"compute every step's value at once and write them with one `{array}.at[...].{write.method}(...)`"
        message = f"{shown} in {self._where(form)}: the writes are independent, yet jit unrolls one update per step; {advice}{duplicates}"
        # Independent writes look like setup code as often as like traced code: reported only in
        # code proven traced (eager fills of a small image are not the slow case).
        self.report(
            form.node, message, extent=extent, work=work, require_trace=True, evidence=["no step reads what another step wrote"],
            data={"shape": "scatter"},
        )

    @classmethod
    def finalize(cls, candidate: Candidate, project: Project) -> Finding | None:
        finding = default_finalize(cls, candidate, project)
        if finding is not None and candidate.data.get("shape") == "scatter" and finding.confidence != "high":
            return None  # independent writes: reported only when the size and the trace are both proven
        return finding

    # -- the message ---------------------------------------------------------------------------

    def _subject(self, flow: Flow, states: list[str], show_update: bool = True) -> str:
        ctx = self.ctx
        state = states[0]
        write = next((write for write in flow.writes if write.array == state), None)
        reason = flow.reasons.get(state, "")
        if write is not None:
            shown = f"`{state} = {one_line(ctx.code(write.call.func), 40)}(...)`"
            return f"{shown} {reason}".rstrip()
        updates = flow.updates_of(state)
        if len(states) > 1:
            return f"{shown_names(states)} are carried from step to step"
        if show_update and len(updates) == 1 and len(ctx.code(updates[0])) <= 50:
            return f"`{state}` is carried from step to step (`{one_line(ctx.code(updates[0]), 50)}`)"
        return f"`{state}` is carried from step to step"

    def _where(self, form: LoopForm) -> str:
        ctx = self.ctx
        node = form.node
        if isinstance(node, ast.For):
            return f"the loop over `{one_line(ctx.code(node.iter), 40)}`"
        return f"`while {one_line(ctx.code(node.test), 40)}`"

