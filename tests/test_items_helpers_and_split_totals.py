"""What a loop's items are, helpers made in a step, totals split over statements.

- A loop whose items are slice or ``range`` bounds walks a host-side list of Python numbers
  (segment descriptors), fixed under a trace: not data, whatever the trace.
- A loop whose items are only handed to functions the file does not show walks a list whose
  contents are not shown: being an argument of traced code does not make it an array of rows.
- Printing a carried array's shape reads nothing out: the loop still unrolls under the trace.
- Two lists appended in one loop are each a map: advice (a rewrite of one would drop the other).
- ``a[t, 2:5]`` is row ``t`` of ``a[:, 2:5]``: a map over those columns' rows.
- A state updated only through calls is an array when one of them is a jax transform's result.
- ``pen += a`` then ``pen += b`` in one step is one total (GA302's), not a carried state; so is a
  total whose term calls a helper ``def`` made in the step.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

SEGMENTS = '''
import jax
import jax.numpy as jnp

@jax.jit
def assemble(tracks, pieces, total):
    out = jnp.zeros(total)
    pos = 0
    for (sid, lo, hi) in pieces:
        out = out.at[pos:pos + hi - lo].set(tracks[sid][lo:hi])
        pos = pos + (hi - lo)
    return out
'''


def test_items_used_as_slice_bounds_are_a_host_list_not_data(tmp_path):
    assert scan_program(tmp_path, SEGMENTS) == []


def test_items_used_as_range_bounds_are_a_host_list_not_data(tmp_path):
    source = SEGMENTS.replace("out = out.at[pos:pos + hi - lo].set(tracks[sid][lo:hi])", "for k in range(lo, hi):\n            out = out.at[pos + k].set(tracks[sid][k])")
    assert [f["code"] for f in scan_program(tmp_path, source) if f["line"] == 9] == []


STEPPED = '''
import jax
import jax.numpy as jnp

@jax.jit
def run(state, us):
    for u in us:
        state = {update}
    return state
'''


def test_items_only_handed_to_unknown_functions_are_not_proven_rows(tmp_path):
    found = scan_program(tmp_path, STEPPED.format(update="step(state, u)"))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert not any("argument of traced code" in item for item in found[0]["evidence"])


def test_items_used_in_arithmetic_are_rows_of_a_traced_argument(tmp_path):
    # rows of an array, but of a length nothing shows (a few coefficients are an array too): medium
    found = scan_program(tmp_path, STEPPED.format(update="jnp.tanh(state + u)"))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert any("argument of traced code: an array, of a length not shown" in item for item in found[0]["evidence"])


def test_a_list_a_driver_closes_over_is_not_an_argument_of_traced_code(tmp_path):
    # ``us`` is the untraced driver's parameter, read by the differentiated closure: a list the
    # driver was handed (an unroll of a few actions), not rows of a traced array
    source = """
import jax
import jax.numpy as jnp

def fit(params, us):
    def loss(p):
        state = p
        for u in us:
            state = jnp.tanh(state + u)
        return jnp.sum(state)
    return jax.grad(loss)(params)
"""
    found = scan_program(tmp_path, source)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert not any("argument of traced code" in item for item in found[0]["evidence"])
    traced = scan_program(tmp_path, source.replace("def fit(params, us):", "@jax.jit\ndef fit(params, us):"))
    assert [(f["code"], f["confidence"]) for f in traced] == [("GA103", "medium")]
    assert any("argument of traced code" in item for item in traced[0]["evidence"])


def test_a_list_named_as_groups_of_things_is_a_structure(tmp_path):
    source = STEPPED.format(update="solve_subset(state, g)").replace("for u in us", "for g in groups").replace(", us)", ", groups)")
    assert scan_program(tmp_path, source) == []


DECODE = '''
import jax
import jax.numpy as jnp

@jax.jit
def decode(seq, w):
    for k in range(800):
        nxt = jnp.tanh(seq[:, -1:] * w)
        seq = jnp.concatenate([seq, nxt], axis=1)
        {printed}
    return seq
'''


def test_printing_a_carried_arrays_shape_reads_no_value_out(tmp_path):
    for printed in ('print(f"{seq.shape=}")', "print(seq.shape, len(seq), seq.dtype)", 'print("step", seq.shape[1])'):
        found = scan_program(tmp_path, DECODE.format(printed=printed), low=False)
        assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")], printed


def test_printing_a_carried_value_still_marks_a_host_loop(tmp_path):
    # grad runs Python's print with tracers: without a proven gradient the loop reads as a driver
    source = DECODE.format(printed="print(seq[0, -1])").replace("@jax.jit\n", "")
    assert scan_program(tmp_path, source, low=False) == []


TWO_LISTS = '''
import jax
import jax.numpy as jnp

def loss(W, Y):
    fits, pens = [], []
    for j in range(W.shape[0]):
        fits.append(jnp.sum((Y @ W[j]) ** 2))
        pens.append(jnp.sum(W[j] ** 2))
    return sum(fits) + sum(pens)

g = jax.grad(loss)
'''


def test_two_lists_appended_in_one_loop_are_each_a_map_with_advice_only(tmp_path):
    found = scan_program(tmp_path, TWO_LISTS, low=False)
    assert [(f["code"], f["line"], f["confidence"]) for f in found] == [("GA101", 7, "high")]
    assert "it fills `fits` the same way" in found[0]["message"]
    assert found[0]["fix"] is None


def test_a_second_list_read_inside_the_loop_is_not_a_map(tmp_path):
    source = TWO_LISTS.replace("pens.append(jnp.sum(W[j] ** 2))", "pens.append(jnp.sum(W[j] ** 2) + fits[-1])")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA101"] == []


ROWS_AND_COLUMNS = '''
import jax
import jax.numpy as jnp

def angle(a, b):
    return jnp.arccos(jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b)))

@jax.jit
def rates(path, dt):
    out = []
    for t in range(path.shape[0]):
        out.append(angle(path[t, 2:5], path[t, 5:8]) / dt)
    return jnp.stack(out)
'''


def test_a_row_read_with_a_column_slice_maps_over_the_sliced_columns(tmp_path):
    found = scan_program(tmp_path, ROWS_AND_COLUMNS, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "high")]
    assert "path[:, 2:5]" in found[0]["message"] and "path[:, 5:8]" in found[0]["message"]


def test_a_column_slice_that_reads_the_index_is_not_a_row(tmp_path):
    source = ROWS_AND_COLUMNS.replace("path[t, 5:8]", "path[t, t:t + 3]")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA101"] == []


UNROLLED_FIT = '''
import jax
import jax.numpy as jnp
from optim import make_optimizer

init_fn, step_fn, read_fn = make_optimizer(0.01)
inner_grad = jax.grad(lambda w, theta: jnp.sum((w - theta) ** 2))

def unrolled_fit(theta, start):
    st = init_fn(start)
    for k in range(120):
        st = step_fn(k, {gradient}, st)
    return jnp.sum(read_fn(st))

meta = jax.grad(unrolled_fit)
'''


def test_a_state_updated_through_calls_fed_by_a_gradient_is_carried(tmp_path):
    found = scan_program(tmp_path, UNROLLED_FIT.format(gradient="inner_grad(read_fn(st), theta)"), low=False)
    assert [(f["code"], f["line"], f["confidence"]) for f in found] == [("GA103", 11, "high")]


def test_a_state_updated_through_unknown_calls_alone_is_not_shown_to_be_an_array(tmp_path):
    assert scan_program(tmp_path, UNROLLED_FIT.format(gradient="read_fn(st)"), low=False) == []


SPLIT_TOTAL = '''
import jax
import jax.numpy as jnp

def loss(params, Y, w):
    pen = 0.0
    for b in range(Y.shape[0]):
        sol = jnp.tanh(params @ Y[b])
        {middle}
        pen += w * jnp.mean(jnp.maximum(sol, 0.0) ** 2)
        pen -= w * jnp.mean(jnp.minimum(sol, 0.0))
    return pen

g = jax.grad(loss)
'''


def test_a_total_gaining_two_terms_per_step_is_an_accumulation(tmp_path):
    found = scan_program(tmp_path, SPLIT_TOTAL.format(middle="pass"))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA302", "high")]
    assert "`pen` gains 2 terms per step" in found[0]["message"]
    assert found[0]["fix"] is None


def test_a_total_whose_term_calls_a_helper_made_in_the_step_is_an_accumulation(tmp_path):
    helper = "def slopes():\n            return jnp.diff(sol)\n        sol = slopes()"
    found = scan_program(tmp_path, SPLIT_TOTAL.format(middle=helper))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA302", "high")]


def test_a_helper_that_reads_the_running_total_makes_it_carried(tmp_path):
    helper = "def slopes():\n            return jnp.diff(sol) + pen\n        sol = slopes()"
    found = scan_program(tmp_path, SPLIT_TOTAL.format(middle=helper))
    assert [f["code"] for f in found] == ["GA103"]


def test_a_row_read_with_a_new_axis_maps_over_the_expanded_rows(tmp_path):
    source = (
        "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef update(W, feats):\n"
        "    return jnp.stack([jnp.sum(W[i, :, None] * feats, axis=0) for i in range(W.shape[0])])\n"
    )
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "high")]
    assert "W[:, :, None]" in found[0]["message"]


def test_a_fill_of_slice_contractions_is_reported_once_as_ga201(tmp_path):
    source = (
        "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(W, F):\n    out = jnp.zeros((W.shape[0], F.shape[1]))\n"
        "    for i in range(W.shape[0]):\n        out = out.at[i].set({value})\n    return out\n"
    )
    assert [f["code"] for f in scan_program(tmp_path, source.format(value="W[i] @ F"))] == ["GA201"]
    # a value that is not one contraction of slices stays a fill of independent writes (GA103)
    assert [f["code"] for f in scan_program(tmp_path, source.format(value="jnp.tanh(W[i]) @ F"), low=False)] == ["GA103"]


UNPACKED = '''
import jax
import jax.numpy as jnp
from basislib import derivs

@jax.jit
def score(p, grid, h, c):
    tot = 0.0
    for s in range(p.shape[0]):
        {unpack}
        tot += jnp.mean(gx * gy) * p[s]
    return tot
'''


def test_a_call_unpacked_into_locals_is_part_of_the_term(tmp_path):
    # ``gx, gy = derivs(...)``: two items of what one call returns, made afresh each step (advice)
    found = scan_program(tmp_path, UNPACKED.format(unpack="gx, gy = derivs(grid, p[s])"), low=False)
    assert [f["code"] for f in found] == ["GA302"] and found[0]["fix"] is None


def test_records_handed_whole_to_a_model_returning_several_values_are_not_rows(tmp_path):
    # for xs, ys in zip(tasks_x, tasks_y): each task (of its own length) goes whole to a model
    source = """
import jax

def objective(model, state, tasks_x, tasks_y):
    total = 0.0
    for xs, ys in zip(tasks_x, tasks_y):
        mll, _ = model(state, xs, ys)
        total -= mll
    return total

step = jax.jit(jax.value_and_grad(objective))
"""
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA302"] == []


def test_an_unpacked_call_handed_the_loop_index_itself_is_not_one_term(tmp_path):
    # ``loss, pad = window_loss(p, size)`` for each window size: the step's shapes change with it
    source = UNPACKED.format(unpack="gx, gy = derivs(grid, s)").replace("range(p.shape[0])", "range(1, p.shape[0] + 1)").replace("* p[s]", "")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA302"] == []


def test_an_unpacked_call_that_reads_what_the_step_before_left_is_a_recurrence(tmp_path):
    found = scan_program(tmp_path, UNPACKED.format(unpack="gx, gy = derivs(gx, p[s])").replace("    tot = 0.0\n", "    tot = 0.0\n    gx = grid\n"))
    assert [f for f in found if f["code"] == "GA302"] == []


NESTED = '''
import jax
import jax.numpy as jnp

N_DAYS = 365

@jax.jit
def cost_fn(w, load, layers):
    cost = 0.0
    for day in range(N_DAYS):
        for {inner}:
            cost = cost + {term}
    return cost
'''


def test_a_sum_over_rows_with_a_small_inner_loop_is_one_sum(tmp_path):
    # 365 days by 3 channels: the data-sized loop is the outer one (advice: sum over both axes)
    found = scan_program(tmp_path, NESTED.format(inner="c in range(3)", term="w[c] * load[day, c] ** 2"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA302", 10)]
    assert "axis=(0, 1)" in found[0]["message"] and found[0]["fix"] is None


def test_a_sum_over_rows_through_a_few_objects_is_not_one_sum(tmp_path):
    # the inner loop walks layers (objects), not an axis of the rows
    found = scan_program(tmp_path, NESTED.format(inner="layer in layers", term="layer(load[day])"))
    assert [f for f in found if f["code"] == "GA302" and f["line"] == 10] == []


SPLIT = '''
import jax
import jax.numpy as jnp


def split(n):
    """The powers of term n."""
    q = n // 9
    return q, (n // 3) % 3


def shaped(n):
    return jnp.ones(n), n


@jax.jit
def taylor(c, x, y):
    out = 0.0
    for n in range(27):
        {unpack}
        out += c[n] * jnp.outer(x ** a, y ** b)
    return out
'''


@pytest.mark.parametrize(
    ("unpack", "reported"),
    [
        ("a, b = split(n)", True),  # a helper of integer arithmetic: the step's indices
        ("a, b = divmod(n, 3)", True),
        ("a, b = shaped(n)", False),  # an array whose size is the index: a new shape each step
    ],
)
def test_an_index_split_by_a_helper_keeps_the_sum(tmp_path, unpack, reported):
    found = [f for f in scan_program(tmp_path, SPLIT.format(unpack=unpack)) if f["code"] == "GA302"]
    assert bool(found) == reported


ZIPPED = '''
import jax
import jax.numpy as jnp


def loss(disc_real_outputs, disc_generated_outputs):
    tot = 0.0
    for real, fake in zip(disc_real_outputs, disc_generated_outputs):
        tot += {term}
    return tot


g = jax.grad(loss)
'''


@pytest.mark.parametrize(
    ("term", "reported"),
    [
        ("jnp.mean((1 - real) ** 2) + jnp.mean(fake ** 2)", False),  # each item reduced whole: lists of outputs of different shapes
        ("(real - fake) ** 2", True),  # rows combined elementwise: one array's rows
    ],
)
def test_zipped_items_each_reduced_whole_are_a_ragged_list(tmp_path, term, reported):
    found = [f for f in scan_program(tmp_path, ZIPPED.format(term=term)) if f["code"] == "GA302"]
    assert bool(found) == reported


MAPPING = '''
import jax
import jax.numpy as jnp


def term(name, env):
    return jnp.sum(env[name] ** 2)


def loglik(v, extras):
    env = {{"y": v, {unpack}}}
    s = term("y", env)
    for key in extras:
        s += term(key, env)
    return s


g = jax.grad(loglik)
'''


@pytest.mark.parametrize(("unpack", "reported"), [("**extras", False), ("'x': extras", True)])
def test_a_parameter_unpacked_with_stars_is_a_mapping_of_few_keys(tmp_path, unpack, reported):
    """``{**extras}`` shows ``extras`` is a mapping: a loop over it walks its keys (a few graph
    nodes), not rows of an array, whatever traces the function."""
    found = [f for f in scan_program(tmp_path, MAPPING.format(unpack=unpack)) if f["code"] == "GA302"]
    assert bool(found) == reported
