# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/src/jaxboost/ensemble/hybrid_moe.py
# Title: src/jaxboost/ensemble/hybrid_moe.py (jaxboost EM mixture of GBDT experts with a JAX gating network)
# Cut: kept GatingNetwork, EMMOE._get_expert_predictions (in a stub EMMOE) and SparseEMMOE.predict;
#      the EM fitting loop, expert wrappers and HardEMMOE removed.
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array


class GatingNetwork:
    """MLP gating network for routing inputs to experts."""
    
    def __init__(
        self,
        hidden_dims: tuple[int, ...] = (32, 16),
        temperature: float = 1.0,
    ):
        self.hidden_dims = hidden_dims
        self.temperature = temperature
    
    def init_params(self, key: Array, num_features: int, num_experts: int) -> dict:
        """Initialize gating network parameters."""
        params = {"layers": []}
        dims = [num_features] + list(self.hidden_dims) + [num_experts]
        keys = jax.random.split(key, len(dims) - 1)
        
        for i, (in_dim, out_dim) in enumerate(zip(dims[:-1], dims[1:])):
            scale = jnp.sqrt(2.0 / in_dim)
            params["layers"].append({
                "W": jax.random.normal(keys[i], (in_dim, out_dim)) * scale,
                "b": jnp.zeros(out_dim),
            })
        return params
    
    def __call__(self, params: dict, x: Array, temperature: float | None = None) -> Array:
        """Forward pass: returns expert weights (batch, num_experts)."""
        temp = temperature if temperature is not None else self.temperature
        h = x
        for i, layer in enumerate(params["layers"]):
            h = h @ layer["W"] + layer["b"]
            if i < len(params["layers"]) - 1:
                h = jax.nn.relu(h)
        return jax.nn.softmax(h / temp, axis=-1)



class EMMOE:
    def __init__(self, experts, config, task="regression"):
        self.experts = experts
        self.config = config
        self.task = task
        self.gating = GatingNetwork()
        self._fitted = False

    def _get_expert_predictions(self, X: np.ndarray) -> np.ndarray:
        """Get predictions from all experts: (n_samples, num_experts)."""
        preds = []
        for expert in self.experts:
            try:
                preds.append(expert.predict(X))
            except ValueError:
                preds.append(np.zeros(X.shape[0]))
        return np.stack(preds, axis=-1)


class SparseEMMOE(EMMOE):
    """EM-MOE with sparse top-k routing.
    
    Only top-k experts are activated per sample, reducing computation
    at inference time.
    """
    
    def __init__(
        self,
        experts: list,
        config=None,
        task: str = "regression",
        top_k: int = 2,
    ):
        super().__init__(experts, config, task)
        self.top_k = top_k
    
    def predict(self, X: np.ndarray) -> np.ndarray:
        """Predict using only top-k experts per sample."""
        if not self._fitted:
            raise ValueError("MOE not fitted. Call fit() first.")
        
        X = np.asarray(X, dtype=np.float32)
        X_jax = jnp.array(X, dtype=jnp.float32)
        
        expert_preds = self._get_expert_predictions(X)
        gating_weights = np.array(self.gating(self.gating_params, X_jax))
        
        # Keep only top-k weights
        n_samples = X.shape[0]
        sparse_weights = np.zeros_like(gating_weights)
        
        for i in range(n_samples):
            top_k_idx = np.argsort(gating_weights[i])[-self.top_k:]
            sparse_weights[i, top_k_idx] = gating_weights[i, top_k_idx]
            sparse_weights[i] /= sparse_weights[i].sum()
        
        return np.sum(sparse_weights * expert_preds, axis=-1)
