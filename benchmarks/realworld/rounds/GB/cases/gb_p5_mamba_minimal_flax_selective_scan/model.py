# Source: https://github.com/kcoopermiller/mamba-minimal-jax/blob/0e1b7275736a8e60ca377c454f7ab2f7696a9c1d/model.py
# Title: model.py -- "Reimplemntation of Mamba-minimal in JAX/Flax"
# Cut: kept MambaBlock (setup, __call__, ssm, selective_scan); dropped the Mamba/ResidualBlock
#      wrappers, from_pretrained and most docstrings. Code otherwise as in the source.
"""Reimplemntation of Mamba-minimal in JAX/Flax.

Refer to the orginal PyTorch Mamba-minimal or the Mamba paper/implementation for more details:
https://github.com/johnma2006/mamba-minimal
"""
import jax.numpy as jnp
from flax import linen as nn


class MambaBlock(nn.Module):
    args: "ModelArgs"

    def setup(self):
        self.in_proj = nn.Dense(features=self.args.d_inner * 2, use_bias=self.args.bias)
        self.conv1d = nn.Conv(
            features=self.args.d_inner,
            use_bias=self.args.conv_bias,
            kernel_size=[self.args.d_conv],
            feature_group_count=self.args.d_inner,
            padding=self.args.d_conv - 1
        )
        self.x_proj = nn.Dense(self.args.dt_rank + self.args.d_state * 2, use_bias=False)
        self.dt_proj = nn.Dense(self.args.d_inner, use_bias=True)
        A = jnp.tile(jnp.arange(1, self.args.d_state + 1), (self.args.d_inner, 1))
        self.A_log = self.param('A_log', lambda rng, shape: jnp.log(A), A.shape)
        self.D = self.param('D', nn.initializers.ones, (self.args.d_inner,))
        self.out_proj = nn.Dense(self.args.d_model, use_bias=self.args.bias)

    def __call__(self, x):
        (b, l, d) = x.shape
        x_and_res = self.in_proj(x)  # shape (b, l, 2 * d_in)
        (x, res) = jnp.split(x_and_res, indices_or_sections=[self.args.d_inner,], axis=-1)
        x = self.conv1d(x)[:, :l, :]
        x = nn.silu(x)
        y = self.ssm(x)
        y = y * nn.silu(res)
        output = self.out_proj(y)
        return output

    def ssm(self, x):
        (d_in, n) = self.A_log.shape
        A = -jnp.exp(self.A_log)  # shape (d_in, n)
        D = self.D.astype(jnp.float32)
        x_dbl = self.x_proj(x)  # (b, l, dt_rank + 2*n)
        (delta, B, C) = jnp.split(x_dbl, indices_or_sections=[self.args.dt_rank, self.args.dt_rank + n], axis=-1)
        delta = nn.softplus(self.dt_proj(delta))  # (b, l, d_in)
        y = self.selective_scan(x, delta, A, B, C, D)
        return y

    def selective_scan(self, u, delta, A, B, C, D):
        (b, l, d_in) = u.shape
        n = A.shape[1]

        deltaA = jnp.exp(jnp.einsum('b l d, d n -> b l d n', delta, A))
        deltaB_u = jnp.einsum('b l d, b l n, b l d -> b l d n', delta, B, u)

        # Perform selective scan (see scan_SSM() in The Annotated S4 [2])
        x = jnp.zeros((b, d_in, n))
        ys = []
        for i in range(l):
            x = deltaA[:, i] * x + deltaB_u[:, i]
            y = jnp.einsum('b d n, b n -> b d', x, C[:, i, :])
            ys.append(y)
        y = jnp.stack(ys, axis=1)  # shape (b, l, d_in)

        y = y + u * D

        return y
