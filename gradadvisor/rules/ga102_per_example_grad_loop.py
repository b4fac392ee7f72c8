"""GA102 per-example-grad-loop: a gradient function called once per example in a Python loop."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis import per_example_gradients as per_example
from gradadvisor.analysis.blocks import sliced_rows
from gradadvisor.analysis.extent import KEYS_NAME
from gradadvisor.analysis.gradient import gradient_shown, is_autograd
from gradadvisor.analysis.host_code import branching_target
from gradadvisor.analysis.rollout_gradients import rollout_gradient
from gradadvisor.analysis.per_example_gradients import PerExample, basis_direction, carried_names, computes, gradient_loop, host_loop, sequential, summed_autograd, summed_examples
from gradadvisor.analysis.per_sample import first_array, quoted
from gradadvisor.analysis.random_draws import draw_loop
from gradadvisor.analysis.sample_map import batches_inside
from gradadvisor.analysis.syntax import one_line
from gradadvisor.analysis.vectorize import ElementLoop
from gradadvisor.fixes.autograd_gradients import loop_advice, per_point_advice, summed_loss_advice
from gradadvisor.fixes.vmap_rewrite import basis_advice, branch_caveat, draws_advice, joined_vmap, vmapped_code
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize

class PerExampleGradLoop(Rule):
    """
    ## What it does
    Finds a gradient function (`jax.grad(loss)`, `value_and_grad`, `jacrev`, `autograd.grad`, a
    name bound to one, `jit`-wrapped or not, the VJP function `jax.vjp` returns, or a parameter
    callers pass one to) called once per element of a data-sized array, with the element as an
    argument: `[jax.grad(loss)(p, x) for x in xs]`, `jnp.stack([g(p, x, y) for x, y in zip(xs,
    ys)])`, `jnp.array(list(map(df, xs)))`, `g(p, xs[i])` for `i in range(n)` (or `while i < n`),
    `enumerate(xs)`, a JVP per tangent (`[jax.jvp(f, (w,), (v,))[1] for v in vs]`), or a `for`
    loop calling `g(p, x)` for each `x` in `xs`. `def fit(grad_fn, xs): return [grad_fn(x) for
    x in xs]` is reported when a call site in the scanned files (this file, another, a script's
    module level) passes it a gradient function (`fit(jax.grad(loss), xs)`); a function imported
    from another module of the project is one when that module binds it once to a gradient
    function (`grad_fn = jax.jit(jax.grad(loss))` there). A pullback (or a
    `jax.linearize` function) called with a one-hot vector at the loop index
    (`pullback(jnp.zeros_like(y).at[i].set(1.0))`, `jnp.eye(n)[i]`, `jax.nn.one_hot(i, n)`) builds
    a Jacobian one row (column) at a time: advice for `jax.jacrev` (`jax.jacfwd`) or a `vmap` over
    `jnp.eye(n)`. A loop over `range(n)` that draws a fresh example each step
    (`p = jax.random.uniform(sub, (d,))`, NumPy's draws) and differentiates at it, updating
    nothing it differentiates at, is one too: advice to draw all `n` at once and `vmap`
    (`analysis/random_draws.py`). Each step differentiates, so the loop is slow whether or not a transform reaches
    it: its confidence rests on the size alone, and a host loop (a NumPy buffer filled per
    element, printing) is reported too: the vmap before it gives the values it reads.

    ## Why it is slow for gradients
    Each call is a separate forward and backward pass on one example (matrix-vector products,
    one small dispatch after another); under `jit` or a gradient the loop unrolls, one backward
    pass per example, and compile time grows with the data: on a CPU, 1,000 per-example
    gradients of a small MLP took 2.75 s eagerly against 11 ms with `jax.vmap`, 120 s to
    compile under `jit` against 0.2 s.

    ## Example
    ```python
    grad_fn = jax.grad(loss)
    per_example = jnp.stack([grad_fn(params, x) for x in xs])
    ```

    ## Use instead
    ```python
    grad_fn = jax.grad(loss)
    per_example = jax.vmap(grad_fn, in_axes=(None, 0))(params, xs)
    ```
    `in_axes` maps the example arguments (`0`) and shares the others (`None`); rows read as
    `xs[:, i]` or `jnp.take(xs, i, axis=1)` map axis 1: one pytree with a leading example axis.
    A list joined by a jax.numpy function (`jnp.stack`, `jnp.array`...) is fixed in place; a
    joined `value_and_grad`, a bare list or a `for` loop gets the rewrite in the message only
    (one stacked pytree, a pair for `value_and_grad`, replaces a list code may index or append
    to). Gradients only summed or averaged: take the gradient of the summed loss.

    autograd has no `vmap`: per-point derivatives (`list(map(grad(f), x))`, `[dd_f(xi) for xi
    in x]`) get `elementwise_grad(f)(x)` (nested for `grad(grad(f))`), one pass when `f` treats
    each point on its own (autograd's tanh example since its PR #70); summed per-example
    gradients (`np.sum(np.stack([...]), axis=0)`, `total = total + g(w, x)` in a loop) one
    gradient of the summed loss, `grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)`
    in the file's aliases. Never `jax.vmap` or `import jax` there, and no fix.

    ## Fix safety
    Every fix is a `jax.vmap` rewrite and is *unsafe*: Python control flow on values inside the
    loss fails under `vmap`; the result is one stacked pytree; `zip` stops at the shortest
    argument where `vmap` needs equal lengths; `range(n)` must cover exactly the rows read at
    the index (JAX clamps an out-of-range `x[i]`, `vmap` maps every row); and the mapped values
    must be arrays (a list is mapped leaf by leaf). The fix lists what it could not prove.

    ## Confirm with trace
    `gradadvisor trace FILE` (or `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`):
    `unrolled-loop` with rule GA102 on the loop line, *confirmed*, counting the equations from
    the gradient in the loop; with `jax.vmap(jax.grad(...))` the count stops growing.

    ## When not to apply
    Not reported: a gradient per training step or batch (`for batch in loader`: not the data;
    updating the parameters it differentiates at, as per-example SGD does, is sequential);
    loops over layers, parameter leaves or collections; small literal lists; elements not
    passed to the gradient;
    gradients summed by the builtin `sum` (GA301); autograd per-example gradients kept apart;
    a parameter no call site passes a gradient function to; test code (reference loops). `for`
    loops at module level (a script, a notebook cell) only over an array the code shows is data
    (elsewhere a module-level loop drives); comprehensions and `map` anywhere. A helper of the
    module that computes a derivative at what it is passed counts as a gradient function, whether
    it returns the derivative or something made from it.
    """

    code = "GA102"
    slow_eagerly = True  # one gradient call per example costs a dispatch each, traced or not
    name = "per-example-grad-loop"
    summary = "a gradient function called once per example in a Python loop; use `jax.vmap(jax.grad(...))`"
    keywords = ("for", "while", "map")
    #: A gradient function may be a parameter of any name: any block with a loop or ``map`` may hold one.
    expression_trigger = re.compile(r"\b(?:for|map)\b")  # comprehensions and map()
    trigger = re.compile(r"\b(?:(?:for|while)\b|map\s*\()")

    VALID = (
        # The gradient function is already mapped over a batch: each call computes a batch of them.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\neg = jax.vmap(jax.grad(energy), in_axes=(0, None))\n\n@jax.jit\n"
            "def run(chunks, theta):\n    out = []\n    for i in range(chunks.shape[0]):\n        out.append(eg(chunks[i], theta))\n    return jnp.stack(out)\n"
        ),
        # Blocks of a sample, each mapped inline (chunked for memory): one call per block.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef scale(basis, sample):\n    jac = jax.jacobian(basis)\n    acc = 0.0\n    b = sample.shape[0] // 20\n"
            "    for i in range(20):\n        acc += (jax.vmap(jac)(sample[i * b:(i + 1) * b]) ** 2).sum()\n    return acc\n"
        ),
        # A training loop: one gradient per step, on a batch that is not the loop variable.
        Valid(
            "import jax\n\ngrad_fn = jax.jit(jax.grad(loss))\n\ndef train(params, batch, num_steps):\n"
            "    for step in range(num_steps):\n        grads = grad_fn(params, batch)\n        params = update(params, grads)\n    return params\n"
        ),
        # One gradient per batch from a loader (not an array).
        Valid("import jax\n\ndef fit(params, loader):\n    g = jax.grad(loss)\n    for batch in loader:\n        params = sgd(params, g(params, batch))\n    return params\n"),
        # Per-example SGD: the parameters carry from one example to the next.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef sgd(params, n):\n    xs = jnp.linspace(0.0, 1.0, n)\n    for x in xs:\n"
            "        params = params - 0.1 * jax.grad(loss)(params, x)\n    return params\n"
        ),
        # Gradients per layer / per leaf.
        Valid("import jax\n\ndef f(params, x):\n    return [jax.grad(loss)(p, x) for p in params]\n"),
        # A reference check in a test.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef test_vmap_matches_loop():\n    xs = jnp.ones((10, 3))\n"
            "    expected = jnp.stack([jax.grad(loss)(p, x) for x in xs])\n    assert jnp.allclose(jax.vmap(jax.grad(loss), in_axes=(None, 0))(p, xs), expected)\n"
        ),
        # The element is not passed to the gradient.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    return jnp.stack([jax.grad(loss)(p, 1.0) * x for x in xs])\n"),
        # A small fixed loop (three restarts).
        Valid("import jax\n\ndef f(p):\n    return [jax.grad(loss)(p, k) for k in range(3)]\n"),
        # The sum of per-example gradients is GA301's (builtin sum) business.
        Valid("import jax\n\n@jax.jit\ndef f(p, xs):\n    return sum(jax.grad(loss)(p, x) for x in xs)\n"),
        # A function parameter that no call site passes a gradient function to.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef apply_all(f, xs):\n    return jnp.stack([f(x) for x in xs])\n\n"
            "def run(xs):\n    return apply_all(jnp.tanh, xs)\n"
        ),
        # autograd per-example gradients kept as a list: autograd has no vmap to offer.
        Valid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef per_example(w, xs):\n    g = grad(loss)\n"
            "    return np.stack([g(w, x) for x in xs])\n"
        ),
    )
    INVALID = (
        # Host-side: the gradients are written into a NumPy buffer one by one; the vmap gives them at once.
        Invalid(
            "import jax\nimport numpy as np\n\ndef collect(params, xs):\n    g = jax.grad(loss)\n    out = np.zeros((len(xs), 3))\n"
            "    for i in range(len(xs)):\n        out[i] = np.asarray(g(params, xs[i]))\n    return out\n\ncollect(np.ones(3), np.ones((1000, 3)))\n",
            message_contains="(the loop then reads them)",
        ),
        # Eager per-point derivatives joined by NumPy, or mapped through a conversion: each call
        # traces and dispatches on its own (advice: the vmap gives the same values at once).
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef derivs(xs):\n    df = jax.grad(jnp.sin)\n"
            "    return np.array([df(x) for x in xs])\n\nderivs(np.linspace(0.0, 1.0, 1000))\n",
            message_contains="jax.vmap(df)(xs)",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef derivs(xs):\n    df = jax.grad(jnp.sin)\n"
            "    return list(map(lambda x: float(df(x)), xs))\n\nderivs(np.linspace(0.0, 1.0, 1000))\n",
            message_contains="one gradient per element of `xs`",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef per_example(p, xs):\n    return jnp.stack([jax.grad(loss)(p, x) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef per_example(p, xs):\n    return jax.vmap(jax.grad(loss), in_axes=(None, 0))(p, xs)\n",
            message_contains="jax.vmap(jax.grad(loss), in_axes=(None, 0))(p, xs)",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ngrad_fn = jax.grad(loss)\n\n@jax.jit\ndef per_example(p, xs, ys):\n"
            "    return jnp.array([grad_fn(p, x, y) for x, y in zip(xs, ys)])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ngrad_fn = jax.grad(loss)\n\n@jax.jit\ndef per_example(p, xs, ys):\n"
            "    return jax.vmap(grad_fn, in_axes=(None, 0, 0))(p, xs, ys)\n",
        ),
        # A bare list: advice only (the rewrite returns one stacked pytree, not a list).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef per_example(params, n):\n    xs = jax.random.normal(jax.random.PRNGKey(0), (n, 3))\n"
            "    vg = jax.value_and_grad(loss)\n    return [vg(params, x) for x in xs]\n",
            message_contains="jax.vmap(vg, in_axes=(None, 0))(params, xs)",
        ),
        # A for loop calling the gradient per example: advice only.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef g(p, x):\n    return jnp.sum((p * x) ** 2)\n\ndef norms(p, n):\n"
            "    xs = jnp.ones((n, 4))\n    out = []\n    for i in range(xs.shape[0]):\n        out.append(jnp.linalg.norm(g(p, xs[i])))\n    return out\n",
            message_contains="jax.vmap(g, in_axes=(None, 0))(p, xs)",
        ),
        # A wrapped gradient inside a comprehension: the whole body is mapped.
        Invalid(
            "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n\n@partial(jax.jit, static_argnums=2)\n"
            "def penalty(p, xs, k):\n    return jnp.stack([sq(jax.grad(loss)(p, x)) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\nfrom functools import partial\n\n@partial(jax.jit, static_argnums=2)\n"
            "def penalty(p, xs, k):\n    return jax.vmap(lambda x: sq(jax.grad(loss)(p, x)))(xs)\n",
        ),
        # enumerate, the index used only outside the gradient call.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    out = jnp.zeros((xs.shape[0],) + p.shape)\n"
            "    for i, x in enumerate(xs):\n        out = out.at[i].set(jax.grad(loss)(p, x))\n    return out\n",
            message_contains="jax.vmap(jax.grad(loss), in_axes=(None, 0))(p, xs)",
        ),
        # value_and_grad pairs joined into one array: advice only (the vmap returns a pair of arrays).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    vg = jax.value_and_grad(loss)\n    return jnp.array([vg(p, x) for x in xs])\n",
            message_contains="(values, gradients) pair",
        ),
        Invalid(
            "import equinox as eqx\nimport jax.numpy as jnp\n\n@eqx.filter_jit\ndef per_example(model, xs):\n"
            "    grad_fn = eqx.filter_grad(loss)\n    return jnp.stack([grad_fn(model, xs[i]) for i in range(len(xs))])\n",
            expected_fix="import equinox as eqx\nimport jax.numpy as jnp\nimport jax\n\n@eqx.filter_jit\ndef per_example(model, xs):\n"
            "    grad_fn = eqx.filter_grad(loss)\n    return jax.vmap(grad_fn, in_axes=(None, 0))(model, xs)\n",
        ),
        # A gradient function passed as a parameter, proven by the call site.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef fit(grad_fn, xs):\n    return jnp.stack([grad_fn(x) for x in xs])\n\n"
            "def main(n):\n    return fit(jax.grad(loss), jnp.ones((n, 3)))\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef fit(grad_fn, xs):\n    return jax.vmap(grad_fn)(xs)\n\n"
            "def main(n):\n    return fit(jax.grad(loss), jnp.ones((n, 3)))\n",
            message_contains="`grad_fn`",
        ),
        # Two arrays read at the loop index, one of them along axis 1.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs, ys):\n    g = jax.grad(loss)\n"
            "    return jnp.stack([g(p, xs[i], ys[:, i]) for i in range(xs.shape[0])])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs, ys):\n    g = jax.grad(loss)\n"
            "    return jax.vmap(g, in_axes=(None, 0, 1))(p, xs, ys)\n",
        ),
        # A while loop over an index.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    g = jax.grad(loss)\n    n = xs.shape[0]\n"
            "    out = []\n    i = 0\n    while i < n:\n        out.append(g(p, xs[i]))\n        i += 1\n    return out\n",
            message_contains="jax.vmap(g, in_axes=(None, 0))(p, xs)",
        ),
        # autograd: summed per-example gradients; one gradient of the summed loss, no jax.
        Invalid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef loss(w, x):\n    return np.sum(np.tanh(w * x))\n\n"
            "def total(w, xs):\n    g = grad(loss)\n    return np.sum(np.stack([g(w, x) for x in xs]), axis=0)\n\ndw = grad(total)\n",
            message_contains="grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)",
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        #: Comprehensions already judged from the call around them.
        self._handled: set[int] = set()

    # -- comprehensions and map -------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        if ctx.is_builtin(node.func, "map"):
            found = per_example.of_map(node, ctx) if id(node) not in self._handled else None
            if found is not None:
                self._advise(node, found)
            return
        summed = summed_examples(node, ctx)  # np.sum(np.stack([...]), axis=0) with autograd
        if summed is not None:
            self._handled.add(id(summed))
            self._autograd_sum(node, summed)
            return
        consumed = per_example.consumed_list(node, ctx)  # what takes the list: a jax join, NumPy, sum()
        if consumed is None:
            return
        how, source, found, function = consumed
        self._handled.add(id(source))
        if found is None:
            return
        if how == "numpy":
            # np.array([df(x) for x in xs]): eager per-point gradients, each call traced and
            # dispatched on its own; the vmap gives the same values at once (advice).
            self._advise(node, found)
            return
        if found.transform.endswith("value_and_grad"):
            # Joining (value, gradient) pairs is not joining what the vmap returns: a (values, gradients) pair.
            self._advise(node, found, "as a (values, gradients) pair of stacked arrays")
            return
        vmap, imports = ctx.spell("jax.vmap")
        if not vmap or is_autograd(found.transform, ctx.names) or not (ctx.resolve(node.func) or "").startswith("jax.numpy.") or branching_target(found.call, ctx):
            self._advise(node, found)
            return
        text, fix = joined_vmap(ctx, node, function, found.loop, vmap, imports)
        self.report(
            node,
            f"{quoted(ctx.code(node))} {computes(found.transform, found.param)} per element of `{first_array(ctx, found.loop)}`; compute them at once with `{one_line(text, 120)}`",
            extent=found.extent, fix=fix, data=_data(found.param),
        )

    def visit_ListComp(self, node: ast.ListComp) -> None:
        self._bare(node)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        self._bare(node)

    def _bare(self, node: ast.ListComp | ast.GeneratorExp) -> None:
        found = per_example.of_comprehension(node, self.ctx) if id(node) not in self._handled else None
        if found is not None:
            self._advise(node, found)

    def _advise(self, node: ast.AST, found: PerExample, shape: str = "as one stacked pytree, not a list") -> None:
        ctx = self.ctx
        if is_autograd(found.transform, ctx.names):
            advice = per_point_advice(ctx, found)  # autograd has no vmap: elementwise_grad, or the batch at once
            if advice is not None:
                self.report(node, f"{quoted(ctx.code(node))} {advice}", extent=found.extent, data=_data(found.param))
            return
        rewrite = vmapped_code(ctx, found.loop)
        self.report(
            node,
            f"{quoted(ctx.code(node))} {computes(found.transform, found.param)} per element of `{first_array(ctx, found.loop)}`; "
            f"`{one_line(rewrite, 120)}` computes them at once ({shape}){branch_caveat(found.call, ctx)}",
            extent=found.extent, data=_data(found.param),
        )

    # -- for and while loops ----------------------------------------------------------------

    def visit_For(self, node: ast.For) -> None:
        self._loop_calls(node)

    def visit_While(self, node: ast.While) -> None:
        self._loop_calls(node)

    def _loop_calls(self, node: ast.For | ast.While) -> None:
        ctx = self.ctx
        gradients = gradient_loop(node, ctx)
        if gradients is None:
            draws = draw_loop(node, ctx) if isinstance(node, ast.For) else None
            if draws is not None:  # p = jax.random.uniform(sub, (d,)); grad_fn(p): a draw per step
                self.report(draws.call, f"{quoted(ctx.code(draws.call))} computes one {draws_advice(ctx, node, draws)}", extent=draws.extent, data=_data(draws.param))
                return
            rollout = rollout_gradient(node, ctx)
            if rollout is not None:  # g = grad(logp)(params, obs); acc += g; obs = env.step(...)
                states, totals = ", ".join(f"`{name}`" for name in rollout.states), ", ".join(f"`{name}`" for name in rollout.totals)
                self.report(
                    rollout.call,
                    f"{quoted(ctx.code(rollout.call))} {computes(rollout.transform, rollout.param)} per step, at the state the loop carries ({states}); "
                    f"what it feeds ({totals}) never reaches that state: keep the states (a list, or the outputs of a `jax.lax.scan` of the rollout), "
                    "then compute every step's gradient at once with `jax.vmap` over them",
                    extent=rollout.extent, data=_data(rollout.param),
                )
            return
        carried = carried_names(gradients.body) - set(gradients.temporaries)
        host = host_loop(gradients.body, ctx)
        for found, transform, param in gradients.calls:
            if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and self._basis_loop(node, found, transform, gradients):
                continue
            loop = gradients.reading(found)
            if loop is None or sequential(found, loop, gradients.target, carried):
                continue  # not a map over data, or the parameters change from one iteration to the next
            if isinstance(found.func, ast.Call) and batches_inside(found.func, ctx) and any(sliced_rows(arg, node) for arg in found.args):
                continue  # ``jax.vmap(jac)(sample[i * b:(i + 1) * b])``: each step maps a block already (chunked for memory)
            if is_autograd(transform, ctx.names):
                self._autograd_loop(node, gradients.body, found, loop, gradients.extent, transform)
                continue
            # A host loop (a NumPy buffer, printing) pays a trace and a dispatch per element as
            # much as any: the vmap before it gives the values, and the loop reads them.
            rewrite = vmapped_code(ctx, loop)
            self.report(
                found,
                f"{quoted(ctx.code(found))} {computes(transform, param)} per element of `{first_array(ctx, loop)}`; "
                f"compute them all before the loop with `{one_line(rewrite, 120)}`{' (the loop then reads them)' if host else ''}{branch_caveat(found, ctx)}",
                extent=gradients.extent, data=_data(param),
            )

    def _basis_loop(self, node: ast.For, found: ast.Call, transform: str, gradients) -> bool:
        """``pullback(jnp.zeros_like(y).at[i].set(1.0))`` per index: a Jacobian one row (or, for
        a forward product, one column) at a time. Advice: one ``jax.jacrev`` / ``jax.jacfwd``."""
        ctx = self.ctx
        direction = basis_direction(found, transform, node.target.id, gradients.temporaries, ctx)
        if direction is None:
            return False
        self.report(found, f"{quoted(ctx.code(found))} {basis_advice(ctx, node, found, transform, direction)}", extent=gradients.extent)
        return True

    # -- autograd ---------------------------------------------------------------------------

    def _autograd_sum(self, node: ast.Call, comprehension: ast.ListComp | ast.GeneratorExp) -> None:
        """``np.sum(np.stack([g(w, x) for x in xs]), axis=0)`` with autograd: one gradient of the summed loss."""
        ctx = self.ctx
        summed = summed_autograd(comprehension, ctx)
        if summed is None:
            return
        generator, found, param, extent = summed
        advice = summed_loss_advice(ctx, found, lambda call_node: ast.ListComp(elt=call_node, generators=comprehension.generators))
        self.report(
            node,
            f"{quoted(ctx.code(node))} sums one gradient per element of `{one_line(ctx.code(generator.iter), 30)}`; {advice}",
            extent=extent, data=_data(param),
        )

    def _autograd_loop(self, node: ast.AST, body: list[ast.stmt], found: ast.Call, loop: ElementLoop, extent, transform: str) -> None:
        """A derivative per point in an autograd loop (``fixes/autograd_gradients.loop_advice``)."""
        message = loop_advice(self.ctx, node, body, found, loop, transform)
        if message is not None:
            self.report(found, message, extent=extent)

    def report(self, node: ast.AST, message: str, **fields) -> None:
        """Each step takes a derivative itself: the loop costs a differentiation per element
        whether or not a transform reaches it (eagerly, a trace and a dispatch each), so no trace
        is asked of its callers; its confidence rests on the size alone."""
        extent = fields.get("extent")
        if extent is None or not (extent.param and KEYS_NAME.match(extent.param)):  # draws over keys: restarts, often few
            fields["data"] = {**(fields.get("data") or {}), "differentiates": True}
        super().report(node, message, **fields)

    # -- phase 2 ------------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project) -> Finding | None:
        """A call phase 1 could not prove computes a gradient (a parameter, an imported name, an
        attribute of another object) is reported only when the project shows one there
        (``gradient.gradient_shown``: ``fit(jax.grad(loss), xs)``, the module binding it)."""
        param = candidate.data.get("param")
        if not param:
            return default_finalize(cls, candidate, project)
        shown = gradient_shown(project, candidate.path, candidate.scopes, param)
        finding = default_finalize(cls, candidate, project) if shown else None
        if finding is not None:
            finding.evidence = list(dict.fromkeys([shown, *finding.evidence]))[:6]
        return finding

def _data(param: str | None) -> dict | None:
    return {"param": param} if param else None
