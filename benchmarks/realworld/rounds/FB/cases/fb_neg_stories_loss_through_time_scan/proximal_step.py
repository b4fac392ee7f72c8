# Source: https://github.com/cantinilab/stories/blob/1770786b8f1691b2e05daacc8f7f409906ed077b/stories/steps/proximal_step.py
# Title: stories/steps/proximal_step.py (ProximalStep interface)
# Cut: docstrings shortened; kept chained_training_steps (fori_loop) and chained_inference_steps.
from abc import ABC, abstractmethod
from typing import Callable

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class ProximalStep(ABC):
    @abstractmethod
    def inference_step(self, x: jnp.ndarray, a: jnp.ndarray, potential_fun: Callable, tau: float) -> jnp.ndarray:
        pass

    @abstractmethod
    def training_step(self, x, a, potential_network: nn.Module, potential_params: optax.Params, tau: float) -> jnp.ndarray:
        pass

    def chained_inference_steps(self, x, a, potential_fun, tau, n_steps: int = 1):
        y = x.copy()
        for _ in range(n_steps):
            y = self.inference_step(y, a, potential_fun, tau / n_steps)
        return y

    def chained_training_steps(self, x, a, potential_network, potential_params, tau, n_steps: int = 1):
        return jax.lax.fori_loop(
            0,
            n_steps,
            lambda i, x: self.training_step(
                x, a, potential_network, potential_params, tau / n_steps
            ),
            x,
        )
