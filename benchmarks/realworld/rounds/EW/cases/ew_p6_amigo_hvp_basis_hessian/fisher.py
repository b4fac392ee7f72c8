# Source: https://github.com/LouisDesdoigts/amigo/blob/cfd111ae0943ae8f75ef628ccb6026d49514c9ea/src/amigo/fisher.py
# Title: src/amigo/fisher.py
# Cut: kept the imports, the reduce_ram hessian() helper (with the author's note) and FIM() that calls it; dropped calc_fisher(s); _perturb body cut (see ew_neg_amigo_fim_perturb_leaves).
import os
import zodiax as zdx
import jax.numpy as np
from jax import jit, grad, linearize, lax, vmap
from .misc import tqdm
import jax

"""
Some code adapted from here: 
https://github.com/google/jax/issues/3801#issuecomment-662131006

More resources:
https://github.com/google/jax/discussions/8456

I believe this efficient hessian diagonal methods only works _correctly_ if the output
hessian is _naturally_ diagonal, else the results are spurious.
"""


def hessian(f, x, has_aux=False, batch_size=1):
    # Jit the sub-function here since it is called many times
    if has_aux:
        _, hvp, aux = linearize(grad(f, has_aux=has_aux), x, has_aux=has_aux)
    else:
        _, hvp = linearize(grad(f), x)
    hvp = jit(hvp)

    # Build the basis
    basis = np.eye(x.size).reshape(-1, *x.shape)

    if batch_size == 1:
        return np.stack([hvp(e) for e in basis]).reshape(x.shape + x.shape)

    hvp = vmap(hvp)

    # Break it into batches
    n_batch = np.maximum(1, len(basis) // batch_size)
    basis = np.array_split(basis, n_batch)
    return np.concatenate([hvp(batch) for batch in basis])


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

    # Note reduce ram is removed until has_aux is implemented
    if reduce_ram:
        return hessian(loglike_fn_vec, X, has_aux=has_aux, batch_size=batch_size)
    else:
        if has_aux:
            fim, aux = jit(jax.hessian(loglike_fn_vec, has_aux=has_aux))(X)
        else:
            fim = jit(jax.hessian(loglike_fn_vec, has_aux=has_aux))(X)
    return fim


def _perturb(X, pytree, parameters, shapes, lengths):
    return pytree  # body cut
