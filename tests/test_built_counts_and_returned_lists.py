"""Counts an object is built with, shapes it holds, results returned or wrapped as lists, and
carries that halve an axis.

- ``self.n = int(spec["n_steps"])`` in ``__init__`` or a setup method, ``self.nsl, self.nx =
  G.shape``, ``self.n = len(points)``: a count read from a parameter of the method that sets it
  grows with what the object is built with (GA103), judged as the same read of a parameter is: a
  key must name data, a ``len`` be of data; ``n_layers``, ``dyn.num_players``, ``len(blocks)``
  say nothing of the data.
- ``range(self.dims[self.axis])``: an entry of a shape the object holds is an axis length, not a
  count of dimensions; a shape the class sets to a literal tuple of small entries is small.
  ``jax.jit(Smear().fwd)`` compiles the method of a fresh instance of the module's class.
- ``xs.append([f(x)])`` then ``jnp.array(xs)``: a per-sample map whose results gain an axis of
  length 1 (GA101, advice only).
- ``return [f(x) for x in xs]`` under a trace: one program output per element (GA101, advice);
  not over layers, not in code no trace reaches.
- ``t = (1 - a) * t[..., ::2] + a * t[..., 1::2]`` per step: an axis halved each step, so as many
  steps as the log2 of its length (no GA103).
"""

from __future__ import annotations

import pytest
from conftest import scan_program

BUILT = '''
import jax
import jax.numpy as jnp


class Net:
    def {method}(self, {param}, src):
        {assignment}
        self.src = src

    def energy(self, theta):
        h = jnp.zeros((30, 3)) * theta
        for k in range(self.{attr}):
            h = jnp.tanh(h + self.src[:, k])
        return jnp.sum(h)


def fit(spec, src, theta):
    net = Net(spec, src)
    return jax.jit(jax.grad(net.energy))(theta)
'''


@pytest.mark.parametrize(("method", "param", "assignment", "attr", "said"), [
    ("__init__", "spec", 'self.n_hops = int(spec["n_steps"])', "n_hops", "spec['n_steps']"),
    ("build", "data", "self.n_hops = data.horizon", "n_hops", "data.horizon"),
    ("__init__", "G", "self.nsl, self.nx = G.shape", "nsl", "G.shape[0]"),
    ("setup", "points", "self.count = len(points)", "count", "len(points)"),
    ("setup", "ticks", "self.count = ticks", "count", "ticks"),
])
def test_a_count_read_from_what_the_object_is_built_with(tmp_path, method, param, assignment, attr, said):
    found = scan_program(tmp_path, BUILT.format(method=method, param=param, assignment=assignment, attr=attr))
    [finding] = [f for f in found if f["code"] == "GA103"]
    assert finding["line"] == 13 and finding["confidence"] == "medium"
    assert any(f"`{said}` in `{method}`, read from its parameter `{param}`" in reason for reason in finding["evidence"])


@pytest.mark.parametrize(("param", "assignment", "attr"), [
    ("spec", 'self.n_layers = int(spec["n_layers"])', "n_layers"),  # a key named as a few
    ("dyn", "self.count = dyn.num_players", "count"),  # an attribute that does not name data
    ("blocks", "self.count = len(blocks)", "count"),  # the length of a list of different things
    ("layer_sizes", "self.count = len(layer_sizes)", "count"),
    ("spec", "self.n_hops = spec[self.key]", "n_hops"),  # a key the code does not state
])
def test_a_count_built_from_a_few_things_is_not_data(tmp_path, param, assignment, attr):
    found = scan_program(tmp_path, BUILT.format(method="__init__", param=param, assignment=assignment, attr=attr))
    assert [f for f in found if f["code"] == "GA103"] == []


SHAPE_ENTRY = '''
import jax
import jax.numpy as jnp


class Smear(Base):
    {init}
    def fwd(self, s):
        out = jnp.zeros_like(s)
        for k in range(self.dims[{index}]):
            out = jnp.tanh(out + s[k])
        return out


fast = jax.jit(Smear().fwd)
'''


@pytest.mark.parametrize(("init", "index", "reported"), [
    ("", "self.axis", True),  # set where the scan cannot see (a base class): an axis of the data
    ("", "0", True),
    ("def __init__(self):\n        self.dims = (300, 4)\n", "0", True),
    ("def __init__(self):\n        self.dims = (3, 4)\n", "0", False),  # stated, and small
    ("def __init__(self):\n        self.dims = (3, 4)\n", "self.axis", False),
    ("def __init__(self):\n        self.dims = (300, 4)\n", "1", False),
])
def test_an_entry_of_a_held_shape_is_an_axis_length(tmp_path, init, index, reported):
    found = [f for f in scan_program(tmp_path, SHAPE_ENTRY.format(init=init, index=index)) if f["code"] == "GA103"]
    assert bool(found) is reported
    if reported:
        assert any("the length of one axis" in reason or "which the class sets to (300, 4)" in reason for reason in found[0]["evidence"])


WRAPPED = '''
import jax
import jax.numpy as jnp


def kernel(s, p):
    return jnp.exp(-p * s)


@jax.jit
def predict(p, stamps):
    xs = []
    for s in stamps:
        xs.append({value})
    return jnp.array(xs)
'''


def test_a_result_appended_inside_a_one_element_list_is_a_per_sample_map(tmp_path):
    found = [f for f in scan_program(tmp_path, WRAPPED.format(value="[kernel(s, p)]")) if f["code"] == "GA101"]
    [finding] = found
    assert "extra axis of length 1" in finding["message"] and finding["fix"] is None
    # two values in the list: a row of different things, not one result
    assert [f for f in scan_program(tmp_path, WRAPPED.format(value="[kernel(s, p), s]")) if f["code"] == "GA101"] == []


RETURNED = '''
import jax
import jax.numpy as jnp


def rescale(kern, t):
    return kern * jnp.exp(t)


def per_site(kern, temps):
    return [rescale(kern, temps[s]) for s in range(temps.shape[0])]


@jax.jit
def rows(w, xs):
    return [jnp.tanh(w @ x) for x in xs]


@jax.jit
def features(params, x):
    return [layer(x) for layer in params["layers"]]


@jax.jit
def columns(x):
    return [x[:, i] for i in range(x.shape[1])]


def host(xs):
    return [jnp.tanh(x) for x in xs]


def objective(w, obs, kern):
    return -jnp.sum(evaluate(obs, per_site(kern, jax.nn.softplus(obs @ w))))


g = jax.jit(jax.grad(objective))
'''


def test_a_returned_list_of_per_sample_results_under_a_trace(tmp_path):
    found = [f for f in scan_program(tmp_path, RETURNED) if f["code"] == "GA101"]
    assert sorted(f["line"] for f in found) == [11, 16]  # not the layers, the bare columns, nor host code
    assert all("returns the list" in f["message"] and f["fix"] is None for f in found)


def test_a_returned_list_under_autograd_is_not_reported(tmp_path):
    source = "import autograd.numpy as np\nfrom autograd import grad\n\n\ndef f(w, xs):\n    return [np.tanh(w * x) for x in xs]\n\n\ng = grad(lambda w, xs: np.sum(np.stack(f(w, xs))))\n"
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA101" and f["line"] == 6] == []


HALVING = '''
import jax
import jax.numpy as jnp


def eval_gate(tab, ins):
    for a in ins:
        a = a[..., None, None]
        tab = (1 - a) * tab[..., {first}] + a * tab[..., {second}]
    return tab


g = jax.jit(jax.value_and_grad(lambda tab, ins: jnp.sum(eval_gate(tab, ins))))
'''


def test_a_carry_halving_an_axis_each_step_runs_few_steps(tmp_path):
    assert [f for f in scan_program(tmp_path, HALVING.format(first="::2", second="1::2")) if f["code"] == "GA103"] == []
    # the same update keeping the axis whole is a recurrence over `ins`
    assert [f["line"] for f in scan_program(tmp_path, HALVING.format(first=":", second="::-1")) if f["code"] == "GA103"] == [7]


GRADS = '''
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((x @ w - y) ** 2)


grad_fn = jax.jit(jax.grad(loss))
value_fn = jax.jit(loss)
'''

TRAIN = '''
import jax.numpy as jnp

from pkg.grads import {name}


def per_example(w, xs, ys):
    out = []
    for i in range(xs.shape[0]):
        out.append({name}(w, xs[i], ys[i]))
    return jnp.stack(out)
'''


def test_a_gradient_function_imported_from_another_module_called_per_item(tmp_path):
    """``from pkg.grads import grad_fn`` with ``grad_fn = jax.jit(jax.grad(loss))`` there: called
    once per example, one gradient per example (GA102); a compiled loss so imported is
    a host loop driving compiled code, no finding."""
    from conftest import scan_files

    files = {"pkg/__init__.py": "", "pkg/grads.py": GRADS, "pkg/train.py": TRAIN.format(name="grad_fn")}
    [finding] = [f for f in scan_files(tmp_path, files, ("GA101", "GA102")) if f.path.endswith("train.py")]
    assert finding.code == "GA102" and finding.line == 10 and finding.confidence == "high"
    assert "`grad_fn` is a jax.grad function" in finding.evidence[0]
    files["pkg/train.py"] = TRAIN.format(name="value_fn")
    assert [f for f in scan_files(tmp_path / "b", files, ("GA101", "GA102")) if f.path.endswith("train.py")] == []


CHECKED = '''
import jax
import jax.numpy as jnp


def total(ps, qs):
    acc = 0.0
    for k in range(100):
        acc = acc + jnp.tanh(ps[k] * qs[k])
        if jnp.isnan(acc):
            {report}
    return acc


g = jax.grad(total)
'''


@pytest.mark.parametrize("report", ['print("nan at", k)', 'raise ValueError("nan")', 'log.warning("nan at %d", k)'])
def test_a_total_checked_by_a_branch_that_only_reports_is_still_a_sum(tmp_path, report):
    """``if jnp.isnan(acc): print(...)`` reports and changes nothing: the loop is still a sum of
    one term per step under ``jax.grad`` (eagerly, a Python branch on a value runs); advice only,
    since a rewrite would drop the check."""
    [finding] = [f for f in scan_program(tmp_path, CHECKED.format(report=report)) if f["code"] == "GA302"]
    assert "checks values and reports" in finding["message"] and "jnp.sum(jnp.tanh(ps[:100] * qs[:100]), axis=0)" in finding["message"]
    assert finding["fix"] is None


def test_a_branch_that_changes_the_total_is_not_a_report(tmp_path):
    # a reset of the total on a value: a carry (GA103's question), no sum
    found = scan_program(tmp_path, CHECKED.format(report="acc = 0.0"))
    assert [f for f in found if f["code"] == "GA302"] == []


def test_a_check_of_the_items_structure_is_not_read_as_a_report(tmp_path):
    # ``if level is None: raise``: the loop walks records of different kinds, not values
    source = CHECKED.replace("if jnp.isnan(acc):", "if ps is None:").format(report='raise ValueError("no rays")')
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA302"] == []
