"""A name breaks ties only: a parameter named as a collection (``F_params``, ``members``)
walked item by item is a map over data where every call site passes many like arrays (a list
made alike by one comprehension, or an array), and nothing where the callers show nothing."""

from __future__ import annotations

import pytest

from conftest import scan_program

from gradadvisor.analysis.extent import names_data_rows

ENSEMBLE = '''
import jax
import jax.numpy as jnp

def trajectory(x0, f):
    return jnp.tanh(x0 * f)

@jax.jit
def soft_grad(x0, forcing_params, target):
    def one(f):
        return jnp.mean((trajectory(x0, f) - target) ** 2)

    def total(x0):
        return jnp.mean(jnp.array([one(f) for f in forcing_params]))

    return jax.grad(total)(x0)

if __name__ == "__main__":
    x0 = jnp.zeros(8)
    {passed}
    soft_grad(x0, forcing_params, jnp.ones(8))
'''


def test_a_collection_named_parameter_is_data_where_callers_pass_many_like_arrays(tmp_path):
    found = scan_program(tmp_path, ENSEMBLE.format(passed="forcing_params = [jnp.ones(8) * (1.0 + 0.01 * i) for i in range(40)]"), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "high")]
    assert any("list of 40 arrays made alike" in item for item in found[0]["evidence"])


def test_a_collection_named_parameter_stays_a_structure_where_callers_show_nothing(tmp_path):
    assert scan_program(tmp_path, ENSEMBLE.format(passed="forcing_params = load_forcings()")) == []


def test_a_few_like_arrays_are_a_structure(tmp_path):
    found = scan_program(tmp_path, ENSEMBLE.format(passed="forcing_params = [jnp.ones(8) * (1.0 + 0.01 * i) for i in range(4)]"))
    assert found == []


INDEXED = '''
import jax
import jax.numpy as jnp

def cost(u, w):
    return jnp.sum((u - w) ** 2)

def soft_loss(u, wind_ensemble):
    E = len(wind_ensemble)
    losses = jnp.array([cost(u, wind_ensemble[e]) for e in range(E)])
    return jnp.mean(losses)

soft_grad = jax.jit(jax.grad(soft_loss))
winds = [jnp.ones(3) * k for k in range({count})]
g = soft_grad(jnp.zeros(3), winds)
'''


def test_a_collection_named_parameter_read_at_an_index_asks_its_callers_too(tmp_path):
    found = scan_program(tmp_path, INDEXED.format(count=50), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "high")]
    assert scan_program(tmp_path, INDEXED.format(count=5)) == []


@pytest.mark.parametrize(
    ("name", "rows"),
    [("xs", True), ("X", True), ("x", True), ("train_X", True), ("X1", True), ("obs", True), ("inputs", True),
     ("x0", False), ("tau_x", False), ("sigma_x", False), ("num_samples", False)],
)
def test_names_of_data_rows(name, rows):
    # `X` and `Y` name the data as capitals or as the whole name: `x0` is an initial state, `tau_x` a constant
    assert names_data_rows(name) is rows
