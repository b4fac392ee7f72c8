# Source: https://github.com/google/flax/issues/4045
# Title: Significant performance difference of NNX relative to equinox
# Cut: the MLPLinen module as posted in the comment of 2024-07-01; the tail of __call__ after the hidden loop, and the jitted train step, reconstructed in the thread's style (MSE on a batch, optax update).
import typing as tp
import jax
import jax.numpy as jnp
import flax.linen as linen
from flax.typing import Dtype, PrecisionLike
import optax


class MLPLinen(linen.Module):
    in_features: int
    out_features: int
    width: int
    depth: int
    activation: tp.Callable
    use_bias: bool = True
    use_final_bias: bool = True
    final_activation: tp.Optional[tp.Callable] = None
    dtype: tp.Optional[Dtype] = None
    param_dtype: Dtype = jnp.float32
    precision: PrecisionLike = None

    @linen.compact
    def __call__(self, x: jax.Array) -> jax.Array:
        x = linen.Dense(
            self.width,
            use_bias=self.use_bias,
            dtype=self.dtype,
            param_dtype=self.param_dtype,
            precision=self.precision,
        )(x)
        for _ in range(self.depth - 1):
            x = self.activation(x)
            x = linen.Dense(
                self.width,
                use_bias=self.use_bias,
                dtype=self.dtype,
                param_dtype=self.param_dtype,
                precision=self.precision,
            )(x)
        x = self.activation(x)
        x = linen.Dense(
            self.out_features,
            use_bias=self.use_final_bias,
            dtype=self.dtype,
            param_dtype=self.param_dtype,
            precision=self.precision,
        )(x)
        if self.final_activation is not None:
            x = self.final_activation(x)
        return x


model = MLPLinen(in_features=64, out_features=1, width=128, depth=3, activation=jax.nn.relu)
optimizer = optax.sgd(1e-3)


@jax.jit
def train_step(params, opt_state, x, y):
    def loss_fn(params):
        y_pred = model.apply(params, x)
        return jnp.mean((y_pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss
