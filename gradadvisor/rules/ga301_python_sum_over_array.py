"""GA301 python-sum-over-array: the builtin ``sum()`` over the elements of an array."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis.recurrence_steps import calls_indexed
from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import is_collection_name, is_data_name
from gradadvisor.analysis.per_sample import applies_model, index_range, map_loop, traced_arithmetic, unpartial
from gradadvisor.analysis.syntax import attribute_path, call, compares, names_read, one_line
from gradadvisor.analysis.vectorize import (
    ElementLoop,
    calls_jax,
    converts_to_python,
    element_is_object,
    element_loop,
    elementwise_in_any,
    indexed_element,
    reduces_whole,
    static_use,
)
from gradadvisor.fixes.builtin_sum import element_sum, element_sum_advice, shown_sum, whole_array_sum
from gradadvisor.rules.base import Invalid, Rule, Valid, default_finalize

ADDITIONS = frozenset({"operator.add", "jax.numpy.add", "numpy.add", "jax.lax.add", "autograd.numpy.add"})


def _adds_its_arguments(function: ast.expr) -> bool:
    """``lambda a, b: a + b`` (either order)."""
    if not isinstance(function, ast.Lambda) or len(function.args.args) != 2 or function.args.vararg or function.args.kwarg:
        return False
    body, names = function.body, {argument.arg for argument in function.args.args}
    return (isinstance(body, ast.BinOp) and isinstance(body.op, ast.Add)
            and {getattr(body.left, "id", None), getattr(body.right, "id", None)} == names)


class PythonSumOverArray(Rule):
    """
    ## What it does
    Finds the builtin `sum()` over the elements of an array: over a generator or list
    comprehension that iterates an array (or `range(len(x))` / `range(x.shape[0])`
    indexing one) computing jax.numpy expressions per element,
    `sum(jnp.exp(-xi) for xi in x)`, `sum(f(x[i]) for i in range(len(x)))`; or over an
    array itself, `sum(x)`, `sum(x * w)`. `functools.reduce` of an addition (`operator.add`,
    `jnp.add`, `lambda a, b: a + b`) over such terms is the same sum.

    ## Why it is slow for gradients
    Python runs the generator, so JAX sees one slice, one small computation and one add
    per element. Under `jit` the traced program grows with the data (n = 1,000 took 24 s
    to compile here, against 0.09 s for the vectorized form); eagerly, every element is
    a separate dispatch; and in reverse mode each slice's backward pass scatters into a
    full-size array of zeros. Julia's Zygote shows the same cliff.

    ## Example
    ```python
    def energy(x):
        rho = sum(jnp.exp(-3 * (xi + 1)) for xi in x)
        return rho**2 + rho**3 + 0.25 * rho**4
    ```

    ## Use instead
    ```python
    def energy(x):
        rho = jnp.sum(jnp.exp(-3 * (x + 1)), axis=0)
        return rho**2 + rho**3 + 0.25 * rho**4
    ```
    The rewrite keeps `axis=0`: the builtin sum adds along the first axis, so this is
    exact for arrays of any rank. When the body calls a function, the rewrite maps it:
    `jnp.sum(jax.vmap(f)(x), axis=0)` (if `f` is elementwise, `jnp.sum(f(x))` is simpler
    still). In autograd code it uses `autograd.numpy.sum`; a body that would need `vmap`
    (which autograd lacks) gets advice and no fix.

    ## Fix safety
    The fix is *safe* only when all of these are proven from the code: `sum` is the
    builtin (not rebound in the function, the module or by a star import); the iterated
    value is an array (a list of arrays of different shapes, or a list that `2 * xs`
    would repeat, changes meaning); the body is elementwise jax.numpy and arithmetic in
    the element alone (other names might broadcast differently against the whole array);
    there is no start value; the array's dtype is not a small one (bool, int8, int16,
    float16, bfloat16: `jnp.sum` accumulates and promotes differently from repeated `+`;
    an unknown dtype is not proven, unless every call site in the project passes a float32
    or float64 array for the parameter it comes from); and the
    array's length is a literal, non-zero number (the builtin sum of an empty array is
    the integer `0`; `jnp.sum(..., axis=0)` gives float zeros, a whole row of them for a
    matrix). Otherwise the
    fix is *unsafe* and says which of these it could not prove; a `jax.vmap` rewrite is
    always unsafe (Python control flow on values in `f` fails under `vmap`).

    ## Confirm with trace
    Confirm a finding from the program JAX builds: `gradadvisor trace FILE` on a bench file (or
    `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`); the finding then shows as
    *confirmed* under "Scan findings vs trace". `unrolled-loop` on the `sum(...)` line, with the summed function's lines in its stack. When the
    array is differentiated there is also `slice-backward` (one full-size zero pad per element);
    `--cost` adds XLA's gradient/forward flop ratio (`cheap-gradient`).

    ## When not to apply
    Not reported for sums over Python numbers, pytree leaves (`jax.tree_util.tree_leaves(...)`,
    `params.values()`), literal lists of a few items, layers, small literal ranges or arrays
    written out (`jnp.array([a, b, c])`, `jnp.eye(3)`), `*args`, whole-array reductions over a
    list of arrays (`sum(jnp.sum(w**2) for w in weights)`), bodies that convert to Python
    numbers (`float(...)`, `.item()`), bodies that call the element or read an attribute no
    array has (`m(x)`, `c.log_prob(x)`: models or distributions), module-level setup code,
    or test code (reference loops in `test_*` functions, `*Test` classes and test files).
    """

    code = "GA301"
    name = "python-sum-over-array"
    summary = "builtin `sum()` over an array's elements unrolls into one op per element; use `jnp.sum`"
    keywords = ("sum", "reduce")
    expression_trigger = re.compile(r"(?<![\w.])sum\s*\(|(?<!\w)reduce\s*\(")
    trigger = re.compile(r"(?<![\w.])sum\s*\(|(?<!\w)reduce\s*\(")

    VALID = (
        Valid("import jax.numpy as jnp\ntotal = sum(x for x in [1, 2, 3])\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\ndef l2(params):\n    return sum(jnp.sum(p ** 2) for p in jax.tree_util.tree_leaves(params))\n"),
        Valid("import jax.numpy as jnp\n\ndef l2(params):\n    return sum(jnp.sum(w ** 2) for w in params.values())\n"),
        Valid("import jax.numpy as jnp\n\ndef f(x):\n    return sum(jnp.sin(x * k) for k in range(3))\n"),
        Valid("import jax.numpy as jnp\n\ndef f(self, x):\n    return sum(layer(x) for layer in self.layers)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(weights):\n    return sum(jnp.sum(w * w) for w in weights)\n"),
        Valid("import jax.numpy as jnp\n\ndef count(words):\n    return sum(len(w) for w in words)\n"),
        Valid("import jax.numpy as jnp\nimport numpy as np\n\ndef total(x):\n    return np.sum(x)\n"),
        Valid("import jax.numpy as jnp\n\ndef test_sum():\n    x = jnp.arange(10.0)\n    assert jnp.allclose(jnp.sum(jnp.exp(x)), sum(jnp.exp(v) for v in x))\n"),
        Valid("import jax.numpy as jnp\n\ndef total(x):\n    x = jnp.asarray(x)\n    return sum(float(jnp.exp(v)) for v in x)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    w = jnp.array([1.0, 0.5, 0.25])\n    return sum(jnp.sin(c * x) for c in w)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(*xs):\n    return sum(jnp.tanh(x) for x in xs)\n"),
        Valid("import jax.numpy as jnp\nX = jnp.arange(10.0)\nTOTAL = sum(jnp.exp(x) for x in X)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef predict(ensemble, x):\n    return sum(jax.nn.softmax(m(x)) for m in ensemble)\n"),
        # Arithmetic on the elements of a host NumPy array, or of a parameter no transform reaches.
        Valid("import jax\nimport numpy as np\n\ndef f(n):\n    x = np.linspace(0.0, 1.0, 100)\n    return sum(v ** 2 for v in x)\n"),
        Valid("import jax\n\ndef mean_square(values):\n    return sum(v ** 2 for v in values) / len(values)\n"),
        # A list of different arrays under a transform: a collection, not rows of one array.
        Valid("import jax\n\ndef l2(weights):\n    return sum(w ** 2 for w in weights)\n\ng = jax.grad(l2)\n"),
        # `sum` rebound: not the builtin.
        Valid("import jax\nimport jax.numpy as jnp\nfrom jax.numpy import *\n\n@jax.jit\ndef f(x):\n    return sum(jnp.exp(xi) for xi in x)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, sum=jnp.sum):\n    return sum(jnp.exp(xi) for xi in x)\n"),
        # A tuple of arrays of different shapes (jnp.gradient of a 2-D array is a list).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(u):\n    return sum(jnp.sum(g ** 2) for g in jnp.gradient(u))\n"),
        # `reduce` with a product, or over the leaves of a pytree: not a sum over an array's rows.
        Valid("import functools\nimport jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(ms):\n    return functools.reduce(jnp.matmul, [jnp.tanh(m) for m in ms])\n"),
        Valid("import functools\nimport operator\nimport jax\nimport jax.numpy as jnp\n\ndef l2(params):\n    return functools.reduce(operator.add, [jnp.sum(p ** 2) for p in jax.tree_util.tree_leaves(params)])\n\ng = jax.grad(l2)\n"),
        # sum of a short list of terms.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return sum([jnp.sum(a), jnp.sum(b)])\n"),
    )
    INVALID = (
        # A per-sample loss reduced per element: the model applied to each sample, not a list of weights.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef model(p, x):\n    return jnp.tanh(p @ x)\n\n"
            "def loss(p, xs):\n    return sum([jnp.sum(model(p, x)) for x in xs])\n\ng = jax.grad(loss)\n",
            message_contains="one operation per element of `xs`",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return sum(jnp.exp(-xi) for xi in x)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return jnp.sum(jnp.exp(-x), axis=0)\n",
            message_contains="jnp.sum(jnp.exp(-x), axis=0)",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x: jax.Array):\n    x = jnp.reshape(x, (32,))\n    return sum(jnp.exp(-xi) for xi in x)\n\nf(jnp.ones(32))\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x: jax.Array):\n    x = jnp.reshape(x, (32,))\n    return jnp.sum(jnp.exp(-x), axis=0)\n\nf(jnp.ones(32))\n",
            applicability="safe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef rho(r):\n    return jnp.exp(-3 * (r + 1))\n\ndef energy(x):\n    p = sum(rho(xi) for xi in x)\n    return p ** 2\n\ngrad = jax.grad(energy)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef rho(r):\n    return jnp.exp(-3 * (r + 1))\n\ndef energy(x):\n    p = jnp.sum(jax.vmap(rho)(x), axis=0)\n    return p ** 2\n\ngrad = jax.grad(energy)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(x):\n    return sum(np.tanh(x[i]) for i in range(len(x)))\n",
            expected_fix="import jax\nimport jax.numpy as np\n\n@jax.jit\ndef f(x):\n    return np.sum(np.tanh(x), axis=0)\n",
        ),
        Invalid(
            "import jax\nfrom jax import numpy as jnp\n\n@jax.grad\ndef f(x):\n    return sum([jnp.log1p(x[i] ** 2) for i in range(x.shape[0])])\n",
            expected_fix="import jax\nfrom jax import numpy as jnp\n\n@jax.grad\ndef f(x):\n    return jnp.sum(jnp.log1p(x ** 2), axis=0)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return sum(jnp.sin(w * xi) for xi in x)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return jnp.sum(jnp.sin(w * x), axis=0)\n",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nloss = jax.grad(lambda x: sum(jnp.dot(xi, xi) + 1.0 for xi in x))\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\nloss = jax.grad(lambda x: jnp.sum(jax.vmap(lambda xi: jnp.dot(xi, xi) + 1.0)(x), axis=0))\n",
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(n):\n    x = jnp.linspace(0.0, 1.0, 50)\n    return sum(jnp.cos(v) for v in x)\n",
            expected_fix="import jax.numpy as jnp\n\ndef f(n):\n    x = jnp.linspace(0.0, 1.0, 50)\n    return jnp.sum(jnp.cos(x), axis=0)\n",
            applicability="safe",
        ),
        Invalid(
            "import autograd.numpy as anp\nfrom autograd import grad\n\ndef f(x):\n    return sum(anp.cosh(xi) for xi in x)\n\ndf = grad(f)\n",
            expected_fix="import autograd.numpy as anp\nfrom autograd import grad\n\ndef f(x):\n    return anp.sum(anp.cosh(x), axis=0)\n\ndf = grad(f)\n",
        ),
        Invalid(
            "import autograd.numpy as anp\nfrom autograd import grad\n\ndef rho(r):\n    return anp.exp(-r)\n\ndef f(x):\n    return sum(rho(xi) for xi in x)\n\ndf = grad(f)\n",
            message_contains="use `anp.sum(..., axis=0)`",
        ),
        # The index is a value: map the body over jnp.arange.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, size):\n    return sum([i * jnp.arange(size) for i in range(size)])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, size):\n    return jnp.sum(jax.vmap(lambda i: i * jnp.arange(size))(jnp.arange(size)), axis=0)\n",
            message_contains="jnp.arange(size)",
        ),
        # Arithmetic alone on the elements of a differentiated parameter: no jax function is
        # named, but each term is a traced operation.
        Invalid(
            "import jax\n\ndef f(x):\n    return sum(xi ** 2 for xi in x)\n\ng = jax.grad(f)\n",
            message_contains="sum(x ** 2, axis=0)`",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return sum(w * x[i] + 1.0 for i in range(x.shape[0]))\n",
            message_contains="one operation per element of `x`",
        ),
        # Several arrays walked together (`zip`), arithmetic only.
        Invalid(
            "import jax\n\ndef f(ws, xs):\n    return sum(w * x ** 2 for w, x in zip(ws, xs))\n\ng = jax.grad(f)\n",
            message_contains="one operation per element of `ws`, `xs`",
        ),
        # `map` of a function (through `partial`) over the rows.
        Invalid(
            "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n\ndef ll(p, s):\n    return jnp.sum(jnp.log(p * s))\n\n"
            "def total(p, seqs):\n    return sum(map(partial(ll, p), seqs))\n\ng = jax.grad(total)\n",
            message_contains="one operation per element of `seqs`",
        ),
        # `functools.reduce` of an addition is the same sum.
        Invalid(
            "import jax\nimport jax.numpy as jnp\nfrom functools import reduce\n\n@jax.jit\ndef f(x):\n    return reduce(lambda a, b: a + b, [jnp.exp(-xi) for xi in x])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\nfrom functools import reduce\n\n@jax.jit\ndef f(x):\n    return jnp.sum(jnp.exp(-x), axis=0)\n",
            message_contains="one operation per element of `x`",
        ),
        # The builtin sum over an array itself.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return sum(x * w)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return jnp.sum(x * w, axis=0)\n",
        ),
    )

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        if isinstance(node.func, ast.Name) and node.func.id in ("int", "float", "bool") and ctx.is_builtin(node.func, node.func.id) and len(node.args) == 1:
            # ``int(sum(mask))``: made a Python number, so the values are concrete (host values,
            # a shape); no trace holds the sum
            self.converted = {*getattr(self, "converted", ()), id(node.args[0])}
            return
        if id(node) in getattr(self, "converted", ()):
            return
        if not ctx.is_builtin(node.func, "sum"):
            node = self._reduced_sum(node)  # type: ignore[assignment]
            if node is None:
                return
        if not node.args or len(node.args) > 2 or node.keywords and any(k.arg != "start" for k in node.keywords):
            return
        if isinstance(node.args[0], ast.Starred) or ctx.function is None:
            return  # module-level setup runs once, untraced; tests compute references on purpose
        first = node.args[0]
        if isinstance(first, (ast.GeneratorExp, ast.ListComp)):
            self._generator(node, first)
        elif isinstance(first, ast.Call) and ctx.is_builtin(first.func, "map"):
            read = map_loop(first, ctx.resolve)
            if read is not None:
                target, iterable, body, _ = read
                self._summed(node, ast.comprehension(target=target, iter=iterable, ifs=[], is_async=0),
                             unpartial(body, ctx))
        else:
            self._whole_array(node, first)

    def _reduced_sum(self, node: ast.Call) -> ast.Call | None:
        """``functools.reduce(operator.add, terms)`` (or ``jnp.add``, or ``lambda a, b: a + b``)
        adds its terms as ``sum(terms)`` does: the same call, spelled as a ``sum`` at the
        reduce's place. An initial value or any other function is not this shape."""
        ctx = self.ctx
        if len(node.args) != 2 or node.keywords or ctx.resolve(node.func) != "functools.reduce":
            return None
        function, terms = node.args
        if not (ctx.resolve(function) in ADDITIONS or _adds_its_arguments(function)):
            return None
        if not isinstance(terms, (ast.GeneratorExp, ast.ListComp, ast.Call)):
            return None  # reduce(add, xs): a list of terms, by what the code states
        if isinstance(terms, ast.Call) and not ctx.is_builtin(terms.func, "map"):
            return None
        return ast.copy_location(ast.Call(func=ast.Name(id="sum", ctx=ast.Load()), args=[terms], keywords=[]), node)

    # -- sum(f(x_i) for x_i in x) -------------------------------------------------------------

    def _generator(self, node: ast.Call, generator: ast.GeneratorExp | ast.ListComp) -> None:
        if len(generator.generators) != 1:
            return
        self._summed(node, generator.generators[0], generator.elt)

    def _summed(self, node: ast.Call, loop: ast.comprehension, body: ast.expr) -> None:
        ctx = self.ctx
        if loop.ifs or loop.is_async:
            return
        if isinstance(loop.target, ast.Tuple):
            self._zipped(node, loop, body)
            return
        if not isinstance(loop.target, ast.Name):
            return
        var = loop.target.id
        if converts_to_python(body, var) or element_is_object(body, var) or calls_indexed(body, var):
            return  # host-side numbers; or a list of models/distributions/functions (``ops[i](v)``), not array rows
        extent = ctx.extent(loop.iter)
        if not extent.is_data:
            return
        if not calls_jax(body, ctx.resolve, ctx.local_function) and not traced_arithmetic(ctx, loop.iter, body, var):
            return
        element = indexed_element(loop.iter, body, var, ctx.code)
        if element is None and index_range(loop.iter, ctx) and ctx.names.numpy_module() == "jax.numpy" and not static_use(body, var, ctx.resolve):
            # sum(f(t) for t in range(T)): the index is a value; map f over jnp.arange(T).
            arange, arange_imports = ctx.spell("jax.numpy.arange")
            if not arange:
                return
            indices = call(attribute_path(arange), *loop.iter.args)  # type: ignore[union-attr]
            rewrite, fix = element_sum(ctx, node, ElementLoop((var,), (indices,), body), "jax.numpy", extra_imports=arange_imports, index_values=True)
            self.report(
                node,
                f"{shown_sum(ctx, node)} unrolls into one operation per value of `{var}` over `{one_line(ctx.code(loop.iter), 30)}`; "
                f"map the body over the indices: `{one_line(rewrite or '', 120)}`",
                extent=extent,
                fix=fix,
            )
            return
        if element is None:
            if isinstance(loop.iter, ast.Call) and not ctx.resolve(loop.iter.func):
                return  # zip/enumerate/a helper's result: advice would need more care than a rewrite
            if reduces_whole(body, var, ctx.resolve) and not ctx.value(loop.iter).is_array and not applies_model(body, var, ctx) and not is_data_name(loop.iter):
                return  # sum(jnp.sum(w ** 2) for w in ws): a list of different arrays
            array, element_body = loop.iter, body
        else:
            array, element_body = element
        shown, advice, fix = element_sum_advice(ctx, node, ElementLoop((var,), (array,), element_body))
        self.report(
            node,
            f"{shown} unrolls into one operation per element of `{one_line(ctx.code(array), 30)}`; {advice}",
            extent=extent,
            fix=fix,
            evidence=[item for item in (ctx.shape_evidence(array),) if item],
        )

    def _zipped(self, node: ast.Call, loop: ast.comprehension, body: ast.expr) -> None:
        """``sum(w * x ** 2 for w, x in zip(ws, xs))``: one term per row of several arrays walked
        together; the same rewrite over the whole arrays."""
        ctx = self.ctx
        element = element_loop(loop.target, loop.iter, body, ctx.code)
        if element is None or len(element.variables) < 2:
            return
        if any(converts_to_python(body, var) or element_is_object(body, var) for var in element.variables):
            return
        extent = ctx.extent(loop.iter)
        if not extent.is_data:
            return
        values = [ctx.value(array) for array in element.arrays]
        if not all(value.kind == v.ARRAY and not value.host or value.kind == v.PARAM for value in values):
            return  # a list of objects, host arrays, or something unknown: not rows of traced arrays
        if not calls_jax(body, ctx.resolve, ctx.local_function) and elementwise_in_any(body, frozenset(element.variables), ctx.resolve) is None:
            return
        shown, advice, fix = element_sum_advice(ctx, node, element)
        walked = ", ".join(f"`{one_line(ctx.code(array), 20)}`" for array in element.arrays)
        self.report(node, f"{shown} unrolls into one operation per element of {walked}; {advice}", extent=extent, fix=fix)

    # -- sum(x) ------------------------------------------------------------------------------

    def _whole_array(self, node: ast.Call, operand: ast.expr) -> None:
        ctx = self.ctx
        value = ctx.value(operand)
        names = names_read(operand)
        if value.kind == v.ARRAY:
            if value.rank == 0 or value.host and not calls_jax(operand, ctx.resolve):
                return
            extent = ctx.extent(operand)
            if not extent.is_data:
                return
            size, param, evidence = extent.proof, extent.param, [extent.reason, *extent.evidence]
        elif isinstance(operand, (ast.Name, ast.BinOp, ast.Compare)) and value.kind in (v.PARAM, v.UNKNOWN) and names:
            if isinstance(operand, ast.Name) and is_collection_name(operand.id):
                return  # sum(losses): a list of terms, by its name (no fact says otherwise)
            params = [n for n in dict.fromkeys(node.id for node in ast.walk(operand) if isinstance(node, ast.Name))
                      if ctx.value(ast.Name(id=n, ctx=ast.Load())).kind == v.PARAM]
            if not params or any(ctx.value(ast.Name(id=n, ctx=ast.Load())).kind not in (v.PARAM, v.ARRAY, v.SCALAR) for n in names):
                return
            size, param, evidence = "likely", params[0], [f"`{params[0]}` is a parameter: an array when the function is traced"]
        else:
            return
        content, fix = whole_array_sum(ctx, node, operand, value)
        self.report(
            node,
            f"`{one_line(ctx.code(node), 40)}` adds the rows of an array one by one; use `{one_line(content, 80)}`",
            size=size,
            size_param=param,
            data={"array_param": param} if value.kind != v.ARRAY else None,
            work="jax" if value.kind == v.ARRAY and not value.host else "unknown",
            evidence=evidence,
            fix=fix,
            no_gradient=v.no_gradient_reason(value, one_line(ctx.code(operand), 30)) or (
                f"`{one_line(ctx.code(operand), 30)}` compares: it holds booleans, and no gradient flows through them (slow to compile, "
                "not to differentiate)" if compares(operand) else None),
        )

    @classmethod
    def finalize(cls, candidate, project):
        """``sum(x)`` of a parameter is a sum over an array's rows only if callers pass an array:
        a list or tuple they pass (``sum(mats)`` of a few per-branch matrices) is a structure,
        added term by term on purpose."""
        param = (candidate.data or {}).get("array_param")
        if param and candidate.scopes:
            facts = project.arguments(candidate.path, candidate.scopes[0], param)
            if any(fact.is_list for fact in facts):
                return None
        return default_finalize(cls, candidate, project)

