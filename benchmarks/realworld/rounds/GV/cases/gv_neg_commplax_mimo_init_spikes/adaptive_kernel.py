# Source: https://github.com/remifan/commplax/blob/8d51d6fdd42b8c2d40ff9e5ad22e30b3540ab54d/commplax/adaptive_kernel.py
# Title: commplax adaptive_kernel.py, MIMO tap initialiser and CMA blind equaliser
# Cut: mimoinitializer verbatim; cma() reduced to init/loss_fn/update without the
#      normalised-step and leakage branches; mimo/r2c reduced to one-liners.
import numpy as np
import jax
from jax import numpy as jnp


def default_complexing_dtype():
    return jnp.complex64


def mimo(w, u):
    return jnp.einsum('ijt,tj->i', w, u)


def mimoinitializer(taps, dims, dtype=None, initkind='centralspike', nspike=1):
    dtype = default_complexing_dtype() if dtype is None else dtype
    if np.isscalar(taps):
        match initkind.lower():
            case "zeros":
                w0 = jnp.zeros((dims, dims, taps), dtype=dtype)
            case "centralspike":
                w0 = jnp.zeros((dims, dims, taps), dtype=dtype)
                ctap = (taps + 1) // 2 - 1 
                ctaps = jnp.arange(ctap - nspike//2, ctap + (nspike+1)//2)
                for i in ctaps:
                    w0 = w0.at[np.arange(dims), np.arange(dims), i].set(1.)
            case _:
                raise ValueError('invalid initkind %s' % initkind)
    else:
        w0 = jnp.asarray(taps, dtype=dtype)
    return w0


def cma(lr=0.03, R2=1.32):
    def init(taps=19, dims=2, dtype=np.complex64, nspike=1, w0=None):
        w0 = mimoinitializer(taps, dims, dtype, initkind='centralspike', nspike=nspike) if w0 is None else w0
        m0 = 1 # small value of leak, see [4]
        s0 = (w0, m0)
        return s0

    def loss_fn(w, u):
        v = mimo(w, u)
        v2 = jnp.abs(v)**2
        loss = jnp.sum(jnp.abs(R2 - v2)**2)
        return loss

    def update(i, s, u):
        w, m = s
        l, g = jax.value_and_grad(loss_fn)(w, u)
        w = w - lr * g.conj()
        return (w, m), l

    return init, jax.jit(update)
