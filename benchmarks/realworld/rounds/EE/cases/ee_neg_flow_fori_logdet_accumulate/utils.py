# Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/flow/utils.py
# Title: flow/utils.py (act65/flow)
# Cut: kept divergence (with its FlattenFn helper) and scan_with_init_state; zip_arrays cut.
import jax.numpy as jnp
from jax import jacfwd
from jax import lax
from jax.tree_util import tree_map

class FlattenFn():
    def __init__(self, fn, argnum=0):
        self.fn = fn
        self.shape = None
        self.argnum = argnum

    def __call__(self, *args):
        # receives flat inputs. outputs flat outputs
        args = [arg.reshape(self.shape) if i == self.argnum else arg for i, arg in enumerate(args)]
        return self.fn(*args).ravel()

    def flatten_in(self, *args):
        self.shape = args[self.argnum].shape
        return [arg.ravel() if i == self.argnum else arg for i, arg in enumerate(args)]

def divergence(fn, argnums=0):
    flat_fn = FlattenFn(fn, argnum=argnums)
    jac_fn = jacfwd(flat_fn, argnums=argnums)
    def _divergence(*args):
        flat_args = flat_fn.flatten_in(*args)
        jac = jac_fn(*flat_args)
        if jac.ndim > 2:
            jac = jac.squeeze()
        return jnp.trace(jac, axis1=-2, axis2=-1)
    return _divergence


def scan_with_init_state(fn, init, n, length):
    """
    jnp.lax.scan doesnt return the initial state.
    This function does.
    """
    _,  xs = lax.scan(fn, init, n[:-1], length=length-1)
    return tree_map(lambda i, x: jnp.concatenate([i[None, ...], x], axis=0), init, xs)
