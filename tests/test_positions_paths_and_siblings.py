"""Where a step writes and reads, counts set on several paths, helpers a step calls.

- A write at ``h.at[z, t + 1]`` and a read at ``h[z - 1, t]``, with ``t`` fixed in the loop, never
  meet: the step reads a column no step writes, no carry. Read at ``t + 1`` and it is one.
- A slice of a parameter walked per element (``grid[:-1]``) is as long as what callers pass: a
  few rows at every call site make the loop small.
- An array walked per row, made in traced code or passed to it, is data-sized as likely as not
  when nothing shows its length (a model's few coefficients are arrays too): at most medium.
- ``range(self.T - 1, -1, -1)`` runs ``self.T`` times, read as ``range(self.T)`` is.
- ``if fast: n = 2`` ``else: n = 100``: the count is 100 on one path.
- Neighbouring rows ``v[j + 1] - v[j]`` over ``range(n - 1)`` with ``n = v.shape[0]``: a map.
- ``e = self.tick(e)``, a method of the class doing jax work, carries an array as ``e = tick(e)`` does.
- A function called only by host code (a truth branch on an array, ``.item()``) runs eagerly.
- An absl flag read as ``FLAGS.n`` counts as its ``DEFINE_integer`` default.
- A factory parameter a jitted closure captures, named as the data's rows (``samples``, ``X``), is
  likely data when no caller shows what it is.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

COLUMNS = '''
import jax
import jax.numpy as jnp


class Column:
    def __init__(self, nl, nt):
        self.nl = nl
        self.nt = nt

    def run(self, h0, forcing):
        h = jnp.zeros((self.nl, self.nt)).at[:, 0].set(h0)

        def body(t, h):
            for z in range(1, self.nl):
                h = h.at[z, t + 1].set(0.5 * h[z, t] + 0.5 * h[{read}] + forcing[t])
            return h

        return jax.lax.fori_loop(0, self.nt - 1, body, h)


grad = jax.jit(jax.grad(lambda h0, f, col: jnp.sum(col.run(h0, f))), static_argnums=2)
'''


def test_a_step_writing_the_next_column_from_this_one_carries_nothing(tmp_path):
    assert scan_program(tmp_path, COLUMNS.format(read="z - 1, t")) == []


def test_a_step_reading_the_column_it_writes_carries_it(tmp_path):
    found = scan_program(tmp_path, COLUMNS.format(read="z - 1, t + 1"))
    assert [f["code"] for f in found] == ["GA103"]
    assert any("h[z - 1, t + 1]" in item for item in found[0]["evidence"])


def test_a_position_anchored_on_a_name_the_loop_moves_is_not_fixed(tmp_path):
    # ``t`` is the loop's own item here: ``x.at[t + 1]`` and ``x[t]`` meet from step to step
    source = '''
import jax
import jax.numpy as jnp

@jax.jit
def roll(x, ts):
    for t in ts:
        x = x.at[t + 1].set(jnp.tanh(x[t]))
    return x
'''
    assert [f["code"] for f in scan_program(tmp_path, source)] == ["GA103"]


GRID = '''
import numpy as np
import jax.numpy as jnp


def roll(gain, grid, x0):
    xs = jnp.zeros((len(grid), 2)).at[0].set(x0)
    for i, t in enumerate(grid[:-1]):
        xs = xs.at[i + 1].set(xs[i] + 0.1 * jnp.array([xs[i, 1], -gain * xs[i, 0] + jnp.sin(t)]))
    return xs


def drive(n, gain):
    out = []
    for seg in range(n):
        out.append(roll(gain, np.linspace(seg, seg + 1, {ticks}), jnp.ones(2)))
    return out
'''


def test_a_slice_of_a_parameter_every_caller_passes_a_few_rows_of_is_small(tmp_path):
    assert scan_program(tmp_path, GRID.format(ticks=5)) == []


def test_a_slice_of_a_parameter_a_caller_passes_many_rows_of_is_data(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, GRID.format(ticks=500))] == ["GA103"]


def test_an_argument_of_traced_code_of_unshown_length_is_at_most_medium(tmp_path):
    source = '''
import jax
import jax.numpy as jnp

@jax.jit
def response(w, zc):
    top = jnp.zeros_like(w)
    for p, c in enumerate(jnp.asarray(zc)):
        top = jnp.tanh(top * c + w ** p)
    return top
'''
    found = scan_program(tmp_path, source)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert any("is an array: one iteration per row" in item for item in found[0]["evidence"])


BACKWARD = '''
import jax


class DDP:
    def __init__(self, f, T):
        self.T = T
        self.jac_x = jax.jit(jax.jacobian(f, argnums=0))

    def backward(self, xs, us):
        A = []
        for t in {loop}:
            A.append(self.jac_x(xs[t], us[t]))
        return A
'''


def test_a_reversed_range_runs_as_often_as_the_forward_one(tmp_path):
    forward = scan_program(tmp_path, BACKWARD.format(loop="range(self.T)"))
    backward = scan_program(tmp_path, BACKWARD.format(loop="range(self.T - 1, -1, -1)"))
    assert [(f["code"], f["confidence"]) for f in backward] == [(f["code"], f["confidence"]) for f in forward] == [("GA102", "medium")]


def test_a_reversed_walk_says_the_map_comes_out_in_the_other_order(tmp_path):
    source = '''
import jax
import jax.numpy as jnp

def net(p, x):
    return jnp.tanh(p @ x)

@jax.jit
def run(p, xs):
    return jnp.stack([net(p, xs[t]) for t in range(xs.shape[0] - 1, -1, -1)])
'''
    found = scan_program(tmp_path, source)
    assert [f["code"] for f in found] == ["GA101"]
    fix = found[0]["fix"]
    assert fix["applicability"] == "unsafe"
    assert any("last to first" in item for item in fix["unproven"])


BRANCHES = '''
import jax
import jax.numpy as jnp

FAST = False
if FAST:
    n_iter = {fast}
else:
    n_iter = {slow}


@jax.jit
def run(x):
    for _ in range(n_iter):
        x = jnp.tanh(x) + 0.1 * x
    return x
'''


def test_a_count_set_in_both_branches_counts_as_the_larger(tmp_path):
    found = scan_program(tmp_path, BRANCHES.format(fast=2, slow=100))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert any("set to 100 on one path" in item for item in found[0]["evidence"])


def test_a_count_a_few_on_every_path_is_small(tmp_path):
    assert scan_program(tmp_path, BRANCHES.format(fast=2, slow=4)) == []


def test_neighbouring_rows_over_one_less_than_an_axis_are_a_map(tmp_path):
    source = '''
import jax
import jax.numpy as jnp

def grads(v, h):
    n = v.shape[0]
    out = []
    for j in range(n - 1):
        out.append(h * (v[j + 1] - v[j]))
    return jnp.stack(out)

loss = jax.jit(jax.grad(lambda v: jnp.sum(grads(v, 0.1) ** 2)))
'''
    found = scan_program(tmp_path, source)
    assert [f["code"] for f in found] == ["GA101"]
    assert "v[1:n]" in found[0]["message"] and "v[:n - 1]" in found[0]["message"]


SIBLING = '''
import jax
import jax.numpy as jnp


class Sim:
    def __init__(self, w):
        self.w = w

    def tick(self, e):
        return {body}

    @jax.jit
    def run(self, e):
        for _ in range(50):
            e = self.tick(e)
        return e
'''


def test_a_state_a_sibling_method_updates_with_jax_is_an_array(tmp_path):
    found = scan_program(tmp_path, SIBLING.format(body="jnp.tanh(self.w @ e)"))
    assert [f["code"] for f in found] == ["GA103"]


def test_a_state_a_sibling_method_updates_in_python_is_not_shown_an_array(tmp_path):
    assert scan_program(tmp_path, SIBLING.format(body="e.replace(step=1)")) == []


CHAINED = '''
import jax
import jax.numpy as jnp


class Column:
    def __init__(self, nl, nt):
        self.nl = nl
        self.nt = nt

    def one_step(self, it, U):
        for ik in range(1, self.nl):
            U = U.at[ik, it + 1].set(U[ik][it] - 0.1 * (U[ik][it] - U[ik - 1][{read}]))
        return U

    def run(self, U):
        return jax.lax.fori_loop(0, self.nt - 1, self.one_step, U)


grad = jax.jit(jax.grad(lambda U, col: jnp.sum(col.run(U))), static_argnums=1)
'''


def test_an_item_of_an_item_is_read_at_both_positions(tmp_path):
    # ``U[ik - 1][it]`` is ``U[ik - 1, it]``: a column no step of the loop writes
    assert scan_program(tmp_path, CHAINED.format(read="it")) == []
    found = scan_program(tmp_path, CHAINED.format(read="it + 1"))
    assert [f["code"] for f in found] == ["GA103"]


EAGER_CALLER = '''
import jax.numpy as jnp


def simulate(gain, ts, x0):
    x = jnp.zeros((ts.shape[0], 2)).at[0].set(x0)
    for k in range(ts.shape[0] - 1):
        x = x.at[k + 1].set(x[k] + 0.1 * jnp.array([x[k, 1], -gain * x[k, 0]]))
    return x


def main(gain, ts, goal, tol):
    x = simulate(gain, ts, jnp.ones(2))
{check}
    return x
'''


def test_a_function_called_only_by_host_code_runs_eagerly(tmp_path):
    # ``main`` branches on an array's truth: host code, so ``simulate`` runs eagerly and is not
    # reported at any confidence (the caller that shows no host code keeps it, below)
    found = scan_program(tmp_path, EAGER_CALLER.format(check="    if jnp.allclose(x[-1], goal, atol=tol):\n        print('reached')"))
    assert found == []


def test_a_caller_that_shows_no_host_code_leaves_the_trace_likely(tmp_path):
    found = scan_program(tmp_path, EAGER_CALLER.format(check="    x = x * goal"))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]


def test_a_caller_that_jits_a_step_of_its_own_may_still_be_traced(tmp_path):
    # a function that compiles a step itself is a driver only as far as its own code goes: a
    # transform of it (elsewhere) inlines that jit, so what it calls is not shown eager
    check = "    step = jax.jit(lambda y: y * goal)\n    x = step(x)"
    found = scan_program(tmp_path, "import jax\n" + EAGER_CALLER.format(check=check))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]


FACTORY = '''
import jax
import jax.numpy as jnp


def make_fit({param}):
    @jax.jit
    def nll(th):
        return jnp.sum(({param} - th[0]) ** 2)

    return nll
'''


@pytest.mark.parametrize("param, reported", [("samples", True), ("X", True), ("x", False), ("num_samples", False), ("scale", False)])
def test_a_factory_parameter_a_jitted_closure_captures_may_be_data_by_its_name(tmp_path, param, reported):
    # no caller shows what ``samples`` is: named as the data's rows it may be data, baked into the
    # program, but a name is no size: low only; ``x`` (a state as often), a count or another name
    # stays unreported
    found = scan_program(tmp_path, FACTORY.format(param=param), low=True)
    assert [(f["code"], f["confidence"]) for f in found] == ([("GA401", "low")] if reported else [])


def test_a_caller_passing_a_few_numbers_outweighs_the_name(tmp_path):
    source = FACTORY.format(param="samples") + "\nfit = make_fit(jnp.ones(3))\n"
    assert scan_program(tmp_path, source) == []


HISTORY = '''
import jax
import jax.numpy as jnp


def coef(s, y, g):
    return jnp.vdot(s, g) / jnp.vdot(y, s)


@jax.jit
def precond(g, S, Y):
    for j in range(len(S) - 1, -1, -1):
        g = g - coef(S[j], Y[j], g) * Y[j]
    return g


def run(g, steps):
    S, Y = [], []
    for k in range(steps):
        S.append(g * k)
        Y.append(g + k)
        S, Y = S[{keep}], Y[{keep}]
        g = precond(g, S, Y)
    return g
'''


def test_a_history_its_caller_truncates_to_a_few_items_is_small(tmp_path):
    assert scan_program(tmp_path, HISTORY.format(keep="-6:")) == []
    found = scan_program(tmp_path, HISTORY.format(keep="-600:"), low=False)
    assert [f["code"] for f in found] == ["GA103"]


PMAPPED = '''
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((x @ w - y) ** 2)


{binding}


def per_example(w, xs, ys):
    out = []
    for i in range(xs.shape[0]):
        out.append(g(w, xs[i], ys[i]))
    return out
'''


@pytest.mark.parametrize("binding", ["g = jax.pmap(jax.grad(loss))", "g = jax.jit(jax.grad(loss))",
                                     "@jax.pmap\n@jax.grad\ndef g(w, x, y):\n    return loss(w, x, y)"])
def test_a_gradient_compiled_around_is_still_a_gradient_a_call(tmp_path, binding):
    found = scan_program(tmp_path, PMAPPED.format(binding=binding))
    assert [f["code"] for f in found] == ["GA102"]


@pytest.mark.parametrize("made, confidence", [("d = jnp.diagonal(K)", "medium"), ("d = 1.0 / K.diagonal()", "medium"),
                                                 ("d = v", "medium"), ("d = K", "low")])
def test_a_diagonal_taken_of_a_matrix_is_a_vector(tmp_path, made, confidence):
    # ``jnp.diag(d) @ M`` with ``d`` the diagonal of a matrix: a dense diagonal matrix, shown so;
    # ``d`` a parameter: the rank is unshown, the trace proven (medium); named like a matrix: low
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef scale(K, M, v):\n    {made}\n    return jnp.diag(d) @ M\n"
    found = scan_program(tmp_path, source)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA203", confidence)]
    assert found[0]["fix"]["applicability"] == "unsafe"  # the rank a fix rests on is still not shown


def test_a_rule_registered_with_a_defjvp_decorator_is_differentiated(tmp_path):
    source = '''
import jax
import jax.numpy as jnp


@jax.custom_jvp
def logdet(M):
    return jnp.linalg.slogdet(M)[1]


@logdet.defjvp
def _logdet_jvp(primals, tangents):
    (M,), (dM,) = primals, tangents
    return logdet(M), jnp.trace(jnp.linalg.inv(M) @ dM)
'''
    found = scan_program(tmp_path, source)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA202", "medium")]
    assert any("a custom derivative rule (@logdet.defjvp)" in item for item in found[0]["evidence"])


ABSL = '''
import jax
import jax.numpy as jnp
from absl import flags

flags.DEFINE_integer("n_views", {default}, "augmentation copies")
FLAGS = flags.FLAGS


@jax.jit
def step(w, xb):
    gsum = jnp.zeros_like(w)
    for c in range(FLAGS.n_views - 1):
        gsum = gsum + jnp.tanh(gsum + xb @ (w * c))
    return gsum
'''


def test_an_absl_flag_counts_as_its_default(tmp_path):
    assert scan_program(tmp_path, ABSL.format(default=1)) == []
    found = scan_program(tmp_path, ABSL.format(default=400))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")]
    assert "`range(FLAGS.n_views - 1)`: 399 iterations" in found[0]["evidence"]
    written = ABSL.format(default=400) + "\nFLAGS.n_views = 3\n"  # the module writes it: the default is no fact
    assert not any("399 iterations" in item for f in scan_program(tmp_path, written) for item in f["evidence"])


OWN_SLOT = '''
import jax
import jax.numpy as jnp


@jax.jit
def accumulate(spec, sig, t, bands):
    for j, b in enumerate(bands):
        spec = spec.at[j].set({value})
    return spec
'''


def test_a_step_updating_only_its_own_slot_is_an_independent_write(tmp_path):
    found = scan_program(tmp_path, OWN_SLOT.format(value="spec[j] + sig * jnp.exp(-1j * t * b)"))
    assert [f["code"] for f in found] == ["GA103"]
    assert "the writes are independent" in found[0]["message"]
    assert "no step reads what another step wrote" in found[0]["evidence"]


def test_a_step_reading_another_slot_is_a_carry(tmp_path):
    found = scan_program(tmp_path, OWN_SLOT.format(value="spec[j - 1] + sig * jnp.exp(-1j * t * b)"))
    assert [f["code"] for f in found] == ["GA103"]
    assert "the writes are independent" not in found[0]["message"]


def test_a_value_made_from_a_factory_parameter_is_not_data_by_the_parameters_name(tmp_path):
    # ``SaveAt(ts=sample_points)`` is a solver's setting made of the parameter: the name says
    # nothing of it
    source = '''
import jax
import jax.numpy as jnp


def make(sample_points):
    save = Settings(ts=sample_points)

    @jax.jit
    def go(y0):
        return solve(y0, save)

    return go
'''
    assert scan_program(tmp_path, source) == []
