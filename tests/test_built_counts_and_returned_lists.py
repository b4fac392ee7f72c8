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


MAPPED_PAIRS = '''
import jax
import jax.numpy as jnp

f = jax.value_and_grad(energy, argnums=1)


def two(x):
    return jnp.sin(x), jnp.cos(x)


def loss(p, xs, targets):
    out = {mapped}
    return jnp.array([jnp.mean((o - t) ** 2) for o, t in zip(out, targets)])


g = jax.grad(loss)
'''


@pytest.mark.parametrize(("mapped", "reported"), [
    ("jax.vmap(lambda x: f(p, x))(xs)", False),  # value_and_grad: (values, gradients)
    ("jax.vmap(jax.value_and_grad(energy))(xs)", False),
    ("jax.vmap(two)(xs)", False),  # a def returning two outputs
    ("jax.vmap(lambda x: (jnp.sin(x), x))(xs)", False),
    ("jax.vmap(lambda x: model(p, x))(xs)", True),  # one output: an array of rows
])
def test_a_vmap_of_a_function_returning_a_tuple_is_a_tuple(tmp_path, mapped, reported):
    found = [f for f in scan_program(tmp_path, MAPPED_PAIRS.format(mapped=mapped)) if f["code"] == "GA101"]
    assert bool(found) is reported


GENERATED = '''
import jax
import jax.numpy as jnp


@jax.jit
def outer_rows(u, v):
    return jnp.array(list(jnp.tanh(u[k] @ v) for k in {walked}))
'''


@pytest.mark.parametrize("walked", ["range(u.shape[0])", "list(range(u.shape[0]))", "tuple(range(u.shape[0]))"])
def test_a_generator_in_list_and_a_copied_range_are_a_comprehension(tmp_path, walked):
    [finding] = [f for f in scan_program(tmp_path, GENERATED.format(walked=walked)) if f["code"] == "GA101"]
    assert "jax.vmap(lambda u_k: jnp.tanh(u_k @ v))(u)" in finding["message"]


FRAME = '''
import jax
import jax.numpy as jnp


def summary(frame, A, B):
    {reads}
    return jnp.stack([jnp.dot(A[:, i], B[:, i]) for i in range(A.shape[1])])
'''


@pytest.mark.parametrize(("reads", "reported"), [
    ("names = [c for c in frame.columns]", False),
    ("rows = list(frame.iterrows())", False),
    ("first = frame.iloc[0]", False),
    ("values = frame.to_numpy()", False),
    ("names = frame.columns", True),  # an attribute of some object: nothing says pandas
])
def test_a_function_reading_a_dataframe_runs_eagerly(tmp_path, reads, reported):
    """A function that reads a pandas DataFrame (its columns walked, its rows by label or
    position) is host code: what it computes is not traced unless a transform is shown."""
    found = [f for f in scan_program(tmp_path, FRAME.format(reads=reads)) if f["code"] == "GA201"]
    assert bool(found) is reported


SERIES = '''
import jax
import jax.numpy as jnp


@jax.jit
def series(tab, q):
    res = 0.0
    for j in range(1, tab.shape[1]):
        res = res + jnp.sum(tab[:, j, None] * q / (q + 0.5 * {index}), axis=0)
    return res
'''


@pytest.mark.parametrize("index", ["float(j)", "int(2 * j + 1)", "j"])
def test_a_loop_counter_made_a_python_number_is_not_host_work(tmp_path, index):
    """``float(j)`` of a ``range`` counter converts a Python int, not an array: the sum is still
    one term per column under a trace (advice only where the counter is converted)."""
    [finding] = [f for f in scan_program(tmp_path, SERIES.format(index=index)) if f["code"] == "GA302"]
    assert (finding["fix"] is None) is (index != "j")


def test_a_converted_element_is_still_host_work(tmp_path):
    source = SERIES.replace("for j in range(1, tab.shape[1]):", "for row in tab:").format(index="float(row[0])").replace("tab[:, j, None]", "row[:, None]")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA302"] == []


WEIGHTS = '''
import equinox as eqx
import jax
import jax.numpy as jnp


class Filter(eqx.Module):
    def __init__(self, K, c, key):
        self.K = K
        self.w = {weights}

    def __call__(self, x):
        T = [x, self.L @ x]
        for _ in range(2, self.K):
            T.append(2 * self.L @ T[-1] - T[-2])
        return jnp.stack(T) * self.w
'''


@pytest.mark.parametrize(("weights", "reported"), [
    ("jax.random.normal(key, (K, c))", False),  # the count sizes the object's own weights: a model size
    ("jax.nn.initializers.glorot_normal()(key, (c, K))", False),
    ("jax.random.normal(key, (c, c))", True),  # nothing says what K is: what the object is built with
])
def test_a_count_that_sizes_the_weights_the_constructor_creates_is_a_model_size(tmp_path, weights, reported):
    found = [f for f in scan_program(tmp_path, WEIGHTS.format(weights=weights)) if f["code"] == "GA103"]
    assert bool(found) is reported


def test_an_array_grown_per_item_under_autograd(tmp_path):
    """``out = anp.hstack([out, v])`` per item under autograd's ``grad``: a new array per step,
    forward and backward (autograd traces nothing, but copies all the same): advice without
    ``vmap``, which autograd lacks."""
    source = ("import autograd.numpy as anp\nfrom autograd import grad\n\n\ndef scores(w, rows, cols, P, Q):\n    out = anp.zeros(0)\n"
              "    for r, c in zip(rows, cols):\n        out = anp.hstack([out, anp.dot(P[r], Q[c]) + w])\n    return anp.sum(out)\n\n\n"
              "g = grad(scores)\n")
    [finding] = [f for f in scan_program(tmp_path, source) if f["code"] == "GA101"]
    assert "autograd has no `vmap`" in finding["message"] and "jax.vmap" not in finding["message"]


LAMBDA_DIAG = '''
import jax
import jax.numpy as jnp


@jax.jit
def cell(W, g, h):
    mk = {helper}
    return jnp.matmul(W, mk(g)) @ h
'''


@pytest.mark.parametrize(("helper", "reported"), [
    ("lambda v: jnp.diag(v)", True),  # the dense diagonal, written through a one-line helper
    ("lambda v: jnp.diag(v) + 1.0", False),  # not a diagonal any more
    ("lambda v: jnp.tanh(v)", False),
])
def test_a_diagonal_built_through_a_lambda_is_the_diagonal(tmp_path, helper, reported):
    found = [f for f in scan_program(tmp_path, LAMBDA_DIAG.format(helper=helper)) if f["code"] == "GA203"]
    assert bool(found) is reported
    if reported:
        assert "W * g" in found[0]["message"]


KEYED = '''
import jax
import jax.numpy as jnp


@jax.jit
def mask_rows(spec, rng):
    out = spec
    for b in range(spec.shape[0]):
        {split}
        out = out.at[b].set(jnp.where(jax.random.uniform(sub, out[b].shape) < 0.1, 0.0, out[b]))
    return out
'''


def test_independent_writes_with_a_key_split_per_step(tmp_path):
    """``rng, sub = jax.random.split(rng)`` per step carries only a key chain: the writes are
    still independent (split every key at once first)."""
    [finding] = [f for f in scan_program(tmp_path, KEYED.format(split="rng, sub = jax.random.split(rng)")) if f["code"] == "GA103"]
    assert "jax.random.split(rng, n)" in finding["message"] and finding["fix"] is None
    # a value carried besides the key (a running scale): not independent writes
    carried = KEYED.format(split="rng, sub = jax.random.split(rng)\n        spec = spec * 0.9")
    assert all("the writes are independent" not in f["message"] for f in scan_program(tmp_path, carried) if f["code"] == "GA103")


def test_numpy_constants_in_a_summed_step_are_not_host_work(tmp_path):
    source = ("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n@jax.jit\ndef weighted(x):\n    out = 0.0\n"
              "    for s in range(x.shape[0]):\n        out = out + jnp.sum(x[s] * {weights})\n    return out\n")
    assert [f["code"] for f in scan_program(tmp_path, source.format(weights="np.arange(3)"))] == ["GA302"]
    # NumPy computing on the row: host work, no batched sum
    assert [f for f in scan_program(tmp_path, source.format(weights="np.tanh(x[s])")) if f["code"] == "GA302"] == []


GRAPH = '''
import flax.linen as nn
import jax.numpy as jnp


class Conv(nn.Module):
    @nn.compact
    def __call__(self, g, feats):
        out = jnp.empty(feats.shape)
        for v in range(len({measured})):
            out = out.at[v].set(jnp.tanh(feats[v]) * 2.0)
        return out
'''


@pytest.mark.parametrize(("measured", "reported"), [("g.nodes", True), ("g.senders", True), ("self.nodes", False), ("g.layers", False)])
def test_the_length_of_a_graph_field_is_the_graph_size(tmp_path, measured, reported):
    found = [f for f in scan_program(tmp_path, GRAPH.format(measured=measured)) if f["code"] == "GA103"]
    assert bool(found) is reported


@pytest.mark.parametrize("grow", ["jnp.vstack([out, jnp.tanh(w @ xs[i])])", "jnp.row_stack([out, jnp.tanh(w @ xs[i])])"])
def test_an_array_grown_by_rows_is_a_per_sample_map(tmp_path, grow):
    """``out = jnp.vstack([out, row])`` from ``jnp.zeros((0, d))``: one row appended per sample, a
    new array each step; the same map as ``jnp.append``."""
    source = ("import jax\nimport jax.numpy as jnp\n\n\ndef feats(w, xs):\n    out = jnp.zeros((0, w.shape[0]))\n"
              f"    for i in range(xs.shape[0]):\n        out = {grow}\n    return out\n\n\n"
              "g = jax.grad(lambda w, xs: jnp.sum(feats(w, xs)))\n")
    [finding] = [f for f in scan_program(tmp_path, source) if f["code"] == "GA101"]
    assert "grows `out` by one result per step" in finding["message"]
