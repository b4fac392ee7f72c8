"""The facts behind safe fixes, one question each (issue 17, 6b and 7): dtypes from the
dataflow (complex values, type codes, promotion), shapes that are not just ranks, arrays
changed in place, names bound elsewhere in the module, and what call sites prove."""

from __future__ import annotations

import ast
import textwrap

import pytest

from gradadvisor.analysis import values as v
from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.fori_preconditions import reads_outside
from gradadvisor.analysis.syntax import Source
from gradadvisor.engine.context import Context
from gradadvisor.engine.runner import check_text
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.rules import rule_by_code
from tests.conftest import context_at_return, scan_json, write

_at_return = context_at_return

def _returned(code: str) -> list[v.Value]:
    ctx, statement = _at_return(code)
    items = statement.value.elts if isinstance(statement.value, ast.Tuple) else [statement.value]
    return [ctx.value(item) for item in items]


# -- dtypes ------------------------------------------------------------------------------------


def test_complex_numbers_make_arrays_complex():
    times_1j, phase, scalar_first, numpy_phase = _returned(
        """
        import jax.numpy as jnp
        import numpy as np

        def f(theta):
            x = jnp.ones((4, 3))
            return x * 1j, jnp.exp(1j * jnp.linspace(0, 1, 8)), 2j * x, np.exp(1j * np.ones(3))
        """
    )
    assert times_1j.dtype == "complex64" and times_1j.shape == (4, 3)
    assert phase.dtype == "complex64" and phase.shape == (8,)
    assert scalar_first.dtype == "complex64"
    assert numpy_phase.dtype == "complex128"


@pytest.mark.parametrize(
    ("spelling", "dtype"),
    [('dtype="f2"', "float16"), ('dtype="e"', "float16"), ("dtype='<f2'", "float16"), ('dtype="i1"', "int8"), ('dtype="?"', "bool"), ('dtype="f4"', "float32"), ('dtype="c8"', "complex64")],
)
def test_type_codes_are_dtypes(spelling, dtype):
    (value,) = _returned(
        f"""
        import jax.numpy as jnp

        def f():
            return jnp.zeros((4, 3), {spelling})
        """
    )
    assert value.dtype == dtype


def test_numbers_promote_integer_arrays():
    by_float, by_int, divided, unknown_number = _returned(
        """
        import math
        import jax.numpy as jnp

        def f():
            ints = jnp.arange(5)
            return ints * 0.5, ints * 2, ints / 2, ints * math.pi
        """
    )
    assert by_float.dtype == "float32"  # a Python float makes int32 data float32
    assert by_int.dtype == "int32"
    assert divided.dtype == "float32"
    assert unknown_number.dtype is None  # a float, at run time: not int32


def test_a_parameter_has_no_dtype_until_call_sites_say():
    (value,) = _returned(
        """
        import jax.numpy as jnp

        def f(x):
            return jnp.reshape(x, (4, 3))
        """
    )
    assert value.shape == (4, 3) and value.dtype is None


def test_the_parameter_behind_a_dtype():
    ctx, statement = _at_return(
        """
        import jax.numpy as jnp

        def f(x, y, z):
            a = jnp.reshape(x, (4, 3)).T
            b = y[0] * 2
            c = z.astype(jnp.float16)
            return a[:, 1], b, c
        """
    )
    first, second, third = statement.value.elts
    assert ctx.dtype_callers(first) == ["float x"]
    assert ctx.dtype_callers(second) is None  # arithmetic: not proven to keep the dtype
    assert ctx.dtype_callers(third) is None  # a cast: the code decides, not the caller


def test_a_rebound_or_global_parameter_is_not_the_callers():
    ctx, statement = _at_return(
        """
        def f(x, y):
            global y
            if x is None:
                x = 1
            return x, y
        """
    )
    assert ctx.parameter_of(statement.value.elts[0]) is None
    assert ctx.parameter_of(statement.value.elts[1]) is None


def test_x64_is_a_fact_of_the_module():
    text = "import jax\njax.config.update('jax_enable_x64', True)\n"
    tree = ast.parse(text)
    assert Facts(tree, Source(text), ImportMap(tree)).enables_x64
    quiet = "import jax\n# jax_enable_x64 is off here\n"
    tree = ast.parse(quiet)
    assert not Facts(tree, Source(quiet), ImportMap(tree)).enables_x64


# -- shapes ------------------------------------------------------------------------------------


def test_jaxtyping_names_a_size_once_per_signature():
    a, b, c, square = _returned(
        """
        def f(a: Float[Array, "n k"], b: Float[Array, "m k"], c: Float[Array, "n k"], s: Float[Array, "d d"]):
            return a, b, c, s
        """
    )
    assert a.shape == ("a.shape[0]", "a.shape[1]")
    assert b.shape == ("b.shape[0]", "a.shape[1]")  # k is k
    assert c.shape == a.shape
    assert square.shape == ("s.shape[0]", "s.shape[0]")


def test_reshape_with_minus_one_leaves_that_axis_unknown():
    left, right = _returned(
        """
        import jax.numpy as jnp

        def f(x, y):
            return jnp.reshape(x, (4, -1)), jnp.reshape(y, (-1, 3))
        """
    )
    assert left.shape == (4, None) and right.shape == (None, 3)


def test_diag_shapes():
    of_vector, of_square, of_rectangle = _returned(
        """
        import jax.numpy as jnp

        def f():
            return jnp.diag(jnp.ones(5)), jnp.diag(jnp.ones((3, 3))), jnp.diag(jnp.ones((3, 4)))
        """
    )
    assert of_vector.shape == (5, 5)
    assert of_square.shape == (3,)
    assert of_rectangle.shape == (None,)


# -- arrays changed in place -----------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    ["A[:, 0] = s", "A.sort()", "np.copyto(A, s)", "np.add(A, 1.0, out=A)", "C = A\n    C[0] = s", "A += 1", "fill(A)"],
)
def test_in_place_changes_between_two_statements(change):
    text = f"import numpy as np\n\ndef f(A, B, s, fill):\n    P = A @ B\n    {change}\n    return np.diag(P)\n"
    tree = ast.parse(text)
    names = ImportMap(tree)
    facts = Facts(tree, Source(text), names)
    function = tree.body[1]
    scope = facts.scope(function)
    assert facts.mutated_between({"A", "B"}, scope, function.body[0], function.body[-1])


def test_reads_are_not_changes():
    text = "import numpy as np\n\ndef f(A, B):\n    P = A @ B\n    n = np.sum(A) + len(B)\n    print(A.shape)\n    return np.diag(P)\n"
    tree = ast.parse(text)
    facts = Facts(tree, Source(text), ImportMap(tree))
    function = tree.body[1]
    assert not facts.mutated_between({"A", "B"}, facts.scope(function), function.body[0], function.body[-1])


# -- names bound elsewhere ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "binding",
    ["def setup():\n    global sum\n    sum = my_sum\n", "if (sum := my_sum):\n    pass\n", "values = [(map := m) for m in [None]]\n"],
)
def test_builtins_rebound_elsewhere_in_the_module(binding):
    name = "map" if "map" in binding else "sum"
    text = f"{binding}\ndef f(x):\n    return {name}(x)\n"
    tree = ast.parse(text)
    names = ImportMap(tree)
    assert names.module_binds(name)
    ctx = Context("case.py", Source(text), tree, names, Facts(tree, Source(text), names))
    function = tree.body[-1]
    ctx.enter(function)
    assert not ctx.is_builtin(function.body[0].value.func, name)


@pytest.mark.parametrize("declaration", ["global i", "nonlocal i"])
def test_a_loop_variable_bound_outside_is_read_after_return(declaration):
    text = textwrap.dedent(
        f"""
        def outer():
            i = 0
            def f(x):
                {declaration}
                for i in range(3):
                    x = x + 1
                return x
            return f
        """
    )
    if declaration == "global i":
        text = text.replace("    i = 0\n", "")
    tree = ast.parse(text)
    function = tree.body[0].body[-2]
    loop = function.body[1]
    assert reads_outside(function, loop, "i")


# -- preconditions that call sites prove -------------------------------------------------------


def test_preconditions_deferred_to_callers():
    conditions = Preconditions()
    conditions.require(False, "`a` has two axes", ["rank a 2"])
    conditions.require(False, "`b` is real", None)
    conditions.require(False, "`a` has two axes", ["rank a 2"])
    fix = conditions.fix([], "x")
    assert fix.applicability == "unsafe"
    assert fix.deferred == (("`a` has two axes", ("rank a 2",)),)
    # Once some requirement says callers cannot prove it, they cannot.
    conditions.require(False, "`a` has two axes", None)
    assert conditions.fix([], "x").deferred == ()


DIAG = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef f(a, b):\n    return jnp.sum(jnp.diag(a.T @ b))\n\n\n"


def _ga202(text: str):
    findings = [finding for finding in check_text("case.py", text, [rule_by_code("GA202")]).findings if finding.fix is not None]
    assert len(findings) == 1, findings
    return findings[0].fix


def test_every_call_site_passing_matrices_proves_the_fix():
    fix = _ga202(DIAG + "a = jnp.ones((64, 32))\nb = jnp.ones((64, 32))\ng = jax.grad(f)(a, b)\nh = f(a, b)\n")
    assert fix.applicability == "safe", fix.unproven
    assert fix.proven_by == ("case.py:12", "case.py:13")


@pytest.mark.parametrize(
    ("calls", "why"),
    [
        ("", "no call site"),
        ("g = jax.grad(f)(jnp.ones((64, 32)), jnp.ones((64, 32), dtype=jnp.float16))", "float16 data"),
        ("g = f(jnp.ones((64, 32)), jnp.ones((64, 32)))\nh = f(jnp.ones(32), jnp.ones(32))", "one caller passes vectors"),
        ("g = f(jnp.ones((64, 32)), jnp.ones((64, 16)))", "not square"),
        ("g = f(jnp.ones((64, 32)), jnp.arange(64 * 32).reshape((64, 32)))", "int32 data"),
        ("g = f(jnp.ones((64, 32)), jnp.ones((64, 32)) * 1j)", "complex data"),
        ("g = f(jnp.ones((64, 32)), jnp.ones((64, 32)))\nh = jax.vmap(f)(jnp.ones((5, 64, 32)), jnp.ones((5, 64, 32)))", "vmap slices"),
        ("g = f(jnp.ones((64, 32)), jnp.ones((64, 32)))\ndef run(x):\n    return f(x, x)", "a caller passes a parameter"),
        ("args = (jnp.ones((64, 32)), jnp.ones((64, 32)))\ng = f(*args)", "unpacked arguments"),
    ],
)
def test_call_sites_that_do_not_prove_it(calls, why):
    fix = _ga202(DIAG + calls + "\n")
    assert fix.applicability == "unsafe", why


def test_call_sites_in_another_module_prove_it(cli, tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.gradadvisor]\n")
    write(tmp_path / "model.py", DIAG)
    write(tmp_path / "train.py", "import jax\nimport jax.numpy as jnp\nfrom model import f\n\ng = jax.grad(f)(jnp.ones((8, 4)), jnp.ones((8, 4)))\n")
    code, report = scan_json(cli, ".")
    (finding,) = [item for item in report["findings"] if item["code"] == "GA202"]
    assert finding["fix"]["applicability"] == "safe"
    assert finding["fix"]["proven_by"] == ["train.py:5"]
    assert any("train.py:5" in item for item in finding["evidence"])
    # The same caller casting to bfloat16 proves nothing.
    write(tmp_path / "train.py", "import jax\nimport jax.numpy as jnp\nfrom model import f\n\nx = jnp.ones((8, 4)).astype(jnp.bfloat16)\ng = jax.grad(f)(x, x)\n")
    code, report = scan_json(cli, ".")
    (finding,) = [item for item in report["findings"] if item["code"] == "GA202"]
    assert finding["fix"]["applicability"] == "unsafe"


ACCUMULATE = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n@jax.jit\ndef g(x):\n    y = 0.0\n    for i in range(x.shape[0]):\n        y = y + x[i]\n    return y\n\n\n"


@pytest.mark.parametrize(
    ("call", "safe"),
    [
        ("g(jnp.array([1.0, 2.0, 3.0]))", True),
        ("g(jnp.zeros((0,)))", False),  # the loop runs zero times: `y` stays a Python float
        ("g(np.array([1.0, 2.0, 3.0]))", False),  # a NumPy array, float64
        ("g(jnp.array([1, 2, 3]))", False),  # int32 data added into 0.0
        ("g(jnp.array([1.0, 2.0, 3.0]))\ng(jnp.ones(4, dtype=jnp.float16))", False),
    ],
)
def test_call_sites_prove_an_accumulation(call, safe):
    (finding,) = [item for item in check_text("case.py", ACCUMULATE + call + "\n", [rule_by_code("GA302")]).findings if item.fix is not None]
    assert (finding.fix.applicability == "safe") is safe, finding.fix.unproven
    if safe:
        assert finding.fix.proven_by == ("case.py:14",)


CARRY = "import jax\nimport jax.numpy as jnp\n{config}\n\n@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (3,)).astype(jnp.{dtype})\n    for i in range(120):\n        x = x + 0.01 * jnp.sin(x)\n    return x\n"


@pytest.mark.parametrize(
    ("config", "dtype", "safe"),
    [
        ("", "float32", True),
        ("jax.config.update('jax_enable_x64', True)", "float32", False),  # unstated dtypes are float64 then
        ("", "float64", False),  # float64 only under x64
        ("", "complex64", False),
    ],
)
def test_fori_loop_carries(config, dtype, safe):
    findings = [item for item in check_text("case.py", CARRY.format(config=config, dtype=dtype), [rule_by_code("GA103")]).findings if item.fix is not None]
    assert len(findings) == 1
    assert (findings[0].fix.applicability == "safe") is safe, findings[0].fix.unproven


MATRICES = "jnp.ones((64, 32)), jnp.ones((64, 32))"


@pytest.mark.parametrize(
    ("calls", "safe"),
    [
        (f"g = jax.grad(f)\nv = g({MATRICES})", True),  # calls through an alias are calls of f
        (f"g = jax.grad(f)\nv = g({MATRICES})\nw = g(jnp.ones(3), jnp.ones(3))", False),
        (f"v = f({MATRICES})\nfs = [f]", False),  # stored: called with who knows what
        (f"v = f({MATRICES})\nw = list(map(f, jnp.ones((5, 64, 32)), jnp.ones((5, 64, 32))))", False),
        (f"import functools\nv = f({MATRICES})\nh = functools.partial(f, jnp.ones(3))", False),
        (f"v = f({MATRICES})\ng = jax.grad(f)\nrun = [g]", False),  # the alias escapes
        (f"v = f({MATRICES})\ndef make():\n    return f", False),
    ],
)
def test_functions_used_as_values_have_callers_we_do_not_see(calls, safe):
    fix = _ga202(DIAG + calls + "\n")
    assert (fix.applicability == "safe") is safe, (fix.unproven, fix.proven_by)


def test_methods_are_not_proven_by_call_sites():
    text = "import jax\nimport jax.numpy as jnp\n\n\nclass M:\n    @jax.jit\n    def f(self, a, b):\n        return jnp.diag(a.T @ b)\n\n    def run(self):\n        return self.f(jnp.ones((8, 4)), jnp.ones((8, 4)))\n"
    assert _ga202(text).applicability == "unsafe"


def test_jaxtyping_dtypes():
    any_float, single, half, boolean = _returned(
        """
        def f(a: Float[Array, "n"], b: Float32[Array, "n"], c: BFloat16[Array, "n"], d: Bool[Array, "n"]):
            return a, b, c, d
        """
    )
    assert any_float.dtype is None  # any float: float16 too
    assert (single.dtype, half.dtype, boolean.dtype) == ("float32", "bfloat16", "bool")


@pytest.mark.parametrize(
    "source, bound",
    [
        ("def f():\n    global sum\n    sum = len\n", True),
        ("def f():\n    if True: global sum\n", True),
        ("x = 1; global sum\n", True),
        ("y = [(sum := 3)]\n", True),
        ("global_step = 1\n# the global state\nx = 'global sum'\n", False),
    ],
)
def test_names_bound_elsewhere_are_found_without_walking_every_module(source, bound):
    # The walk for `global` and walrus bindings runs only where the text can hold one; a module
    # whose text has neither is not walked, and the answer is the same.
    tree = ast.parse(source)
    gated = ImportMap(tree, None, source).bound_elsewhere
    assert ("sum" in gated) is bound
    assert gated == ImportMap(tree).bound_elsewhere  # the walk, always: the same answer
