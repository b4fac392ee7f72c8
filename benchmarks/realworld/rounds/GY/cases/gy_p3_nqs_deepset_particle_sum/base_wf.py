# Source: https://github.com/Daniel-Haas-B/NeuralQuantumState/blob/5ff2599f408d3320974dc6235077600dbe380788/nqs/models/base_wf.py
# Title: nqs/models/base_wf.py (WaveFunction base class)
# Cut: kept only _jit_functions, which wraps set_0, set_1 and the grad/laplacian closures in jax.jit
import jax
import jax.numpy as jnp
import numpy as np

class WaveFunction:

    def _jit_functions(self):
        """
        JIT compile the wave function methods for performance using JAX, if available.
        """
        functions_to_jit = [
            # "log_wf",
            # "log_wf0", # dont use this with deepset at least
            "log_wfc_jastrow",
            "logprob_closure",
            "set_0",
            "set_1",
            "compute_sr_matrix",
            "grad_wf_closure",
            "grad_params_closure",
            "laplacian_closure",
            "_precompute",
            "_softplus",
        ]
        for func in functions_to_jit:
            if hasattr(self, func):
                setattr(self, func, jax.jit(getattr(self, func)))
