"""Twenty-fourth session's development shapes (round FS-FZ), each with its look-alikes:

- autograd derivatives per point taken with respect to a number every point shares
  (``[grad(f, 1)(t, 1.5) for t in ts]``: one forward-mode pass), and per-point derivatives whose
  other arguments are shared (the rewrite keeps them);
- lists that carry their newest item grown by ``+=`` or ``= ys + [...]``, or whose seed is an
  array parameter stepped by a function parameter (``ys.append(ys[-1] + h * f(t, ys[-1]))``);
- GA401 reading sizes: a data helper called with small literal sizes, a host column read only
  through whole reductions (``col.min()``), histogram counts (as many as bins);
- GA202 on a matrix assigned in each arm of an ``if``/``else``;
- counts read by key from a configuration dict, or from a file an ``__init__`` loads;
- a total added to directly and in a nested loop (a sum, not a carried state);
- a method guessed by name only when the call fits its signature.
"""

from __future__ import annotations

import pytest

from conftest import scan_program


def _codes(findings: list[dict], minimum: str = "low") -> list[tuple[str, int]]:
    order = {"low": 0, "medium": 1, "high": 2}
    return sorted((f["code"], f["line"]) for f in findings if order[f["confidence"]] >= order[minimum])


# -- autograd: derivatives with respect to a shared number -------------------------------------

AUTOGRAD = '''
import autograd.numpy as anp
from autograd import grad


def conc(t, ka, kb):
    return anp.exp(-(ka + kb) * t) * ka / (ka + kb)


ka = 1.5
weights = anp.ones(3)
ts = anp.linspace(0.0, 2.0)
sens = [{call} for s in ts]
'''


@pytest.mark.parametrize("call", ["grad(conc, 1)(s, 1.5, 0.7)", "grad(conc, 1)(s, ka, 0.7)", "grad(conc, 2)(s, 1.5, -0.7)"])
def test_autograd_derivative_per_point_with_respect_to_a_shared_number_is_one_forward_pass(tmp_path, call):
    found = scan_program(tmp_path, AUTOGRAD.format(call=call), low=False)
    assert [f["code"] for f in found] == ["GA102"]
    message = found[0]["message"]
    assert "with respect to a number every point shares" in message and "make_jvp(lambda v: conc(ts, " in message
    assert "50 rows" in " ".join(found[0]["evidence"])


@pytest.mark.parametrize("call", [
    "grad(conc, 1)(s, weights, 0.7)",   # a shared array: per-example gradients, no batched autograd rewrite
    "grad(conc, 1)(s, ts[0], 0.7)",     # an item of an array: not shown to be a number
    "grad(conc, 1)(s, s, 0.7)",         # the point passed twice
    "grad(conc)(1.0, 1.5, s)",          # with respect to a shared number, the point elsewhere? (argument 0 is a literal)
])
def test_autograd_derivatives_that_are_not_a_shared_number_sensitivity_stay_silent_or_differ(tmp_path, call):
    found = scan_program(tmp_path, AUTOGRAD.format(call=call))
    if call == "grad(conc)(1.0, 1.5, s)":
        # argument 0 is a literal every point shares: the same forward-mode pass applies
        assert [f["code"] for f in found] == ["GA102"] and "make_jvp(lambda v: conc(v, 1.5, ts))(1.0)(1.0)[1]" in found[0]["message"]
    else:
        assert found == []


def test_autograd_per_point_derivative_keeps_the_shared_arguments_in_its_rewrite(tmp_path):
    source = '''
import autograd.numpy as np
from autograd import grad


def f(x, T, P):
    return np.log(x) * T + P * x ** 2


d2 = grad(grad(f))
xs = np.linspace(0.01, 0.99, 40)
curv = [d2(x, 300.0, 1.0) for x in xs]
'''
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA102"]
    assert "elementwise_grad(autograd.elementwise_grad(f))(xs, 300.0, 1.0)" in found[0]["message"]


# -- lists carrying their newest item ------------------------------------------------------------

GROWN = '''
import jax
import jax.numpy as jnp


def integrate(k, y0, ts):
    h = ts[1] - ts[0]
    ys = [y0]
    for i in range(len(ts) - 1):
        {grow}
    return jnp.stack(ys)


def loss(k):
    return jnp.sum(integrate(k, 1.0, jnp.linspace(0.0, 1.0, 200)))


g = jax.grad(loss)
'''


@pytest.mark.parametrize("grow", [
    "ys += [ys[-1] + h * (-k * ys[i])]",
    "ys = ys + [ys[-1] - h * k * ys[-1]]",
    "ys.extend([ys[i] - h * k * ys[i]])",
])
def test_a_list_grown_by_concatenation_and_read_at_its_end_is_a_recurrence(tmp_path, grow):
    source = GROWN.format(grow=grow)
    found = scan_program(tmp_path, source, low=False)
    assert ("GA103", 9) in _codes(found)


@pytest.mark.parametrize("grow", [
    "ys += [h * k * i]",                    # nothing read back: a list of independent items
    "ys += [ys[0] * h * i]",                # the seed read, not the newest item: no step reads another's
])
def test_lists_grown_without_reading_their_newest_item_are_no_recurrence(tmp_path, grow):
    assert not any(code == "GA103" for code, _ in _codes(scan_program(tmp_path, GROWN.format(grow=grow))))


def test_a_host_list_of_python_numbers_grown_by_concatenation_is_no_recurrence(tmp_path):
    source = '''
def schedule(n):
    lrs = [1.0]
    for i in range(n - 1):
        lrs += [lrs[-1] * 0.99]
    return lrs
'''
    assert scan_program(tmp_path, source) == []


def test_a_solver_stepping_a_function_parameter_over_a_list_is_a_recurrence(tmp_path):
    source = '''
import jax
import jax.numpy as jnp


def euler(f, y0, ts):
    h = ts[1] - ts[0]
    ys = [y0]
    for t in ts[:-1]:
        ys.append(ys[-1] + h * f(t, ys[-1]))
    return jnp.stack(ys)


def loss(k):
    return jnp.sum(euler(lambda t, y: -k * y, 1.0, jnp.linspace(0.0, 1.0, 100)))


g = jax.grad(loss)
'''
    found = scan_program(tmp_path, source, low=False)
    assert _codes(found) == [("GA103", 9)]
    assert "ys[-1]" in found[0]["message"]


# -- GA401 reading sizes ---------------------------------------------------------------------------

DATASET = '''
import jax
import jax.numpy as jnp


def make_dataset(key, n, length):
    return jax.vmap(lambda s: jax.random.randint(s, (length,), 0, 10))(jax.random.split(key, n))


draws = make_dataset(jax.random.PRNGKey(0), {n}, 17)
step = jax.jit(lambda m: jax.grad(lambda m: jnp.sum(m * draws))(m))
'''


def test_a_data_helper_called_with_small_literal_sizes_is_not_loaded_data(tmp_path):
    small = scan_program(tmp_path, DATASET.format(n=16))
    assert all(f["confidence"] == "low" for f in small if f["code"] == "GA401")
    large = scan_program(tmp_path, DATASET.format(n=100000))
    assert [(f["code"], f["confidence"]) for f in large] == [("GA401", "medium")]


HOST = '''
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import pandas as pd
from numpyro.infer import MCMC, NUTS

col = pd.read_csv("v.csv")["v"]
arr = col.to_numpy()
dev = jnp.asarray(col.to_numpy())


def model(obs=None):
    lo = numpyro.sample("lo", dist.Normal({first}, 1.0))
    hi = numpyro.sample("hi", dist.Normal({second}, 1.0))
    numpyro.sample("y", dist.Uniform(lo, hi), obs=obs)


MCMC(NUTS(model), num_warmup=10, num_samples=10).run(None)
'''


def test_host_columns_read_only_through_whole_reductions_embed_numbers_not_arrays(tmp_path):
    assert scan_program(tmp_path, HOST.format(first="col.min()", second="arr.max()")) == []


@pytest.mark.parametrize("first, second, name", [
    ("dev.mean()", "1.0", "dev"),        # a jax array: the mean is traced, the array embedded
    ("col.min()", "arr[0] * 2.0", "arr"),  # an item read as well as a reduction
    ("col.min(0)", "1.0", "col"),        # a reduction with arguments: not judged as a number
])
def test_captured_arrays_read_beyond_whole_host_reductions_are_still_reported(tmp_path, first, second, name):
    found = scan_program(tmp_path, HOST.format(first=first, second=second), low=False)
    assert [f["code"] for f in found] == ["GA401"] and f"`{name}`" in found[0]["message"]


def test_histogram_counts_have_as_many_entries_as_bins_not_as_records(tmp_path):
    source = '''
import numpy as np
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS

pts = np.loadtxt("pts.csv")
edges = [np.linspace(0, 100, 11), np.linspace(0, 50, 6)]
counts = np.histogram2d(pts[:, 0], pts[:, 1], edges)[0].ravel()
scaled = pts[:, 0] * 2.0


def model():
    rate = numpyro.sample("r", dist.Gamma(1.0, 1.0).expand([50]))
    numpyro.sample("c", dist.Poisson(rate), obs=counts)
    numpyro.sample("s", dist.Normal(0.0, 1.0), obs=scaled)


MCMC(NUTS(model), num_warmup=10, num_samples=10).run(None)
'''
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA401"]
    assert "`scaled`" in found[0]["message"] and "`counts`" not in found[0]["message"]


# -- GA202: a matrix assigned in each arm ------------------------------------------------------------

ARMS = '''
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve


def predict(Kss, Ksx, Kxx, chol):
    if chol:
        C = Kss - Ksx @ cho_solve(cho_factor(Kxx), Ksx.T)
    {other}
    sd = jnp.sqrt(jnp.diag(C)){tail}
    return sd


f = jax.jit(predict, static_argnums=3)
'''


def test_diag_of_a_matrix_assigned_a_product_in_each_arm_names_each_arms_rewrite(tmp_path):
    source = ARMS.format(other="else:\n        C = Kss - Ksx @ jnp.linalg.inv(Kxx) @ Ksx.T", tail="")
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA202", 12)]
    message = found[0]["message"]
    assert "for line 9" in message and "for line 11" in message
    assert message.count("jnp.einsum(") == 2


@pytest.mark.parametrize("other, tail", [
    ("else:\n        C = Kss - Ksx @ jnp.linalg.inv(Kxx) @ Ksx.T", "\n    sd = sd + C[0, 0]"),  # the matrix used again
    ("C = Kss if C is None else C", ""),                                                           # not one arm each
    ("else:\n        C = jnp.linalg.inv(Kxx)", ""),                                                 # an arm with no product
])
def test_diag_of_branch_matrices_needed_elsewhere_or_not_products_is_not_reported(tmp_path, other, tail):
    assert not any(f["code"] == "GA202" for f in scan_program(tmp_path, ARMS.format(other=other, tail=tail)))


# -- counts by key, from loaded files ------------------------------------------------------------------

KEYED = '''
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def decode(w, opts, toks):
    for j in range(opts["{key}"]):
        toks = toks.at[:, j].set(jnp.argmax(toks[:, j - 1:j] * w, -1))
    return toks
'''


def test_a_count_read_by_key_from_a_settings_parameter_is_judged_by_its_key(tmp_path):
    found = scan_program(tmp_path, KEYED.format(key="steps"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 9)]
    assert "`opts[\"steps\"]`" in " ".join(found[0]["evidence"])
    assert scan_program(tmp_path, KEYED.format(key="n_layers")) == []


LOADED = '''
import json
import jax
import jax.numpy as jnp


class Vol:
    def __init__(self, path):
        with open(path) as fh:
            blob = json.load(fh)
        self.n = blob["{key}"]

    def loglik(self, a0, b1, v0):
        v = jnp.zeros(self.n).at[0].set(v0)
        for t in range(1, self.n):
            v = v.at[t].set(jnp.sqrt(a0 + b1 * v[t - 1] ** 2))
        return jnp.sum(v)


m = Vol("x.json")
g = jax.jit(jax.grad(m.loglik))
'''


def test_a_count_an_init_reads_from_a_loaded_file_grows_with_the_data(tmp_path):
    found = scan_program(tmp_path, LOADED.format(key="n"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 15)]  # and no GA401 on self.n: a shape, a count
    assert "loaded by `json.load`" in " ".join(found[0]["evidence"])


def test_a_count_of_layers_an_init_reads_from_a_loaded_file_stays_small(tmp_path):
    assert not any(f["code"] == "GA103" for f in scan_program(tmp_path, LOADED.format(key="n_layers")))


# -- a total added to directly and in a nested loop -------------------------------------------------

def test_a_total_added_to_in_the_body_and_in_a_nested_loop_is_a_sum_not_a_carry(tmp_path):
    source = '''
import jax


def energy(xs, ys, w, v):
    tot = 0.0
    for i, a in enumerate(xs):
        tot = tot + a * w[i]
        for j, b in enumerate(ys):
            tot = tot + a * b * v[i, j]
    return tot


g = jax.jit(jax.grad(energy))
'''
    codes = _codes(scan_program(tmp_path, source))
    assert not any(code == "GA103" for code, _ in codes) and any(code == "GA302" for code, _ in codes)


def test_a_total_rescaled_in_its_nested_loop_stays_a_carried_state(tmp_path):
    source = '''
import jax


def energy(xs, ys, w, v):
    tot = 0.0
    for i, a in enumerate(xs):
        tot = tot + a * w[i]
        for j, b in enumerate(ys):
            tot = tot * b + v[i, j]
    return tot


g = jax.jit(jax.grad(energy))
'''
    assert not any(code == "GA302" and line == 7 for code, line in _codes(scan_program(tmp_path, source)))


# -- methods guessed by name --------------------------------------------------------------------------

GUESSED = '''
import jax
import jax.numpy as jnp


class Ctl:
    def __init__(self):
        self.w = jnp.zeros(3)

    def cost(self, w):
        return jnp.sum(w ** 2)

    def step(self{params}):
        w = self.w
        for k in range(10000):
            w = w - 0.1 * jax.grad(self.cost)(w)
        return w


def rollout(solver, x):
    return solver.step(x)


g = jax.grad(lambda x: jnp.sum(rollout(make_solver(), x)))
'''


def test_a_method_guessed_by_name_must_take_the_arguments_of_the_call(tmp_path):
    assert scan_program(tmp_path, GUESSED.format(params="")) == []
    found = scan_program(tmp_path, GUESSED.format(params=", x"))
    assert [f["code"] for f in found] == ["GA103"] and "called by method name" in " ".join(found[0]["evidence"])


# -- state held by an object ------------------------------------------------------------------------

OBJECT = '''
import jax
import jax.numpy as jnp


class Sim:
    def __init__(self, eps):
        self.eps = eps
        self.E = jnp.zeros(64)

    def advance(self, j):
        {body}
        return {{"E": E}}


def objective(eps, n_steps=2000):
    sim = Sim(eps)
    acc = 0.0
    for t in range(n_steps):
        fld = sim.advance(jnp.sin(0.1 * t))
        acc += jnp.sum(fld["E"] ** 2)
    return acc


g = jax.grad(objective)
'''


def test_a_sum_over_steps_of_an_object_that_moves_its_own_state_is_no_batched_sum(tmp_path):
    body = "self.E = self.E + 0.5 / self.eps * (jnp.roll(self.E, 1) - self.E) + j\n        E = self.E"
    assert not any(f["code"] == "GA302" for f in scan_program(tmp_path, OBJECT.format(body=body)))


def test_a_sum_over_steps_of_an_object_whose_method_keeps_no_state_is_a_batched_sum(tmp_path):
    body = "E = self.E + 0.5 / self.eps * j"
    assert [f["code"] for f in scan_program(tmp_path, OBJECT.format(body=body))] == ["GA302"]


# -- an index that must stay a Python int --------------------------------------------------------------

STATIC_INDEX = '''
import jax
import jax.numpy as jnp


def field(params, *pt):
    return jnp.tanh(params @ jnp.stack(pt))


def lap(params, x):
    return jnp.stack([{element} for k in range(x.shape[0])])


g = jax.jit(jax.grad(lambda p, x: jnp.sum(lap(p, x))))
'''


@pytest.mark.parametrize("element", [
    "jax.grad(jax.grad(field, argnums=k + 1), argnums=k + 1)(params, *x)",
    "jax.grad(field, k + 1)(params, *x)",
    "jnp.sum(jnp.outer(x, x), axis=k % 2)",
])
def test_no_map_over_an_index_that_must_stay_a_python_int(tmp_path, element):
    # argnums and axis take Python ints: vmap over jnp.arange(n) would hand them a tracer
    found = scan_program(tmp_path, STATIC_INDEX.format(element=element))
    assert not any("jnp.arange" in f["message"] or f["fix"] for f in found)


def test_an_index_used_as_a_value_is_still_mapped_over_its_range(tmp_path):
    found = scan_program(tmp_path, STATIC_INDEX.format(element="field(params, x[k] * k)"), low=False)
    assert [f["code"] for f in found] == ["GA101"]
