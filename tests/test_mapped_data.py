"""What a map over data returns is data: ``u, s = jax.vmap(make)(u0, p)`` with ``u0`` loaded
data gives data-sized arrays (each part of a returned tuple keeps the mapped axis), so an
object built from them and read through a static ``self`` by a jitted method bakes them into
the program (GA401). A map over PRNG keys or parameters is not data."""

from __future__ import annotations

import pytest
from conftest import scan_program

GENERATOR = '''
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class DataGenerator:
    def __init__(self, u, s, batch_size):
        self.u = u
        self.s = s
        self.batch_size = batch_size

    @partial(jax.jit, static_argnums=(0,))
    def batch(self, key):
        idx = jax.random.choice(key, self.u.shape[0], (self.batch_size,), replace=False)
        return self.u[idx, :], self.s[idx, :]


def one(u0, p=1000):
    return jnp.tile(u0, (p, 1)), jnp.zeros((p, 1))


def main(path, key, p):
    {source}
    u, s = jax.vmap(one, in_axes=(0, None))(u0, p)
    return DataGenerator(u.reshape(-1, u.shape[-1]), s.reshape(-1, 1), 128)
'''


def test_arrays_mapped_from_data_are_data(tmp_path):
    found = scan_program(tmp_path, GENERATOR.format(source="u0 = jnp.asarray(np.load(path))[:, 0, :]"))
    assert sorted(f["message"].split("`")[1] for f in found if f["code"] == "GA401") == ["self.s", "self.u"]


@pytest.mark.parametrize("source", [
    "u0 = jax.random.split(key, 4)",  # four keys: not data
    "u0 = jnp.ones((3, 5))",  # a small literal array
])
def test_arrays_mapped_from_keys_or_small_arrays_are_not_data(tmp_path, source):
    assert [f for f in scan_program(tmp_path, GENERATOR.format(source=source)) if f["code"] == "GA401"] == []


PARTIAL = '''
import functools

import jax
import jax.numpy as jnp
import numpy as np


def loss(table, w, idx):
    return jnp.sum(table[idx] * w)


table = {table}
step = jax.jit({inner})
'''


@pytest.mark.parametrize("inner", ["functools.partial(loss, table)", "jax.grad(functools.partial(loss, table))", "jax.value_and_grad(functools.partial(loss, table), argnums=0)"])
def test_data_bound_by_partial_under_a_derivative_is_a_compiled_constant(tmp_path, inner):
    found = scan_program(tmp_path, PARTIAL.format(table='jnp.asarray(np.load("table.npy"))', inner=inner))
    assert [f["code"] for f in found] == ["GA401"]
    assert "binds `table`" in found[0]["message"]
    assert scan_program(tmp_path, PARTIAL.format(table="jnp.ones(3)", inner=inner)) == []


def test_data_not_mapped_over_does_not_make_the_outputs_data(tmp_path):
    # in_axes=(None, 0): the map runs over the keys; the loaded data is broadcast to each call.
    source = GENERATOR.format(source="u0 = jnp.asarray(np.load(path))[:, 0, :]").replace(
        "u, s = jax.vmap(one, in_axes=(0, None))(u0, p)", "u, s = jax.vmap(lambda k, d: one(d[0], p), in_axes=(0, None))(jax.random.split(key, 4), u0)")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA401"] == []
