"""Grids the code builds: ``meshgrid`` of vectors of known lengths has their lengths (the first
two swapped with the default ``indexing="xy"``), ``fftfreq(n)`` has ``n`` items, and the FFT
shifts keep their operand's shape; so a captured grid's size is shown, not guessed."""

from __future__ import annotations

import pytest
from conftest import context_at_return


@pytest.mark.parametrize(
    "expr, shape",
    [
        ("jnp.meshgrid(jnp.linspace(0, 1, 128), jnp.arange(64))[0]", (64, 128)),
        ("jnp.meshgrid(jnp.linspace(0, 1, 128), jnp.arange(64), indexing='ij')[1]", (128, 64)),
        ("jnp.meshgrid(k, k, k, indexing='ij')[2]", (32, 32, 32)),
        ("jnp.fft.fftfreq(256, d=0.1)", (256,)),
        ("jnp.fft.rfftfreq(256)", (129,)),
        ("jnp.fft.ifftshift(jnp.meshgrid(k, k, indexing='ij')[0])", (32, 32)),
    ],
)
def test_grid_shapes(expr, shape):
    ctx, statement = context_at_return(
        f"""
        import jax.numpy as jnp

        def f():
            k = jnp.arange(-16.0, 16.0)
            return {expr}
        """
    )
    assert ctx.value(statement.value).shape == shape


def test_a_meshgrid_unpacked_gives_each_name_the_grid():
    ctx, statement = context_at_return(
        """
        import jax.numpy as jnp

        def f():
            X, Y = jnp.meshgrid(jnp.arange(10), jnp.arange(20))
            return Y
        """
    )
    assert ctx.value(statement.value).shape == (20, 10)


def test_a_call_a_rewrite_built_has_no_line_and_is_still_read(tmp_path):
    """The vmap rewrite evaluates ``jnp.arange(64)``, a node with no position: no crash."""
    from conftest import scan_program

    source = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef ramp(z):\n    return jnp.stack([jnp.sin(z + k) for k in range(64)])\n"
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert "jnp.arange(64)" in found[0]["message"]
