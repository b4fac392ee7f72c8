# Source: https://github.com/orginos/jaxQFT/blob/3944a49c5635f74ef1652d1075be61583b8708e9/jaxqft/core/hmc_sampler.py
# Title: jaxqft/core/hmc_sampler.py (JAX port of torchQFT hmc_sampler helper)
# Cut: kept only the autodiff force of a batched action; the jitted phi4_force wrapper at the end
#      is reconstructed to show the force being traced (in the repo it runs inside the HMC scan).
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp

Array = jax.Array


@dataclass
class HMCSamplerForce:
    action: Callable[[Array], Array]

    def force(self, x: Array) -> Array:
        grad_fn = jax.grad(lambda y: jnp.sum(self.action(y)))
        return -grad_fn(x)


@jax.jit
def phi4_force(phi):
    from phi4 import Phi4
    theory = Phi4(V=(32, 32), lam=2.4, mass=-0.5, batch_size=phi.shape[0])
    return HMCSamplerForce(theory.action).force(phi)
