# Source: https://github.com/alvinsunyixiao/aa203-sp23-project/blob/8a6aebcff1a85c7a791e08b45a275948904c725a/model.py
# Title: model.py (Stanford AA203 spring 2023 project: neural control barrier functions in Flax)
# Cut: SirenDense/SirenMLP, checkpoint loading, QP solve and training step dropped; the first lines of policy_multi (per-state value_and_grad under vmap) kept as lie_derivatives
import functools
import typing as T

import flax.linen as nn
import jax
import jax.numpy as jnp


class MLPCertificate(nn.Module):
    features: T.Tuple[int, ...]

    @nn.compact
    def __call__(self, x):
        for i, feat in enumerate(self.features):
            x = nn.Dense(features=feat)(x)
            x = nn.elu(x)

        x = nn.Dense(features=1)(x)[..., 0]

        return x


class NeuralCBF:
    def __init__(self,
        dynamics,
        cbf_lambda: float = 1.,
        dt: float = 1e-2,
        mlp_configs: T.Tuple[int, ...] = (256, 256, 256, 256),
    ) -> None:
        self.dynamics = dynamics
        self.cbf_lambda = cbf_lambda
        self.dt = dt

        # initialize mlp
        self.mlp_cert = MLPCertificate(features=mlp_configs)

    def h(self, states):
        return self.state.apply_fn({"params": self.state.params}, states)

    @functools.partial(jax.jit, static_argnums=(0,))
    def lie_derivatives(self, states):
        def jacobian_single(s):
            h, h_D_x_s = jax.value_and_grad(self.h)(s)
            Lf_h = h_D_x_s @ self.dynamics.f(s)
            Lg_h_c = h_D_x_s @ self.dynamics.g(s)

            return h, Lf_h, Lg_h_c

        h_k, Lf_h_k, Lg_h_kc = jax.vmap(jacobian_single)(states)
        return h_k, Lf_h_k, Lg_h_kc
