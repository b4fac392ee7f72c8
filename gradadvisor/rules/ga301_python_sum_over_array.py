"""GA301 python-sum-over-array: the builtin ``sum()`` over the elements of an array."""

from __future__ import annotations

import re

import libcst as cst

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.analysis.vectorize import (
    calls_jax,
    code,
    converts_to_python,
    element_is_object,
    indexed_element,
    names_in,
    vectorize,
)
from gradadvisor.rules.base import Fix, Invalid, Rule, Valid

#: Reductions that treat their argument as a whole array: summing ``jnp.sum(w ** 2)`` over
#: ``w in ws`` is a loop over pytree leaves or a list of arrays, not over samples.
WHOLE_ARRAY_REDUCTIONS = frozenset(
    {"sum", "mean", "max", "min", "prod", "vdot", "size", "linalg.norm", "count_nonzero", "var", "std"}
)


class PythonSumOverArray(Rule):
    """
    ## What it does
    Finds the builtin `sum()` over a generator or list comprehension that iterates over
    an array (or over `range(len(x))` / `range(x.shape[0])` indexing one) and computes
    jax.numpy expressions per element: `sum(jnp.exp(-xi) for xi in x)`,
    `sum(f(x[i]) for i in range(len(x)))`.

    ## Why it is slow for gradients
    Python runs the generator, so JAX sees one slice, one small computation and one add
    per element. Under `jit` the traced program grows with the data (n = 1,000 took 24 s
    to compile here, against 0.09 s for the vectorized form); eagerly, every element is
    a separate dispatch; and in reverse mode each slice's backward pass scatters into a
    full-size array of zeros. Seed thread 001 shows the same cliff in Zygote.

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
    The fix keeps `axis=0` so it is exact for arrays of any rank (the builtin sum adds
    along the first axis); for a vector it is the plain `jnp.sum`. The fix is *safe*
    when the body is elementwise jax.numpy and arithmetic in the loop variable alone;
    when it reads other names (which might broadcast differently) or calls a function,
    the rewrite (`jnp.sum(jax.vmap(f)(x), axis=0)`) is *unsafe*: check it with
    `gradadvisor bench`. If `f` is itself elementwise, `jnp.sum(f(x))` is simpler still.
    In autograd code the fix uses `autograd.numpy.sum`; a body that would need `vmap`
    (which autograd lacks) gets advice and no fix.

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
    keywords = ("sum",)
    trigger = re.compile(r"(?<![\w.])sum\s*\(\s*\[?[^;]{0,300}?\bfor\b", re.DOTALL)

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
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return sum(jnp.exp(-xi) for xi in x)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return jnp.sum(jnp.exp(-x), axis=0)\n",
            message_contains="jnp.sum(jnp.exp(-x), axis=0)",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef rho(r):\n    return jnp.exp(-3 * (r + 1))\n\ndef energy(x):\n    p = sum(rho(xi) for xi in x)\n    return p ** 2\n\ngrad = jax.grad(energy)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef rho(r):\n    return jnp.exp(-3 * (r + 1))\n\ndef energy(x):\n    p = jnp.sum(jax.vmap(rho)(x), axis=0)\n    return p ** 2\n\ngrad = jax.grad(energy)\n",
        ),
        Invalid(
            "import jax.numpy as np\n\ndef f(x):\n    return sum(np.tanh(x[i]) for i in range(len(x)))\n",
            expected_fix="import jax.numpy as np\n\ndef f(x):\n    return np.sum(np.tanh(x), axis=0)\n",
        ),
        Invalid(
            "from jax import numpy as jnp\n\ndef f(x):\n    return sum([jnp.log1p(x[i] ** 2) for i in range(x.shape[0])])\n",
            expected_fix="from jax import numpy as jnp\n\ndef f(x):\n    return jnp.sum(jnp.log1p(x ** 2), axis=0)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return sum(jnp.sin(w * xi) for xi in x)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    return jnp.sum(jnp.sin(w * x), axis=0)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nloss = jax.grad(lambda x: sum(jnp.dot(xi, xi) + 1.0 for xi in x))\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\nloss = jax.grad(lambda x: jnp.sum(jax.vmap(lambda xi: jnp.dot(xi, xi) + 1.0)(x), axis=0))\n",
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(n):\n    x = jnp.linspace(0.0, 1.0, n)\n    return sum(jnp.cos(v) for v in x)\n",
            expected_fix="import jax.numpy as jnp\n\ndef f(n):\n    x = jnp.linspace(0.0, 1.0, n)\n    return jnp.sum(jnp.cos(x), axis=0)\n",
        ),
        Invalid(
            "import autograd.numpy as anp\nfrom autograd import grad\n\ndef f(x):\n    return sum(anp.cosh(xi) for xi in x)\n\ndf = grad(f)\n",
            expected_fix="import autograd.numpy as anp\nfrom autograd import grad\n\ndef f(x):\n    return anp.sum(anp.cosh(x), axis=0)\n\ndf = grad(f)\n",
        ),
        Invalid(
            "import autograd.numpy as anp\nfrom autograd import grad\n\ndef rho(r):\n    return anp.exp(-r)\n\ndef f(x):\n    return sum(rho(xi) for xi in x)\n\ndf = grad(f)\n",
            message_contains="use `anp.sum(..., axis=0)`",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        names = self.ctx.names
        if not names.is_builtin(node.func, "sum") or not node.args or len(node.args) > 2:
            return
        if any(arg.keyword is not None or arg.star for arg in node.args[:1]):
            return
        generator = node.args[0].value
        if not isinstance(generator, (cst.GeneratorExp, cst.ListComp)):
            return
        loop = generator.for_in
        if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
            return
        if not isinstance(loop.target, cst.Name):
            return
        function = self.ctx.current_function
        if function is None or in_test_code(self.ctx.path, self.ctx.scope_stack):
            return  # module-level setup runs once, untraced; tests compute references on purpose
        body = generator.elt
        if converts_to_python(body, loop.target.value):
            return  # float(...) / .item(): host-side Python numbers, never traced
        if element_is_object(body, loop.target.value):
            return  # `m(x)`, `c.log_prob(x)`: a list of models or distributions, not array rows
        extent = self.ctx.loops.of_iterable(loop.iter, function)
        if not extent.is_data:
            return
        if not calls_jax(body, names, self.ctx.local_functions(function)):
            return
        var = loop.target.value
        element = indexed_element(loop.iter, body, var)
        if element is None:
            if isinstance(loop.iter, cst.Call):
                return  # e.g. zip/enumerate: advice would need more care than a rewrite
            if _reduces_whole(body, var, names) and not self.ctx.loops.arrays.array_call(loop.iter):
                return
            array, element_body = loop.iter, body
        else:
            array, element_body = element
        rewrite = self._rewrite(node, element_body, var, array)
        original = "sum(... for ...)" if len(code(node)) > 60 else f"`{code(node)}`"
        if rewrite is not None:
            advice = f"use `{code(rewrite.replacement)}`"
        else:
            numpy_sum, _ = self.ctx.names.spell("autograd.numpy.sum")
            advice = f"compute the body on the whole array and use `{code(numpy_sum)}(..., axis=0)`"
        self.report(
            node,
            f"{original} unrolls into one operation per element of `{code(array)}` ({extent.reason}); {advice}",
            fix=rewrite,
        )

    def _numpy_module(self) -> str:
        """``autograd.numpy`` in autograd code (a file that imports autograd and not jax), else ``jax.numpy``."""
        names = self.ctx.names
        return "autograd.numpy" if names.imports_module("autograd") and not names.imports_module("jax") else "jax.numpy"

    def _rewrite(self, node: cst.Call, body: cst.BaseExpression, var: str, array: cst.BaseExpression) -> Fix | None:
        """The ``jnp.sum(..., axis=0)`` fix; None in autograd code whose body would need ``jax.vmap``."""
        vectorized = vectorize(body, var, array, self.ctx.names)
        if vectorized.how == "vmap" and self._numpy_module() == "autograd.numpy":
            return None
        jnp_sum, imports = self.ctx.names.spell(f"{self._numpy_module()}.sum")
        args = [cst.Arg(vectorized.expression)]
        start = node.args[1].value if len(node.args) == 2 else None
        args.append(cst.Arg(cst.Integer("0"), keyword=cst.Name("axis"), equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
        replacement: cst.BaseExpression = cst.Call(func=jnp_sum, args=args)
        applicability = vectorized.applicability
        if start is not None and not (isinstance(start, (cst.Integer, cst.Float)) and float(start.value) == 0.0):
            replacement = cst.BinaryOperation(start, cst.Add(), replacement)
            applicability = "unsafe"
        return Fix(node, replacement, applicability, tuple(imports) + vectorized.imports)


def _reduces_whole(body: cst.BaseExpression, var: str, names) -> bool:
    """True when the body reduces the loop variable as a whole (``jnp.sum(w ** 2)``, ``jnp.linalg.norm(w)``)."""
    found = False

    class _Reductions(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            function = names.autodiff_numpy_function(call.func)
            if function in WHOLE_ARRAY_REDUCTIONS and call.args and not any(arg.keyword and arg.keyword.value == "axis" for arg in call.args):
                if var in names_in(call.args[0].value):
                    found = True

    walk(body, _Reductions())
    return found
