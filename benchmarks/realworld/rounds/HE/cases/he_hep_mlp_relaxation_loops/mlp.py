# Source: https://github.com/Laborieux-Axel/holomorphic_eqprop/blob/c2ec5090cafd3723dc2e9da37b597a444118540d/models/mlp.py
# Title: models/mlp.py (holomorphic equilibrium propagation, haiku MLP energy model)
# Cut: kept the energy module, the jitted relaxation functions (fwd, noisy_fwd, fwd_for_fractal) and their
#      vmapped wrappers; dropped the EP gradient estimators, optimiser and evaluation methods; eval_conv and L2
#      come from the same class / utils and are only referenced. train_step and batched_loss kept to show
#      the call (T1=200, T2=50 in the repo's results/table1/*/hyperparameters.json; BPTT differentiates fwd).
import jax.numpy as jnp
import haiku as hk
from jax import grad, jit, vmap
from functools import partial
from jax import random
from jax.nn import log_softmax
from jax.tree_util import tree_map

from utils.data import one_hot
from utils.functions import L2


class xphi(hk.Module):
    def __init__(self, archi, name=None):
        super().__init__(name=name)
        layers = []
        for i in range(len(archi)):
            l_name = 'xphi/~/fc_'+str(i+1)
            size = archi[l_name]['fc']
            layers.append(hk.Linear(size, name='fc_'+str(i+1)))
        self.layers = tuple(layers)

    def __call__(self, x, h, y, beta):
        phi = 0.0
        l = x, *h
        for i in range(len(self.layers)-1):
            m = self.layers[i]
            phi = phi + jnp.sum( m( l[i] ) * l[i+1] )
        logits = self.layers[-1](l[-1])
        xent = -y*log_softmax(logits)
        phi = phi - beta * jnp.sum(xent)
        return phi, logits


class xp_mlp:

    def __init__(self, archi, act, n_targets, seed, noise=0.0):
        self.archi = archi
        self.act = act
        self.n_targets = n_targets
        self.seed = seed
        self.noise_level = noise

        def _phi(x, h, y, beta):
            module = xphi(archi)
            return module(x, h, y, beta)

        phi_func = hk.transform(_phi)
        self.phi = phi_func
        self.jtphi = jit(phi_func.apply)

    def init_noise(self, key):
        n = []
        for i in range(len(self.archi)-1):
            s = self.archi['xphi/~/fc_'+str(i+1)]['fc']
            key, subkey = random.split(key)
            n.append(self.noise_level * random.normal(subkey, (s,)))
        return tuple(n), key

    @partial(jit, static_argnums=(0,4))
    def fwd(self, params, x, h, T, beta, y):
        holo = (x.dtype == jnp.complex64)
        for t in range(T):
            h, logits = grad(self.jtphi, argnums=3, has_aux=True,
                             holomorphic=holo)(params, None, x, h, y, beta)
            h = tree_map(self.act, h)
        return h, logits

    @partial(jit, static_argnums=(0,4))
    def batched_fwd(self, *args):
        out_ax = (len(self.archi)-1)*(0,)
        in_ax = (None, 0, out_ax, None, None, 0)
        return vmap(self.fwd, in_axes=in_ax, out_axes=(out_ax, 0))(*args)

    @partial(jit, static_argnums=(0,4))
    def noisy_fwd(self, params, x, h, T, beta, y, key):
        holo = (x.dtype == jnp.complex64)
        for t in range(T):
            h, logits = grad(self.jtphi, argnums=3, has_aux=True,
                             holomorphic=holo)(params, None, x, h, y, beta)
            noise, key = self.init_noise(key)
            noisy_h = tree_map(lambda a, b: a+b, h, noise)
            h = tree_map(self.act, noisy_h)
        return h, logits, key

    @partial(jit, static_argnums=(0,4))
    def batched_noisy_fwd(self, *args):
        out_ax = (len(self.archi)-1)*(0,)
        in_ax = (None, 0, out_ax, None, None, 0, None)
        return vmap(self.noisy_fwd, in_axes=in_ax,
                    out_axes=(out_ax, 0, None))(*args)

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

    @partial(jit, static_argnums=(0,4))
    def batched_loss(self, params, x, h, T, y):
        h1, logits = self.batched_fwd(params, x, h, T, 0.0, y)
        loss = -y*log_softmax(logits, axis=1)
        loss = jnp.sum(loss, axis=1)
        return jnp.mean(loss, axis=0), (logits, h1)

    def train_step(self, params, batch, Ts, beta, lrs, algo, key):
        x, y = batch
        y = one_hot(y, self.n_targets)
        T1, T2, N = Ts
        h = self.batched_init_neurons(x)
        if algo=='EP':
            h1, _ = self.batched_fwd(params, x, h, T1, 0.0, y)
            grads, key = self.batched_ep_gradN(params, x, h1, T2, N, beta, y, key)
        elif algo=='BPTT':
            grads, aux = grad(self.batched_loss,
                              has_aux=True)(params, x, h, T1, y)
            _, h1 = aux
        new_params = self.sgd(params, grads, lrs)
        return new_params, h1, key
