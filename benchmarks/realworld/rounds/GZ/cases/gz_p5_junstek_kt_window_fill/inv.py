# Source: https://github.com/HugoJacq/Reconstruct_inertial_current/blob/79c46ef73c665bb5fb4d5dda9ad12c66ef2588fa/inv.py
# Title: inv.py (Variational: 4D-Var style cost and its JAX derivative for the slab models)
# Cut: kept the JAX cost, its jacfwd derivative and the jit wrappers; dropped the numpy/TGL-adjoint
#      branch, the vectorised cost, optimizers and device selection.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit


class Variational:
    def __init__(self, model, observations):
        self.inJax = model.isJax
        Co = observations.get_obs()
        self.Uo = Co[0]
        self.Vo = Co[1]
        self.Ri = self.Uo*0.+1
        self.observations = observations
        self.obs_period = observations.obs_period
        self.model_dt = model.dt
        self.model = model
        # JAX
        self.jax_grad_cost_jit = jit(self.jax_grad_cost)
        self.jax_cost_jit = jit(self.jax_cost)

    def jax_cost(self, pk):
        _, C = self.model.do_forward_jit(pk)
        U, V = jnp.real(C)[0], jnp.imag(C)[0]
        A = jnp.zeros(self.Uo.shape, dtype='float64')
        B = jnp.zeros(self.Uo.shape, dtype='float64')
        A = A.at[:].set(U[::self.obs_period//self.model_dt])
        B = B.at[:].set(V[::self.obs_period//self.model_dt])
        J = 0.5 * jnp.sum(((self.observations.Uo - A)*self.Ri)**2 + ((self.observations.Vo - B)*self.Ri)**2)
        return J

    def jax_grad_cost(self, pk):
        return jax.jacfwd(self.jax_cost)(pk)  # this is much faster than jax.grad

    def grad_cost(self, pk, save_iter=False):
        return self.jax_grad_cost_jit(pk)
