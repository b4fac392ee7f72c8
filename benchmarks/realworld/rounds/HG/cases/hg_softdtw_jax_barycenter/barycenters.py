# Source: https://github.com/khdlr/softdtw_jax/blob/0d0fbabbcca65f385ac5cdf37ad1766022a34a4d/Barycenters.ipynb
# Title: Barycenters.ipynb
# Cut: the notebook's code cells joined into one script; the plotting cell dropped; the import path shortened to the sibling module.
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize

from softdtw_jax import SoftDTW


def l2_distance(a, b):
    return jnp.mean(jnp.sum(jnp.square(a - b), axis=-1))

def barycenter(timeseries, metric=l2_distance):
    # Function to calculate the loss
    @jax.jit
    def loss_fn(curve):
        return sum(metric(curve, ts) for ts in timeseries)

    init = jnp.zeros(timeseries[1].shape)
    result = minimize(loss_fn, init, method='bfgs').x
    return result


t  = jnp.linspace(0, 2*jnp.pi, 32)
timeseries_1 = jnp.sin(t)
timeseries_2 = jnp.cos(t)
series = [timeseries_1, timeseries_2]

print('Calculating L2 Barycenter')
l2_barycenter   = barycenter(series, metric=l2_distance)
print('Calculating SDTW Barycenter')
sdtw_barycenter = barycenter(series, metric=SoftDTW(gamma=0.1))
