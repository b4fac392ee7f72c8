"""GA102 per-example-grad-loop: a gradient function called once per example in a Python loop."""

from __future__ import annotations

import re

import libcst as cst

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.gradient import gradient_decorator, gradient_transform
from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.analysis.vectorize import ElementLoop, code, element_loop, joined, names_in, vmapped
from gradadvisor.rules.base import LOOP, Fix, Invalid, Rule, Valid


def gradient_callee(call: cst.Call, ctx) -> str | None:
    """The gradient transform behind what ``call`` calls, or None.

    ``jax.grad(loss)(p, x)`` directly; ``g(p, x)`` with ``g = jax.grad(loss)`` (or
    ``jax.jit(jax.value_and_grad(loss))``) assigned in an enclosing function or the module;
    ``g(p, x)`` with ``g`` a ``def`` decorated ``@jax.grad``.
    """
    names = ctx.names
    found = gradient_transform(call.func, names)
    if found is not None or not isinstance(call.func, cst.Name):
        return found
    name = call.func.value
    arrays = ctx.loops.arrays
    scopes = [scope for scope in reversed(ctx.scope_stack) if isinstance(scope, (cst.FunctionDef, cst.Lambda))]
    for scope in [*scopes, None]:
        facts = arrays.facts(scope)
        if name in facts.assigned:
            return gradient_transform(facts.assigned[name], names)
        if scope is not None and name in facts.parameters:
            return None
    function = ctx.local_functions().get(name)
    return gradient_decorator(function, names) if function is not None else None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _short(text: str, limit: int = 70) -> str:
    """``text`` on one line, in backticks, cut to about ``limit`` characters."""
    text = " ".join(text.split())
    return f"`{text}`" if len(text) <= limit else f"`{text[: limit - 5]} ...`"


def _assigned_names(block: cst.CSTNode) -> set[str]:
    """Names (and attribute bases) a loop body assigns: what may carry from one iteration to the next."""
    found: set[str] = set()

    class _Targets(cst.CSTVisitor):
        def _add(self, target: cst.BaseExpression) -> None:
            found.update(names_in(target))

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._add(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._add(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            self._add(node.target)

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            self._add(node.target)

        def visit_For(self, node: cst.For) -> None:
            self._add(node.target)

    walk(block, _Targets())
    return found


GRADIENT_WORD = re.compile(r"\b(?:grad|value_and_grad|jacrev|jacfwd|jacobian|hessian|filter_grad|filter_value_and_grad)\b")
#: ``g = <...grad...>(`` at any indentation, or ``@<...grad...>`` then ``def g``: names of gradient functions.
GRADIENT_BINDING = re.compile(
    r"^[ \t]*(\w+)[ \t]*=[^\n]*\b(?:grad|value_and_grad|jacrev|jacfwd|jacobian|hessian|filter_grad|filter_value_and_grad)\b"
    r"|^[ \t]*@[^\n]*\b(?:grad|value_and_grad|filter_grad|filter_value_and_grad)\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*def[ \t]+(\w+)",
    re.MULTILINE,
)


class PerExampleGradLoop(Rule):
    """
    ## What it does
    Finds a gradient function (`jax.grad(loss)`, `jax.value_and_grad(loss)`, `jax.jacrev(f)`,
    or a name bound to one, `jit`-wrapped or not) called once per element of a data-sized
    array, with the element passed as an argument: `[jax.grad(loss)(p, x) for x in xs]`,
    `jnp.stack([g(p, x, y) for x, y in zip(xs, ys)])`, or a `for` loop that calls `g(p, x)`
    for each `x` in `xs`.

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
    `in_axes` maps the example arguments (`0`) and shares the others (`None`). The result
    is one pytree with a leading example axis. When the list is joined with a `jax.numpy`
    function (`jnp.stack`, `jnp.array`, `jnp.concatenate`...) the fix replaces it (*unsafe*:
    Python control flow on values inside `loss` fails under `vmap`, and `zip` truncates where
    `vmap` requires equal lengths). A `value_and_grad` joined that way, a bare list of
    gradients, or a `for` loop, is reported
    with the rewrite in the message but not fixed: the rewrite returns one stacked pytree
    (for `value_and_grad`, a pair of them) instead of a list, so code that indexes or
    appends to the list must change with it. If
    the gradients are only summed or averaged, take the gradient of the summed loss instead.

    ## When not to apply
    Not reported for training loops that compute one gradient per step or per batch
    (`for step in range(num_steps)`, `for batch in loader`): the step count is not the data,
    and a loop that updates the parameters it differentiates at (`params = ...` inside the
    loop, as in per-example SGD) is sequential. Loops over layers, parameter leaves or other
    collections, loops whose elements are not passed to the gradient, and test code
    (reference loops checking a `vmap` result) are not reported either.
    """

    code = "GA102"
    name = "per-example-grad-loop"
    summary = "a gradient function called once per example in a Python loop; use `jax.vmap(jax.grad(...))`"
    keywords = ("grad", "jac", "hessian")
    trigger = GRADIENT_WORD
    block_trigger = LOOP

    @classmethod
    def block_filter(cls, text: str):
        """Keep a block with a loop that names a gradient transform, or calls a name the file
        binds to one (``g = jax.grad(loss)`` in one block, ``g(p, x)`` per example in another)."""
        names = {name for pair in GRADIENT_BINDING.findall(text) for name in pair if name}
        calls = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\s*\(") if names else None

        def keep(block: str) -> bool:
            if not LOOP.search(block):
                return False
            return bool(GRADIENT_WORD.search(block)) or (calls is not None and calls.search(block) is not None)

        return keep

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
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef per_example(p, xs):\n    return jnp.stack([jax.grad(loss)(p, x) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef per_example(p, xs):\n    return jax.vmap(jax.grad(loss), in_axes=(None, 0))(p, xs)\n",
            message_contains="jax.vmap(jax.grad(loss), in_axes=(None, 0))(p, xs)",
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
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        #: Comprehensions already judged from the call around them.
        self._handled: set[cst.CSTNode] = set()

    # -- comprehensions -------------------------------------------------------------------

    def visit_Call(self, node: cst.Call) -> None:
        if not node.args or node.args[0].keyword is not None or node.args[0].star:
            return
        first = node.args[0].value
        if not isinstance(first, (cst.ListComp, cst.GeneratorExp)):
            return
        if self.ctx.names.is_builtin(node.func, "sum"):
            self._handled.add(first)  # sum(...) of per-example gradients: GA301 reports it
            return
        found = self._per_example(first)
        if found is None:
            return
        self._handled.add(first)
        loop, extent, transform = found
        rewrite = joined(node, loop, self.ctx.names)
        callee = _computes(transform)
        if transform.endswith("value_and_grad"):
            # Joining (value, gradient) pairs is not joining what the vmap returns: a (values, gradients) pair.
            self._advise(node, loop, extent, transform, "as a (values, gradients) pair of stacked arrays")
            return
        if rewrite is None:
            self._advise(first, loop, extent, transform)
            return
        self.report(
            node,
            f"{_short(code(node))} computes one {callee} per element of `{code(loop.arrays[0])}` ({extent}); "
            f"compute them at once with `{_one_line(code(rewrite.expression))}`",
            fix=Fix(node, rewrite.expression, "unsafe", rewrite.imports),
        )

    def visit_ListComp(self, node: cst.ListComp) -> None:
        self._bare(node)

    def visit_GeneratorExp(self, node: cst.GeneratorExp) -> None:
        self._bare(node)

    def _bare(self, node: cst.ListComp | cst.GeneratorExp) -> None:
        if node in self._handled:
            return
        found = self._per_example(node)
        if found is not None:
            self._advise(node, *found)

    def _advise(self, node: cst.CSTNode, loop: ElementLoop, extent: str, transform: str, shape: str = "as one stacked pytree, not a list") -> None:
        rewrite = vmapped(loop, self.ctx.names)
        self.report(
            node,
            f"{_short(code(node))} computes one {_computes(transform)} per element of `{code(loop.arrays[0])}` ({extent}); "
            f"`{_one_line(code(rewrite.expression))}` computes them at once ({shape})",
        )

    def _per_example(self, node: cst.ListComp | cst.GeneratorExp) -> tuple[ElementLoop, str, str] | None:
        comp = node.for_in
        if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None:
            return None
        calls = self._gradient_calls(node.elt, names_in(comp.target))
        if not calls or in_test_code(self.ctx.path, self.ctx.scope_stack):
            return None
        extent = self.ctx.loops.of_iterable(comp.iter, self.ctx.current_function)
        if not extent.is_data:
            return None
        loop = element_loop(comp.target, comp.iter, node.elt)
        if loop is None or not self._arrays_are_data(loop):
            return None
        return loop, extent.reason, calls[0][1]

    def _arrays_are_data(self, loop: ElementLoop) -> bool:
        """Every mapped value is an array (``range(len(xs))`` over a list would map the list's leaves)."""
        function = self.ctx.current_function
        return all(self.ctx.loops.of_iterable(array, function).is_data for array in loop.arrays)

    # -- for loops ------------------------------------------------------------------------

    def visit_For(self, node: cst.For) -> None:
        if node.asynchronous is not None or in_test_code(self.ctx.path, self.ctx.scope_stack):
            return
        variables = names_in(node.target)
        calls = self._gradient_calls(node.body, variables)
        if not calls:
            return
        extent = self.ctx.loops.of_iterable(node.iter, self.ctx.current_function)
        if not extent.is_data:
            return
        carried = _assigned_names(node.body)
        for call, transform in calls:
            shared = names_in(call.func) | {
                name for arg in call.args if not (names_in(arg.value) & variables) for name in names_in(arg.value)
            }
            if shared & carried:
                continue  # the parameters change from one iteration to the next: sequential
            loop = element_loop(node.target, node.iter, call)
            if loop is None or not self._arrays_are_data(loop):
                continue
            rewrite = vmapped(loop, self.ctx.names)
            self.report(
                call,
                f"{_short(code(call))} computes one {_computes(transform)} per element of `{code(loop.arrays[0])}` ({extent.reason}); "
                f"compute them all before the loop with `{_one_line(code(rewrite.expression))}`",
            )

    # -- shared ---------------------------------------------------------------------------

    def _gradient_calls(self, node: cst.CSTNode, variables: set[str]) -> list[tuple[cst.Call, str]]:
        """Calls of gradient functions in ``node`` that are passed a loop variable, with their transform.

        Nested functions, lambdas and inner loops are not searched: they run on their own terms.
        """
        found: list[tuple[cst.Call, str]] = []
        ctx = self.ctx

        class _Calls(cst.CSTVisitor):
            def visit_FunctionDef(self, inner: cst.FunctionDef) -> bool:
                return False

            def visit_Lambda(self, inner: cst.Lambda) -> bool:
                return False

            def visit_For(self, inner: cst.For) -> bool:
                return inner is node

            def visit_Call(self, call: cst.Call) -> None:
                if not any(names_in(arg.value) & variables for arg in call.args):
                    return
                if variables & names_in(call.func):
                    return
                transform = gradient_callee(call, ctx)
                if transform is not None:
                    found.append((call, transform))

        walk(node, _Calls())
        return found


def _computes(transform: str) -> str:
    short = transform.rpartition(".")[2]
    if short in ("jacrev", "jacfwd", "jacobian"):
        return "Jacobian"
    if short == "hessian":
        return "Hessian"
    return "gradient"
