# Source: https://github.com/LouisDesdoigts/amigo/blob/cfd111ae0943ae8f75ef628ccb6026d49514c9ea/src/amigo/fisher.py
# Title: src/amigo/fisher.py
# Cut: kept FIM() on its default (jax.hessian) path and _perturb(); the reduce_ram branch is cut; dropped the fisher caching functions.
import os
import zodiax as zdx
import jax.numpy as np
from jax import jit, grad, linearize, lax, vmap
from .misc import tqdm
import jax

def FIM(
    pytree,
    parameters,
    loglike_fn,
    *loglike_args,
    has_aux=False,
    reduce_ram=False,
    batch_size=1,
    **loglike_kwargs,
):
    # Build X vec
    pytree = zdx.tree.set_array(pytree, parameters)

    if len(parameters) == 1:
        parameters = [parameters]

    leaves = [pytree.get(p) for p in parameters]
    shapes = [leaf.shape for leaf in leaves]
    lengths = [leaf.size for leaf in leaves]
    N = np.array(lengths).sum()
    X = np.zeros(N)

    # Build function to calculate FIM and calculate
    def loglike_fn_vec(X):
        parametric_pytree = _perturb(X, pytree, parameters, shapes, lengths)
        return loglike_fn(parametric_pytree, *loglike_args, **loglike_kwargs)

    if has_aux:
        fim, aux = jit(jax.hessian(loglike_fn_vec, has_aux=has_aux))(X)
    else:
        fim = jit(jax.hessian(loglike_fn_vec, has_aux=has_aux))(X)
    return fim


def _perturb(X, pytree, parameters, shapes, lengths):
    n, xs = 0, []
    if isinstance(parameters, str):
        parameters = [parameters]
    indexes = range(len(parameters))

    for i, param, shape, length in zip(indexes, parameters, shapes, lengths):
        if length == 1:
            xs.append(X[i + n])
        else:
            xs.append(lax.dynamic_slice(X, (i + n,), (length,)).reshape(shape))
            n += length - 1

    return pytree.add(parameters, xs)
