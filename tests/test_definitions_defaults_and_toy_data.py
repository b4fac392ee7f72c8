"""Look-alikes from real code, one fact each:

- a fallback defined under ``except ImportError`` is another function than the jitted one of the
  same name (a function naming itself reaches nothing: recursion, or a redefinition);
- a parameter whose default is a short tuple (``widths=(128, 128)``) is a structure, and so are
  the keys split for it (``split(key, len(widths) + 1)``);
- a function that takes no arguments, called only by module-level code, runs once on constants;
- scikit-learn's bundled toy datasets (``load_wine(return_X_y=True)``) are small;
- a loop over an array parameter that every caller passes a few rows of is small."""

from __future__ import annotations

import pytest
from conftest import scan_program

FALLBACK = '''
try:
    import jax

    def cell(v, x):
        v = v * 0.9 + x
        return v, v

    @jax.jit
    def leak(v0, xs):
        return jax.lax.scan(cell, v0, xs)[0]
except ImportError:
    def leak(v0, xs):
        v = v0
        for i in range(len(xs)):
            v = v * 0.9 + xs[i]
        return v
'''


def test_a_fallback_definition_is_not_the_jitted_function_of_the_same_name(tmp_path):
    assert scan_program(tmp_path, FALLBACK) == []


LAYERS = '''
import jax
import jax.numpy as jnp

def dense(w):
    def apply(k, h):
        return jnp.tanh(h @ jax.random.normal(k, (h.shape[-1], w)))
    return apply

@jax.jit
def net(key, h, widths={widths}):
    ks = jax.random.split(key, len(widths) + 1)
    for k, w in zip(ks[:-1], widths):
        h = dense(w)(k, h)
    return h
'''


def test_a_loop_over_a_short_tuple_default_and_its_keys_is_a_layer_loop(tmp_path):
    assert scan_program(tmp_path, LAYERS.format(widths="(128, 128)")) == []


DEMO = '''
import jax.numpy as jnp
import numpy as np

P = jnp.asarray(np.random.rand(80, 600))

def check({params}):
    return jnp.allclose(jnp.trace(P @ P.T), np.einsum("ii->", P @ P.T))

print(check({args}))
'''


def test_a_function_of_no_arguments_run_by_the_module_is_low(tmp_path):
    found = scan_program(tmp_path, DEMO.format(params="", args=""))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA202", "low")]
    assert any("takes no arguments" in item for item in found[0]["evidence"])
    # with a parameter, something could differentiate it: the rule's own confidence
    assert [f["confidence"] for f in scan_program(tmp_path, DEMO.format(params="Q", args="P"))] != ["low"]


TOY = '''
import jax
import jax.numpy as jnp
from sklearn import datasets

X, y = datasets.{loader}(return_X_y=True)

def model_logp(w, X, y):
    return -jnp.sum((X @ w - y) ** 2)

logp = jax.jit(lambda w: model_logp(w, X, y))
'''


@pytest.mark.parametrize("loader", ["load_wine", "load_iris", "load_digits"])
def test_a_bundled_toy_dataset_captured_by_jit_is_small(tmp_path, loader):
    assert scan_program(tmp_path, TOY.format(loader=loader)) == []


def test_a_fetched_dataset_captured_by_jit_is_still_data(tmp_path):
    found = scan_program(tmp_path, TOY.format(loader="fetch_california_housing"))
    assert [f["code"] for f in found] == ["GA401"]


WELLS = '''
import jax
import jax.numpy as jnp

wells = jnp.zeros(({rows}, 2))

def pull(x, wells: jnp.ndarray):
    f = jnp.zeros_like(x)
    for w in wells:
        f += (w - x) / jnp.sum((w - x) ** 2)
    return f

g = jax.value_and_grad(lambda x: jnp.sum(pull(x, wells) ** 2))
'''


def test_a_loop_over_an_array_parameter_sized_by_its_callers(tmp_path):
    assert scan_program(tmp_path, WELLS.format(rows=5)) == []
    found = scan_program(tmp_path, WELLS.format(rows=500), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA302", "high")]


ONLY_FALLBACK = '''
import numpy as np

try:
    import jax
    import jax.numpy as jnp

    @jax.jit
    def encode(state, data):
        return jax.lax.scan(lambda c, x: (c * 0.9 + x, c), state, data)[1]
except:
    def encode(data: np.ndarray, leakage: float):
        out = []
        cdc = data[0]
        for i in range(len(data)):
            cdc = cdc * leakage + data[i]
            out.append(cdc > 1.0)
            cdc = cdc * (1 - out[-1])
        return jnp.array(out)
'''


def test_a_function_defined_where_importing_jax_failed_is_never_traced(tmp_path):
    assert scan_program(tmp_path, ONLY_FALLBACK) == []


BUNCH = '''
import jax
import jax.numpy as jnp
from sklearn import datasets

iris = datasets.load_iris()
features, labels = iris["data"], iris["target"]

@jax.jit
def target_log_prob(w):
    return -jnp.sum((features @ w - labels) ** 2)
'''


def test_a_bundled_toy_dataset_read_through_its_bunch_is_small(tmp_path):
    assert scan_program(tmp_path, BUNCH) == []
