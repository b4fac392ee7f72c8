# Source: https://github.com/f0uriest/quadax/blob/3496207ce930ba45db7d5d8461681db98ac45ddb/tests/test_derivatives.py
# Title: tests/test_derivatives.py (vmap of derivatives checked against a loop)
# Cut: two tests of the derivative test class kept; class wrapper and the rest of the file dropped.
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from quadax import quadgk
from quadax.adjoint import DirectAdjoint, LeibnizAdjoint


class TestVmap:
    @pytest.mark.parametrize("adjoint", [DirectAdjoint(), LeibnizAdjoint()])
    def test_vmap_jacfwd(self, adjoint):
        """Forward mode works under vmap."""
        fun = lambda t, c: jnp.log(c * t).squeeze()
        interval = jnp.array([1.0, 3.0])
        f = lambda c: quadgk(fun, interval, (c,), adjoint=adjoint)[0]
        cs = jnp.array([[2.0], [3.12], [4.5]])
        got = jax.vmap(jax.jacfwd(f))(cs)
        want = jnp.stack([jax.jacfwd(f)(c) for c in cs])
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12)

    @pytest.mark.parametrize("adjoint", [DirectAdjoint(), LeibnizAdjoint()])
    def test_vmap_grad(self, adjoint):
        """Reverse mode works under vmap."""
        fun = lambda t, c: jnp.log(c * t).squeeze()
        interval = jnp.array([1.0, 3.0])
        f = lambda c: quadgk(fun, interval, (c,), adjoint=adjoint)[0].sum()
        cs = jnp.array([[2.0], [3.12], [4.5]])
        got = jax.vmap(jax.grad(f))(cs)
        want = jnp.stack([jax.grad(f)(c) for c in cs])
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12)

