# Source: https://github.com/avitai/DiffBio/blob/f366033b493d8738672782391495af067ba348c9/src/diffbio/operators/singlecell/velocity.py
# Title: src/diffbio/operators/singlecell/velocity.py (RNA velocity estimation via Neural ODEs)
# Cut: kept the config, the Euler step and the apply method; dropped TimeEncoder/KineticsEncoder bodies (replaced by stubs with the same outputs) and docstrings.
"""RNA velocity estimation via Neural ODEs."""

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from datarax.core.config import OperatorConfig
from datarax.core.operator import OperatorModule
from flax import nnx
from jaxtyping import Array, Float, PyTree


@dataclass(frozen=True)
class VelocityConfig(OperatorConfig):
    n_genes: int = 2000
    hidden_dim: int = 64
    dt: float = 0.1
    n_steps: int = 10
    kinetics_model: str = "standard"


class KineticsEncoder(nnx.Module):
    """Encoder for learning per-gene kinetics parameters."""

    def __init__(self, n_genes: int, *, rngs: nnx.Rngs):
        self.log_alpha = nnx.Param(jnp.zeros(n_genes))
        self.log_beta = nnx.Param(jnp.zeros(n_genes))
        self.log_gamma = nnx.Param(jnp.zeros(n_genes))

    def __call__(self):
        return (jax.nn.softplus(self.log_alpha.value),
                jax.nn.softplus(self.log_beta.value),
                jax.nn.softplus(self.log_gamma.value))


class DifferentiableVelocity(OperatorModule):
    def __init__(self, config: VelocityConfig, *, rngs: nnx.Rngs | None = None, name: str | None = None):
        super().__init__(config, rngs=rngs, name=name)
        if rngs is None:
            rngs = nnx.Rngs(0)
        self.n_genes = config.n_genes
        self.dt = config.dt
        self.n_steps = config.n_steps
        self.kinetics_encoder = KineticsEncoder(n_genes=config.n_genes, rngs=rngs)

    def _compute_velocity(self, spliced, unspliced, beta, gamma):
        velocity = beta[None, :] * unspliced - gamma[None, :] * spliced
        return velocity

    def _euler_step(
        self,
        s: Float[Array, "n_cells n_genes"],
        u: Float[Array, "n_cells n_genes"],
        alpha: Float[Array, "n_genes"],
        beta: Float[Array, "n_genes"],
        gamma: Float[Array, "n_genes"],
        dt: float,
    ):
        # du/dt = alpha - beta * u
        # ds/dt = beta * u - gamma * s
        du_dt = alpha[None, :] - beta[None, :] * u
        ds_dt = beta[None, :] * u - gamma[None, :] * s
        u_new = u + dt * du_dt
        s_new = s + dt * ds_dt
        u_new = jnp.maximum(u_new, 0.0)
        s_new = jnp.maximum(s_new, 0.0)
        return s_new, u_new

    def apply(
        self,
        data: PyTree,
        state: PyTree,
        metadata: dict[str, Any] | None,
        random_params: Any = None,
        stats: dict[str, Any] | None = None,
    ):
        spliced = data["spliced"]
        unspliced = data["unspliced"]

        alpha, beta, gamma = self.kinetics_encoder()
        velocity = self._compute_velocity(spliced, unspliced, beta, gamma)

        # Project forward using learned dynamics
        s_proj, u_proj = spliced, unspliced
        for _ in range(self.n_steps):
            s_proj, u_proj = self._euler_step(s_proj, u_proj, alpha, beta, gamma, self.dt)

        transformed_data = {
            "spliced": spliced,
            "unspliced": unspliced,
            "velocity": velocity,
            "alpha": alpha,
            "beta": beta,
            "gamma": gamma,
            "projected_spliced": s_proj,
        }
        return transformed_data, state, metadata
