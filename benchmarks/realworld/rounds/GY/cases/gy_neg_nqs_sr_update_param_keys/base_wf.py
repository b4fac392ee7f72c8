# Source: https://github.com/Daniel-Haas-B/NeuralQuantumState/blob/5ff2599f408d3320974dc6235077600dbe380788/nqs/models/base_wf.py
# Title: nqs/models/base_wf.py (WaveFunction base class: SR matrix)
# Cut: kept _jit_functions and compute_sr_matrix (docstring shortened); everything else cut
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

    def compute_sr_matrix(self, expval_grad_params, grad_params, shift=1e-4):
        """
        Compute the matrix for the stochastic reconfiguration algorithm.
        The expval_grad_params and grad_params should be dictionaries with keys
        "v_bias", "h_bias", "kernel" in the case of RBM. In the case of FFNN,
        we have "weights" and "biases", and "kernel" is not present.
        """
        sr_matrices = {}

        for key, grad_value in grad_params.items():
            if "W" in key:  # means it is a matrix
                grad_params_outer = self.backend.einsum(
                    "nij,nkl->nijkl", grad_value, grad_value
                )  # this is ∂_W log(ψ) ⊗ ∂_W log(ψ) for the batch
            else:  # means it is a (bias) vector
                grad_params_outer = self.backend.einsum(
                    "ni,nj->nij", grad_value, grad_value
                )

            # this is < (d/dW_i log(psi)) (d/dW_j log(psi)) > over the batch
            expval_outer_grad = self.backend.mean(grad_params_outer, axis=0)
            outer_expval_grad = self.backend.outer(
                expval_grad_params[key], expval_grad_params[key]
            )  # this is <∂_W log(ψ)> ⊗ <∂_W log(ψ)>

            sr_mat = (
                expval_outer_grad.reshape(outer_expval_grad.shape) - outer_expval_grad
            )
            sr_matrices[key] = sr_mat + shift * self.backend.eye(sr_mat.shape[0])

        return sr_matrices
