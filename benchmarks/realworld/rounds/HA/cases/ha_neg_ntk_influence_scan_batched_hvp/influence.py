# Source: https://github.com/ZhenhuanSun/ntk_influence/blob/94c681b7d210c2ed70e47f8e4f46e5a01681d4c1/utils/influence.py
# Title: utils/influence.py (influence of removing training points on NTK / linearised models, for machine unlearning)
# Cut: hvp, make_batched_hvp (lax.scan over padded minibatches) and _batched_vjp (lax.scan; the earlier Python
#      loop is left commented out by the author) kept verbatim; sharding helpers and solvers removed.
import jax
import jax.numpy as jnp
from jax import grad, jvp, vjp, vmap, jit, lax
from jax.tree_util import tree_map
from jax.scipy.sparse.linalg import cg

import math
import numpy as np
from functools import partial

def hvp(f, primals, tangents):
    """
    Compute the Hessian vector product via forward-over-reverse automatic differentiation without materializing the
    Hessian matrix. Adapted from: https://docs.jax.dev/en/latest/notebooks/autodiff_cookbook.html

    Parameters:
    -----------
    f:
        callable, f(inputs) -> outputs.
    primals:
        pytree, parameters at which Hessian is evaluated.
    tangents:
        pytree, vector to be multiplied by Hessian.

    Returns:
    --------
        pytree (with the same structure as primals), Hessian–vector product.
    """

    return jvp(grad(f), primals, tangents)[1]

def make_batched_hvp(loss_fn, params, params_p, xrs, yrs, batch_size, N):
    """
    Build a batched Hessian vector product function for the upweighted empirical risk L_D(theta, -1/|D|). Note that
    (|D_r| / |D|) L_{D_r}(theta) = (1 / |D|) sum_{(x, y) in D_r} (loss + regularization). This implementation produces
    the same HVP as
                upweight_loss_fn = make_upweight_loss_fn(loss_fn, params_p, xs, ys, forget_indices)
                hvp_fn = lambda v: hvp(upweight_loss_fn, (params,), (v,))  # Linear operator: v -> Hv
    but with lower peak memory usage, so it can be used for larger model and dataset.

    Parameters:
    -----------
    loss_fn:
        callable, loss_fn(params, params_p, xs, ys) -> loss.
    params:
        pytree, model parameters.
    params_p:
        linear models:
            pytree, all zeros.
        linearized models:
            pytree, parameters at which the model is linearized or all zeros.
        nonlinear models:
            pytree, parameters at initialization.
    xrs:
        jax.Array of shape (|D_r|, d_in), retain feature matrix, where d_in may be a scalar or a tuple.
    yrs:
        jax.Array of shape (|D_r|, d_out), retain target matrix.
    batch_size:
        int, default=100, minibatch size for batched HVP.
    N:
        int, number of data points in full dataset.

    Returns:
    --------
    hvp_fn:
        callable, hvp_fn(v) -> Hv, where H is the hessian of upweight_loss_fn with respect to params.
    """

    Nr = xrs.shape[0]
    num_steps = math.ceil(Nr / batch_size)
    pad = num_steps * batch_size - Nr

    # Pad to make sure fixed shapes across iterations
    xrs = jnp.pad(xrs, ((0, pad),) + ((0, 0),) * (xrs.ndim - 1))
    yrs = jnp.pad(yrs, ((0, pad),) + ((0, 0),) * (yrs.ndim - 1))

    xrs = xrs.reshape(num_steps, batch_size, *xrs.shape[1:])
    yrs = yrs.reshape(num_steps, batch_size, *yrs.shape[1:])

    # mask to recover true batch sizes
    mask = jnp.pad(jnp.ones(Nr, dtype=xrs.dtype), (0, pad))
    mask = mask.reshape(num_steps, batch_size)

    def hvp_fn(v):

        init = tree_map(jnp.zeros_like, v)

        def body(carry, inputs):
            x_b, y_b, m_b = inputs
            Nb = jnp.sum(m_b)
            fn = lambda p: loss_fn(p, params_p, x_b, y_b) # mean over batch
            hvp_b = tree_map(lambda x: Nb * x, hvp(fn, (params,), (v,))) # sum over batch
            carry = tree_map(lambda x, y: x + y, carry, hvp_b)
            return carry, None

        hvp_sum, _ = lax.scan(body, init, (xrs, yrs, mask))

        return tree_map(lambda x: x / N, hvp_sum)

    return hvp_fn

def _batched_vjp(apply_fn, primals, xs, tangents, batch_size):
    """
    batched version of
                        _, f_vjp = vjp(lambda p: apply_fn(p, xs), primals,)
                        result, = f_vjp(tangents)
    It helps reduce the peak memory of vector-Jacobian product when model and dataset are large.

    Parameters:
    -----------
    apply_fn:
        callable, apply_fn(params, xs, ys) -> logits.
    primals:
        linear models:
            pytree, whatever, the Jacobian of linear model does not depend on parameters.
        linearized models:
            pytree, parameters at which the model is linearized.
        nonlinear models:
            pytree, parameters at initialization.
    xs:
        jax.Array of shape (|D|, d_in), where d_in may be a scalar or a tuple, feature matrix.
    tangents:
        jax.Array of shape (|D|, d_out), vector to be multiplied by Jacobian matrix.
    batch_size:
        int, default=100, minibatch size for batched VJP.

    Returns:
    --------
    result:
        pytree with the same structure as primals, result of VJP.
    """

    # N = xs.shape[0]
    # result = tree_map(jnp.zeros_like, primals)
    #
    # for start in range(0, N, batch_size):
    #     end = min(start + batch_size, N)
    #     x_batch = xs[start:end]
    #     tangents_batch = tangents[start:end]
    #
    #     _, f_vjp = jax.vjp(lambda p: apply_fn(p, x_batch), primals)
    #     result_partial, = f_vjp(tangents_batch)
    #     result = tree_map(lambda x, y: x + y, result, result_partial) # accumulate the partial results

    N = xs.shape[0]
    num_steps = math.ceil(N / batch_size)
    pad = num_steps * batch_size - N

    # Pad to make sure fixed shapes across iterations
    xs = jnp.pad(xs, ((0, pad),) + ((0, 0),) * (xs.ndim - 1))
    tangents = jnp.pad(tangents, ((0, pad),) + ((0, 0),) * (tangents.ndim - 1))

    xs = xs.reshape(num_steps, batch_size, *xs.shape[1:])
    tangents = tangents.reshape(num_steps, batch_size, *tangents.shape[1:])

    init = tree_map(jnp.zeros_like, primals)

    def body(carry, inputs):
        x_batch, t_batch = inputs
        _, f_vjp = vjp(lambda p: apply_fn(p, x_batch), primals)
        partial, = f_vjp(t_batch)
        carry = tree_map(lambda a, b: a + b, carry, partial)
        return carry, None

    result, _ = lax.scan(body, init, (xs, tangents))

    return result
