# Source: https://github.com/nimalec/meta-quantum-control/blob/7b039fccbcb4d88c3122472c10246b0913969d14/metaqctrl/quantum/lindblad.py
# Title: metaqctrl/quantum/lindblad.py (LindbladJAX: JAX Lindblad simulator for meta-learned control)
# Cut: the NumPy/SciPy LindbladSimulator class and the __main__ example removed; imports kept.
from typing import List

import numpy as np

try:
    import jax.numpy as jnp
    from jax import jit, vmap
    JAX_AVAILABLE = True
except ImportError:
    JAX_AVAILABLE = False
    jnp = None
    jit = lambda f: f  # No-op decorator if JAX not available
    vmap = None


class LindbladJAX:
    """JAX implementation for fast batched simulations and autodiff."""

    def __init__(
        self,
        H0,
        H_controls: List,
        n_segments: int,
        T: float
    ):
        if not JAX_AVAILABLE:
            raise ImportError("JAX is required for LindbladJAX but is not installed. "
                            "Install with: pip install jax jaxlib")

        self.H0 = jnp.asarray(H0) if jnp is not None else H0
        self.H_controls = [jnp.asarray(H) if jnp is not None else H for H in H_controls]
        self.n_segments = n_segments
        self.dt = T / n_segments
        self.d = H0.shape[0]

    @jit
    def evolve_step(self, rho, u, L_ops: List):
        """Single time step evolution with controls u and Lindblad operators L_ops."""
        H_total = self.H0
        for k, H_k in enumerate(self.H_controls):
            H_total = H_total + u[k] * H_k
        
        ham_term = -1j * (H_total @ rho - rho @ H_total)
        
        diss_term = jnp.zeros_like(rho)
        for L in L_ops:
            diss_term = diss_term + (
                L @ rho @ L.conj().T
                - 0.5 * (L.conj().T @ L @ rho + rho @ L.conj().T @ L)
            )
        
        drho = ham_term + diss_term
        return rho + self.dt * drho
    
    def evolve_trajectory(
        self,
        rho0,
        control_sequence,
        L_ops: List
    ):
        """Full trajectory evolution."""
        rho = rho0
        for u in control_sequence:
            rho = self.evolve_step(rho, u, L_ops)
        return rho

