# Source: https://github.com/avitai/DiffBio/blob/f366033b493d8738672782391495af067ba348c9/tests/operators/singlecell/test_velocity.py
# Title: tests/operators/singlecell/test_velocity.py
# Cut: kept the gradient and jit tests; fixtures inlined; other tests dropped.
import jax
import jax.numpy as jnp
from flax import nnx

from velocity import DifferentiableVelocity, VelocityConfig


def test_model_is_learnable():
    config = VelocityConfig(n_genes=30, hidden_dim=16, dt=0.1, n_steps=3)
    op = DifferentiableVelocity(config, rngs=nnx.Rngs(0))
    key = jax.random.key(0)
    key, subkey = jax.random.split(key)
    spliced = jax.nn.softplus(jax.random.normal(subkey, (15, 30)))
    key, subkey = jax.random.split(key)
    unspliced = jax.nn.softplus(jax.random.normal(subkey, (15, 30)))
    data = {"spliced": spliced, "unspliced": unspliced}
    state = {}

    @nnx.value_and_grad
    def loss_fn(model):
        transformed, _, _ = model.apply(data, state, None, None)
        return transformed["velocity"].sum()

    loss, grads = loss_fn(op)


def test_apply_is_jit_compatible():
    config = VelocityConfig(n_genes=30, hidden_dim=16, dt=0.1, n_steps=3)
    op = DifferentiableVelocity(config, rngs=nnx.Rngs(0))
    spliced = jnp.ones((15, 30))
    unspliced = jnp.ones((15, 30))

    @jax.jit
    def jit_apply(data, state):
        return op.apply(data, state, None, None)

    transformed, _, _ = jit_apply({"spliced": spliced, "unspliced": unspliced}, {})
    assert jnp.isfinite(transformed["velocity"]).all()
