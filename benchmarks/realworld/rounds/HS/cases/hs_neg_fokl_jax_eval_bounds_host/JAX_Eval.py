# Source: https://github.com/ESMS-Group-Public/FoKL-GPy/blob/c11ed6ed51d42caf8cfa2f928e8d5b4ef0792164/src/FoKL/JAX_Eval.py
# Title: FoKL src/FoKL/JAX_Eval.py (JAX evaluation of a trained FoKL Karhunen-Loeve/spline GP surrogate)
# Cut: kept imports and evaluate_jax without its docstring; evaluate_preprocess and evaluate_basis_jax dropped
import jaxlib
import jax
import numpy as np
import jax.numpy as jnp
import warnings
from FoKL.FoKLRoutines import _process_kwargs, _merge_dicts, _str_to_bool

__all__ = ["evaluate_preprocess", "evaluate_jax", "evaluate_basis_jax"]
# ...
def evaluate_jax(model, inputs=None, betas=None, mtx=None, avgbetas=False, **kwargs):
# ...
    normputs, setnos, phis, betas, mtx, minmax, draws, current = evaluate_preprocess(model, inputs, betas, mtx, avgbetas, **kwargs)

    m, mbets = jnp.shape(betas)  # Size of betas
    n = jnp.shape(normputs)[0]  # Size of normalized inputs
    mputs = int(np.size(normputs) / n)

    X = jnp.zeros((n, mbets))
    normputs = jnp.asarray(normputs)

    phis = jnp.array(phis)
    setnos = jnp.array(setnos)
    mtx = jnp.array(mtx)

    if model.kernel == model.kernels[0]:  # == 'Cubic Splines':
        _, phind, xsm = model._inputs_to_phind(normputs)  # ..., phis=self.phis, kernel=self.kernel) already true
    else:
        raise ValueError("Kernel must be either 'Cubic Splines'")


    phind = jnp.ceil(normputs * 499)
    sett = (phind == 0)
    phind = phind + sett
    l_phis = 499
    r = 1 / l_phis  # interval of when basis function changes (i.e., when next cubic function defines spline)
    xmin = jnp.array((phind - 1) * r)
    X = (normputs - xmin) / r
    phind = phind.astype(int) - 1

    A = jnp.array([1, 2, 3])

    X_sc = np.stack([X**a for a in A], axis=2)
    def cubic_func(phis, phind, X, num, bet):

        return jax.numpy.where(
            num > 0,
            phis[num - 1][0][phind]
            + phis[num - 1][1][phind] * X[0]
            + phis[num - 1][2][phind] * X[1]
            + phis[num - 1][3][phind] * X[2],
            1.0
        )


    map_inputs = jax.vmap(cubic_func, in_axes=(None,0,0,0,None))
    map_dimensions = jax.vmap(
            map_inputs,
            in_axes=(None,None,None, 0 ,1)  # This maps over rows of phind and X
        )
    map_instances = jax.vmap(
        map_dimensions,
        in_axes=(None, 0, 0, None, None)  # This maps over columns of phind and X
    )
    X_vec = jax.numpy.prod(map_instances(phis, phind, X_sc, mtx.astype(int), betas[:,1:]), axis = 2)

    X = np.hstack([np.ones((n,1)),X_vec])

    def batched_matmul(X, betas, setnos):
        # Gather rows corresponding to `setnos`
        betas_subset = jax.lax.dynamic_slice(
            betas,
            start_indices=(setnos, 0),  # Start slicing at setnos
            slice_sizes=(1, betas.shape[1])  # Slice one row and all columns
        )
        betas_subset = jax.numpy.squeeze(betas_subset, axis=0)  # Remove singleton dimension

        # Perform the matrix multiplication
        return jax.numpy.transpose(jax.numpy.matmul(X, jax.numpy.transpose(betas_subset)))
    #

    jfunc = jax.vmap(batched_matmul, in_axes=(None, None, 0))
    modells = jfunc(X,betas,setnos.astype(int))
    mean = jax.numpy.mean(modells, axis=0)

    if current['ReturnBounds']:
        bounds = np.zeros((n, 2))  # note n == np.shape(data)[0] if data != 'ignore'
        cut = int(np.floor(draws * 0.025) + 1)
        for i in range(n):  # note n == np.shape(data)[0] if data != 'ignore'
            drawset = np.sort(modells[i, :])
            bounds[i, 0] = drawset[cut]
            bounds[i, 1] = drawset[draws - cut]
        return mean, bounds
    else:
        return mean
