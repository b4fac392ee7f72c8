# Source: https://github.com/erikbrinkman/jaxsne/blob/bfa9fb0478d17fc7b179d8e9408914ff572c325a/jaxsne/_scaling.py
# Title: jaxsne/_scaling.py
# Cut: docstring shortened; the PCA init helper (jaxsne/_utils.py) inlined; the euclidean metric and Metric type reconstructed in place of the package imports.
from functools import partial

import jax
from jax import Array, random
from jax import numpy as jnp
from scipy import optimize as spo

Metric = object


def euclidean(left: Array, right: Array) -> Array:
    return jnp.sqrt(((left - right) ** 2).sum(-1))


def pca(data: Array, n_components: int) -> Array:
    normed = data - jnp.mean(data, 0)
    normed = normed / (normed.std(0) + 1e-6)
    vals, vecs = jnp.linalg.eig(normed.T @ normed)
    inds = jnp.argpartition(-vals.real, n_components)[:n_components]
    return normed @ vecs.real[:, inds]


@partial(jax.jit, static_argnames=["metric", "num", "dim"])
def _fun(x: Array, ref: Array, metric: Metric, num: int, dim: int) -> Array:
    points = x.reshape(num, dim)
    xi, yi = jnp.triu_indices(num, 1)
    dists = metric(points[xi], points[yi])
    return jnp.mean((dists - ref) ** 2)


ZERO_KEY = random.key(0)


def scaling(  # noqa: PLR0913
    data: Array,
    n_components: int = 2,
    *,
    in_metric: Metric = euclidean,
    out_metric: Metric = euclidean,
    max_iter: int = 1024,
    key: Array = ZERO_KEY,
    gtol: float = 1e-6,
    xtol: float = 1e-6,
) -> Array:
    """Apply multidimensional scaling."""
    num, _ = data.shape
    xi, yi = jnp.triu_indices(num, 1)
    ref = in_metric(data[xi], data[yi])

    init = pca(data, n_components)
    res = spo.minimize(
        _fun,  # type: ignore
        init.flatten(),
        (ref, out_metric, num, n_components),
        jac=jax.grad(_fun),  # type: ignore
        method="trust-constr",
        options={"maxiter": max_iter, "gtol": gtol, "xtol": xtol},
    )
    if not res.success:  # pragma: no cover
        raise RuntimeError(f"optimization failed with: {res.message}")
    return jnp.array(res.x.reshape(num, n_components))
