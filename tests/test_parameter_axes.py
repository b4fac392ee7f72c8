"""An axis of a parameter the module creates (``w = self.param("w", init, (self.depth, k))`` in
flax, ``hk.get_parameter(...)`` in haiku) is a size of the model (layers, units), not of the
data, when the shape entry is a count of layers by its name or a small literal: a loop over
``w.shape[0]`` is not data-sized. A width (``self.features``) and the input's rows still are."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import scan_program

FLAX = '''
import flax.linen as nn
import jax.numpy as jnp


class Circuit(nn.Module):
    n_layers: int = 4

    @nn.compact
    def __call__(self, psi):
        theta = self.param("rot", nn.initializers.normal(), (self.n_layers, 12))
        for layer in range({count}):
            psi = jnp.cos(theta[layer % 4, 0]) * psi + jnp.sin(theta[layer % 4, 1]) * jnp.roll(psi, 1)
        return psi
'''

HAIKU = '''
import haiku as hk
import jax.numpy as jnp


def forward(x):
    w = hk.get_parameter("w", (8, x.shape[-1]), init=hk.initializers.RandomNormal())
    h = x
    for k in range(w.shape[0]):
        h = jnp.tanh(h * w[k])
    return h

model = hk.transform(forward)
'''


@pytest.mark.parametrize("source", [FLAX.format(count="theta.shape[0]"), HAIKU], ids=["flax", "haiku"])
def test_a_loop_over_a_parameters_axis_is_not_data_sized(tmp_path, source):
    assert scan_program(tmp_path, source) == []


def test_a_loop_over_the_inputs_rows_still_is(tmp_path):
    found = scan_program(tmp_path, FLAX.format(count="psi.shape[0]"), low=False)
    assert [f["code"] for f in found] == ["GA103"]



def test_a_width_of_the_weights_is_not_small(tmp_path):
    """The GA201 fixture's weight columns (``self.features`` wide) are still contracted one at a time."""
    source = (Path(__file__).parent.parent / "fixtures" / "GA201" / "flax_matrix_times_columns.py").read_text()
    assert [f["code"] for f in scan_program(tmp_path, source, low=False)] == ["GA201"]
