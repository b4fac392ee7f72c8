# Source: https://github.com/pyro-ppl/numpyro/blob/0b935d488056ae1775b4ab05cbe2812f51f21a4f/notebooks/source/lotka_volterra_multiple.ipynb
# Title: NumPyro notebook "Lotka-Volterra with multiple initial conditions" (notebooks/source/lotka_volterra_multiple.ipynb)
# Cut: kept the model cell and the data-preparation cells (the padding comprehension joined on one line);
#      the synthetic-data simulation and MCMC/plot cells are dropped.
import functools

import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint
import numpyro
import numpyro.distributions as dist

n_datasets, t_min, t_max, n_points_min, n_points_max = 3, 100, 200, 80, 120
key = jax.random.PRNGKey


def dz_dt(z, t, theta):
    """Lotka-Volterra equations."""
    u, v = z
    alpha, beta, gamma, delta = theta
    du_dt = (alpha - beta * v) * u
    dv_dt = (-gamma + delta * u) * v
    return jnp.stack([du_dt, dv_dt])


def model(ts, y_init, y=None):
    z_init = numpyro.sample("z_init", dist.LogNormal(jnp.log(y_init), jnp.ones_like(y_init)))
    theta = numpyro.sample(
        "theta",
        dist.TruncatedNormal(low=0.0, loc=jnp.array([1.0, 0.05, 1.0, 0.05]), scale=jnp.array([0.2, 0.01, 0.2, 0.01])),
    )
    # helpers to solve ODEs in a vectorized form
    odeint_with_kwargs = functools.partial(odeint, rtol=1e-6, atol=1e-5, mxstep=1000)
    vect_solve_ode = jax.vmap(odeint_with_kwargs, in_axes=(None, 0, 0, None))
    zs = vect_solve_ode(dz_dt, z_init, ts, theta)
    sigma = numpyro.sample("sigma", dist.LogNormal(-1, 1).expand([2]))
    numpyro.sample("y", dist.LogNormal(jnp.log(zs), sigma), obs=y)


rand_duration = jax.random.randint(key(1), shape=(n_datasets,), minval=t_min, maxval=t_max)
rand_n_points = jax.random.randint(key(1), shape=(n_datasets,), minval=n_points_min, maxval=n_points_max)
# Note that arrays have different length and are stored in a list
time_arrays = [
    jnp.linspace(0, j, num=rand_n_points[i]).astype(float)
    for i, j in enumerate(rand_duration)
]
longest = jnp.max(jnp.array([len(i) for i in time_arrays]))

# Make a time matrix
ts = jnp.array([jnp.pad(arr, pad_width=(0, longest - len(arr)), constant_values=jnp.nan) for arr in time_arrays])


def fill_nans(ts):
    n_nan = jnp.sum(jnp.isnan(ts))
    if n_nan > 0:
        loc_first_nan = jnp.where(jnp.isnan(ts))[0][0]
        ts_filled_nans = ts.at[loc_first_nan:].set(jnp.linspace(t_max, t_max + 20, n_nan))
        return ts_filled_nans
    else:
        return ts


ts_filled_nans = jnp.array([fill_nans(t) for t in ts])
