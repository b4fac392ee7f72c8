"""Facts read in the fourth round of issue 16: data from a loader the code does not show (a likely
size, never a proven one), a parameter field's shape, methods jitted through an instance, test scopes, and states carried through helpers."""

from __future__ import annotations

import pytest
from conftest import scan_program

from gradadvisor.analysis.names import _text_bound_names

LOADED = '''
import jax
import jax.numpy as jnp
from mylib.data import {loader}

{names} = {loader}("train")


@jax.jit
def loss(params):
    pred = {first} @ params["w"]
    return jnp.mean(pred ** 2)
'''


def test_a_capture_returned_by_a_loader_is_likely_data(tmp_path):
    findings = scan_program(tmp_path, LOADED.format(loader="load_grid", names="X_train, y_train", first="X_train"))
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA401", 11, "medium")]
    assert any("a data loader by its name" in item for item in findings[0]["evidence"])


@pytest.mark.parametrize("loader", ["load_config", "read_yaml", "build_model", "make_table"])
def test_settings_and_other_calls_are_not_loaded_data(tmp_path, loader):
    findings = scan_program(tmp_path, LOADED.format(loader=loader, names="table", first="table"))
    assert [f for f in findings if f["confidence"] != "low"] == []


def test_bound_elsewhere_is_read_from_the_text():
    text = "global q\ndef f():\n    global a, b\n    if (n := 3):\n        pass\nx = 1; global c\nthe global state\n"
    assert set(_text_bound_names(text)) == {"q", "a", "b", "n", "c"}


FIELD_SHAPE = '''
from functools import partial

import jax
import jax.numpy as jnp


class Learner:
    @partial(jax.jit, static_argnums=0)
    def td_loss(self, params, batch):
        T, B = batch.done.shape
        ret = batch.rew[T - 1]
        rets = [ret]
        for t in reversed(range(T - 1)):
            ret = batch.rew[t] + batch.disc[t] * ret
            rets.insert(0, ret)
        return jnp.mean((jnp.array(rets) - params["v"][:T]) ** 2)
'''


def test_the_shape_of_a_parameter_field_is_a_data_size(tmp_path):
    # ``batch.done.shape``: a field of a namedtuple of arrays, as an array's own shape is.
    findings = scan_program(tmp_path, FIELD_SHAPE)
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA103", 14, "high")]
    assert any("batch.done.shape" in item for item in findings[0]["evidence"])


INSTANCE_JIT = '''
import jax.numpy as jnp
from jax import jit

from helpers import reader

test_images, test_labels = reader.get_data("images", "labels")
test_images = jnp.array(test_images)


class Model:
    def test_loss(self, params):
        return jnp.mean(test_images @ params)


model = Model()
model.test_loss = jit(model.test_loss)
'''


def test_a_method_jitted_through_its_instance_and_named_test_is_scanned(tmp_path):
    # ``model.test_loss = jit(model.test_loss)`` compiles Model.test_loss; a method named
    # ``test_*`` of a class that is not a test class is not a test.
    findings = scan_program(tmp_path, INSTANCE_JIT)
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA401", 13, "medium")]
    assert any("Model.test_loss` is compiled" in item for item in findings[0]["evidence"])


def test_test_classes_stay_test_code(tmp_path):
    source = INSTANCE_JIT.replace("class Model:", "class ModelChecks(unittest.TestCase):").replace("import jax.numpy", "import unittest\nimport jax.numpy")
    source = source.replace("model = Model()", "model = ModelChecks()")
    assert scan_program(tmp_path, source) == []


def test_a_function_documented_as_a_reference_check_is_test_code():
    import ast

    from gradadvisor.analysis.testcode import is_test_scope

    def first(text):
        return ast.parse(text).body[0]

    checked = first('def validate(x):\n    """Check the kernel against a reference written with loops."""\n    return x\n')
    plain = first('def energy(x):\n    """The reference energy of the chain."""\n    return x\n')
    method = first("def test_loss(self, p):\n    assert p\n")
    assert is_test_scope(checked) and not is_test_scope(plain)
    assert is_test_scope(method) and not is_test_scope(method, in_class=True)
    # named test_* but not a test pytest runs: settings with defaults, or a result returned
    assert not is_test_scope(first("def test_fit(sat, max_iter=35):\n    pass\n"))
    assert not is_test_scope(first("def test_fit(sat):\n    return sat\n"))
    assert is_test_scope(first("def test_fit(sat):\n    def inner():\n        return sat\n    assert inner()\n"))


HELPER_STEP = '''
import jax
import jax.numpy as jnp


def verlet(pos, vel, acc, dt):
    pos = pos + vel * dt + 0.5 * acc * dt ** 2
    return pos, vel + acc * dt


def md(params, pos, vel, steps):
    for _ in range(steps):
        acc = -params * pos
        pos, vel = verlet(pos, vel, acc, 0.01)
    return pos


g = jax.grad(lambda p, x, v: jnp.sum(md(p, x, v, 500)))
'''


def test_states_carried_through_a_helper_that_names_its_arithmetic(tmp_path):
    # ``pos = pos + ...`` then ``return pos, vel + acc * dt``: the helper returns arithmetic on
    # its parameters through a local, as ``return a * 0.5 + b, ...`` does.
    findings = scan_program(tmp_path, HELPER_STEP)
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA103", 12, "high")]



GUARDED = '''
from functools import partial

import jax
import jax.numpy as jnp

THRESHOLD = 50


@partial(jax.jit, static_argnums=(1, 2, 3, 4))
def tile_sum_small(img, nx, ny, bx, by):
    acc = jnp.zeros((by, bx))
    for r in range(ny):
        for c in range(nx):
            acc = acc + img[r * by:(r + 1) * by, c * bx:(c + 1) * bx]
    return acc


def tile_sum(img, bx, by):
    nx = img.shape[1] // bx
    ny = img.shape[0] // by
    if nx * ny > {limit}:
        return img.reshape(ny, by, nx, bx).sum(axis=(0, 2))
    return tile_sum_small(img, nx, ny, bx, by)
'''


@pytest.mark.parametrize("limit, flagged", [("THRESHOLD", False), ("5000", True)])
def test_a_count_the_caller_bounds_is_a_deliberate_unroll(tmp_path, limit, flagged):
    # Larger counts go to the vectorised path: the loop runs only up to the guard's bound. A
    # bound of thousands is still the slow case.
    findings = scan_program(tmp_path, GUARDED.replace("{limit}", limit))
    assert bool(findings) == flagged


BRANCHING = '''
import jax
import jax.numpy as jnp


def compact(row, n):
    k = 0
    for i in range(n):
        if row[i] != 0:
            row = row.at[k].set(row[i])
            k += 1
    return row


step = jax.jit(compact{static})
'''


@pytest.mark.parametrize("static, flagged", [("", False), (", static_argnums=(0, 1)", True)])
def test_a_jitted_branch_on_an_argument_element_runs_only_eagerly(tmp_path, static, flagged):
    # With every argument traced, `if row[i] != 0` raises under jit: the loop never unrolls.
    # With the argument static, the branch is on a concrete value and the loop does unroll.
    findings = scan_program(tmp_path, BRANCHING.replace("{static}", static))
    assert bool(findings) == flagged


INNER = '''
import jax
import jax.numpy as jnp


def adapt(p, xs, ys, n_inner):
    for _ in range(n_inner):
        p = p - 0.1 * jax.grad(lambda q: jnp.mean((xs @ q - ys) ** 2))(p)
    return p


meta = jax.jit(jax.grad(lambda p, xs, ys: jnp.sum(adapt(p, xs, ys, 5000))))
'''


def test_inner_adaptation_steps_are_low(tmp_path):
    # MAML's inner loop: a few steps per task by its name, reported below the default level.
    findings = scan_program(tmp_path, INNER)
    assert [(f["code"], f["confidence"]) for f in findings] == [("GA103", "low")]
    assert any("inner (adaptation) steps" in item for item in findings[0]["evidence"])
