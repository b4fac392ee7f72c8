# Source: https://github.com/tonygracious/Hawkes_Process_JAX/blob/c3bdff67ca8ebf45f6fa820c918925a16da53323/jax_minimize_wrapper.py
# Title: Hawkes_Process_JAX - jax_minimize_wrapper.py (copied by the author from slinderman's gist)
# Cut: docstring removed; kept the wrapper that builds jit(grad(fun)) for scipy's L-BFGS-B.
import numpy as onp
import scipy.optimize
from jax import grad, jit
from jax.flatten_util import ravel_pytree


def minimize(fun, x0,
             method=None,
             args=(),
             bounds=None,
             constraints=(),
             tol=None,
             callback=None,
             options=None):
    # Use tree flatten and unflatten to convert params x0 from PyTrees to flat arrays
    x0_flat, unravel = ravel_pytree(x0)

    # Wrap the objective function to consume flat _original_
    # numpy arrays and produce scalar outputs.
    def fun_wrapper(x_flat, *args):
        x = unravel(x_flat)
        return float(fun(x, *args))

    # Wrap the gradient in a similar manner
    jac = jit(grad(fun))

    def jac_wrapper(x_flat, *args):
        x = unravel(x_flat)
        g_flat, _ = ravel_pytree(jac(x, *args))
        return onp.array(g_flat)

    # Wrap the callback to consume a pytree
    def callback_wrapper(x_flat, *args):
        if callback is not None:
            x = unravel(x_flat)
            return callback(x, *args)

    # Minimize with scipy
    results = scipy.optimize.minimize(fun_wrapper,
                                      x0_flat,
                                      args=args,
                                      method=method,
                                      jac=jac_wrapper,
                                      callback=callback_wrapper,
                                      bounds=bounds,
                                      constraints=constraints,
                                      tol=tol,
                                      options=options)

    # pack the output back into a PyTree
    results["x"] = unravel(results["x"])
    return results
