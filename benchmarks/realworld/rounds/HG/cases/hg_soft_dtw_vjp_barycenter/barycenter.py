# Source: https://github.com/anh-tong/soft-dtw-jax/blob/f3f01049419a038d899cc4fae673813c8e0ed764/barycenter.ipynb
# Title: barycenter.ipynb
# Cut: code cells joined into a script; plotting and %timeit cells dropped. soft_dtw.py of the same repository provides _distance, _soft_dtw (lax.scan over anti-diagonals) and soft_dtw (custom_vjp); a minimal _distance is inlined and the rest imported.
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize
from soft_dtw import _soft_dtw, soft_dtw


def _distance(x, y):
    return jnp.sum(jnp.square(x - y))


t = jnp.linspace(0, 2 * jnp.pi, 32)
timeseries_1 = jnp.sin(t)
timeseries_2 = jnp.cos(t)
series = [timeseries_1, timeseries_2]


def cov_map(cov_fn, xs, ys):

    mv = jax.vmap(cov_fn, (0, None), 0)
    mm = jax.vmap(mv, (None, 0), 1)
    ret = mm(xs, ys)
    return ret


def soft_dtw_metric_custom_vjp(prediction, target, gamma=0.1):
    prediction = prediction[:, None]
    target = target[:, None]
    matrix = cov_map(_distance, prediction, target)
    # this function use custom VJP
    return soft_dtw(matrix, gamma=gamma)


def soft_dtw_metric_use_jax_diff(prediction, target, gamma=0.1):
    prediction = prediction[:, None]
    target = target[:, None]
    matrix = cov_map(_distance, prediction, target)
    # no VJP
    return _soft_dtw(matrix, gamma=gamma, return_last=False)[-1, -1]


def barycenter(timeseries, metric):
    def loss_fn(curve):
        return sum(metric(curve, ts) for ts in timeseries)

    init = jnp.zeros_like(timeseries[1])
    result = minimize(loss_fn, init, method="bfgs").x

    return result


result_use_custom_vjp = barycenter(series, metric=soft_dtw_metric_custom_vjp)
result_use_jax_diff = barycenter(series, metric=soft_dtw_metric_use_jax_diff)
