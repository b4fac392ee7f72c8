# Source: https://github.com/Laborieux-Axel/holomorphic_eqprop/blob/c2ec5090cafd3723dc2e9da37b597a444118540d/models/cnn.py
# Title: models/cnn.py (holomorphic equilibrium propagation, convolutional energy model)
# Cut: kept the jitted relaxations (fwd, fwd_for_fractal, fwd_for_grad), the per-teaching-point gradient estimator slow_ep_gradN
#      and the author's vmapped ep_gradN next to it; the haiku energy module, initialisation, optimiser and
#      evaluation are dropped (jtphi/eval_conv/eval_conv_for_grad/_batched_dEdw are methods of the same class).
#      T2=60 and N in {2, 4} in results/table2 and results/fig4c hyperparameters.json.
import jax.numpy as jnp
from jax import grad, jit, vmap
from functools import partial
from jax.lax import pmean, psum
from jax.tree_util import tree_map

from utils.functions import dict_zeros_like, add_param_dict, mul_param_dict
from utils.functions import div_param_dict, to_complex
from utils.functions import to_complex_dict, to_2real_dict, dict_none_like, L2


class xent_p_cnn:

    @partial(jit, static_argnums=(0,4))
    def fwd(self, params, x, h, T, beta, y):
    
        holo = (x.dtype == jnp.complex64)

        for t in range(T):
            h, logits = grad(self.jtphi, has_aux=True, argnums=3,
                             holomorphic=holo)(params, None, x, h, y, beta)
            h = tree_map(self.act, h) 
        
        return h, logits

    @partial(jit, static_argnums=(0,4))
    def batched_fwd(self, *args):
        out_ax = self.n_layers * (0,)
        in_ax = (None, 0, out_ax, None, None, 0)
        batched = vmap(self.fwd, in_axes=in_ax, out_axes=(out_ax, 0))(*args)
        return batched

    @partial(jit, static_argnums=(0,4))
    def fwd_for_fractal(self, params, x, h, T, beta, y):
    
        holo = (x.dtype == jnp.complex64)
        h0 = h

        for t in range(T):
            h, _ = grad(self.jtphi, argnums=3, has_aux=True,
                        holomorphic=holo)(params, None, x, h, y, beta)
            h = tree_map(self.act, h) 

        l2 = self.eval_conv(params, x, y, h, beta, True) 
        dist_h0 = L2(tree_map(lambda a, b: a-b, h0, h))
        l2 =  jnp.nan_to_num(l2, nan=1e4)
        dist_h0 =  jnp.nan_to_num(dist_h0, nan=1e4)

        return l2, dist_h0

    @partial(jit, static_argnums=(0,4))
    def batched_fwd_for_fractal(self, *args):
        in_ax = (None, None, None, None, 0, None)
        return vmap(self.fwd_for_fractal, in_axes=in_ax)(*args)

    @partial(jit, static_argnums=0)
    def _dEdw(self, params, x, h, beta, y):
        h = tree_map(lambda e: jnp.nan_to_num(e), h)
        holo = (x.dtype == jnp.complex64)
        dphidw, _ = grad(self.jtphi, has_aux=True, 
                         holomorphic=holo)(params, None, x, h, y, beta) 
        return div_param_dict(dphidw, -beta) # -beta because dEdw = -dphidw

    @partial(jit, static_argnums=(0,4))
    def fwd_for_grad(self, params, x, h, T, beta, y):
    
        holo = (x.dtype == jnp.complex64)

        for t in range(T):
            h, _ = grad(self.jtphi, argnums=3, has_aux=True,
                        holomorphic=holo)(params, None, x, h, y, beta)
            h = tree_map(self.act, h) 

        return h

    @partial(jit, static_argnums=(0,4))
    def batched_fwd_for_grad(self, *args):
        in_ax = (None, None, None, None, 0, None)
        return vmap(self.fwd_for_grad, in_axes=in_ax)(*args)

    @partial(jit, static_argnums=(0,4,5))
    def ep_gradN(self, params, x, h1, T, N, beta, y): 

        if N==1:
            grad = self.ep_grad1(params, x, h1, T, beta, y)
        else:
            if N%2==0:
                betas = jnp.array([beta, -beta])
                hs = self.batched_fwd_for_grad(params, x, h1, T, betas, y)
                grad = self._batched_dEdw(params, x, hs, betas, y) 
            else:
                h, _ = self.fwd(params, x, h1, T, beta, y)
                grad = self._dEdw(params, x, h, beta, y) 

            if N>2:
                cparams = to_complex_dict(params)
                h1 = to_complex(h1)
                x = x.astype(jnp.complex64)
   
                remain = (N+1)//2 - 1 
                first = 2*jnp.pi/N
                last = jnp.pi*( 1 - (2-(N%2))/N )
                angles = jnp.linspace(first, last, num=remain)
                betas = beta * jnp.exp(1j*angles)

                hs = self.batched_fwd_for_grad(cparams, x, h1, T, betas, y)

                l2s = self.batched_eval_conv_for_grad(cparams, x, y, hs, betas, True)
                safe = jnp.where(jnp.mean(jnp.log10(l2s))<=0, x=1.0, y=0.0)

                grad2 = self._batched_dEdw(cparams, x, hs, betas, y) 
                grad2 = to_2real_dict(grad2)
                grad2 = mul_param_dict(grad2, safe)
                grad = add_param_dict(grad, grad2)
                N = safe*N + (1-safe)*2
    
            grad = div_param_dict(grad, N)

        grad = tree_map(lambda e: jnp.nan_to_num(e), grad)

        return grad

    @partial(jit, static_argnums=(0,4,5))
    def slow_ep_gradN(self, params, x, h1, T, N, beta, y): 

        if N==1:
            grads = self.ep_grad1(params, x, h1, T, beta, y)
        else:
            grads = dict_zeros_like(params) 
            h, _ = self.fwd(params, x, h1, T, beta, y)
            inst_grads = self._dEdw(params, x, h, beta, y)
            grads = add_param_dict(grads, inst_grads)
    
            if N%2==0:
                h, _ = self.fwd(params, x, h1, T, -beta, y)
                inst_grads = self._dEdw(params, x, h, -beta, y)
                grads = add_param_dict(grads, inst_grads)
    
            if N>2:
                params = to_complex_dict(params)
                h1 = to_complex(h1)
                x = x.astype(jnp.complex64)
    
            for t in range(1, (N+1)//2): 
    
                cbeta = beta * jnp.exp((2 * 1j * jnp.pi * t)/N)
                h, _ = self.fwd(params, x, h1, T, cbeta, y)

                l2 = self.eval_conv(params, x, y, h, cbeta, True)
                safe = jnp.where(jnp.log10(l2)<=0, x=1.0, y=0.0)

                inst_grads = self._dEdw(params, x, h, cbeta, y)
                inst_grads = mul_param_dict(inst_grads, safe)
                inst_grads = to_2real_dict(inst_grads)
                grads = add_param_dict(grads, inst_grads)
     
            grads = div_param_dict(grads, N)

        grads = tree_map(lambda e: jnp.nan_to_num(e), grads)

        return grads

    @partial(jit, static_argnums=(0,4,5))
    def batched_slow_ep_gradN(self, *args):

        h_ax = self.n_layers*(0,)
        in_ax = (None, 0, h_ax, None, None, None, 0)
        out_ax = dict_none_like(args[0])

        return vmap(lambda *args: pmean(self.slow_ep_gradN(*args), axis_name='i'),
                    in_axes=in_ax, out_axes=out_ax, axis_name='i')(*args)
