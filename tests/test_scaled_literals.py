"""An array of known shape scaled by a parameter whose default is a number (``amps =
jnp.array([1.0, 1.5, 2.0, 2.5]) * scale`` with ``scale=0.5``) keeps its shape: a loop over its
four items is small. Without a default the parameter may be an array, and the shape is unknown."""

from __future__ import annotations

import pytest
from conftest import context_at_return, scan_program


@pytest.mark.parametrize("signature, shape", [("p, scale=0.5", (4,)), ("p, scale=2", (4,)), ("p, scale", None)])
def test_a_number_default_keeps_the_shape(signature, shape):
    ctx, statement = context_at_return(
        f"""
        import jax.numpy as jnp

        def run({signature}):
            amps = jnp.array([1.0, 1.5, 2.0, 2.5]) * scale
            return amps
        """
    )
    assert ctx.value(statement.value).shape == shape


def test_a_map_over_a_scaled_literal_list_is_small(tmp_path):
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef run(p, scale=0.5):\n"
        "    amps = jnp.array([1.0, 1.5, 2.0, 2.5]) * scale\n"
        "    return jnp.sum(jnp.stack([jnp.array([a, 0.0]) for a in amps], axis=1) * p)\n"
    )
    assert scan_program(tmp_path, source) == []
