# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/tests/test_losses.py
# Title: tests/test_losses.py -- gradient checks of the ported connectivity losses
# Cut: kept the modularity and eigenmaps gradient tests; import path flattened.
import jax
import jax.numpy as jnp

from losses import eigenmaps_loss, modularity_loss

KEY = jax.random.PRNGKey(77)


class TestModularityLoss:
    def test_grad(self):
        A = jnp.abs(jax.random.normal(KEY, (10, 10)))
        A = (A + A.T) / 2

        def loss(C_raw):
            C = jax.nn.softmax(C_raw, axis=-1)
            return modularity_loss(A, C)

        g = jax.grad(loss)(jax.random.normal(KEY, (10, 3)))
        assert jnp.all(jnp.isfinite(g))


class TestEigenmapsLoss:
    def test_grad(self):
        A = jnp.abs(jax.random.normal(KEY, (10, 10)))
        A = (A + A.T) / 2

        def loss(Q):
            return eigenmaps_loss(Q, A)

        g = jax.grad(loss)(jax.random.normal(KEY, (10, 3)))
        assert jnp.all(jnp.isfinite(g))


# ---------------------------------------------------------------------------
# Spatial constraint losses
# ---------------------------------------------------------------------------

