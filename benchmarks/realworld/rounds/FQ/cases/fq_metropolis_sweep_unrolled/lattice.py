# Source: https://github.com/riccardo-rende/jaxmc/blob/02368dd33d7450a74b250d780a43f2cae693220f/jaxmc/lattice.py
# Title: jaxmc/lattice.py
# Cut: file reproduced whole.
from flax import struct

import jax
import jax.numpy as jnp

@struct.dataclass
class LatticeState():
    spins: jnp.ndarray
    neighbours: jnp.ndarray
    L: int