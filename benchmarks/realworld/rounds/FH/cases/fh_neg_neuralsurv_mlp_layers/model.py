# Source: https://github.com/MLGlobalHealth/neuralsurv/blob/9116c9be1f96d4ffc11e05e058c055e4643dd610/model/model.py
# Title: model/model.py (NeuralSurv network g(t, x; theta))
# Cut: kept get_model, NMLP and MLP; get_timestep_embedding removed.
from typing import Dict
from dataclasses import field
import flax.linen as nn
import jax.numpy as jnp


def get_model(config):
    if config.model.name == "mlp":
        mlp_main = MLP(
            n_hidden=config.model.n_hidden,
            n_layers=config.model.n_layers,
            activation=config.model.activation,
        )
        return NMLP(
            mlp_main=mlp_main,
        )
    else:
        raise NotImplementedError(f"Model {config.score_network.name} not implemented.")


class NMLP(nn.Module):
    mlp_main: nn

    @nn.compact
    def __call__(self, t, x):
        if len(t.shape) == 0:  # when batch size == 1
            t = t.reshape(1, -1)
        if len(x.shape) == 1:  # when batch size == 1
            x = x.reshape(1, -1)
        return self.mlp_main(x, t)


class MLP(nn.Module):
    n_hidden: int
    n_layers: int
    activation: nn
    use_dropout: bool = False
    use_batch_norm: bool = False
    use_residual: bool = False
    dropout_rate: float = 0.1
    _derivatives: Dict[int, callable] = field(default_factory=dict, init=False)

    @nn.compact
    def __call__(self, x, t, training=False):

        if len(t.shape) == 1:  # when batch size == 1
            t = t.reshape(-1, 1)

        x = jnp.concatenate([x, t], axis=-1)

        for _ in range(self.n_layers - 1):
            y = self.activation(nn.Dense(self.n_hidden)(x))

            if self.use_batch_norm:
                y = nn.BatchNorm()(y, use_running_average=not training)

            if self.use_dropout:
                y = nn.Dropout(self.dropout_rate)(y, deterministic=False)

            if self.use_residual and x.shape == y.shape:
                x = x + y  # Add skip connection
            else:
                x = y  # Just update x

        return nn.Dense(1)(x)
