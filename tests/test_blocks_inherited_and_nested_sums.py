"""Shapes from the FC-FJ round's description, each with a look-alike that stays silent:

- a loop over the blocks of a batch whose step maps its block already (``for s in range(0, n,
  256): out.append(jax.vmap(f)(x[s:s + 256]))``, or ``acc += jnp.sum(...)`` of it) is chunked for
  memory, but a trace unrolls it into one copy per block: reported only where a trace is shown,
  with ``lax.map`` advice that keeps the blocks;
- a running total fed by the step and by a nested loop that only adds terms (a self term, then
  the pairs of the upper triangle) is a sum, not a recurrence: GA302 on the nested loop, no GA103;
- a method a scanned base class defines, called as ``self.m(...)`` from a subclass's traced
  code, is traced through that call;
- a step that prints is a host loop eagerly, and under a trace still a per-sample map (advice);
- a lambda stored on ``self`` and differentiated traces what it calls;
- a loop whose step builds a layer library's module is a stack of layers, not a recurrence;
- a progress bar (``tqdm(xs)``) shows a host loop unless a trace is shown;
- a function called through a package's submodule (``mylib.sub.fn``) is reached;
- a closure a function gets from a factory (``loss = make_loss(y)``) and hands to a transform,
  directly or through a helper, is traced;
- a carry the function calls is a function, not an array;
- ``x.at[i].get(mode=...)`` is the read ``x[i]``.
"""

from __future__ import annotations

from conftest import scan_files, scan_program


def _line(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


def _reached_only(tmp_path, source: str, reached: str, untouched: str) -> None:
    """The loop two lines into the ``def`` named ``reached`` is reported with a differentiated
    context; the one in ``untouched`` (its look-alike) has no context at all."""
    by_line = {f["line"]: f for f in scan_program(tmp_path, source)}
    assert "differentiated" in (by_line[_line(source, f"def {reached}") + 2].get("context") or "")
    assert not (by_line.get(_line(source, f"def {untouched}") + 2) or {}).get("context")


BLOCKS = '''
import jax
import jax.numpy as jnp


def f(t, x):
    return jnp.sin(t) * x


@jax.jit
def evaluate(ts, xs):
    out = []
    for i in range(0, len(ts), 256):
        out.append(jax.vmap(f)(ts[i:i + 256], xs[i:i + 256]))
    return jnp.concatenate(out)


def evaluate_eagerly(ts, xs):
    out = []
    for i in range(0, len(ts), 256):
        out.append(jax.vmap(f)(ts[i:i + 256], xs[i:i + 256]))
    return jnp.concatenate(out)


predict = jax.jit(jax.vmap(f))


def predict_all(ts, xs):
    out = []
    for i in range(0, len(ts), 1024):
        out.append(predict(ts[i:i + 1024], xs[i:i + 1024]))
    return jnp.concatenate(out)


@jax.jit
def total(ts, xs):
    acc = 0.0
    for i in range(0, ts.shape[0], 128):
        acc += jnp.sum(jax.vmap(f)(ts[i:i + 128], xs[i:i + 128]))
    return acc


def total_eagerly(ts, xs):
    acc = 0.0
    for i in range(0, ts.shape[0], 128):
        acc += jnp.sum(jax.vmap(f)(ts[i:i + 128], xs[i:i + 128]))
    return acc


res = evaluate_eagerly(jnp.ones(10000), jnp.ones(10000))
res2 = total_eagerly(jnp.ones(10000), jnp.ones(10000))
'''


def test_a_loop_over_mapped_blocks_is_reported_only_under_a_trace_with_lax_map_advice(tmp_path):
    findings = scan_program(tmp_path, BLOCKS)
    traced = _line(BLOCKS, "for i in range(0, len(ts), 256):")
    summed = _line(BLOCKS, "for i in range(0, ts.shape[0], 128):")
    assert [(f["line"], f["code"]) for f in findings] == [(traced, "GA101"), (summed, "GA302")]
    # the sum keeps its blocks too: advice, not the batched sum that maps every block at once
    assert "jax.lax.map(step, blocks)" in findings[1]["message"] and findings[1].get("fix") is None
    finding = findings[0]
    assert finding["code"] == "GA101"
    assert "jax.lax.map(step, (ts.reshape((-1, 256) + ts.shape[1:])" in finding["message"]
    assert finding.get("fix") is None  # advice: the body becomes the mapped step
    assert any("chunked for memory" in item for item in finding["evidence"])


PAIRS = '''
import jax
import jax.numpy as jnp


def d2(q, a, b):
    return jnp.sum((q[a] - q[b]) ** 2)


def energy(q, w, r2):
    n = q.shape[0]
    e = 0.0
    for a in range(n):
        e += w[a] ** 2 * jnp.log(1 - r2[a])
        for b in range(a + 1, n):
            e -= w[a] * w[b] * jnp.log(d2(q, a, b))
    return e


def damped(q, w):
    n = q.shape[0]
    e = 0.0
    for a in range(n):
        e = 0.9 * e
        for b in range(a + 1, n):
            e += w[a] * w[b] * d2(q, a, b)
    return e


force = jax.grad(energy)
damped_force = jax.grad(damped)
'''


def test_a_total_fed_by_a_nested_loop_that_only_adds_is_a_sum_not_a_recurrence(tmp_path):
    findings = scan_program(tmp_path, PAIRS)
    outer = _line(PAIRS, "    for a in range(n):")
    inner = _line(PAIRS, "        for b in range(a + 1, n):")
    at = {(f["line"], f["code"]) for f in findings}
    assert (inner, "GA302") in at
    assert (outer, "GA103") not in at
    # the look-alike scales the total each step: a recurrence, still GA103's
    damped_outer = _line(PAIRS, "e = 0.9 * e") - 1
    assert (damped_outer, "GA103") in at


BASE = '''
import jax.numpy as jnp


class Base:
    def integrate(self, ts, xs):
        total = 0.0
        for i in range(ts.shape[0]):
            total += jnp.sum(self.rhs(ts[i], xs[i]))
        return total

    def report(self, ts, xs):
        total = 0.0
        for i in range(ts.shape[0]):
            total += jnp.sum(self.rhs(ts[i], xs[i]))
        return total
'''

SUB = '''
import jax
import jax.numpy as jnp
from base import Base


class Model(Base):
    def rhs(self, t, x):
        return jnp.sin(t) * x

    def fit(self, p0, ts, xs):
        def loss(p):
            return p * self.integrate(ts, xs)
        return jax.grad(loss)(p0)
'''


def test_a_method_of_a_scanned_base_class_is_traced_through_self(tmp_path):
    findings = scan_files(tmp_path, {"base.py": BASE, "sub.py": SUB}, ("GA302",), min_confidence="medium")
    lines = {(f.path.rpartition("/")[2], f.line) for f in findings}
    loop = _line(BASE, "for i in range(ts.shape[0]):")
    assert ("base.py", loop) in lines
    found = next(f for f in findings if f.line == loop)
    assert "Base.integrate" in found.context and "Model.fit.loss" in found.context
    # ``report`` is never called from traced code: no context reaches it
    report = _line(BASE, "def report") + 2
    assert all(f.line != report or "Model.fit.loss" not in (f.context or "") for f in findings)


PRINTING = '''
import jax
import jax.numpy as jnp


@jax.jit
def per_group(x):
    outs = []
    for g in range(x.shape[1]):
        print(g)
        outs.append(jnp.sort(x[:, g])[:10])
    return jnp.concatenate(outs)


def per_group_eagerly(x):
    outs = []
    for g in range(x.shape[1]):
        print(g)
        outs.append(jnp.sort(x[:, g])[:10])
    return jnp.concatenate(outs)


res = per_group_eagerly(jnp.ones((100, 50)))
'''


def test_a_step_that_prints_is_a_map_only_under_a_trace_and_advice(tmp_path):
    findings = scan_program(tmp_path, PRINTING)
    traced = _line(PRINTING, "for g in range(x.shape[1]):")
    assert [(f["line"], f["code"]) for f in findings] == [(traced, "GA101")]
    assert "each step prints" in findings[0]["message"]
    assert findings[0].get("fix") is None


SELF_LAMBDA = '''
import jax
import jax.numpy as jnp


class Fit:
    def __init__(self, x, y):
        self.obj = lambda th: self.objective(th, x, y)
        self.dobj = jax.grad(self.obj)
        self.show = lambda th: self.summary(th, x)

    def objective(self, th, x, y):
        total = 0.0
        for k in range(x.shape[0]):
            total += jnp.sum((jnp.tanh(x[k] @ th) - y[k]) ** 2)
        return total

    def summary(self, th, x):
        total = 0.0
        for k in range(x.shape[0]):
            total += jnp.sum(jnp.tanh(x[k] @ th))
        return total
'''


def test_a_lambda_stored_on_self_and_differentiated_traces_what_it_calls(tmp_path):
    # the other stored lambda is never differentiated: no context reaches `summary`
    _reached_only(tmp_path, SELF_LAMBDA, "objective", "summary")


LEVELS = '''
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    @nn.compact
    def __call__(self, x, nbs):
        y = x
        for li in range(1, len(nbs)):
            y = nn.Dense(64)(y)[:, nbs[-li]]
            y = nn.relu(y)
        return y


class Rnn(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(16)
        h = jnp.zeros(16)
        for t in range(xs.shape[0]):
            h = jnp.tanh(cell(h) + xs[t])
        return h


def loss(params, xs):
    return jnp.sum(Rnn().apply(params, xs))


g = jax.grad(loss)
'''


def test_a_loop_that_builds_a_module_each_step_is_a_stack_of_layers(tmp_path):
    findings = scan_program(tmp_path, LEVELS)
    levels = _line(LEVELS, "for li in range(1, len(nbs)):")
    steps = _line(LEVELS, "for t in range(xs.shape[0]):")
    at = {(f["line"], f["code"]) for f in findings}
    assert not [f for f in findings if f["line"] == levels]
    # one module built before the loop and applied each step: a recurrence
    assert (steps, "GA103") in at


PROGRESS = '''
import jax
import jax.numpy as jnp
from tqdm import tqdm

xs = jnp.linspace(0.0, 1.5, 100)


def sweep(theta, n):
    return jnp.stack([jnp.sin(theta * x) ** n for x in tqdm(xs)])


def shown(theta):
    return jnp.stack([jnp.sin(theta * x) for x in tqdm(xs)])


def plain(theta):
    return jnp.stack([jnp.cos(theta * x) for x in xs])


g = jax.grad(lambda t: jnp.sum(shown(t)))
'''


def test_a_progress_bar_shows_a_host_loop_unless_a_trace_is_shown(tmp_path):
    findings = scan_program(tmp_path, PROGRESS)
    lines = {f["line"] for f in findings if f["code"] == "GA101"}
    assert _line(PROGRESS, "def sweep") + 1 not in lines  # no transform reaches it: the bar says host
    assert _line(PROGRESS, "def shown") + 1 in lines  # differentiated: the bar only shows the tracing
    assert _line(PROGRESS, "def plain") + 1 in lines  # no bar: likely traced by its callers, as before


SUBMODULE = '''
import jax.numpy as jnp


def per_group(x):
    outs = []
    for g in range(x.shape[1]):
        outs.append(jnp.sort(x[:, g])[:10])
    return jnp.concatenate(outs)
'''

CALLER = '''
import jax
import mylib


@jax.jit
def finish(x):
    return mylib.sub.per_group(x)
'''


def test_a_function_called_through_a_package_submodule_path_is_reached(tmp_path):
    files = {"mylib/__init__.py": "from . import sub\n", "mylib/sub.py": SUBMODULE, "main.py": CALLER}
    findings = scan_files(tmp_path, files, ("GA101",), min_confidence="medium")
    found = [f for f in findings if f.path.endswith("sub.py")]
    assert found and "`finish`" in (found[0].context or "") and "traced" in found[0].context


FACTORY_LOCAL = '''
import jax
import jax.numpy as jnp


def make_loss(y, obs_idx):
    def loss(x0):
        tot = 0.0
        for i, j in enumerate(obs_idx):
            tot += jnp.sum((jnp.cumsum(x0)[j] - y[i]) ** 2)
        return tot
    return loss


def make_report(y, obs_idx):
    def report(x0):
        tot = 0.0
        for i, j in enumerate(obs_idx):
            tot += jnp.sum((jnp.cumsum(x0)[j] - y[i]) ** 2)
        return tot
    return report


def optimise(fn, x0):
    vg = jax.value_and_grad(fn)
    return vg(x0)


def show(fn, x0):
    print(fn(x0))


def fit(y, obs_idx, x0):
    loss = make_loss(y, obs_idx)
    report = make_report(y, obs_idx)
    show(report, x0)
    return optimise(loss, x0)
'''


def test_a_closure_a_function_gets_from_a_factory_and_hands_to_a_transform_is_traced(tmp_path):
    # the other factory's closure is only printed on the host: nothing reaches it
    _reached_only(tmp_path, FACTORY_LOCAL, "loss", "report")


WRAPPED = '''
import jax
import jax.numpy as jnp
from numpyro import handlers


def wrap_fn(fn, stack):
    def wrapper(operand):
        seeded = fn
        for kind, sub in stack:
            if kind == "condition":
                seeded = handlers.condition(seeded, condition_fn=sub)
            else:
                seeded = handlers.substitute(seeded, substitute_fn=sub)
        return seeded(operand)
    return wrapper


def run(pred, f, g, x, stack):
    return jax.lax.cond(pred, wrap_fn(f, stack), wrap_fn(g, stack), x)
'''


def test_a_carry_the_function_calls_is_a_function_not_an_array(tmp_path):
    findings = scan_program(tmp_path, WRAPPED)
    assert not [f for f in findings if f["code"] == "GA103"]


AT_GETS = '''
import jax
import jax.numpy as jnp


class Cycler:
    def make_loss(self, y, Hs, obs_indices, mask):
        def loss_4dvar(x0):
            X = jnp.cumsum(x0)
            tot = 0
            for i, j in enumerate(obs_indices):
                tot += jax.lax.cond(mask.at[i].get(mode="fill", fill_value=0),
                                    lambda: jnp.sum(X[j] @ Hs.at[i].get(mode="clip").T - y[i]), lambda: 0.0)
            return tot
        return loss_4dvar

    def make_epoch(self, loss_func):
        value_grad = jax.value_and_grad(loss_func)

        def epoch(x, k):
            v, g = value_grad(x)
            return x - 0.1 * g, v
        return epoch

    def cycle(self, x0, y, Hs, obs_indices, mask):
        loss_func = self.make_loss(y, Hs, obs_indices, mask)
        epoch_func = self.make_epoch(loss_func)
        return jax.lax.scan(epoch_func, x0, jnp.arange(10))
'''


def test_reads_through_at_get_and_a_factory_closure_handed_on_by_another_name(tmp_path):
    """``x.at[i].get(mode=...)`` is the read ``x[i]``; the closure reaches ``value_and_grad`` as
    ``loss_func``, a name no ``def`` has; ``obs_indices`` names no collection of different things."""
    findings = scan_program(tmp_path, AT_GETS)
    loop = _line(AT_GETS, "for i, j in enumerate(obs_indices):")
    found = [f for f in findings if f["line"] == loop]
    assert [f["code"] for f in found] == ["GA302"]
    assert "differentiated" in found[0]["context"] and "make_epoch" in found[0]["context"]
    assert "mask_i" in found[0]["message"]  # the mask read through .at[i].get is mapped with the rest


def test_a_printing_step_over_mapped_blocks_is_one_finding_not_a_crash(tmp_path):
    """Both notes ask for a shown trace; together they once passed it twice (an internal error)."""
    source = BLOCKS.replace("    for i in range(0, len(ts), 256):\n", "    for i in range(0, len(ts), 256):\n        print(i)\n", 1)
    findings = scan_program(tmp_path, source)
    traced = _line(source, "for i in range(0, len(ts), 256):")
    found = [f for f in findings if f["line"] == traced]
    assert [f["code"] for f in found] == ["GA101"]
    assert "each step prints" in found[0]["message"] and "jax.lax.map(step" in found[0]["message"]
