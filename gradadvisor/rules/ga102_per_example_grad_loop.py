"""GA102 per-example-grad-loop: a gradient function called once per example in a Python loop."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis import values as v
from gradadvisor.analysis.gradient import gradient_call
from gradadvisor.analysis.syntax import child_nodes, names_read, one_line, positional, walk
from gradadvisor.analysis.vectorize import (
    ElementLoop,
    host_work,
    joined,
    length_of,
    read_loop,
    side_effects,
    vmapped,
    while_range,
)
from gradadvisor.analysis import library as lib
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.fixes.render import attribute_path, call, name
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, default_finalize


def computes(transform: str) -> str:
    if transform == "jax.vjp":
        return "vector-Jacobian product"
    if transform in ("jax.jvp", "jax.linearize"):
        return "Jacobian-vector product"
    last = transform.rpartition(".")[2]
    if last in ("jacrev", "jacfwd", "jacobian"):
        return "Jacobian"
    if last == "hessian":
        return "Hessian"
    return "gradient"


class PerExampleGradLoop(Rule):
    """
    ## What it does
    Finds a gradient function (`jax.grad(loss)`, `jax.value_and_grad(loss)`, `jax.jacrev(f)`,
    `autograd.grad(loss)`, a name bound to one, `jit`-wrapped or not, the VJP function that
    `jax.vjp` returns, or a parameter that callers pass one to) called once per element of a
    data-sized array, with the element passed as an argument: `[jax.grad(loss)(p, x) for x in xs]`,
    `jnp.stack([g(p, x, y) for x, y in zip(xs, ys)])`, `jnp.array(list(map(df, xs)))`,
    `g(p, xs[i])` for `i in range(n)` (or `while i < n`), `enumerate(xs)`, a JVP per tangent
    (`[jax.jvp(f, (w,), (v,))[1] for v in vs]`), or a `for` loop that calls `g(p, x)` for each
    `x` in `xs`. A function such as `def fit(grad_fn, xs): return [grad_fn(x) for x in xs]` is
    reported when some call site in the scanned files passes it a gradient function
    (`fit(jax.grad(loss), xs)`, in the same file, another one, or a script's module level).

    ## Why it is slow for gradients
    Each call is a separate forward and backward pass of the model on one example: a chain
    of matrix-vector products, one small dispatch after another. Under `jit` (or inside a
    function that is itself differentiated) the loop is unrolled, so the program holds one
    copy of the backward pass per example and compile time grows with the data: on this
    project's CPU, 1,000 per-example gradients of a small MLP took 2.75 s eagerly against
    11 ms with `jax.vmap`, and 120 s to compile under `jit` against 0.2 s.

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
    `xs[:, i]` or `jnp.take(xs, i, axis=1)` map axis 1. The result is one pytree with a leading
    example axis. When the list is joined with a jax.numpy function (`jnp.stack`, `jnp.array`,
    `jnp.concatenate`...) the fix replaces it. A `value_and_grad` joined that way, a bare list of
    gradients, or a `for` loop, is reported with the rewrite in the message but not fixed: the
    rewrite returns one stacked pytree (for `value_and_grad`, a pair of them) instead of a list,
    so code that indexes or appends to the list must change with it. If the gradients are only
    summed or averaged, take the gradient of the summed loss instead.

    autograd has no `vmap`. In autograd code the rule reports per-point derivatives of a
    function of one point (`list(map(grad(f), x))`, `[dd_f(xi) for xi in x]`) with
    `elementwise_grad(f)(x)` (nested for `grad(grad(f))`), which computes them in one pass when
    `f` treats each point on its own, as autograd's own tanh example does after its PR #70; and
    per-example gradients that are summed (`np.sum(np.stack([...]), axis=0)`,
    `total = total + g(w, x)` in a loop), advising one gradient of the summed loss,
    `grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)` in the file's own aliases
    (better still with `loss` written for a batch). It never proposes `jax.vmap` or adds
    `import jax` there, and autograd advice comes without a fix.

    ## Fix safety
    Every fix is a `jax.vmap` rewrite and is *unsafe*: Python control flow on values inside the
    loss fails under `vmap`; the mapped result is one stacked pytree; `zip` stops at the
    shortest argument where `vmap` needs equal lengths; `range(n)` must cover exactly the rows
    of the arrays read at the index (JAX clamps an out-of-range `x[i]`, `vmap` maps every row);
    and the mapped values must be arrays (a list of arrays is mapped leaf by leaf). The fix lists
    which of these it could not prove.

    ## Confirm with trace
    Confirm a finding from the program JAX builds: `gradadvisor trace FILE` on a bench file (or
    `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`); the finding then shows as
    *confirmed* under "Scan findings vs trace". `unrolled-loop` with rule GA102 on the loop line: the evidence counts the equations that come
    from a gradient taken inside the loop; with `jax.vmap(jax.grad(...))` the count stops growing.

    ## When not to apply
    Not reported for training loops that compute one gradient per step or per batch
    (`for step in range(num_steps)`, `for batch in loader`): the step count is not the data,
    and a loop that updates the parameters it differentiates at (`params = ...` inside the
    loop, as in per-example SGD) is sequential. Loops over layers, parameter leaves or other
    collections, small literal lists of points, loops whose elements are not passed to the
    gradient, host-side loops (NumPy calls, `out[i] = ...`, printing), per-example gradients
    summed with the builtin `sum` (GA301), autograd per-example gradients kept apart (autograd
    has no batched rewrite for them), a parameter no call site passes a gradient function to,
    and test code (reference loops checking a `vmap` result) are not reported either. `for`
    loops are read only inside functions (a script's module-level loop is a driver loop);
    comprehensions and `map` are read at module level too.
    """

    code = "GA102"
    name = "per-example-grad-loop"
    summary = "a gradient function called once per example in a Python loop; use `jax.vmap(jax.grad(...))`"
    keywords = ("for", "while", "map")
    #: A gradient function may be a parameter with any name: every block with a loop (or a
    #: ``map``) can hold one.
    expression_trigger = re.compile(r"\b(?:for|map)\b")  # comprehensions and map()
    trigger = re.compile(r"\b(?:(?:for|while)\b|map\s*\()")

    VALID = (
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
        # Host-side: the gradients are written into a NumPy buffer one by one.
        Valid(
            "import jax\nimport numpy as np\n\ndef collect(params, xs):\n    g = jax.grad(loss)\n    out = np.zeros((len(xs), 3))\n"
            "    for i in range(len(xs)):\n        out[i] = np.asarray(g(params, xs[i]))\n    return out\n"
        ),
        # autograd per-example gradients kept as a list: autograd has no vmap to offer.
        Valid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef per_example(w, xs):\n    g = grad(loss)\n"
            "    return np.stack([g(w, x) for x in xs])\n"
        ),
    )
    INVALID = (
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

    # -- comprehensions -------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        if ctx.is_builtin(node.func, "map"):
            if id(node) not in self._handled:
                found = self._per_example_map(node)
                if found is not None:
                    self._advise(node, *found)
            return
        args = positional(node)
        if not args:
            return
        first = args[0]
        qualified = ctx.resolve(node.func) or ""
        if qualified in ("autograd.numpy.sum", "autograd.numpy.mean") and isinstance(first, ast.Call) and positional(first):
            inner = positional(first)[0]
            if isinstance(inner, (ast.ListComp, ast.GeneratorExp)) and _joining(ctx.resolve(first.func)) and _axis_zero(node):
                self._handled.add(id(inner))
                self._autograd_sum(node, inner)
            return
        source = self._source(first)
        if source is None:
            return
        if ctx.is_builtin(node.func, "sum") or qualified.startswith(("numpy.", "scipy.")):
            # sum(...) of per-example gradients: GA301 reports it; a NumPy consumer: host code.
            self._handled.add(id(source))
            return
        function = _joining(qualified)
        if function is None:
            return
        found = self._per_example(source) if isinstance(source, (ast.ListComp, ast.GeneratorExp)) else self._per_example_map(source)
        self._handled.add(id(source))
        if found is None:
            return
        loop, extent, transform, param, call_node = found
        if transform.endswith("value_and_grad"):
            # Joining (value, gradient) pairs is not joining what the vmap returns: a (values, gradients) pair.
            self._advise(node, loop, extent, transform, param, call_node, "as a (values, gradients) pair of stacked arrays")
            return
        vmap, imports = ctx.spell("jax.vmap")
        if not vmap or self._autograd(transform) or not qualified.startswith("jax.numpy."):
            self._advise(node, loop, extent, transform, param, call_node)
            return
        vectorized, _ = joined(node, function, loop, ctx.resolve, vmap)
        conditions = Preconditions()
        self._mapped_conditions(conditions, loop, vectorized.assumptions)
        rewrite = ctx.renderer.replace_expression(node, vectorized.expression)
        fix = conditions.fix(rewrite, imports=imports)
        self.report(
            node,
            f"{_shown(ctx.code(node))} {self._computes(transform, param)} per element of `{_first(ctx, loop)}`; compute them at once with `{one_line(rewrite.text, 120)}`",
            extent=extent, fix=fix, data={"param": param} if param else None,
        )

    def _source(self, expr: ast.AST) -> ast.AST | None:
        """The per-example source of a list: a comprehension, or ``map(g, xs)`` (inside ``list()``)."""
        ctx = self.ctx
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
            return expr
        if isinstance(expr, ast.Call) and (ctx.is_builtin(expr.func, "list") or ctx.is_builtin(expr.func, "tuple")) and len(expr.args) == 1 and not expr.keywords:
            expr = expr.args[0]
        if isinstance(expr, ast.Call) and ctx.is_builtin(expr.func, "map"):
            return expr
        return None

    def visit_ListComp(self, node: ast.ListComp) -> None:
        self._bare(node)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        self._bare(node)

    def _bare(self, node: ast.ListComp | ast.GeneratorExp) -> None:
        if id(node) in self._handled:
            return
        found = self._per_example(node)
        if found is not None:
            self._advise(node, *found)

    def _advise(self, node: ast.AST, loop: ElementLoop, extent, transform: str, param: str | None, call_node: ast.Call, shape: str = "as one stacked pytree, not a list") -> None:
        ctx = self.ctx
        if self._autograd(transform):
            rewrite = self._elementwise_grad(call_node.func, loop)
            if rewrite is None:
                return
            self.report(
                node,
                f"{_shown(ctx.code(node))} computes one gradient per element of `{_first(ctx, loop)}`; `{one_line(rewrite, 120)}` computes them "
                f"in one pass if the function treats each point on its own (autograd has no `vmap`)",
                extent=extent, data={"param": param} if param else None,
            )
            return
        vmap, _ = ctx.spell("jax.vmap")
        rewrite = ctx.renderer.code(vmapped(loop, vmap or "jax.vmap").expression)
        self.report(
            node,
            f"{_shown(ctx.code(node))} {self._computes(transform, param)} per element of `{_first(ctx, loop)}`; "
            f"`{one_line(rewrite, 120)}` computes them at once ({shape})",
            extent=extent, data={"param": param} if param else None,
        )

    def _per_example(self, node: ast.ListComp | ast.GeneratorExp):
        """``(loop, extent, transform, param, call)`` when the comprehension calls a gradient
        function once per element of a data-sized array; None otherwise."""
        ctx = self.ctx
        if len(node.generators) != 1:
            return None
        generator = node.generators[0]
        if generator.ifs or generator.is_async:
            return None
        calls = self._gradient_calls(node.elt, names_read(generator.target))
        if not calls:
            return None
        extent = ctx.extent(generator.iter)
        if not extent.is_data:
            return None
        loop = self._reading(generator.target, generator.iter, node.elt)
        if loop is None or host_work(node.elt, ctx.resolve) or side_effects(node.elt, ctx.is_builtin):
            return None
        call_node, transform, param = calls[0]
        if self._autograd(transform) and not _per_point(call_node, loop):
            return None  # autograd: per-point derivatives (elementwise_grad) or summed gradients only
        return loop, extent, transform, param, call_node

    def _per_example_map(self, node: ast.Call):
        """``map(g, xs, ...)`` with ``g`` a gradient function: read as ``g(x, ...) for x, ... in zip(xs, ...)``."""
        ctx = self.ctx
        if len(node.args) < 2 or node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            return None
        function, arrays = node.args[0], node.args[1:]
        variables = [f"_sample{index}" for index in range(len(arrays))]
        if set(variables) & names_read(node):
            return None
        body = ast.Call(func=function, args=[name(variable) for variable in variables], keywords=[])
        transform = gradient_call(body, ctx)
        if transform is None:
            return None
        iterable = arrays[0] if len(arrays) == 1 else ast.Call(func=name("zip"), args=list(arrays), keywords=[])
        target = name(variables[0]) if len(arrays) == 1 else ast.Tuple(elts=[name(variable) for variable in variables], ctx=ast.Store())
        extent = ctx.extent(iterable)
        if not extent.is_data:
            return None
        loop = self._reading(target, iterable, body)
        if loop is None:
            return None
        if self._autograd(transform[0]) and not _per_point(body, loop):
            return None
        return loop, extent, transform[0], transform[1], body

    def _elementwise_grad(self, func: ast.expr, loop: ElementLoop) -> str | None:
        """``elementwise_grad(f)(xs)`` for a per-point ``grad(f)`` (``grad(grad(f))`` nests it), in
        autograd's own terms; None when the gradient function cannot be read back to ``f``."""
        ctx = self.ctx
        spelled, _ = ctx.spell("autograd.elementwise_grad")
        if not spelled:
            return None
        scope = ctx.scope
        position = scope.position_of(ctx.statement)
        expression: ast.expr | None = func
        for _ in range(8):
            if isinstance(expression, ast.Name):
                found = _assigned(expression.id, scope, position)
                if found is None:
                    break
                expression, scope, position = found
                continue
            break
        rewritten = self._elementwise(expression, scope, position, spelled, 0) if expression is not None else None
        if rewritten is None:
            return None
        return ctx.renderer.code(call(rewritten, loop.arrays[0]))

    def _elementwise(self, expr: ast.expr, scope, position, spelled: str, depth: int) -> ast.expr | None:
        """``grad(g)`` as ``elementwise_grad(g')``, following names bound to gradient functions."""
        if depth > 24:
            return None
        if isinstance(expr, ast.Name):
            found = _assigned(expr.id, scope, position)
            if found is not None and isinstance(found[0], ast.Call):
                return self._elementwise(*found, spelled, depth + 1)
            return expr
        if isinstance(expr, ast.Call) and self.ctx.resolve(expr.func) == "autograd.grad" and len(expr.args) == 1 and not expr.keywords:
            inner = self._elementwise(expr.args[0], scope, position, spelled, depth + 1)
            return call(attribute_path(spelled), inner) if inner is not None else None
        return None

    # -- for and while loops ----------------------------------------------------------------

    def visit_For(self, node: ast.For) -> None:
        ctx = self.ctx
        if ctx.function is None or node.orelse:
            return
        variables = names_read(node.target)
        calls = self._gradient_calls(node, variables)
        if not calls:
            return
        extent = ctx.extent(node.iter)
        if not extent.is_data:
            return
        self._loop_calls(node, node.body, calls, extent, lambda body: self._reading(node.target, node.iter, body))

    def visit_While(self, node: ast.While) -> None:
        ctx = self.ctx
        if ctx.function is None:
            return
        found = self._while_range(node)
        if found is None:
            return
        index, bound, body = found
        calls = [item for stmt in body for item in self._gradient_calls(stmt, {index})]
        if not calls:
            return
        extent = ctx.extent_of_bound(bound)
        if not extent.is_data:
            return
        self._loop_calls(node, body, calls, extent, lambda expr: self._index_reading(index, bound, expr))

    def _loop_calls(self, node: ast.AST, body: list[ast.stmt], calls, extent, reading) -> None:
        ctx = self.ctx
        carried = _assigned_names(body)
        host = any(host_work(stmt, ctx.resolve) or _stores_items(stmt) or _prints(stmt, ctx.is_builtin) for stmt in body)
        for found, transform, param in calls:
            shared = names_read(found.func) | {n for arg in [*found.args, *(k.value for k in found.keywords)] for n in names_read(arg)}
            loop = reading(found)
            if loop is None:
                continue
            shared -= set(loop.variables) | names_read(node.target) if isinstance(node, ast.For) else set(loop.variables)
            if shared & carried:
                continue  # the parameters change from one iteration to the next: sequential
            if self._autograd(transform):
                self._autograd_loop(node, body, found, loop, extent)
                continue
            if host:
                continue  # a host-side loop (NumPy buffers, printing): no vmap to propose
            vmap, _ = ctx.spell("jax.vmap")
            rewrite = ctx.renderer.code(vmapped(loop, vmap or "jax.vmap").expression)
            self.report(
                found,
                f"{_shown(ctx.code(found))} {self._computes(transform, param)} per element of `{_first(ctx, loop)}`; "
                f"compute them all before the loop with `{one_line(rewrite, 120)}`",
                extent=extent, data={"param": param} if param else None,
            )

    # -- autograd ---------------------------------------------------------------------------

    def _autograd(self, transform: str) -> bool:
        return transform.startswith("autograd.") or transform == "parameter" and self.ctx.names.numpy_module() == "autograd.numpy"

    def _autograd_sum(self, node: ast.Call, comprehension: ast.ListComp | ast.GeneratorExp) -> None:
        """``np.sum(np.stack([g(w, x) for x in xs]), axis=0)`` with autograd: one gradient of the summed loss."""
        ctx = self.ctx
        if len(comprehension.generators) != 1 or ctx.function is None:
            return
        generator = comprehension.generators[0]
        if generator.ifs or generator.is_async:
            return
        calls = self._gradient_calls(comprehension.elt, names_read(generator.target))
        if not calls or not self._autograd(calls[0][1]) or calls[0][0] is not comprehension.elt:
            return
        extent = ctx.extent(generator.iter)
        if not extent.is_data:
            return
        advice = self._summed_loss(calls[0][0], lambda call_node: ast.ListComp(elt=call_node, generators=comprehension.generators))
        self.report(
            node,
            f"{_shown(ctx.code(node))} sums one gradient per element of `{one_line(ctx.code(generator.iter), 30)}`; {advice}",
            extent=extent, data={"param": calls[0][2]} if calls[0][2] else None,
        )

    def _autograd_loop(self, node: ast.AST, body: list[ast.stmt], found: ast.Call, loop: ElementLoop, extent) -> None:
        """``total = total + g(w, x)`` (or ``+=``) in an autograd loop: the gradient of the summed loss."""
        if not any(_accumulates(stmt, found) for stmt in body) or not isinstance(node, ast.For):
            return
        advice = self._summed_loss(found, lambda call_node: ast.ListComp(elt=call_node, generators=[ast.comprehension(target=node.target, iter=node.iter, ifs=[], is_async=0)]))
        self.report(
            found,
            f"{_shown(self.ctx.code(found))} is added up once per element of `{_first(self.ctx, loop)}`; {advice}",
            extent=extent,
        )

    def _summed_loss(self, found: ast.Call, comprehension) -> str:
        """Advice in autograd's own terms: ``grad(lambda w: np.sum(np.stack([loss(w, x) for x in xs])))(w)``."""
        ctx = self.ctx
        value = ctx.value(found.func)
        spelled_grad, _ = ctx.spell("autograd.grad")
        spelled_sum, _ = ctx.spell("autograd.numpy.sum")
        spelled_stack, _ = ctx.spell("autograd.numpy.stack")
        args = positional(found)
        differentiated = args[0] if args else None
        if value.function and value.transform == "autograd.grad" and isinstance(differentiated, ast.Name) and not found.keywords and spelled_grad and spelled_sum and spelled_stack:
            per_example = ast.Call(func=name(value.function), args=found.args, keywords=[])
            summed = call(attribute_path(spelled_sum), call(attribute_path(spelled_stack), comprehension(per_example)))
            lam = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=differentiated.id)], kwonlyargs=[], kw_defaults=[], defaults=[]), body=summed)
            rewrite = ctx.renderer.code(call(call(attribute_path(spelled_grad), lam), differentiated))
            return f"their sum is one gradient of the summed loss: `{one_line(rewrite, 140)}` (autograd has no `vmap`; faster still with `{value.function}` written for a batch)"
        return "their sum is one gradient of the summed loss (autograd has no `vmap`; faster still with the loss written for a batch)"

    # -- phase 2 ------------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project) -> Finding | None:
        """A gradient function received as a parameter is reported only when a call site in the
        scanned files passes one (``fit(jax.grad(loss), xs)``)."""
        param = candidate.data.get("param")
        if not param:
            return default_finalize(cls, candidate, project)
        if not candidate.scopes:
            return None
        facts = project.arguments(candidate.path, candidate.scopes[0], param)
        proofs = [fact for fact in facts if fact.kind == "gradient"]
        if not proofs:
            return None
        finding = default_finalize(cls, candidate, project)
        if finding is not None:
            proof = proofs[0]
            finding.evidence = list(dict.fromkeys([f"{proof.evidence}, passed for `{param}` at {proof.path}:{proof.line}", *finding.evidence]))[:6]
        return finding

    # -- shared ---------------------------------------------------------------------------------

    def _computes(self, transform: str, param: str | None) -> str:
        if param:
            return f"calls `{param}` (a gradient function at its call sites) once"
        return f"computes one {computes(transform)}"

    def _reading(self, target: ast.AST, iterable: ast.AST, body: ast.AST) -> ElementLoop | None:
        ctx = self.ctx
        loop = read_loop(target, iterable, body, code=ctx.code, resolve=ctx.resolve, is_builtin=ctx.is_builtin, arange=self._arange)
        return loop if isinstance(loop, ElementLoop) and self._arrays_are_data(loop) else None

    def _index_reading(self, index: str, bound: ast.expr, body: ast.AST) -> ElementLoop | None:
        from gradadvisor.analysis.vectorize import index_loop

        ctx = self.ctx
        loop = index_loop(index, bound, body, code=ctx.code, resolve=ctx.resolve, is_builtin=ctx.is_builtin, arange=self._arange)
        return loop if loop is not None and self._arrays_are_data(loop) else None

    def _arange(self, count: ast.expr) -> ast.expr | None:
        spelled, _ = self.ctx.spell(f"{self.ctx.names.numpy_module()}.arange")
        return call(attribute_path(spelled or "jnp.arange"), count)

    def _arrays_are_data(self, loop: ElementLoop) -> bool:
        """Every mapped value is an array (``range(len(xs))`` over a list would map the list's leaves)."""
        ctx = self.ctx
        for position, array in enumerate(loop.arrays):
            if _is_arange(array):
                continue
            if ctx.value(array).kind == v.SEQUENCE or not ctx.extent(array).is_data:
                return False
        return True

    def _mapped_conditions(self, conditions: Preconditions, loop: ElementLoop, assumptions) -> None:
        ctx = self.ctx
        for assumption in assumptions:
            conditions.require(False, assumption)
        for array in loop.arrays:
            if _is_arange(array):
                continue
            conditions.require(ctx.value(array).is_array, f"`{one_line(ctx.code(array), 30)}` is an array (a list of arrays would be mapped leaf by leaf)")
        if loop.count is not None:
            indexed = [(array, loop.axis(k)) for k, array in enumerate(loop.arrays) if getattr(array, "lineno", None) is not None]
            conditions.require(
                all(length_of(loop.count, array, axis, ctx.code) for array, axis in indexed),
                f"`{one_line(ctx.code(loop.count), 30)}` is the number of rows of every array read at the index (JAX clamps an out-of-range index; `vmap` maps every row)",
            )

    def _gradient_calls(self, node: ast.AST, variables: set[str]) -> list[tuple[ast.Call, str, str | None]]:
        """Calls of gradient functions in ``node`` that are passed a loop variable, with their
        transform (and the parameter, for a gradient function received as one). Nested
        functions, lambdas and inner loops are not searched: they run on their own terms."""
        found: list[tuple[ast.Call, str, str | None]] = []
        stack = [node]
        while stack:
            current = stack.pop()
            if current is not node and isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.For, ast.While)):
                continue
            if isinstance(current, ast.Call):
                arguments = [*current.args, *(item.value for item in current.keywords)]
                if any(names_read(arg) & variables for arg in arguments) and not variables & names_read(current.func):
                    transform = gradient_call(current, self.ctx)
                    if transform is not None:
                        found.append((current, *transform))
            stack.extend(reversed(child_nodes(current)))
        return found

    def _while_range(self, node: ast.While):
        place = self.ctx.block_of(node)
        return while_range(node, place[0][: place[1]]) if place is not None else None


def _per_point(call_node: ast.Call, loop: ElementLoop) -> bool:
    """``g(x)``: the gradient of a function of one point, over the rows of one array."""
    return (
        len(call_node.args) == 1 and not call_node.keywords and isinstance(call_node.args[0], ast.Name)
        and loop.variables == (call_node.args[0].id,) and loop.axis(0) == 0 and loop.count is None
    )


def _assigned(identifier: str, scope, position):
    """``(value, scope, position)`` of the one assignment of ``identifier`` that reaches
    ``position`` (looking out through enclosing scopes), else None."""
    while scope is not None:
        if scope.binds(identifier):
            found = scope.reaching(identifier, position)
            if len(found) == 1 and found[0].kind == "assign" and not found[0].path:
                return found[0].value, scope, found[0].position
            return None
        scope, position = scope.parent, None
    return None


def _joining(qualified: str | None) -> str | None:
    qualified = qualified or ""
    for module in ("jax.numpy.", "autograd.numpy."):
        if qualified.startswith(module) and qualified[len(module) :] in lib.JOINING:
            return qualified[len(module) :]
    return None


def _axis_zero(node: ast.Call) -> bool:
    args = positional(node)
    axis = args[1] if len(args) > 1 else next((item.value for item in node.keywords if item.arg == "axis"), None)
    return isinstance(axis, ast.Constant) and axis.value == 0 and type(axis.value) is int and len(node.keywords) <= 1


def _is_arange(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and getattr(node, "lineno", None) is None


def _first(ctx, loop: ElementLoop) -> str:
    for array in loop.arrays:
        if not _is_arange(array):
            return one_line(ctx.code(array), 30)
    return f"range({one_line(ctx.code(loop.count), 24)})" if loop.count is not None else one_line(ctx.code(loop.arrays[0]), 30)


def _shown(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return f"`{text}`" if len(text) <= limit else f"`{text[: limit - 5]} ...`"


def _assigned_names(body: list[ast.stmt]) -> set[str]:
    """Names (and attribute bases) a loop body assigns: what may carry from one iteration to the next."""
    found: set[str] = set()
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    found |= names_read(target)
    return found


def _stores_items(stmt: ast.stmt) -> bool:
    """``out[i] = v`` (or ``+=``): an in-place buffer, host-side."""
    for node in walk(stmt):
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Subscript) for target in targets):
                return True
    return False


def _prints(stmt: ast.stmt, is_builtin) -> bool:
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("print", "open") and is_builtin(node.func, node.func.id) for node in walk(stmt))


def _accumulates(stmt: ast.stmt, found: ast.Call) -> bool:
    """``t += found`` or ``t = t + found`` (either order)."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name):
        return stmt.value is found
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.BinOp) and isinstance(stmt.value.op, ast.Add):
        total = stmt.targets[0].id
        left, right = stmt.value.left, stmt.value.right
        return (left is found and isinstance(right, ast.Name) and right.id == total) or (right is found and isinstance(left, ast.Name) and left.id == total)
    return False
