# Source: https://github.com/hlasco/rllbm/blob/08508c4eaa464c0f37068b431135e7c01988870a/rllbm/lbm/simulation.py
# Title: rllbm/lbm/simulation.py
# Cut: kept the jitted step of Simulation and its imports; constructor, masks and
#      boundary-condition setters cut. Lattice.Q is the stencil size (5 for D2Q5, 9 for D2Q9).
from functools import partial
from typing import Dict

import chex
import jax

from jax import jit
from jax import numpy as jnp

from rllbm.lbm.lattice import Lattice, CoupledLattices
from rllbm.lbm.collisions import collide
from rllbm.lbm.boundary import apply_boundary_conditions
from rllbm.lbm.stream import stream


@chex.dataclass
class LBMState:
    df: chex.Array
    bc: object
    omega: chex.Scalar


class Simulation:
    def __init__(self, domain, lattice, omega):
        self.domain = domain
        self.lattice = lattice
        self.omega = omega
        self.state_dict = None

    def step(self):
        self.state_dict, self.fluid_state = self._step(self.state_dict)

    @partial(jit, static_argnums=(0))
    def _step(self, state_dict: Dict[str, LBMState]) -> Dict[str, LBMState]:
        state_dict = apply_boundary_conditions(self.lattice, state_dict)

        fluid_state = self.lattice.get_macroscopics(state_dict)
        state_dict = collide(self.lattice, state_dict, fluid_state)
        state_dict = stream(self.lattice, state_dict)

        return state_dict, fluid_state
