# Source: https://github.com/gehring/fax/blob/1bc0f4ddf4f0d54370b0c04282de49aa85685791/fax/loop.py
# Title: fax/loop.py (fixed-point iteration)
# Cut: docstrings shortened; argument checks kept.
import collections
import warnings

import jax
import jax.numpy as np

FixedPointSolution = collections.namedtuple(
    "FixedPointSolution",
    "value converged iterations previous_value"
)


def unrolled(i, init_x, func, num_iter, return_last_two=False):
    """Repeatedly apply a function using a regular python loop."""
    x = init_x
    x_old = None

    for _ in range(num_iter):
        x_old = x
        x = func(x_old)
        i = i + 1

    if return_last_two:
        return i, x, x_old
    else:
        return i, x


def fixed_point_iteration(init_x, func, convergence_test, max_iter,
                          batched_iter_size=1, unroll=False):
    """Find a fixed point of `func` by repeatedly applying `func`."""

    if batched_iter_size < 1:
        raise ValueError(
            "Argument `batch_iter_size` must be greater than zero.")

    if max_iter is not None and batched_iter_size > max_iter:
        raise ValueError((
            "Argument `batched_iter_size` must be smaller or equal to "
            "`max_iter`."))

    if max_iter is not None and max_iter % batched_iter_size != 0:
        warnings.warn((
            "Argument `batched_iter_size` should be a multiple of `max_iter` "
            "to guarantee that no more than `max_iter` iterations are used."))

    max_batched_iter = None
    if max_iter is not None:
        max_batched_iter = max_iter // batched_iter_size

    def cond(args):
        i, x_new, x_old = args
        converged = convergence_test(x_new, x_old)

        if max_iter is not None:
            converged = converged | (max_iter <= i)
        return np.logical_not(converged)

    def body(args):
        i, x_new, _ = args
        i_new, x_new, x_old = unrolled(i, x_new, func, batched_iter_size,
                                       return_last_two=True)
        return i_new, x_new, x_old

    init_vals = unrolled(0, init_x, func, batched_iter_size,
                         return_last_two=True)

    if unroll:
        if max_batched_iter is None:
            raise ValueError("`max_iter` must be not None when using `unroll`.")

        def scan_step(args, idx):
            del idx
            return body(args), None

        if max_batched_iter < 2:
            iterations, sol, prev_sol = init_vals
        else:
            (iterations, sol, prev_sol), _ = jax.lax.scan(
                f=scan_step,
                init=init_vals,
                xs=np.arange(max_batched_iter - 1),
            )
        converged = convergence_test(sol, prev_sol)

    else:
        iterations, sol, prev_sol = jax.lax.while_loop(
            cond,
            body,
            init_vals,
        )
        converged = max_iter is None or iterations < max_iter

    return FixedPointSolution(
        value=sol,
        converged=converged,
        iterations=iterations,
        previous_value=prev_sol,
    )
