# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/tests/test_losses.py
# Title: tests/test_losses.py — gradient tests for the connectivity losses
# Cut: kept the two grad tests that differentiate modularity_loss and eigenmaps_loss.
import jax
import jax.numpy as jnp

from losses import modularity_loss, eigenmaps_loss

KEY = jax.random.PRNGKey(0)


def test_modularity_grad():
    A = jnp.abs(jax.random.normal(KEY, (10, 10)))
    A = (A + A.T) / 2

    def loss(C_raw):
        C = jax.nn.softmax(C_raw, axis=-1)
        return modularity_loss(A, C)

    g = jax.grad(loss)(jax.random.normal(KEY, (10, 3)))
    assert jnp.all(jnp.isfinite(g))


def test_eigenmaps_grad():
    A = jnp.abs(jax.random.normal(KEY, (10, 10)))
    A = (A + A.T) / 2

    def loss(Q):
        return eigenmaps_loss(Q, A)

    g = jax.grad(loss)(jax.random.normal(KEY, (10, 3)))
    assert jnp.all(jnp.isfinite(g))
