"""What the code states outweighs what a name suggests (shapes of the BN-BR round).

- A size written as a shift (``width = 1 << 1``) is folded like any literal: the trace of a 2x2
  product is small.
- A comprehension looking a dict up by key (``obs[p] for p in roster`` with ``obs: dict``) is not
  a gather over data.
- A list named as data rows (``xs``) reduced whole per item is a sum over data, not pytree leaves.
- A count named as small (``degree``) whose stated default is at least 100 is not small.
- ``params[k] * cos(k * t)`` uses its item as a number: a sum over the count, advice only.
- A module-level loop (a script, a notebook cell) computing a gradient per element of an array
  it shows is data is GA102's.
- A decorator spelled with a module-level name bound to ``partial(jax.jit, ...)`` compiles.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

SHIFTED = '''
import jax
import jax.numpy as jnp

width = {width}

def score(traj):
    gate = jnp.eye(width)[::-1]
    m = traj[-1] + jnp.eye(width)
    return jnp.abs(jnp.trace(jnp.conjugate(m).T @ gate))

g = jax.jacrev(score)
'''


@pytest.mark.parametrize("width", ["1 << 1", "2 ** 1", "2"])
def test_a_size_written_as_a_shift_or_power_is_folded(tmp_path, width):
    assert scan_program(tmp_path, SHIFTED.format(width=width), low=False) == []


def test_a_large_shifted_size_is_still_large(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, SHIFTED.format(width="1 << 10"), low=False)] == ["GA202"]


LOOKUP = '''
import jax
import jax.numpy as jnp

def gather(obs{annotation}, roster, n_rows):
    return jnp.stack([obs[p] for p in roster]).reshape((n_rows, -1))

run = jax.jit(gather, static_argnums=(1, 2))
'''


def test_a_dict_looked_up_by_key_is_not_a_gather(tmp_path):
    assert scan_program(tmp_path, LOOKUP.format(annotation=": dict")) == []


def test_an_array_read_at_each_index_still_is(tmp_path):
    found = scan_program(tmp_path, LOOKUP.format(annotation=": jnp.ndarray").replace("roster", "idx"))
    assert [f["code"] for f in found] == ["GA101"]


WHOLE = '''
import jax
import jax.numpy as jnp

def logp(theta, {name}):
    return sum(jnp.sum(-(r - theta) ** 2) for r in {name})

g = jax.grad(logp)
'''


def test_a_list_named_as_data_reduced_whole_per_item_is_a_sum_over_data(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, WHOLE.format(name="xs"), low=False)] == ["GA301"]


def test_a_list_of_unknown_things_reduced_whole_per_item_is_not(tmp_path):
    assert scan_program(tmp_path, WHOLE.format(name="ws")) == []


DEGREE = '''
import jax
import jax.numpy as jnp

def fit_poly(x, kern, degree: int = {default}):
    L = jnp.zeros((degree, x.shape[0]))
    for m in range(1, degree):
        L = L.at[m].set(kern(x[m], x) - L[m - 1] * 0.5)
    return L

f = jax.jit(fit_poly, static_argnums=(1, 2))
'''


def test_a_count_named_as_small_with_a_large_stated_default_is_not_small(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, DEGREE.format(default=100), low=False)] == ["GA103"]
    assert scan_program(tmp_path, DEGREE.format(default=8)) == []


SPECTRUM = '''
import jax
import jax.numpy as jnp

def make_spec(n_t, n_w):
    @jax.jit
    def spec(params, wave):
        for k in range(n_w):
            wave = wave + params[k] * jnp.cos(0.5 * k * jnp.linspace(0, 1, n_t))
        return wave
    return spec
'''


def test_items_of_a_params_named_array_used_as_numbers_are_summed_terms(tmp_path):
    found = scan_program(tmp_path, SPECTRUM)
    assert [f["code"] for f in found] == ["GA302"]
    assert found[0]["fix"] is None


MODULE_LOOP = '''
import jax
import jax.numpy as jnp

def energy(x):
    return jnp.sum(x ** 2)

grid = jnp.linspace(-2.0, 2.0, {points})
slopes = jnp.zeros(len(grid))
for k in range(len(grid)):
    slopes = slopes.at[k].set(jax.grad(energy)(grid[k]))
'''


def test_a_module_level_loop_of_gradients_over_an_array_it_shows_is_ga102(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, MODULE_LOOP.format(points=250), low=False)] == ["GA102"]
    assert scan_program(tmp_path, MODULE_LOOP.format(points=5)) == []


def test_a_module_level_training_loop_is_not_per_example(tmp_path):
    source = (
        "import jax\nimport jax.numpy as jnp\n\ndef loss(p, x):\n    return jnp.sum((p * x) ** 2)\n\n"
        "p = jnp.ones(3)\nxs = load()\nfor x in xs:\n    p = p - 0.1 * jax.grad(loss)(p, x)\n"
    )
    assert scan_program(tmp_path, source) == []


ALIASED_JIT = '''
import jax
import jax.numpy as jnp
from functools import partial

jit_method = partial(jax.jit, static_argnums=(0,))

class Filter:
    @jit_method
    def run(self, x, w):
        for t in range(x.shape[0]):
            w = jnp.tanh(w * x[t])
        return w
'''


def test_a_decorator_bound_to_a_partial_jit_at_module_level_compiles(tmp_path):
    found = scan_program(tmp_path, ALIASED_JIT, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")]
    assert "decorated with @jax.jit" in "\n".join(found[0]["evidence"])


REBOUND = '''
import jax
import jax.numpy as jnp

def apply_all(A, y, k):
    out = [expm_apply(A, c, k) for c in y.T]
    out = jnp.array(out){view}
    return out

g = jax.jit(jax.grad(lambda A, y: jnp.sum(apply_all(A, y, 3))))
'''


@pytest.mark.parametrize("view", ["", ".T", "[:, 0]"])
def test_a_list_rebound_to_a_view_of_its_join_is_a_map(tmp_path, view):
    assert [f["code"] for f in scan_program(tmp_path, REBOUND.format(view=view), low=False)] == ["GA101"]


STEPS_FROM_HORIZON = '''
import jax
import jax.numpy as jnp

def decay(y0, rate, horizon: float, h: float):
    steps = int({count})
    y = jnp.zeros(steps + 1).at[0].set(y0)
    for s in range(steps):
        y = y.at[s + 1].set(y[s] / (1 + rate * h))
    return y

fast = jax.jit(decay, static_argnums=(2, 3))
'''


def test_a_count_of_steps_divided_out_of_parameters_grows_with_them(tmp_path):
    found = scan_program(tmp_path, STEPS_FROM_HORIZON.format(count="horizon // h"), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert scan_program(tmp_path, STEPS_FROM_HORIZON.format(count="3.0 // 1.0")) == []
