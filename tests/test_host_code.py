"""Functions no trace can run (``analysis/host_code.py``) and what a scan does with them."""

from __future__ import annotations

import ast
import textwrap

import pytest

from gradadvisor.analysis.host_code import host_reason
from conftest import scan_program


def _function(code: str) -> ast.AST:
    return ast.parse(textwrap.dedent(code)).body[0]


@pytest.mark.parametrize("code, starts", [
    ("def batches(x, n):\n    for s in range(0, x.shape[0], n):\n        yield x[s:s + n]\n", "generator:"),
    ("def check(board):\n    for i in range(9):\n        if board[i] >= 0:\n            pass\n", "line 3 branches"),
    ("def check(state):\n    for i in range(9):\n        assert state.rivers[i, 0] < 4\n", "line 3 branches"),
])
def test_host_functions(code, starts):
    reason = host_reason(_function(code))
    assert reason is not None and reason.startswith(starts)


@pytest.mark.parametrize("code", [
    "def f(x):\n    for i in range(x.shape[0]):\n        x = x.at[i].set(x[i - 1])\n    return x\n",
    "def f(x, flags):\n    if flags[0] > 1:\n        return x\n    return -x\n",  # a constant position: configuration
    "def f(x):\n    for i in range(3):\n        if x.shape[i] > 1:\n            x = x.sum(i)\n    return x\n",  # shapes are static
    "def f(x):\n    def g():\n        yield 1\n    return x\n",  # a nested generator is not this function
])
def test_traceable_functions(code):
    assert host_reason(_function(code)) is None


PROGRAM = '''
import jax
import jax.numpy as jnp


def batches(x, epochs):
    epoch = 0
    while epoch < epochs:
        x = x[::-1]
        yield x
        epoch += 1


def validate(rivers, n):
    counts = jnp.zeros(n)
    for i in range(rivers.shape[0]):
        for j in range(rivers.shape[1]):
            if rivers[i, j] >= 0:
                counts = counts.at[rivers[i, j]].add(1)
    return counts


@jax.jit
def filt(u, a):
    x = jnp.zeros(())
    out = []
    for t in range(u.shape[0]):
        x = a * x + u[t]
        out.append(x)
    return jnp.stack(out)
'''


def test_a_scan_reports_the_traced_recurrence_and_not_the_host_functions(tmp_path):
    findings = scan_program(tmp_path, PROGRAM)
    lines = {f["line"] for f in findings}
    assert any(27 <= line <= 29 for line in lines), findings  # filt's carried x
    assert not any(line < 22 for line in lines), findings  # nothing in batches or validate


EAGER = '''
import jax
import jax.numpy as jnp


def fd(f, x):
    h = 1e-4
    return jnp.array([(f(x + h * e) - f(x - h * e)) / (2 * h) for e in jnp.eye(x.shape[0])])


def slow_ref(batch):
    out = []
    for b in batch:
        out.append(jnp.cumsum(b))
    return jnp.stack(out)


fast = jax.jit(jax.vmap(jnp.cumsum))


def check(batch, f, x):
    assert jnp.allclose(fast(batch), slow_ref(batch))
    return fd(f, x)


if __name__ == "__main__":
    check(jnp.ones((100, 5)), jnp.sin, jnp.ones(50))


def library_api(xs):
    return jnp.stack([jnp.cumsum(x) for x in xs])
'''


def test_code_that_only_eager_code_calls_is_not_likely_traced(tmp_path):
    """A finite-difference check and a reference loop, called only from a function that
    module-level code calls, run eagerly: not reported at any confidence (nothing unrolls into
    a trace); a function nothing in the project calls may be traced by its users: still
    "likely traced"."""
    found_findings = scan_program(tmp_path, EAGER)
    by_line = {f["line"]: f for f in found_findings}
    assert 8 not in by_line and 13 not in by_line, by_line
    library = [f for line, f in by_line.items() if line > 30]
    assert library and not any("runs eagerly" in item for item in library[0]["evidence"])
    assert any("likely traced by its callers" in item for item in library[0]["evidence"])


@pytest.mark.parametrize(
    "name, source, expected",
    [
        ("test_model.py", "def test_fit():\n    pass\n", True),  # named as pytest collects it, with a test
        ("test_model.py", "import numpy.testing as npt\n", True),
        ("test_metric.py", "import jax\n\n@jax.jit\ndef metric(x):\n    return x\n", False),  # library code under a test-like name
        ("conftest.py", "import jax\n", True),
        ("model_test.py", "from absl.testing import absltest\n", True),
        ("model_test.py", "import pytest\n", True),
        ("model_test.py", "class ModelTest:\n    pass\n", True),
        ("model_test.py", "def test_fit():\n    pass\n", True),
        ("cg_test.py", "import autograd.numpy as np\n\ndef f(x):\n    return x\n", False),  # someone trying something out
        ("model.py", "import pytest\n", True),  # a test suite's helper module: library code imports no test runner
        ("model.py", "import unittest.mock\n", False),  # a mock in library code is not a test
    ],
)
def test_test_modules(name, source, expected):
    from gradadvisor.analysis.testcode import is_test_module

    assert is_test_module(f"pkg/{name}", ast.parse(source)) is expected


PLOTTING = '''
import autograd.numpy as np
import matplotlib.pyplot as plt
from autograd import grad


class Viz:
    def __init__(self, f):
        self.df = grad(f)

    def surface(self, cost, lim):
        grid = np.linspace(-lim, lim, 300)
        vals = []
        for i in range(grid.shape[0]):
            vals.append(cost(grid[i]))
        vals = np.asarray(vals)
        fig, ax = plt.subplots()
        ax.plot(grid, vals)
        return vals

    def slopes(self, lim):
        pts = np.linspace(-lim, lim, 200)
        d = np.array([self.df(p) for p in pts])
        plt.plot(pts, d)

    def values(self, cost, lim):
        grid = np.linspace(-lim, lim, 300)
        vals = []
        for i in range(grid.shape[0]):
            vals.append(cost(grid[i]))
        return np.asarray(vals)
'''


def test_a_plotting_helper_is_host_code_except_for_what_is_slow_eagerly(tmp_path):
    found_findings = scan_program(tmp_path, PLOTTING)
    found = {(f["code"], f["line"]) for f in found_findings}
    assert ("GA102", 23) in found  # a gradient per point is slow eagerly too
    assert ("GA101", 29) in found  # the same map outside a plotting helper
    assert not any(13 <= line <= 19 for _, line in found)  # the map inside the plotting helper


HOST_CALLEE = '''
import jax.numpy as jnp
import numpy as np
import scipy.spatial


def relabel(x, ref):
    d = scipy.spatial.distance.cdist(x.T, ref.T)
    return x[:, np.argmin(d, axis=0)]


def fill(x):
    out = np.zeros_like(x)
    out[0] = x[0]
    return out


def smooth(x):
    return jnp.tanh(x)


def align(P):
    return jnp.stack([relabel(x, P[0]) for x in P])


def filled(P):
    return jnp.stack([fill(x) for x in P])


def mapped(P):
    return jnp.stack([smooth(x) for x in P])
'''


def test_a_map_of_a_host_function_of_the_module_is_not_a_sample_map(tmp_path):
    found_findings = scan_program(tmp_path, HOST_CALLEE)
    lines = sorted(f["line"] for f in found_findings if f["code"] == "GA101")
    assert lines == [31]  # SciPy on its argument, items assigned into an array: host functions


TRUTH = """import jax
import jax.numpy as jnp


def simulate(F, x0, T):
    x = x0
    out = jnp.zeros((T, x0.shape[0]))
    for t in range(T):
        out = out.at[t].set(x)
        if not jnp.all(jnp.isfinite(x)):
            x = x0
        x = F @ x
    return out


def traced(F, x0, T):
    x = x0
    out = jnp.zeros((T, x0.shape[0]))
    for t in range(T):
        out = out.at[t].set(x)
        x = jnp.where(jnp.all(jnp.isfinite(x)), F @ x, x0)
    return out


def run(F, x0, y):
    return simulate(F, x0, y.shape[0])


def run_traced(F, x0, y):
    return traced(F, x0, y.shape[0])
"""


def test_a_python_branch_on_the_truth_of_a_computed_array_is_host_code(tmp_path):
    # No transform in sight: each is "likely traced by its callers" unless its code says otherwise
    # (a caller of both would call host code: it runs eagerly, and so would `traced` under it).
    found = scan_program(tmp_path, TRUTH)
    assert [f["line"] for f in found if f["code"] == "GA103"] == [19], found


DRIVER = '''
import jax
import jax.numpy as jnp


def train(W, data):
    def loss(w, x):
        s = x
        for t in range(x.shape[0]):
            s = jnp.tanh(w @ s)
        return jnp.sum(s)

    step = jax.jit(jax.grad(loss))
    for x in data:
        W = W - 0.1 * step(W, x)
    h = jnp.stack([jnp.tanh(W @ x) for x in data])
    return W, h
'''


def test_a_driver_that_compiles_its_own_step_is_host_code_but_not_the_loss_it_defines(tmp_path):
    # ``train`` jits its step and runs it from the host: its own loops are not traced (no caller
    # is needed to tell); the loss defined inside it is differentiated, and its loop reported
    found = scan_program(tmp_path, DRIVER)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 9)]
    reason = host_reason(_function(DRIVER.split("\n\n\n")[1]), resolve=lambda node: {"jax.jit": "jax.jit"}.get(ast.unparse(node)))
    assert reason is not None and reason.startswith("driver: `train` compiles `step` itself")


def test_without_its_own_compile_the_function_is_likely_traced_by_callers(tmp_path):
    found = scan_program(tmp_path, DRIVER.replace("step = jax.jit(jax.grad(loss))", "step = jax.grad(loss)"))
    assert sorted((f["code"], f["line"]) for f in found) == [("GA101", 16), ("GA103", 9)]


def _resolve(node):
    text = ast.unparse(node)
    return "jax.numpy." + text.split(".", 1)[1] if text.startswith("jnp.") else None


@pytest.mark.parametrize(("body", "host"), [
    ("    s = float(jnp.mean(v))\n    return x * s\n", True),
    ("    m = jnp.max(v)\n    return x[: int(m)]\n", True),
    ("    return x * jnp.sum(v).item()\n", True),
    ("    return x * float(v)\n", False),  # a parameter: may be a Python number
    ("    s = v[x.shape[0] - 1]\n    return x * float(s)\n", True),  # an item of an argument at a computed index
    ("    return x * float(v[0])\n", False),  # a constant position: a setting's value
    ("    return x * float(x.shape[0])\n", False),  # a shape is static
    ("    m = jnp.max(v)\n    m = m + 1\n    return x * m\n", False),  # no conversion
])
def test_a_function_converting_an_array_it_computes_is_host_code(body, host):
    reason = host_reason(_function(f"def f(x, v):\n{body}"), _resolve)
    assert (reason is not None and "to a Python number" in reason) == host


def _resolve_host(node):
    text = ast.unparse(node)
    head, _, rest = text.partition(".")
    return {"jnp": "jax.numpy", "np": "numpy", "scipy": "scipy", "jsp": "jax.scipy"}.get(head, "") + "." + rest if head in ("jnp", "np", "scipy", "jsp") else None


@pytest.mark.parametrize(("body", "said"), [
    # a jax array the function computes, made a NumPy array or handed to SciPy: eager code
    ("    rows = jnp.concatenate([x, v])\n    return np.asarray(rows)\n", "converts `rows` to a NumPy array"),
    ("    rows = jnp.concatenate([x, v])\n    return scipy.optimize.nnls(rows, x)[0]\n", "hands `rows` to SciPy"),
    ("    return np.array(jnp.stack([x, v]))\n", "converts `jnp.stack([x, v])` to a NumPy array"),
    # parameters may be host arrays already; jax's own scipy traces; numpy of a literal is a constant
    ("    return np.asarray(x) + scipy.special.erf(v)\n", None),
    ("    rows = jnp.concatenate([x, v])\n    return jsp.special.erf(rows)\n", None),
    ("    w = np.array([1.0, 2.0])\n    return x * w\n", None),
])
def test_a_function_making_an_array_it_computes_a_host_array_is_host_code(body, said):
    reason = host_reason(_function(f"def f(x, v):\n{body}"), _resolve_host)
    assert (reason is not None and said in reason and reason.startswith("eager:")) if said else reason is None


REFERENCE = '''
import jax
import jax.numpy as jnp


def {slow}(xs, w):
    return jnp.stack([jnp.tanh(w @ x) for x in xs])


def {fast}(xs, w):
    return jnp.tanh(xs @ w.T)


g = jax.jit({slow})
'''


@pytest.mark.parametrize(
    ("slow", "fast", "reported"),
    [
        ("features_slow", "features", False),  # a slow reference kept beside its fast twin
        ("_naive_features", "_features", False),
        ("features_slow", "other", True),  # no twin: the slow name alone is no evidence
        ("features_slow", "features_vmap", True),  # the twin is not the name without the marker
        ("features_loop", "features", True),  # a loop form may be the code in use
    ],
)
def test_a_slow_reference_beside_its_fast_twin_is_left_alone(tmp_path, slow, fast, reported):
    found = [f for f in scan_program(tmp_path, REFERENCE.format(slow=slow, fast=fast)) if f["code"] == "GA101"]
    assert bool(found) == reported
