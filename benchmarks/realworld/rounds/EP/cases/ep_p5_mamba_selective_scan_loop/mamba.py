# Source: https://github.com/HMUNACHI/nanodl/blob/5f729f30e35854f42205d541e6ec3b2e37be09ff/nanodl/__src/experimental/mamba.py
# Title: nanodl/__src/experimental/mamba.py
# Cut: kept MambaBlock (setup, __call__, selective_scan), the Mamba layer stack, and the trainer's pmap +
#      value_and_grad train_step; docstrings, generate methods and the rest of the trainer dropped.
import math
import time
from typing import Any, Iterable, Optional, Tuple

import flax
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from einops import einsum
from flax.training import train_state


class MambaBlock(nn.Module):

    d_inner: int
    d_conv: int
    dt_rank: int
    d_state: int
    d_model: int
    seq_len: int
    bias: bool
    conv_bias: bool

    def setup(self):
        self.norm = nn.RMSNorm(self.d_model)
        self.in_proj = nn.Dense(features=self.d_inner * 2, use_bias=self.bias)

        self.conv1d = nn.Conv(
            features=self.seq_len,
            kernel_size=(self.d_conv,),
            strides=(1,),
            padding="SAME",
            use_bias=self.conv_bias,
            feature_group_count=self.d_inner,
        )

        self.x_proj = nn.Dense(features=self.dt_rank + self.d_state * 2, use_bias=False)
        self.dt_proj = nn.Dense(features=self.d_inner, use_bias=True)
        self.out_proj = nn.Dense(features=self.d_model, use_bias=self.bias)

        # Parameter initialization
        A = jnp.tile(jnp.arange(1, self.d_state + 1), (self.d_inner, 1))
        self.A_log = self.variable("params", "A_log", lambda: jnp.log(A))
        self.D = self.variable("params", "D", lambda: jnp.ones((self.d_inner,)))

    def __call__(self, inputs: jnp.ndarray):
        u = self.norm(inputs)
        A = -jnp.exp(self.A_log.value)
        D = self.D.value
        x_and_res = self.in_proj(u)
        x, res = jnp.split(x_and_res, 2, axis=-1)
        x = jnp.transpose(x, (0, 2, 1))
        x = self.conv1d(x)[:, :, : u.shape[1]]
        x = jnp.transpose(x, (0, 2, 1))
        x = nn.silu(x)

        x_dbl = self.x_proj(u)
        delta, B, C = jnp.split(
            x_dbl,
            indices_or_sections=[self.dt_rank, self.dt_rank + self.d_state],
            axis=-1,
        )
        delta = nn.softplus(self.dt_proj(delta))
        y = self.selective_scan(x, delta, A, B, C, D)
        y = y * nn.silu(res)
        return self.out_proj(y) + inputs

    def selective_scan(
        self,
        u: jnp.ndarray,
        delta: jnp.ndarray,
        A: jnp.ndarray,
        B: jnp.ndarray,
        C: jnp.ndarray,
        D: jnp.ndarray,
    ) -> jnp.ndarray:

        b, l, d_in = u.shape
        n = A.shape[1]

        deltaA = jnp.exp(einsum(delta, A, "b l d_in, d_in n -> b l d_in n"))

        deltaB_u = einsum(delta, B, u, "b l d_in, b l n, b l d_in -> b l d_in n")

        x = jnp.zeros((b, d_in, n))
        ys = []

        for i in range(l):
            x = deltaA[:, i] * x + deltaB_u[:, i]
            y = einsum(x, C[:, i, :], "b d_in n, b n -> b d_in")
            ys.append(y)

        return jnp.stack(ys, axis=1) + u * D



class Mamba(nn.Module):

    vocab_size: int
    n_layer: int
    d_conv: int
    d_state: int
    d_model: int
    max_length: int
    expand: int
    max_length: int
    start_token: int
    end_token: int
    dropout: float
    bias: bool = True
    conv_bias: bool = True
    dt_rank: int = "auto"

    def setup(self):
        self.d_inner = int(self.expand * self.d_model)

        if self.dt_rank == "auto":
            self.dt_rank = math.ceil(self.d_model / 16)

        self.embedding = nn.Embed(self.vocab_size, self.d_model)

        self.layers = [
            MambaBlock(
                d_inner=self.d_inner,
                d_conv=self.d_conv,
                dt_rank=self.dt_rank,
                d_state=self.d_state,
                d_model=self.d_model,
                seq_len=self.max_length,
                bias=self.bias,
                conv_bias=self.conv_bias,
            )
            for _ in range(self.n_layer)
        ]

        self.norm_f = nn.RMSNorm(self.d_model)
        self.dropout1 = nn.Dropout(self.dropout)
        self.lm_head = nn.Dense(features=self.vocab_size, use_bias=False)
        # Note: Flax doesn't support parameter sharing like PyTorch's weight tying directly.
        # You might need to implement a custom method for weight tying or handle it outside the model definition.

    def __call__(self, input_ids: jnp.ndarray, training: bool = False) -> jnp.ndarray:

        x = self.embedding(input_ids)
        for layer in self.layers:
            x = self.dropout1(layer(x), deterministic=not training)

        x = self.norm_f(x)
        logits = self.lm_head(x)
        return logits


class MambaDataParallelTrainer:
    def __init__(self, model, input_shape, weights_filename, learning_rate=1e-5, params_path=None) -> None:
        self.model = model
        self.params = None
        self.params_path = params_path
        self.num_parameters = None
        self.best_val_loss = float("inf")
        self.weights_filename = weights_filename
        self.num_devices = jax.local_device_count()
        self.train_step = jax.pmap(
            MambaDataParallelTrainer.train_step, axis_name="devices"
        )
        self.evaluation_step = jax.pmap(
            MambaDataParallelTrainer.evaluation_step, axis_name="devices"
        )
        self.state = self.create_train_state(learning_rate, input_shape)
        print(f"Number of accelerators: {self.num_devices}")

    @staticmethod
    def train_step(
        state: Any, inputs: jnp.ndarray, targets: jnp.ndarray
    ) -> Tuple[Any, jnp.ndarray]:

        def loss_fn(params):
            logits = state.apply_fn(
                {"params": params},
                inputs,
                training=True,
                rngs={"dropout": jax.random.PRNGKey(int(time.time()))},
            )
            return optax.softmax_cross_entropy_with_integer_labels(
                logits, targets
            ).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        state = state.apply_gradients(grads=grads)
        return state, loss
