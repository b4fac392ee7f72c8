"""The gradient-context analysis: levels and the reasons shown in findings."""

from __future__ import annotations

import libcst as cst
import pytest

from gradadvisor.analysis.gradient import Level
from gradadvisor.analysis.names import ImportMap
from gradadvisor.engine.context import ModuleContext


def _context(source: str) -> tuple[ModuleContext, dict[str, cst.FunctionDef]]:
    module = cst.parse_module(source)
    ctx = ModuleContext("case.py", source, module)
    functions = {}

    class _Defs(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            functions[node.name.value] = node

    module.visit(_Defs())
    return ctx, functions


@pytest.mark.parametrize(
    "source, name, level",
    [
        ("import jax\n\ndef loss(p):\n    return p\n\ng = jax.grad(loss)\n", "loss", Level.DIFFERENTIATED),
        ("from jax import value_and_grad as vg\n\ndef loss(p):\n    return p\n\nvg(loss)\n", "loss", Level.DIFFERENTIATED),
        ("import jax\nfrom functools import partial\n\n@partial(jax.jit, static_argnums=1)\ndef f(x, n):\n    return x\n", "f", Level.TRACED),
        ("import equinox as eqx\n\n@eqx.filter_grad\ndef f(m, x):\n    return x\n", "f", Level.DIFFERENTIATED),
        ("import jax\n\ndef step(c, x):\n    return c, x\n\ndef run(xs):\n    return jax.lax.scan(step, 0.0, xs)\n", "step", Level.TRACED),
        ("import flax.linen as nn\n\nclass M(nn.Module):\n    def setup(self):\n        pass\n\n    def __call__(self, x):\n        return x\n", "__call__", Level.TRACED),
        ("import flax.linen as nn\n\nclass M(nn.Module):\n    def setup(self):\n        pass\n", "setup", Level.UNKNOWN),
        ("import numba\n\n@numba.jit\ndef f(x):\n    return x\n", "f", Level.UNKNOWN),
        ("import jax\n\ndef inputs(size=3):\n    return (1.0,)\n\ndef baseline(x):\n    return x\n\ndef candidate(x):\n    return x\n", "baseline", Level.DIFFERENTIATED),
        ("import jax\n\ndef helper(x):\n    return x\n", "helper", Level.UNKNOWN),
    ],
)
def test_levels(source, name, level):
    ctx, functions = _context(source)
    assert ctx.gradient.level(functions[name]) == level


def test_the_reason_chain_names_the_transform_line_and_the_calls():
    source = (
        "import jax\n\n"
        "def forward(w, x):\n    return w * x\n\n"
        "def loss(w, x):\n    return forward(w, x)\n\n"
        "grad = jax.grad(loss)\n"
    )
    ctx, functions = _context(source)
    assert ctx.gradient.explain(functions["forward"]) == (
        "`loss` is differentiated: passed to jax.grad at line 9; `forward` is called from `loss`"
    )


def test_methods_reached_through_self_and_nested_functions_inherit_the_level():
    source = (
        "import jax\n\n"
        "class Model:\n"
        "    def helper(self, x):\n        return x\n\n"
        "    @jax.jit\n"
        "    def apply(self, x):\n"
        "        def inner(y):\n            return y\n"
        "        return self.helper(inner(x))\n"
    )
    ctx, functions = _context(source)
    assert ctx.gradient.level(functions["helper"]) == Level.TRACED
    assert ctx.gradient.level(functions["inner"]) == Level.TRACED
    assert "called from `apply`" in ctx.gradient.explain(functions["helper"])


def test_import_aliases_see_through_spellings():
    names = ImportMap(cst.parse_module(
        "import jax.numpy as np\nimport numpy as onp\nfrom jax import numpy as jnp2\nfrom jax.numpy import diag\nimport autograd.numpy as anp\n"
    ))
    assert names.resolve(cst.parse_expression("np.diag")) == "jax.numpy.diag"
    assert names.resolve(cst.parse_expression("onp.diag")) == "numpy.diag"
    assert names.resolve(cst.parse_expression("jnp2.diag")) == "jax.numpy.diag"
    assert names.resolve(cst.parse_expression("diag")) == "jax.numpy.diag"
    assert names.autodiff_numpy_function(cst.parse_expression("anp.trace")) == "trace"
    assert names.autodiff_numpy_function(cst.parse_expression("onp.trace")) is None


def test_module_spellings_read_from_import_lines():
    from gradadvisor.analysis.names import module_spellings

    text = (
        "import jax\nimport jax.numpy as jnp\nfrom jax import numpy as np2, lax\n"
        "from jax import (\n    numpy as np3,  # comment\n    random,\n)\nimport numpy as np\n"
    )
    assert module_spellings(text, "jax.numpy") == {"jax.numpy", "jnp", "np2", "np3"}
    assert module_spellings(text, "jax.lax") == {"jax.lax", "lax"}
    assert module_spellings("import numpy as np\n", "jax.numpy") == set()
