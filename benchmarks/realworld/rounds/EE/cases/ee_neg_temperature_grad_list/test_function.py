# Source: https://github.com/cjim8889/vfsampler/blob/c1b0e5281f73157a070078ececa88971ffdfbe74/pkg/nn/test_function.py
# Title: pkg/nn/test_function.py (vfsampler): fixed temperature-scaled test functions
# Cut: TrainableTestFunction cut; FixedTestFunction kept as it was before commit 16a8009
#      (docstrings shortened). The temperatures come from main.py (six values, see objective.py).
from typing import Callable, List, Tuple

import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, Float



class FixedTestFunction(eqx.Module):
    """A fixed (non-trainable) test function: phi_i(x, t) = log_prob(x, t) / temperature_i."""
    
    # All fields are static (no trainable parameters)
    log_prob_fn: Callable[[Float[Array, "dim"], float], float] = eqx.field(static=True)
    temperatures: List[float] = eqx.field(static=True)
    
    def __init__(self, log_prob_fn: Callable[[Float[Array, "dim"], float], float], temperatures: List[float]):
        self.log_prob_fn = log_prob_fn
        self.temperatures = temperatures
    
    def __call__(self, x: Float[Array, "dim"], t: float) -> Tuple[Float[Array, "n_temps"], Float[Array, "n_temps dim"]]:
        # Compute base log probability once
        log_prob = self.log_prob_fn(x, t)
        
        # Compute phi for each temperature
        phi_values = jnp.array([log_prob / temp for temp in self.temperatures])
        
        # Compute gradients for each temperature
        def compute_grad_for_temp(temp):
            def phi_fn(x_):
                return self.log_prob_fn(x_, t) / temp
            return jax.grad(phi_fn)(x)
        
        grad_phi_values = jnp.stack([compute_grad_for_temp(temp) for temp in self.temperatures])
        
        return phi_values, grad_phi_values
