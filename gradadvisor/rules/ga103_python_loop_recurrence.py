"""GA103 python-loop-recurrence: a Python loop that carries state from one step to the next."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import SMALL_COUNT_NAME, Extent
from gradadvisor.analysis.gradient import COMPILING, TRANSFORM_LEVELS, gradient_call
from gradadvisor.analysis.fori_preconditions import index_only_as_position, reads_outside
from gradadvisor.analysis.linear_recurrence import Affine, affine, inline
from gradadvisor.analysis.recurrence import Flow, analyse
from gradadvisor.analysis.recurrence_footprints import Write, read_footprint
from gradadvisor.analysis.recurrence_form import LoopForm, read_loop
from gradadvisor.analysis.syntax import dotted, int_value, names_read, one_line, target_names, walk
from gradadvisor.analysis.vectorize import ARRAY_METHODS, calls_jax, element_is_object, has_walrus, is_elementwise_function
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.fixes.render import substitute
from gradadvisor.rules.base import LOOP, Candidate, Finding, Invalid, Rule, Valid, default_finalize

if TYPE_CHECKING:
    from gradadvisor.analysis.project import Project

#: A fixed step count that walks no data is reported from this many steps (15 power iterations or
#: 10 hash rounds are small and deliberate; the jax documentation's unrolled example has 5,000).
LITERAL_STEPS = 100
#: Bounds named as small counts: unroll factors, series orders, hash rounds, refinement steps.
SMALL_STEPS_NAME = re.compile(
    r"unroll|(?:^|_)(?:order|degree|rounds?|refine\w*|refinements?|newton\w*|sweeps?|windows?|dofs?|lmax|l_max|types|species|"
    r"channels(?:_list)?|marginals|passes|phases|modes|dims?|ndims?|rank|axes)$",
    re.IGNORECASE,
)
#: Values that are never arrays: a loop that carries only these runs Python, not jax.
PYTHON_KINDS = frozenset({v.SCALAR, v.SIZE, v.STRING, v.SEQUENCE, v.MAPPING, v.NONE, v.MODULE})
#: Modules whose calls compute on arrays (not pytree utilities or transforms).
ARRAY_MODULES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.", "jax.ops.")
#: Collectives take pytrees: calling one says nothing about arrays being carried.
COLLECTIVES = frozenset({"jax.lax.psum", "jax.lax.pmean", "jax.lax.pmax", "jax.lax.pmin", "jax.lax.ppermute", "jax.lax.all_gather", "jax.lax.all_to_all", "jax.lax.axis_index", "jax.lax.stop_gradient"})
#: Builtins that compute on their arguments without side effects (and without leaving the trace).
PURE_BUILTINS = frozenset({"abs", "min", "max", "len", "range", "tuple", "isinstance"})
#: Calls that say a loop runs on the host: printing, logging, timing, progress bars.
DRIVER_CALLS = re.compile(r"^(?:print|input|open|time\.\w+|logging\.\w+|absl\.logging\.\w+|tqdm(?:\.\w+)*|wandb\.\w+|pickle\.\w+)$")
#: Methods that read values out to the host, log or report: a loop calling them drives compiled code.
DRIVER_METHODS = frozenset({"item", "tolist", "block_until_ready", "info", "warning", "debug", "write", "log_metrics", "set_description", "set_postfix"})
#: Conversions to Python numbers: under a trace they fail, so a loop using them runs on the host.
CONCRETE = frozenset({"float", "int", "bool", "complex"})


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

    # -- matching ---------------------------------------------------------------------------

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
        if isinstance(node, ast.For):
            extent = ctx.extent(node.iter)
        elif form.bound is not None:
            extent = ctx.extent_of_bound(form.bound)
        else:
            return
        if not extent.is_data:
            return
        if ctx.names.numpy_module() == "autograd.numpy":
            return  # autograd records each step on its tape: there is no jit to unroll, and no scan
        if any("pallas" in qualified for qualified in ctx.names.aliases.values()):
            return  # a Pallas kernel: its Python loops unroll into the kernel on purpose (static tiles)
        if any(element_is_object(node, name) for name in form.elements) or _calls_indexed(node, form.index):
            return  # a list of modules, functions or distributions (``self.layers[i](x)``)
        flow = analyse(form, ctx.resolve, ctx.code)
        if not flow.recurrent and not flow.writes:
            return
        if not self._many_steps(form, flow, extent):
            return
        if flow.recurrent and _weights_applied_to_state(form, flow, ctx.resolve):
            return  # for w in ws: x = f(w @ x): a stack of layers, each element a weight
        if flow.recurrent:
            self._recurrence(form, flow, extent)
        else:
            self._scatter(form, flow, extent)

    def _many_steps(self, form: LoopForm, flow: Flow, extent: Extent) -> bool:
        """The step count grows with the data, or is a literal of at least ``LITERAL_STEPS``."""
        ctx = self.ctx
        node = form.node
        header = node.iter if isinstance(node, ast.For) else form.bound
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Call) and ctx.is_builtin(node.iter.func, "range") and len(node.iter.args) == 3 and int_value(node.iter.args[2]) is None:
            return False  # range(0, n, block): one step per block
        if isinstance(node, ast.While) and any(
            isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "len" for child in walk(node.test)
        ):
            return False  # while len(parts) > k: a container shrinking by a factor, not a step per datum
        for name in _header_names(header) if header is not None else ():
            if SMALL_STEPS_NAME.search(name) or SMALL_COUNT_NAME.match(name):
                return False  # unroll factors, series orders, rounds, dimensions: small by their name
            value = ctx.facts.bindings_at(name, ctx.scope, ctx.statement)
            for binding in value:
                if binding.kind == "assign" and isinstance(binding.value, ast.AST) and _logarithmic(binding.value):
                    return False  # num_rounds = int(ceil(3 * log(n) / log(m))): grows like log n
        if extent.size is not None and extent.size.isdigit():
            walks = bool(form.elements) or bool(flow.writes) or any(
                isinstance(child, ast.Subscript) and form.index is not None and form.index in names_read(child.slice) for child in walk(node)
            )
            if not walks and int(extent.size) < LITERAL_STEPS:
                return False  # a fixed number of steps that walks no data: 15 power iterations, 10 rounds
        return True

    # -- recurrences ------------------------------------------------------------------------

    def _recurrence(self, form: LoopForm, flow: Flow, extent: Extent) -> None:
        ctx = self.ctx
        node = form.node
        states = sorted(flow.recurrent, key=lambda name: _first_line(flow, name))
        if _breaks_on_state(node, flow):
            return  # a host loop: it stops on a concrete value of its state
        evidence = self._evidence(form, flow, states)
        if evidence is None:
            return
        work = self._work(node, flow)
        if work in ("python", "driver"):
            return
        if evidence == "unknown" and work == "jax":
            work = "unknown"
        linear = self._linear(flow, states[0]) if len(states) == 1 else None
        stored = bool(flow.stored) or bool(flow.recurrent & flow.moving_arrays)
        if len(states) == 1 and not stored and _reduction(flow, states[0], ctx.resolve):
            return  # acc = acc + f(x[i]), ok = ok & test(x[i]): a reduction, final value only (GA302's)
        linear_advice = linear is not None and stored
        subject = self._subject(flow, states, show_update=not linear_advice)
        where = self._where(form)
        if linear_advice:
            advice = self._linear_advice(flow, states[0], linear)  # type: ignore[arg-type]
        elif isinstance(node, ast.While) and form.index is None:
            advice = f"use `{self._spell('jax.lax.scan')}` over a fixed number of steps (`while_loop` has no reverse-mode gradient)"
        elif stored:
            xs = self._step_inputs(form, flow)
            over = f" over {xs}" if xs else ""
            advice = f"use `{self._spell('jax.lax.scan')}`{over} carrying {_names(states)} (not `vmap`; on GPUs try `unroll=`)"
        else:
            advice = f"use `{self._spell('jax.lax.fori_loop')}` carrying {_names(states)} (the final value is all that is used; on GPUs try `unroll=`)"
        message = f"{subject}: jit unrolls {where}, one copy per step; {advice}"
        fix = self._fori_fix(form, flow)
        # A recurrence without `.at` writes is as common in setup and solver code as in traced
        # code: it is reported only where a trace is proven.
        self.report(
            node, message, extent=extent, work=work, fix=fix, require_trace=evidence == "unknown" or not flow.writes,
            evidence=[flow.reasons.get(states[0], "")],
        )

    def _evidence(self, form: LoopForm, flow: Flow, states: list[str]) -> str | None:
        """"jax" when the loop computes on arrays, "unknown" when the states may be arrays (a
        parameter updated by arithmetic, or data walked step by step), None for Python values,
        functions and callbacks (``fn = jax.vmap(fn)``, ``val = body_fun(i, val)``)."""
        ctx = self.ctx
        initial = [self._initial(name, form.node) for name in states]
        if any(value.kind == v.CALLABLE for value in initial):
            return None
        if any(_mutated_in_place(form.node, name) for name in states):
            return None  # x[i] = v, x.append(v) on the state itself: a Python list or NumPy array
        if flow.writes or any(value.is_array and not value.host for value in initial) or self._array_calls(form.node):
            return "jax"
        for name in states:
            for stmt in flow.updates_of(name):
                value = getattr(stmt, "value", None)
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
                    callee = ctx.value(value.func)
                    if callee.kind == v.CALLABLE and callee.transform in TRANSFORM_LEVELS:
                        return "jax"  # state = jitted_step(state): a jax function's result
        if all(value.kind in PYTHON_KINDS or value.is_array and value.host for value in initial):
            # A state that starts as a Python number (``x = 0.0``) but whose update does
            # arithmetic on the data the loop walks (``x = a * x + b * u[t]``) is an array from
            # the first step on, whatever it started as.
            numbers = all(value.kind == v.SCALAR and not isinstance(value.literal, (bool, str)) for value in initial)
            if not (numbers and _updated_from_walked_data(flow, states, ctx)):
                return None
        walks = bool(form.elements) or any(
            isinstance(child, ast.Subscript) and form.index is not None and form.index in names_read(child.slice) for child in walk(form.node)
        )
        arithmetic = any(_numeric_update(stmt, name) for name in states for stmt in flow.updates_of(name))
        return "unknown" if walks or arithmetic else None

    def _initial(self, name: str, loop: ast.AST) -> v.Value:
        """What ``name`` holds when the loop starts (bindings inside the loop left out)."""
        ctx = self.ctx
        inside = {id(child) for child in walk(loop)}
        bindings = [binding for binding in ctx.facts.bindings_at(name, ctx.scope, ctx.statement) if id(binding.statement) not in inside]
        if not bindings:
            return ctx.value(ast.Name(id=name, ctx=ast.Load())) if not ctx.scope.binds(name) else v.UNKNOWN_VALUE
        result = None
        for binding in bindings:
            result = v.join(result, ctx.facts.binding_value(binding, ctx.scope))
        return result or v.UNKNOWN_VALUE

    def _array_calls(self, node: ast.AST) -> bool:
        """A jax.numpy / lax / nn / scipy / random call or a matrix product in ``node`` (or in a
        function of this module it calls, one level deep); pytree utilities and transforms are not
        array work."""
        ctx = self.ctx
        pending = [node]
        seen: set[str] = set()
        while pending:
            current = pending.pop()
            for child in walk(current):
                if isinstance(child, ast.BinOp) and isinstance(child.op, ast.MatMult):
                    return True
                if not isinstance(child, ast.Call):
                    continue
                qualified = ctx.resolve(child.func) or ""
                if qualified.startswith(ARRAY_MODULES) and qualified not in COLLECTIVES:
                    return True
                if isinstance(child.func, ast.Name) and child.func.id not in seen and len(seen) < 10:
                    seen.add(child.func.id)
                    definition = ctx.local_function(child.func.id)
                    if definition is not None:
                        pending.append(definition)
        return False

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
            return f"{_names(states)} are carried from step to step"
        if show_update and len(updates) == 1 and len(ctx.code(updates[0])) <= 50:
            return f"`{state}` is carried from step to step (`{one_line(ctx.code(updates[0]), 50)}`)"
        return f"`{state}` is carried from step to step"

    def _where(self, form: LoopForm) -> str:
        ctx = self.ctx
        node = form.node
        if isinstance(node, ast.For):
            return f"the loop over `{one_line(ctx.code(node.iter), 40)}`"
        return f"`while {one_line(ctx.code(node.test), 40)}`"

    def _spell(self, qualified: str) -> str:
        spelled, _ = self.ctx.spell(qualified)
        return spelled or qualified

    def _work(self, node: ast.AST, flow: Flow) -> str:
        """"driver" for a loop that logs, prints or reads values out to Python (it runs on the host,
        whatever the trace says), "host" when it calls compiled steps, gradients or NumPy (reported
        only in code proven traced), "jax" for jax.numpy work, "python" for Python numbers or NumPy
        arrays carried on the host, else "unknown"."""
        ctx = self.ctx
        for child in walk(node):
            if not isinstance(child, ast.Call):
                continue
            builtin = child.func.id if isinstance(child.func, ast.Name) and ctx.is_builtin(child.func, child.func.id) else ""
            qualified = ctx.resolve(child.func) or builtin
            if qualified and DRIVER_CALLS.match(qualified):
                return "driver"
            if isinstance(child.func, ast.Attribute) and child.func.attr in DRIVER_METHODS:
                return "driver"
            if builtin in CONCRETE and child.args and isinstance(child.args[0], ast.Call) and not (
                isinstance(child.args[0].func, ast.Name) and child.args[0].func.id in ("len", "round", "abs", "min", "max")
            ):
                return "driver"  # int(jnp.sum(...)), float(loss(...)): a concrete value, read on the host
        for child in walk(node):
            if not isinstance(child, ast.Call):
                continue
            qualified = ctx.resolve(child.func) or ""
            if qualified.startswith("numpy."):
                return "host"
            if isinstance(child.func, ast.Attribute) and child.func.attr == "apply" and not qualified.startswith("jax."):
                return "host"
            if _gradient_call(child, ctx):
                return "host"
            if isinstance(child.func, ast.Name):
                callee = ctx.value(child.func)
                if callee.kind == v.CALLABLE and callee.transform in COMPILING:
                    return "host"
        if flow.writes or calls_jax(node, ctx.resolve, ctx.local_function):
            return "jax"
        states = flow.recurrent or flow.carried
        kinds = {ctx.value(ast.Name(id=name, ctx=ast.Load())).kind for name in states}
        values = [ctx.value(ast.Name(id=name, ctx=ast.Load())) for name in states]
        if kinds == {v.SCALAR} and _updated_from_walked_data(flow, sorted(states), ctx):
            return "unknown"  # x = 0.0, then x = a * x + b * u[t]: an array after the first step
        if kinds and kinds <= {v.SCALAR, v.SIZE, v.STRING, v.SEQUENCE, v.MAPPING, v.NONE} or values and all(value.is_array and value.host for value in values):
            return "python"
        return "unknown"

    def _linear(self, flow: Flow, state: str) -> Affine | None:
        """The state's update as ``a * state + b``, when it is one."""
        ctx = self.ctx
        var = flow.form.index
        if state in flow.moving_arrays:
            writes = [write for write in flow.writes if write.array == state]
            if len(writes) != 1 or writes[0].method != "set" or writes[0].value is None:
                return None
            write = writes[0]
            point = write.footprint.point()
            if point is None:
                return None
            key, position = point
            var = write.var
            previous = position - write.direction
            others = {axis: span for axis, span in write.footprint.axes if not span.relative}
            statement = write.statement
            value = inline(write.value, _definitions(flow, statement))

            def is_state(node: ast.AST) -> bool:
                found = read_footprint(node, {state}, var, ctx.resolve, ctx.code)
                if found is None:
                    return False
                place = found[1]
                spans = dict(place.axes)
                moving = spans.get(key)
                if moving is None or not moving.relative or moving.lo != previous or moving.hi != previous + 1:
                    return False
                return all(spans.get(axis) == span for axis, span in others.items()) and len(spans) == len(write.footprint.axes)

            def is_stateful(node: ast.AST) -> bool:
                if isinstance(node, ast.Name) and node.id == state:
                    return True
                return isinstance(node, ast.Name) and state in flow.final.get(node.id, frozenset()) and node.id in flow.assigned
        else:
            updates = flow.updates_of(state)
            if len(updates) != 1:
                return None
            statement = updates[0]
            item = next(item for item in flow.items if item.statement is statement)
            if item.conditional or item.opaque:
                return None
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
                value = statement.value
            elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name) and isinstance(statement.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
                value = ast.BinOp(left=ast.Name(id=state, ctx=ast.Load()), op=statement.op, right=statement.value)
            else:
                return None
            value = inline(value, _definitions(flow, statement))

            def is_state(node: ast.AST) -> bool:
                return isinstance(node, ast.Name) and node.id == state

            def is_stateful(node: ast.AST) -> bool:
                if isinstance(node, ast.Name) and node.id != state and node.id in flow.assigned:
                    return state in flow.snapshots.get(id(statement), {}).get(node.id, frozenset({state}))
                found = read_footprint(node, flow.moving_arrays, var, ctx.resolve, ctx.code) if flow.moving_arrays else None
                return found is not None and found[0] in flow.recurrent

        if any(isinstance(child, ast.Name) and child.id == state and not isinstance(child.ctx, ast.Load) for child in walk(value)):
            return None
        return affine(value, is_state, is_stateful, resolve=ctx.resolve)

    def _linear_advice(self, flow: Flow, state: str, linear: Affine) -> str:
        ctx = self.ctx
        numpy = ctx.names.numpy_module()
        if linear.additive:
            cumsum = self._spell(f"{numpy}.cumsum")
            increment = one_line(ctx.renderer.code(linear.offset), 50) if linear.offset is not None else "the increments"
            order = ", from the end" if flow.form.direction < 0 else ""
            return f"a running sum: use the start value plus `{cumsum}` of the increments (`{increment}` per step{order}), not a scan"
        if linear.multiplicative:
            cumprod = self._spell(f"{numpy}.cumprod")
            factor = one_line(ctx.renderer.code(linear.coefficient), 50)  # type: ignore[arg-type]
            order = ", from the end" if flow.form.direction < 0 else ""
            return f"a running product: use the start value times `{cumprod}` of the factors (`{factor}` per step{order}), not a scan"
        scan = self._spell("jax.lax.associative_scan")
        a = one_line(ctx.renderer.code(linear.coefficient), 30) if linear.coefficient is not None else "1"
        b = one_line(ctx.renderer.code(linear.offset), 30) if linear.offset is not None else "0"
        if linear.matrix:
            combine = f"(r[0] @ l[0], {self._spell(f'{numpy}.einsum')}('...ij,...j->...i', r[0], l[1]) + r[1])"
        else:
            combine = "(r[0] * l[0], r[0] * l[1] + r[1])"
        reverse = ", reverse=True" if flow.form.direction < 0 else ""
        return f"it is linear: use `{scan}(lambda l, r: {combine}, (a, b){reverse})`, a_i = `{a}`, b_i = `{b}`"

    def _step_inputs(self, form: LoopForm, flow: Flow) -> str:
        """The arrays a step reads one element of: what a scan walks."""
        ctx = self.ctx
        if form.elements:
            texts = [one_line(ctx.code(iterable), 30) for iterable in form.elements.values()]
            return ", ".join(f"`{text}`" for text in dict.fromkeys(texts))
        if form.index is None:
            return ""
        found: list[str] = []
        for child in walk(form.node):
            if isinstance(child, ast.Subscript) and isinstance(child.slice, ast.Name) and child.slice.id == form.index:
                base = child.value
                if isinstance(base, ast.Attribute) and base.attr == "at":
                    continue
                text = dotted(base)
                if text is not None and text not in flow.moving_arrays and text not in flow.assigned and text not in found:
                    found.append(text)
        return ", ".join(f"`{text}`" for text in found[:3])

    # -- scatters ----------------------------------------------------------------------------

    def _scatter(self, form: LoopForm, flow: Flow, extent: Extent) -> None:
        ctx = self.ctx
        if flow.side_effects or flow.appends or flow.keys or flow.has_walrus:
            return
        carried_other = flow.carried - flow.moving_arrays - ({form.index} if form.index else set())
        if carried_other:
            return  # a clock, a counter or a key moves with the steps: not a plain scatter
        if any(not isinstance(item.statement, (ast.Assign, ast.AnnAssign, ast.Pass)) or item.opaque for item in flow.items):
            return
        for write in flow.writes:
            if any(isinstance(child, ast.Call) and _gradient_call(child, ctx) for child in walk(write.call)):
                return  # per-example gradients written with .at: GA102
            if write.value is not None and names_read(write.value) & flow.moving_arrays:
                return  # x = x.at[i].set(g(x[i])): an elementwise update in place, a map (GA101's shape)
        work = self._work(form.node, flow)
        if work in ("python", "driver"):
            return
        write = flow.writes[0]
        array = write.array
        shown = f"`{array} = {one_line(ctx.code(write.call.func), 40)}(...)`"
        where = self._where(form)
        suggestion = self._vectorized_write(form, flow, write)
        duplicates = ""
        if write.method == "set" and not _unique_positions(write, form.index):
            duplicates = " (a repeated index keeps the last write in the loop, an unspecified one in one `.set`)"
        advice = f"use `{suggestion}`" if suggestion else f"compute every step's value at once and write them with one `{array}.at[...].{write.method}(...)`"
        message = f"{shown} in {where}: the writes are independent, yet jit unrolls one update per step; {advice}{duplicates}"
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

    def _vectorized_write(self, form: LoopForm, flow: Flow, write: Write) -> str | None:
        """``out = out.at[idx].set(v)`` for ``out = out.at[idx[i]].set(v[i])``, when every use of the
        index is ``a[i]`` and the value is elementwise in those reads."""
        ctx = self.ctx
        var = form.index
        if var is None or len(flow.writes) != 1 or len(flow.items) != 1 or write.form != "at" or write.value is None:
            return None

        def replace(node: ast.AST) -> ast.AST | None:
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == var and dotted(node.value) is not None:
                return node.value
            return None

        index = write.where[0]
        if isinstance(index, ast.Name) and index.id == var:
            return None  # rows written in order: the array is the values, stacked
        new_index = substitute(index, replace)
        new_value = substitute(write.value, replace)
        if var in names_read(new_index) or var in names_read(new_value):
            return None
        if not _elementwise_expression(new_value, ctx.resolve) or not _elementwise_expression(new_index, ctx.resolve):
            return None
        return f"{write.array} = {write.array}.at[{ctx.renderer.code(new_index)}].{write.method}({ctx.renderer.code(new_value)})"

    # -- the fix -------------------------------------------------------------------------------

    def _fori_fix(self, form: LoopForm, flow: Flow):
        """``x = jax.lax.fori_loop(start, stop, lambda i, x: <value>, x)`` for a one-statement body."""
        ctx = self.ctx
        node = form.node
        if not isinstance(node, ast.For) or node.orelse or form.bounds is None or form.index is None or form.direction != 1:
            return None
        if len(node.body) != 1 or len(flow.items) != 1:
            return None
        statement = node.body[0]
        var = form.index
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            carry = statement.targets[0].id
            value: ast.expr = statement.value
        elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
            carry = statement.target.id
            value = ast.BinOp(left=ast.Name(id=carry, ctx=ast.Load()), op=statement.op, right=statement.value)
        else:
            return None
        if carry == var or flow.carried != {carry} or has_walrus(statement):
            return None
        if not index_only_as_position(value, var, ctx.code):
            return None
        fori_loop, imports = ctx.spell("jax.lax.fori_loop")
        if not fori_loop:
            return None
        write = next((write for write in flow.writes if write.statement is statement), None)
        conditions = Preconditions()
        function = ctx.function
        conditions.require(not reads_outside(function, node, var), f"`{var}` is not read after the loop (`fori_loop` does not bind it)")
        start, stop = form.bounds
        for bound in (start, stop):
            if bound is not None:
                conditions.require(self._python_int(bound), f"`{one_line(ctx.code(bound), 30)}` is a Python int (a JAX integer bound makes `fori_loop` a `while_loop`, which has no reverse-mode gradient)")
        conditions.require(self._runs(start, stop), "the loop runs at least once (`fori_loop` traces its body even for zero steps)")
        conditions.require(self._pure(value, statement), "the body has no side effects (`fori_loop` runs it once, when tracing)")
        for base in _indexed_bases(value, var):
            # The carry's value where the loop starts: the join with the body's `.at` result would hide a NumPy start.
            array = self._initial(carry, node) if isinstance(base, ast.Name) and base.id == carry else ctx.facts.value(base, ctx.scope, statement)
            conditions.require(array.is_array and not array.host, f"`{one_line(ctx.code(base), 30)}` is a jax array (a list or NumPy array cannot take a traced index)")
        if write is None:
            carried = self._initial(carry, node)
            new = ctx.facts.value(value, ctx.scope, statement)
            same = (
                carried.is_array and not carried.host and new.is_array
                and carried.shape is not None and None not in carried.shape and carried.shape == new.shape
                and carried.dtype == "float32" and carried.dtype == new.dtype
            )
            conditions.require(same, f"`{carry}` keeps its dtype and shape through the body (a Python number, a complex value or a changed dtype breaks `fori_loop`)")
            # The facts give arrays without a stated dtype float32; with x64 they are float64, and
            # a float32 carry that meets one becomes float64 in the loop (`fori_loop` raises).
            conditions.require(not ctx.facts.enables_x64, "64-bit mode is off (the module turns `jax_enable_x64` on: arrays without a stated dtype are float64 and can change the carry's dtype)")
        lambda_node = ast.Lambda(
            args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=var), ast.arg(arg=carry)], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=value,
        )
        start_node = start if start is not None else ast.Constant(0)
        parts = [ctx.renderer.code(start_node), ctx.renderer.code(stop), ctx.renderer.code(lambda_node), carry]
        line = f"{carry} = {fori_loop}({', '.join(parts)})"
        edit = ctx.renderer.replace_statements(node, node, [line])
        return conditions.fix([edit], line, imports)

    def _python_int(self, bound: ast.AST, depth: int = 0) -> bool:
        """Proven a Python int: literals, ``len(...)``, ``.shape[k]``, ``.ndim``, arithmetic of
        those, ``int(...)``, names bound to one, parameters annotated ``int``."""
        ctx = self.ctx
        if depth > 6:
            return False
        if int_value(bound) is not None:
            return True
        if isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name) and bound.func.id in ("len", "int") and ctx.is_builtin(bound.func, bound.func.id):
            return True
        if isinstance(bound, ast.Subscript) and isinstance(bound.value, ast.Attribute) and bound.value.attr == "shape" and int_value(bound.slice) is not None:
            return True
        if isinstance(bound, ast.Attribute) and bound.attr == "ndim":
            return True
        if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)):
            return self._python_int(bound.left, depth + 1) and self._python_int(bound.right, depth + 1)
        if isinstance(bound, ast.UnaryOp) and isinstance(bound.op, ast.USub):
            return self._python_int(bound.operand, depth + 1)
        if isinstance(bound, ast.Name):
            value = ctx.value(bound)
            if value.kind == v.SCALAR and type(value.literal) is int:
                return True
            if value.kind == v.PARAM:
                return (value.annotation or "").strip() == "int"
            bindings = ctx.facts.bindings_at(bound.id, ctx.scope, ctx.statement)
            if bindings and all(binding.kind == "assign" and not binding.path and isinstance(binding.value, ast.expr) for binding in bindings):
                return all(self._python_int(binding.value, depth + 1) for binding in bindings)  # type: ignore[arg-type]
        return False

    def _runs(self, start: ast.AST | None, stop: ast.AST) -> bool:
        ctx = self.ctx
        low = 0 if start is None else _literal(ctx.value(start))
        high = _literal(ctx.value(stop))
        return low is not None and high is not None and high > low

    def _pure(self, value: ast.AST, statement: ast.stmt) -> bool:
        ctx = self.ctx
        for child in walk(value):
            if isinstance(child, (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)):
                return False
            if not isinstance(child, ast.Call):
                continue
            qualified = ctx.resolve(child.func) or ""
            if qualified.startswith("jax.") and not qualified.startswith(("jax.debug", "jax.experimental.io_callback", "jax.pure_callback")):
                continue
            if isinstance(child.func, ast.Name) and child.func.id in PURE_BUILTINS and ctx.is_builtin(child.func, child.func.id):
                continue
            if isinstance(child.func, ast.Attribute) and child.func.attr in ARRAY_METHODS:
                receiver = child.func.value
                if isinstance(receiver, ast.Subscript) and isinstance(receiver.value, ast.Attribute) and receiver.value.attr == "at":
                    continue
                received = ctx.facts.value(receiver, ctx.scope, statement)
                if received.is_array and not received.host:
                    continue
            return False
        return True


# -- helpers -----------------------------------------------------------------------------------


#: Associative updates ``s = s <op> t``: with ``t`` free of ``s``, a loop of them is a reduction.
REDUCING_OPS = (ast.Add, ast.Sub, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
REDUCING_CALLS = frozenset({
    "jax.numpy.add", "jax.numpy.multiply", "jax.numpy.maximum", "jax.numpy.minimum", "jax.numpy.logical_and",
    "jax.numpy.logical_or", "jax.numpy.logaddexp", "jax.lax.max", "jax.lax.min", "jax.lax.add", "jax.lax.mul",
})


def _reduction(flow: Flow, state: str, resolve) -> bool:
    """``s = s + t``, ``s *= t``, ``s = s & t``, ``s = jnp.maximum(s, t)`` with ``t`` free of ``s`` and
    changing with the step: the loop reduces terms (a sum, a product, an all), it does not iterate a map."""
    if state in flow.moving_arrays:
        return False
    updates = flow.updates_of(state)
    if len(updates) != 1:
        return False
    stmt = updates[0]
    item = next(item for item in flow.items if item.statement is stmt)
    if item.path:
        return False
    if item.opaque:
        return isinstance(stmt, (ast.For, ast.While)) and _reduces_inside(stmt, state)
    terms: list[ast.AST] = []
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.op, REDUCING_OPS):
        terms = [stmt.value]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.BinOp) and isinstance(stmt.value.op, REDUCING_OPS):
        left, right = stmt.value.left, stmt.value.right
        if isinstance(left, ast.Name) and left.id == state:
            terms = [right]
        elif isinstance(right, ast.Name) and right.id == state and not isinstance(stmt.value.op, ast.Sub):
            terms = [left]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and (resolve(stmt.value.func) or "") in REDUCING_CALLS and len(stmt.value.args) == 2:
        args = stmt.value.args
        if isinstance(args[0], ast.Name) and args[0].id == state:
            terms = [args[1]]
        elif isinstance(args[1], ast.Name) and args[1].id == state:
            terms = [args[0]]
    if not terms:
        return False
    term = terms[0]
    snapshot = flow.snapshots.get(id(stmt), {})
    reads = names_read(term)
    if state in reads or any(state in snapshot.get(name, frozenset()) for name in reads):
        return False
    moving = set(flow.form.targets) | flow.assigned | ({flow.form.index} if flow.form.index else set())
    return bool(reads & moving) or _indexes(term)


def _reduces_inside(loop: ast.For | ast.While, state: str) -> bool:
    """A nested loop that only adds terms into ``state`` (``cost += term(i, j)``, terms free of it)."""
    found = False
    for node in walk(loop):
        if isinstance(node, ast.Name) and node.id == state and isinstance(node.ctx, ast.Store):
            parent_ok = any(
                isinstance(stmt, ast.AugAssign) and stmt.target is node and isinstance(stmt.op, REDUCING_OPS) and state not in names_read(stmt.value)
                for stmt in walk(loop)
            )
            if not parent_ok:
                return False
            found = True
        elif isinstance(node, ast.Name) and node.id == state and isinstance(node.ctx, ast.Load):
            return False  # the state is read inside: not a plain reduction
    return found


def _mutated_in_place(loop: ast.AST, name: str) -> bool:
    for node in walk(loop):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        for target in targets:
            if isinstance(target, (ast.Subscript, ast.Attribute)) and isinstance(target.value, ast.Name) and target.value.id == name:
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("append", "extend", "insert", "update", "pop") and isinstance(node.func.value, ast.Name) and node.func.value.id == name:
            return True
    return False


def _updated_from_walked_data(flow: Flow, states: list[str], ctx) -> bool:
    """Some state's update does arithmetic on the array data the loop walks
    (``x = a * x + b * u[t]``)."""

    def is_data(expr: ast.AST) -> bool:  # an array or a parameter, not a shape or a list of sizes
        value = ctx.value(expr)
        return value.is_array and not value.host or value.kind == v.PARAM

    return any(
        _numeric_update(stmt, name) and _reads_walked_data(getattr(stmt, "value", None), flow.form, is_data)
        for name in states
        for stmt in flow.updates_of(name)
    )


def _reads_walked_data(expr: ast.AST | None, form: LoopForm, is_data) -> bool:
    """True when ``expr`` reads the data the loop walks (``u[t]`` at its index, or its element
    variable, where ``is_data`` holds of the array walked) as an operand of arithmetic
    (``a * x + b * u[t]``), not through a call (``len(items[i])``, ``float(x[i])``), a
    comparison or a shape (``x.shape[d]``)."""
    if expr is None:
        return False
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            stack.append(node.operand)
        elif isinstance(node, ast.Name) and node.id in form.elements:
            if is_data(form.elements[node.id]):
                return True
        elif isinstance(node, ast.Subscript) and form.index is not None and form.index in names_read(node.slice):
            if is_data(node.value):
                return True
    return False


def _numeric_update(stmt: ast.stmt, name: str) -> bool:
    """``x = x + 1.0``, ``y = y * decay``, ``x -= lr * g``: arithmetic on the state itself that is
    not integer bookkeeping (``n *= 2``, ``k = k // d``) or list building (``[False] * n``)."""
    if isinstance(stmt, ast.AugAssign):
        op, operands = stmt.op, [stmt.value]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.BinOp) and name in names_read(stmt.value):
        op, operands = stmt.value.op, [stmt.value.left, stmt.value.right]
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.UnaryOp) and name in names_read(stmt.value):
        return not isinstance(stmt.value.op, (ast.Not, ast.Invert))
    else:
        return False
    if isinstance(op, (ast.FloorDiv, ast.Mod, ast.LShift, ast.RShift, ast.BitAnd, ast.BitOr, ast.BitXor)):
        return False
    if any(isinstance(operand, (ast.List, ast.Tuple, ast.ListComp, ast.JoinedStr)) or isinstance(operand, ast.Constant) and isinstance(operand.value, str) for operand in operands):
        return False
    others = [operand for operand in operands if not (isinstance(operand, ast.Name) and operand.id == name)]
    if others and all(int_value(operand) is not None for operand in others):
        return False  # n *= 2, i = i + 1: integer bookkeeping
    return True


def _header_names(header: ast.AST) -> set[str]:
    """The names a loop header reads, and attribute names (``len(self.channels_list)``)."""
    found = set(names_read(header))
    found.update(node.attr for node in walk(header) if isinstance(node, ast.Attribute))
    return found


def _breaks_on_state(loop: ast.AST, flow: Flow) -> bool:
    """``if f(state) > tol: break``: an early exit on a value the loop computes needs that value
    concretely, so the loop runs on the host (under a trace the test would fail)."""
    watched = set(flow.recurrent)
    for name, deps in flow.final.items():
        if deps & flow.recurrent:
            watched.add(name)
    for node in walk(loop):
        if isinstance(node, ast.If) and any(isinstance(child, (ast.Break, ast.Return)) for stmt in node.body for child in walk(stmt)):
            if names_read(node.test) & watched:
                return True
    return False


def _logarithmic(expr: ast.AST) -> bool:
    """``int(np.ceil(3 * np.log(n) / np.log(m)))``: a count that grows like a logarithm."""
    for child in walk(expr):
        if isinstance(child, ast.Call):
            name = dotted(child.func) or ""
            if name.rpartition(".")[2] in ("log", "log2", "log10", "log1p", "bit_length"):
                return True
    return False


def _calls_indexed(loop: ast.AST, index: str | None) -> bool:
    """The body calls an item picked by the index (``self.layers[i](x)``): a list of functions."""
    if index is None:
        return False
    for node in walk(loop):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) and index in names_read(node.func.slice):
            return True
    return False


def _weights_applied_to_state(form: LoopForm, flow: Flow, resolve) -> bool:
    """An element walked by the loop multiplies the state as a matrix (``w @ x``, ``x @ w``,
    ``jnp.dot(w, x)``): the loop walks the weights of layers, not steps of data."""
    elements = set(form.elements)
    if not elements:
        return False
    for node in walk(form.node):
        operands: tuple[ast.AST, ...] = ()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            operands = (node.left, node.right)
        elif isinstance(node, ast.Call) and (resolve(node.func) or "") in ("jax.numpy.dot", "jax.numpy.matmul", "autograd.numpy.dot") and len(node.args) == 2:
            operands = tuple(node.args)
        if len(operands) != 2:
            continue
        for weight, state in (operands, operands[::-1]):
            weight_names = names_read(weight)
            if weight_names and weight_names <= elements | {"jnp", "np"} and weight_names & elements and names_read(state) & flow.recurrent:
                return True
    return False


def _names(states: list[str]) -> str:
    shown = [f"`{name}`" for name in states[:3]]
    return " and ".join(shown) if len(shown) <= 2 else ", ".join(shown)


def _first_line(flow: Flow, name: str) -> int:
    updates = flow.updates_of(name)
    return updates[0].lineno if updates else 10**9


def _definitions(flow: Flow, before: ast.stmt) -> dict[str, ast.expr]:
    """Names assigned once, unconditionally, earlier in the step than ``before``: their values."""
    found: dict[str, ast.expr] = {}
    counts: dict[str, int] = {}
    for item in flow.items:
        for name in _targets(item.statement):
            counts[name] = counts.get(name, 0) + 1
    for item in flow.items:
        if item.statement is before:
            break
        stmt = item.statement
        if item.conditional or item.opaque:
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and counts.get(stmt.targets[0].id) == 1:
            found[stmt.targets[0].id] = stmt.value
    return found


def _targets(stmt: ast.stmt) -> list[str]:
    if isinstance(stmt, ast.Assign):
        return [name for target in stmt.targets for name in target_names(target)]
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        return target_names(stmt.target)
    return []


def _indexes(expr: ast.AST | None) -> bool:
    return expr is not None and any(isinstance(child, ast.Subscript) for child in walk(expr))


def _gradient_call(call: ast.Call, ctx) -> bool:
    """A derivative computed here (``jax.grad(f)(...)``, ``g(...)`` with ``g = jax.grad(f)``,
    ``jax.vjp(f, x)``); a call of a parameter does not count (only call sites could say)."""
    found = gradient_call(call, ctx)
    return found is not None and found[0] != "parameter"


def _unique_positions(write: Write, var: str | None) -> bool:
    """The write's position moves with the index itself (``i``, ``i + 1``): no two steps share one."""
    return any(span.relative and span.lo is not None and span.hi == span.lo + 1 for _, span in write.footprint.axes)


def _elementwise_expression(expr: ast.AST, resolve) -> bool:
    for node in walk(expr):
        if isinstance(node, (ast.Name, ast.Load, ast.expr_context, ast.operator, ast.unaryop)):
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            continue
        if isinstance(node, ast.Attribute) and dotted(node) is not None:
            continue
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            continue
        if isinstance(node, ast.UnaryOp):
            continue
        if isinstance(node, ast.Call) and is_elementwise_function(resolve(node.func)) and not node.keywords:
            continue
        return False
    return True


def _indexed_bases(value: ast.AST, var: str) -> list[ast.expr]:
    """The values subscripted with the loop variable (``u`` in ``u[i]``; ``x`` in ``x.at[i]``)."""
    found: list[ast.expr] = []
    seen: set[str] = set()
    for node in walk(value):
        if isinstance(node, ast.Subscript) and var in names_read(node.slice):
            base = node.value
            if isinstance(base, ast.Attribute) and base.attr == "at":
                base = base.value
            text = ast.dump(base)
            if text not in seen:
                seen.add(text)
                found.append(base)
    return found


def _literal(value: v.Value) -> int | None:
    if value.kind == v.SCALAR and type(value.literal) is int:
        return value.literal
    return None

