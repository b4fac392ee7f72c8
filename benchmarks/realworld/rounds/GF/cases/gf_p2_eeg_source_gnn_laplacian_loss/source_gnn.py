# Source: https://github.com/m9h/neurojax/blob/3d34db7f720509403adcdcd212d0d7f379f4b2fe/src/neurojax/source/source_gnn.py
# Title: neurojax/source/source_gnn.py — physics-informed graph neural network for EEG/MEG source imaging
# Cut: kept tikhonov_inverse, the SourceGNN fields/__init__/__call__, its loss methods and the
#      training loop; dropped GraphConvLayer's body (stub kept), orientation_loss, docstrings.
from typing import List, Tuple

import equinox as eqx
import jax
import jax.numpy as jnp
import jraph
import optax


def tikhonov_inverse(Y: jnp.ndarray,
                     L: jnp.ndarray,
                     reg: float = 1e-3) -> jnp.ndarray:
    """Tikhonov-regularised pseudo-inverse via SVD."""
    U, s, Vt = jnp.linalg.svd(L, full_matrices=False)

    # Tikhonov filter factors: f_i = s_i / (s_i² + λ²)
    filter_factors = s / (s ** 2 + reg ** 2)

    # J = V @ diag(f) @ U^T @ Y
    J = Vt.T @ (filter_factors[:, None] * (U.T @ Y))
    return J


class GraphConvLayer(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, hidden_dim, *, key):
        self.linear = eqx.nn.Linear(hidden_dim, hidden_dim, key=key)

    def __call__(self, x, graph):
        ...


class SourceGNN(eqx.Module):
    input_proj: eqx.nn.Linear
    layers: list
    output_proj: eqx.nn.Linear
    orientation_mode: str
    tikhonov_reg: float

    def __init__(self, n_features: int, n_times: int, hidden_dim: int = 64,
                 n_layers: int = 3, orientation_mode: str = 'fixed',
                 svd_rank: int = 20, tikhonov_reg: float = 1e-3,
                 *, key: jax.random.PRNGKey):
        keys = jax.random.split(key, n_layers + 2)
        self.input_proj = eqx.nn.Linear(
            n_features + n_times, hidden_dim, key=keys[0]
        )
        self.layers = [
            GraphConvLayer(hidden_dim, key=keys[i + 1])
            for i in range(n_layers)
        ]
        self.output_proj = eqx.nn.Linear(
            hidden_dim, n_times, key=keys[-1]
        )
        self.orientation_mode = orientation_mode
        self.tikhonov_reg = tikhonov_reg

    def __call__(self, Y, L, graph: jraph.GraphsTuple, vertex_features):
        J0 = tikhonov_inverse(Y, L, reg=self.tikhonov_reg)  # (n_src, n_times)
        x = jnp.concatenate([J0, vertex_features], axis=1)
        x = jax.vmap(self.input_proj)(x)  # (n_src, hidden)
        for layer in self.layers:
            x = layer(x, graph)
        J = jax.vmap(self.output_proj)(x)  # (n_src, n_times)
        return J

    def physics_loss(self, Y: jnp.ndarray, L: jnp.ndarray,
                     J: jnp.ndarray) -> jnp.ndarray:
        """Data fidelity: ‖Y - L·J‖² / ‖Y‖²."""
        residual = Y - L @ J
        return jnp.sum(residual ** 2) / jnp.maximum(jnp.sum(Y ** 2), 1e-10)

    def smoothness_loss(self, J: jnp.ndarray,
                        laplacian: jnp.ndarray) -> jnp.ndarray:
        """Graph Laplacian smoothness: tr(J^T L J) / n_sources."""
        n_sources = J.shape[0]
        return jnp.trace(J.T @ laplacian @ J) / n_sources

    def sparsity_loss(self, J: jnp.ndarray) -> jnp.ndarray:
        """L1 sparsity penalty."""
        return jnp.mean(jnp.abs(J))

    def total_loss(self, Y, L, graph, vertex_features, normals, laplacian,
                   lambda_data=1.0, lambda_smooth=0.1, lambda_orient=0.01,
                   lambda_sparse=0.001):
        J = self(Y, L, graph, vertex_features)
        loss = (lambda_data * self.physics_loss(Y, L, J)
                + lambda_smooth * self.smoothness_loss(J, laplacian)
                + lambda_sparse * self.sparsity_loss(J))
        return loss


def train_source_gnn(model: SourceGNN, Y, L, graph, vertex_features, normals, laplacian,
                     n_steps: int = 200, lr: float = 1e-3, lambda_data: float = 1.0,
                     lambda_smooth: float = 0.01, lambda_orient: float = 0.0,
                     lambda_sparse: float = 0.001) -> Tuple[SourceGNN, List[float]]:
    optimizer = optax.adam(lr)
    opt_state = optimizer.init(eqx.filter(model, eqx.is_array))

    @eqx.filter_jit
    def step(model, opt_state):
        loss, grads = eqx.filter_value_and_grad(
            lambda m: m.total_loss(
                Y, L, graph, vertex_features, normals, laplacian,
                lambda_data, lambda_smooth, lambda_orient, lambda_sparse
            )
        )(model)
        updates, opt_state_new = optimizer.update(
            grads, opt_state, eqx.filter(model, eqx.is_array)
        )
        model_new = eqx.apply_updates(model, updates)
        return model_new, opt_state_new, loss

    losses = []
    for _ in range(n_steps):
        model, opt_state, loss = step(model, opt_state)
        losses.append(float(loss))

    return model, losses
