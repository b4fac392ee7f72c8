# Source: https://github.com/Daniel-Haas-B/NeuralQuantumState/blob/5ff2599f408d3320974dc6235077600dbe380788/nqs/models/ffnn.py
# Title: nqs/models/ffnn.py (FFNN neural quantum state)
# Cut: kept the forward pass and the JAX closures (vmap of grad/hessian of log_wf over samples); cut __init__, layer initialisation and wrappers
from functools import partial  # noqa

import jax
import numpy as np
from jax import vmap

from nqs.models.base_wf import WaveFunction
from nqs.state.utils import Parameter
from nqs.state.utils import State

# import time


class FFNN(WaveFunction):

    def log_wf0(self, x, params):
        """
        The core implementation of the neural network's forward pass.

        This method sequentially applies the network's layers to the input `x`, using the weights
        and biases specified by `params`, to compute the network's output.

        Parameters:
            x: A batch of particle positions of shape (batch_size, nparticles * dim).
            params: The current parameters of the neural network.

        Returns:
            A tensor of shape (batch_size,) representing the logarithm of the wave function evaluated at each position in `x`.
        """

        weights = [params.get(f"W{i}") for i in range(len(self._layer_sizes) - 1)]
        biases = [params.get(f"b{i}") for i in range(len(self._layer_sizes) - 1)]

        for i, (w, b) in enumerate(zip(weights, biases)):
            x = self.backend.matmul(x, w) + b
            x = self.activation(self._activations[i])(x)

        return x.squeeze(-1)

    def grad_wf_closure_jax(self, r, params):
        """
        Computes the gradient of the logarithm of the wave function with respect to the particle coordinates using JAX.

        This method utilizes automatic differentiation provided by JAX to efficiently compute the gradients
        required for the Monte Carlo updates.

        Parameters:
            r: A batch of particle positions.
            params: The current parameters of the neural network.

        Returns:
            A tensor representing the gradients of the log wave function with respect to `r`.
        """

        grad_wf = jax.grad(self.log_wf, argnums=0)
        return vmap(grad_wf, in_axes=(0, None))(r, params)

    def laplacian_closure_jax(self, r, params):
        """
        Computes the Laplacian of the logarithm of the wave function with respect to the particle coordinates using JAX.

        Utilizes the Hessian computation provided by JAX to calculate the Laplacian, which is the trace of the Hessian matrix,
        for each particle position in the batch.

        Parameters:
            r: A batch of particle positions.
            params: The current parameters of the neural network.

        Returns:
            A tensor representing the Laplacian of the log wave function with respect to `r`.
        """

        hessian_wf = vmap(jax.hessian(self.log_wf), in_axes=(0, None))
        trace_hessian = vmap(self.backend.trace)

        return trace_hessian(hessian_wf(r, params))
