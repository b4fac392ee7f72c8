"""Shapes from the EU-FB round's description, each with a look-alike that stays silent:

- a carry that starts as a Python number and enters its own update through a local the step
  computes from it (``e = 0.5 - u``; ``u = p[0] * e + d[t]``) is an array from the first step on;
- a ``vjp`` target ``def``-ined in the step (``def project(v): ...``; ``jax.vjp(project, vol)``)
  is a new function per element, as a ``lambda`` is;
- a pullback or linearised function compiled (``hvp = jit(hvp)``) still computes its product;
- a module-level helper that differentiates at what it is passed, imported into another module
  and called once per row, is a per-example derivative there (GA102, not GA101);
- a list tested for truth (``if cols:``) or seeded before its loop (``out = [xs[0]]``) is still a
  per-sample map: advice, no rewrite;
- what ``jax.lax.map`` returns is an array, which a loop can carry.
"""

from __future__ import annotations

from conftest import scan_files, scan_program


def _line(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


LITERAL_CARRY = '''
import jax
import jax.numpy as jnp


@jax.jit
def tracking_loss(p, d):
    u = 0.0
    errs = []
    for t in range(d.shape[0]):
        e = 0.5 - u
        u = p[0] * e + d[t]
        errs.append(e)
    return jnp.mean(jnp.array(errs))


def settle(d):
    u = 0.0
    for t in range(d.shape[0]):
        e = 0.5 - u
        u = e * 0.9
    return u
'''


def test_a_number_carried_through_a_local_is_an_array_when_the_update_reads_the_data(tmp_path):
    findings = scan_program(tmp_path, LITERAL_CARRY)
    by_line = {f["line"]: f for f in findings}
    loop = _line(LITERAL_CARRY, "for t in range(d.shape[0]):")
    assert by_line[loop]["code"] == "GA103"
    assert "`u`" in by_line[loop]["message"]
    # the same local, but the update never touches the walked data: Python numbers on the host
    settle = _line(LITERAL_CARRY, "e = 0.5 - u") + 8
    assert not [f for f in findings if f["line"] >= settle]


VJP_STEP = '''
import jax
import jax.numpy as jnp


def grad_volume(vol, poses, meas):
    g = jnp.zeros_like(vol)
    for i in range(poses.shape[0]):
        pose = poses[i]

        def project(v):
            return (pose * v).ravel()

        pred, back = jax.vjp(project, vol)
        g = g + back(pred - meas[i])[0]
    return g


def fixed_pullback(vol, poses):
    g = jnp.zeros_like(vol)
    for i in range(poses.shape[0]):

        def project(v):
            return (2.0 * v).ravel()

        pred, back = jax.vjp(project, vol)
        g = g + back(pred)[0] * poses[i]
    return g
'''


def test_a_vjp_target_defined_in_the_step_is_one_derivative_per_element(tmp_path):
    findings = [f for f in scan_program(tmp_path, VJP_STEP) if f["code"] == "GA102"]
    lines = VJP_STEP.splitlines()
    vjps = [n for n, text in enumerate(lines, 1) if "jax.vjp(project, vol)" in text]
    assert [f["line"] for f in findings] == [vjps[0]]  # not the step whose function reads nothing of the element
    assert "vector-Jacobian product" in findings[0]["message"]


COMPILED_HVP = '''
import jax.numpy as jnp
from jax import grad, jit, linearize


def hessian(f, x):
    _, hvp = linearize(grad(f), x)
    hvp = jit(hvp)
    return jnp.stack([hvp(e) for e in jnp.eye(x.size)])


def scaled(f, x):
    step = jit(lambda v: v * 2.0)
    return jnp.stack([step(e) for e in jnp.eye(x.size)])
'''


def test_a_compiled_linearised_function_still_computes_its_product(tmp_path):
    findings = scan_program(tmp_path, COMPILED_HVP)
    codes = {f["line"]: f["code"] for f in findings}
    assert codes[_line(COMPILED_HVP, "[hvp(e) for e")] == "GA102"
    assert codes.get(_line(COMPILED_HVP, "[step(e) for e")) != "GA102"  # a compiled plain function


HELPERS = """
import jax


def quad_cost(cost, x, u):
    gx = jax.grad(cost)(x, u)
    H = jax.jacfwd(jax.jacrev(cost))(x, u)
    return gx, H


def stage(cost, x, u):
    return cost(x, u) * 2.0
"""

SOLVER = """
import jax.numpy as jnp
from helpers import quad_cost, stage


def backward_pass(cost, xs, us):
    out = []
    for k in range(xs.shape[0]):
        gx, H = quad_cost(cost, xs[k], us[k])
        out.append(gx)
    return jnp.stack(out)


def costs(cost, xs, us):
    out = []
    for k in range(xs.shape[0]):
        c = stage(cost, xs[k], us[k])
        out.append(c)
    return jnp.stack(out)
"""


def test_a_differentiating_helper_of_another_module_called_per_row_is_ga102s(tmp_path):
    findings = scan_files(tmp_path, {"helpers.py": HELPERS, "solver.py": SOLVER}, ("GA101", "GA102"))
    found = sorted((f.path.rsplit("/", 1)[-1], f.line, f.code) for f in findings)
    gradient_line = _line(SOLVER, "quad_cost(cost, xs[k]")
    plain_loop = _line(SOLVER, "c = stage(") - 1
    assert ("solver.py", gradient_line, "GA102") in found
    assert ("solver.py", plain_loop, "GA101") in found  # the helper that differentiates nothing: a map
    assert [item for item in found if item[2] == "GA101"] == [("solver.py", plain_loop, "GA101")]  # not twice
    ga102 = next(f for f in findings if f.code == "GA102")
    assert any("helpers.py" in item for item in ga102.evidence)


LISTS = '''
import jax
import jax.numpy as jnp


@jax.jit
def columns(x):
    cols = []
    for i in range(x.shape[1]):
        cols.append(jnp.sin(x[:, i]) * 2.0)
    if cols:
        return jnp.stack(cols, 1)
    return x


@jax.jit
def aligned(seqs):
    out = [seqs[0]]
    for i in range(1, seqs.shape[0]):
        out.append(jnp.tanh(seqs[i] @ seqs[0]))
    return jnp.stack(out)


@jax.jit
def popped(seqs):
    out = [seqs[0]]
    for i in range(1, seqs.shape[0]):
        out.append(jnp.tanh(seqs[i] @ seqs[0]))
    out.pop(0)
    return jnp.stack(out)
'''


def test_a_list_tested_for_truth_or_seeded_is_still_a_map_without_a_rewrite(tmp_path):
    findings = [f for f in scan_program(tmp_path, LISTS) if f["code"] == "GA101"]
    by_line = {f["line"]: f for f in findings}
    tested = by_line[_line(LISTS, "for i in range(x.shape[1]):")]
    assert "tested for truth" in tested["message"]
    assert tested.get("fix") is None
    seeded_loop = _line(LISTS, "for i in range(1, seqs.shape[0]):")
    seeded = by_line[seeded_loop]
    assert "starts with" in seeded["message"]
    assert seeded.get("fix") is None
    assert len(findings) == 2  # the list used otherwise (``out.pop(0)``) is not only joined


LAX_MAP_CARRY = '''
import jax
import jax.numpy as jnp


@jax.jit
def particle_filter(keys, th, dts, obs):
    x = jax.lax.map(lambda k: jax.random.normal(k, (3,)) * th, keys)
    ll = 0.0
    for i in range(len(dts)):
        x = jnp.tanh(x * dts[i])
        ll = ll + jnp.sum((x - obs[i]) ** 2)
    return ll


@jax.jit
def layers(keys, ws, x0):
    f = jax.lax.map(lambda k: k, keys)
    for w in ws:
        x0 = jnp.tanh(w @ x0)
    return x0, f
'''


def test_what_lax_map_returns_is_an_array_a_loop_carries(tmp_path):
    findings = scan_program(tmp_path, LAX_MAP_CARRY)
    by_line = {f["line"]: f["code"] for f in findings}
    assert by_line[_line(LAX_MAP_CARRY, "for i in range(len(dts)):")] == "GA103"
    assert _line(LAX_MAP_CARRY, "for w in ws:") not in by_line  # a loop over layers stays silent


FED_CARRY = '''
import jax
import jax.numpy as jnp


class Loop:
    def epoch(self, params, d):
        errs = []
        u = 0
        for t in range(d.shape[0]):
            y = self.plant.update(u, d[t])
            e = 0.5 - y
            u = self.ctrl.update(e, params)
            errs.append(e)
        return jnp.mean(jnp.square(jnp.array(errs)))

    def count(self, params, d):
        n = 0
        for t in range(d.shape[0]):
            n = self.counter.step(n)
        return n

    def run(self, params, d):
        return jax.value_and_grad(self.epoch)(params, d), jax.grad(self.count)(params, d)
'''


def test_a_number_carried_through_calls_fed_the_differentiated_parameters_is_an_array(tmp_path):
    findings = scan_program(tmp_path, FED_CARRY)
    lines = {f["line"]: f["code"] for f in findings}
    assert lines.get(_line(FED_CARRY, "for t in range(d.shape[0]):")) == "GA103"
    assert _line(FED_CARRY, "n = self.counter.step(n)") - 1 not in lines  # a counter no parameter reaches


KEYED = '''
import jax
import jax.numpy as jnp


def critic_loss(pol, crit, obs, key):
    vals = []
    for i in range(obs.shape[0]):
        key, sub = jax.random.split(key)
        v = jnp.tanh(crit @ obs[i])
        act = jax.random.categorical(sub, pol @ obs[i])
        vals.append(v)
    vals = jnp.asarray(vals, dtype=jnp.float32).flatten()
    return jnp.sum(vals ** 2)


def walk(pol, obs, key):
    vals = []
    for i in range(obs.shape[0]):
        key, sub = jax.random.split(key)
        vals.append(jnp.tanh(pol @ obs[i]) + key[0])
    return jnp.stack(vals)


g = jax.value_and_grad(critic_loss, argnums=1)
h = jax.grad(walk)
'''


def test_a_key_split_each_step_does_not_make_the_map_a_recurrence(tmp_path):
    findings = [f for f in scan_program(tmp_path, KEYED) if f["code"] == "GA101"]
    assert [f["line"] for f in findings] == [_line(KEYED, "for i in range(obs.shape[0]):")]  # not the step reading the key itself
    assert "jax.random.split(key, n)" in findings[0]["message"]
    assert findings[0].get("fix") is None


TESTS = '''
import jax
import jax.numpy as jnp


@jax.jit
def any_close(x, t):
    hit = False
    for i in range(x.shape[0]):
        hit = hit | (jnp.abs(x[i] - t) < 0.1)
    return hit


@jax.jit
def all_positive(x):
    ok = True
    for i in range(x.shape[0]):
        ok &= x[i] > 0
    return ok


@jax.jit
def bitmask(x):
    mask = 0
    for i in range(x.shape[0]):
        mask |= 1 << i
    return x * mask
'''


def test_a_running_test_is_one_any_or_all(tmp_path):
    findings = [f for f in scan_program(tmp_path, TESTS) if f["code"] == "GA302" and f["confidence"] != "low"]
    lines = {f["line"]: f["message"] for f in findings}
    assert "jnp.any(" in lines[_line(TESTS, "hit = False") + 1]
    assert "jnp.all(" in lines[_line(TESTS, "ok = True") + 1]
    assert "backward pass" not in lines[_line(TESTS, "ok = True") + 1]  # booleans carry no gradient
    assert _line(TESTS, "mask = 0") + 1 not in lines  # Python ints made from the counter: a constant


NAMED_ENTRIES = '''
import jax
import jax.numpy as jnp


def lipschitz(params):
    bound = 1.0
    n = len(params["params"]) // 3
    for i in range(n):
        c = params["params"][f"constant_{i}"]
        bound = bound * jax.nn.softplus(c)
    return bound


def likelihood(params, x):
    total = 1.0
    for i in range(x.shape[0]):
        total = total * jnp.exp(-(x[i] - params[f"mu"]) ** 2)
    return total


g = jax.grad(lipschitz)
h = jax.grad(likelihood)
'''


def test_a_counter_that_only_names_entries_walks_parameters_not_data(tmp_path):
    findings = [f for f in scan_program(tmp_path, NAMED_ENTRIES) if f["code"] == "GA302"]
    assert [f["line"] for f in findings] == [_line(NAMED_ENTRIES, "for i in range(x.shape[0]):")]


INT_FOLDS = '''
import jax
import jax.numpy as jnp


def _prod(xs):
    result = 1
    for x in xs:
        result *= x
    return result


def _energy(xs):
    result = 0
    for x in xs:
        result += jnp.sum(x ** 2)
    return result


@jax.jit
def apply(array, layout):
    if array.shape[0] != _prod(layout):
        raise ValueError("layout")
    return _energy(array)
'''


def test_a_fold_of_bare_elements_into_an_int_is_likely_python_ints(tmp_path):
    findings = {f["line"]: f for f in scan_program(tmp_path, INT_FOLDS) if f["code"] == "GA302"}
    product = findings[_line(INT_FOLDS, "result = 1") + 1]
    assert product["confidence"] == "low"
    assert any("Python ints" in item for item in product["evidence"])
    assert findings[_line(INT_FOLDS, "result = 0") + 1]["confidence"] != "low"  # an array op in the step: kept


MONTE_CARLO = '''
import jax
import jax.numpy as jnp


def logp(z):
    return -0.5 * jnp.sum(z ** 2)


def elbo(mu, log_s, key, n_samples=200):
    total = 0.0
    for _ in range(n_samples):
        key, sub = jax.random.split(key)
        z = mu + jnp.exp(log_s) * jax.random.normal(sub, mu.shape)
        total += logp(z)
    return total / n_samples


def sgd(mu, log_s, key, n_steps=200):
    total = 0.0
    for _ in range(n_steps):
        key, sub = jax.random.split(key)
        z = mu + jnp.exp(log_s) * jax.random.normal(sub, mu.shape)
        mu = mu - 0.1 * z
        total += logp(mu)
    return total


g = jax.grad(elbo)
h = jax.grad(sgd)
'''


def test_a_monte_carlo_sum_with_a_key_split_per_step_is_one_batched_sum(tmp_path):
    findings = [f for f in scan_program(tmp_path, MONTE_CARLO) if f["code"] == "GA302"]
    assert [f["line"] for f in findings] == [_line(MONTE_CARLO, "for _ in range(n_samples):")]  # not the SGD steps
    assert "jax.random.split(key, n)" in findings[0]["message"]
    assert findings[0].get("fix") is None


DEEPER_HELPERS = HELPERS + """

def taylor(cost, x, u, k):
    gx, H = quad_cost(cost, x, u)
    return gx * k, H
"""

DEEPER_SOLVER = """
import jax.numpy as jnp
from helpers import stage, taylor


def backward_pass(cost, xs, us):
    out = []
    for k in range(xs.shape[0]):
        gx, H = taylor(cost, xs[k], us[k], k)
        out.append(gx)
    return jnp.stack(out)


def costs(cost, xs, us):
    return jnp.stack([stage(cost, xs[k], us[k]) for k in range(xs.shape[0])])
"""


def test_a_helper_passing_its_parameters_to_a_derivative_helper_is_one_too(tmp_path):
    findings = scan_files(tmp_path, {"helpers.py": DEEPER_HELPERS, "solver.py": DEEPER_SOLVER}, ("GA101", "GA102"))
    found = sorted((f.line, f.code) for f in findings if f.path.endswith("solver.py"))
    assert (_line(DEEPER_SOLVER, "taylor(cost, xs[k]"), "GA102") in found
    assert (_line(DEEPER_SOLVER, "stage(cost, xs[k]"), "GA101") in found  # a helper that differentiates nothing: a map
    assert len(found) == 2


KEYWORD_NAMED_LIKE_A_METHOD = '''
import jax
import jax.numpy as jnp


class Styler:
    def __init__(self, img):
        self.img = img

    def fwd(self, params, img, fit=True):
        return jnp.tanh(params * img) if fit else params * img

    def loss(self, params, img):
        return jnp.sum(self.fwd(params, img, fit=False) ** 2)

    def update_once(self, img):
        return img - 0.1 * jax.grad(lambda im: self.loss(1.0, im))(img)

    def fit(self):
        for it in range(5000):
            self.img = self.update_once(self.img)
        return self.img


g = jax.grad(Styler(jnp.ones(3)).loss)
'''


def test_a_keyword_or_parameter_named_like_a_method_is_no_call_of_it(tmp_path):
    # ``fit=False`` and the parameter ``fit`` name no method: the host driver ``fit`` is not called
    # from the differentiated loss, so its loop is not reported as traced
    findings = scan_program(tmp_path, KEYWORD_NAMED_LIKE_A_METHOD)
    assert not [f for f in findings if f["code"] == "GA103" and f["confidence"] != "low"]
    assert not any("`Styler.fit` is called from" in item for f in findings for item in f.get("evidence", []))


PARTIAL_IN_DRIVER = '''
import functools
import jax
import jax.numpy as jnp
import numpy as np


def sweep(w, times, pairs):
    return jnp.sum(w * times[pairs])


def fit(w):
    step = jax.jit(functools.partial(sweep, times=np.random.randn(1000000), pairs=jnp.arange(1000000)))
    return step(w)


def small(w):
    step = jax.jit(functools.partial(sweep, times=np.ones(3), pairs=jnp.arange(3)))
    return step(w)
'''


def test_arrays_made_in_a_partial_that_a_driver_jits_are_constants(tmp_path):
    findings = [f for f in scan_program(tmp_path, PARTIAL_IN_DRIVER) if f["code"] == "GA401"]
    line = _line(PARTIAL_IN_DRIVER, "np.random.randn(1000000)")
    assert {f["line"] for f in findings} == {line}  # both large arrays of that call; the small ones stay silent
    assert len(findings) == 2 and all(f["confidence"] == "high" for f in findings)
