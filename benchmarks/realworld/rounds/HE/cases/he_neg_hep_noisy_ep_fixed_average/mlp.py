# Source: https://github.com/Laborieux-Axel/holomorphic_eqprop/blob/c2ec5090cafd3723dc2e9da37b597a444118540d/models/mlp.py
# Title: models/mlp.py (holomorphic equilibrium propagation, noisy EP gradient)
# Cut: kept noisy_ep_grad1 (averages the EP gradient over a fixed N = 5 noisy single steps) and the helpers it
#      calls from the same class; noisy_fwd (the T-step relaxation) and the energy module are only referenced.
import jax.numpy as jnp
from jax import grad, jit
from functools import partial
from jax.tree_util import tree_map

from utils.functions import div_param_dict


class xp_mlp:

    @partial(jit, static_argnums=(0,4))
    def noisy_ep_grad1(self, params, x, h1, T2, beta, y, key):
        
        h1, _, key = self.noisy_fwd(params, x, h1, 1, 0.0, y, key)
        dphi_1_av, _ = grad(self.jtphi, has_aux=True)(params, None, x, h1, y, 0.0)
        h2, _, key = self.noisy_fwd(params, x, h1, T2, beta, y, key)
        dphi_2_av, _ = grad(self.jtphi, has_aux=True)(params, None, x, h2, y, beta)

        N = 5
        for i in range(N-1):
            h1, _, key = self.noisy_fwd(params, x, h1, 1, 0.0, y, key)
            dphi_1, _ = grad(self.jtphi, has_aux=True)(params, None, x, h1, y, 0.0)
            dphi_1_av = tree_map(lambda a, b: a+b, dphi_1_av, dphi_1)

            h2, _, key = self.noisy_fwd(params, x, h2, 1, beta, y, key)
            dphi_2, _ = grad(self.jtphi, has_aux=True)(params, None, x, h2, y, beta)
            dphi_2_av = tree_map(lambda a, b: a+b, dphi_2_av, dphi_2)

        dphi_1_av = div_param_dict(dphi_1_av, N)
        dphi_2_av = div_param_dict(dphi_2_av, N)
        
        grads = tree_map(lambda a, b: a-b, dphi_1_av, dphi_2_av)
        grads = div_param_dict(grads, beta)
        
        return grads, key



    @partial(jit, static_argnums=0)
    def _dEdw(self, params, x, h, beta, y):
        h = tree_map(lambda e: jnp.nan_to_num(e), h)
        holo = (x.dtype == jnp.complex64)
        dphidw, _ = grad(self.jtphi, has_aux=True, 
                         holomorphic=holo)(params, None, x, h, y, beta) 
        return div_param_dict(dphidw, -beta) # -beta because dEdw = -dphidw

