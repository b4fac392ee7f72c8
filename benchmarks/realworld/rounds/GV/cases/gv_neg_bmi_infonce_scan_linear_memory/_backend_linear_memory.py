# Source: https://github.com/cbg-ethz/bmi/blob/6c569b93f966dbdf53d4eb3fc287c791d87f2cd2/src/bmi/estimators/neural/_backend_linear_memory.py
# Title: bmi: "neural estimator losses implemented so that the memory is O(batch size)"
# Cut: module kept almost whole (type aliases inlined); docstrings shortened.
"""These are neural estimator losses implemented so that the memory
is O(batch size) rather than O(batch size ** 2).

In particular, we can use larger batches.
"""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def logmeanexp_nodiag(f, xs, ys, offset: float = 0) -> float:
    # Can be applied to (x, ys) for each x in xs
    f_vmap = jax.vmap(f, in_axes=(None, 0))

    def body_fun(i: int, x) -> tuple[int, float]:
        # Calculate [f(x, y1), ... f(x, yn)]
        fs: jnp.ndarray = f_vmap(x, ys) + offset

        # Now we don't want to sum the diagonal element
        fs = fs.at[i].set(-jnp.inf)

        return i + 1, logsumexp(fs)

    # We have now logsumexp calculated along axis
    size, vals = jax.lax.scan(body_fun, 0, xs)

    # Now we will logsumexp it to have the total logsumexp...
    lse = logsumexp(vals)

    # ... and finally we subtract the log-denominator to have the mean
    n_elements = size * (size - 1)

    return lse - jnp.log(n_elements)


def infonce(f, xs, ys) -> float:
    # Can be applied to (x, ys) for each x in xs
    f_vmap = jax.vmap(f, in_axes=(None, 0))

    def body_fun(_, x):
        fs = f_vmap(x, ys)
        return None, logsumexp(fs)

    _, vals = jax.lax.scan(body_fun, None, xs)

    # This is mean of logsumexp over different x
    mean_negative = jnp.mean(vals)

    # This is the mean score for positive pairs
    mean_positive = jnp.mean(jax.vmap(f, in_axes=(0, 0))(xs, ys))
    nll = mean_positive - mean_negative
    return nll + jnp.log(len(xs))


def donsker_varadhan(f, xs, ys) -> float:
    f_vmap = jax.vmap(f, in_axes=(0, 0))
    return jnp.mean(f_vmap(xs, ys)) - logmeanexp_nodiag(f, xs, ys)


def nwj(f, xs, ys) -> float:
    f_vmap = jax.vmap(f, in_axes=(0, 0))

    positive = jnp.mean(f_vmap(xs, ys))
    negative = jnp.exp(logmeanexp_nodiag(f, xs, ys, offset=-1.0))
    return positive - negative
