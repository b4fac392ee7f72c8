# Source: https://github.com/Daniel-Haas-B/NeuralQuantumState/blob/5ff2599f408d3320974dc6235077600dbe380788/nqs/models/deepset.py
# Title: nqs/models/deepset.py (DSFFN: deep-set neural quantum state, trained with stochastic reconfiguration)
# Cut: kept the imports, the forward pass (log_wf0, set_0, set_1) and the JAX closures that vmap grad/hessian over samples; cut __init__, layer initialisation, pdf/logprob helpers
from functools import partial  # noqa

import jax
import jax.numpy as jnp
import numpy as np
from jax import vmap

from nqs.models.base_wf import WaveFunction
from nqs.state.utils import Parameter

class DSFFN(WaveFunction):

    def log_wf0(self, x, params):
        """
        This is the forward pass of the FFNN
        x: (batch_size, part * dim) array

        """
        output_set0 = self.set_0(x, params) / self.N
        output_set1 = self.set_1(  # noqa
            output_set0, params
        )  # this one needs to have linear activation as last
        return output_set1

    def log_wf_pretrain(self, x, params):
        """
        This is the forward pass of the FFNN
        x: (batch_size, part * dim) array

        """
        output = self.log_wf0(x, params)
        return output

    def set_0(self, x, params):
        """
        First level of the deepset.
        Will receive the normal input as before, meaning x of shape (batch_size, part * dim)
        Will have as many copies of the network as particles.
        Will then run over a set of particles and sum the output of the network for each particle.
        """
        collector = jnp.zeros(self.latent_dim)  # maybe this is not good in jax

        def pass_per_part(x_n, params):
            for i in range(0, len(self._layer_sizes0) - 1):
                x_n = x_n @ params.get(f"S0W{i}") + params.get(f"S0b{i}")
                x_n = self.activation(self._activations0[i])(
                    x_n
                )  # last one should be of latent_dim
            return x_n

        for n in range(0, self.N * self.dim, self.dim):
            # get the correct coordinates for each particle
            x_n = x[..., n : n + self.dim]
            x_n = pass_per_part(x_n, params)
            collector += x_n  # this should have dims (latent_dim,)

        return collector

    def set_1(self, x, params):
        """
        Second level of the deepset. this is the standard FFNN forward pass we know and love
        """

        for i in range(0, len(self._layer_sizes1) - 1):
            x = x @ params.get(f"S1W{i}") + params.get(f"S1b{i}")
            x = self.activation(self._activations1[i])(x)

        return x.squeeze(-1)

    def grad_wf_closure_jax(self, r, params):
        """
        This is the autograd version of the gradient of the logarithm of the wave function w.r.t. the coordinates
        """

        def value_log_wf(r, alpha):
            return self.log_wf(r, alpha)[1]

        grad_wf = jax.grad(value_log_wf, argnums=0)
        return vmap(grad_wf, in_axes=(0, None))(r, params)

    def laplacian_closure_jax(self, r, params):
        """ """

        def value_log_wf(r, alpha):
            return self.log_wf(r, alpha)[1]

        hessian_wf = vmap(jax.hessian(value_log_wf), in_axes=(0, None))
        trace_hessian = vmap(jnp.trace)

        return trace_hessian(hessian_wf(r, params))

    def grad_params_closure_jax(self, r, params):
        def value_log_wf(r, alpha):
            return self.log_wf(r, alpha)[1]

        grad_fn = vmap(jax.grad(value_log_wf, argnums=1), in_axes=(0, None))
        grad_eval = grad_fn(r, params)  # still a parameter type
        return grad_eval
