# Source: https://github.com/vadmbertr/pastax-global-calibration/blob/ea952f535a27e5e6a9234656b9682cad555881c6/ekman-mdn/least_squares/global_estimate.ipynb
# Title: ekman-mdn/least_squares/global_estimate.ipynb (global Ekman/Stokes fit to GDP drifter velocities)
# Cut: code cells 1-4, 8-9, 14-15 converted to a script (data loading, the Ekman fit and the Ekman+Stokes fit); plotting and R^2 cells cut; display() calls kept as written

# --- cell 1 ---
import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

import datashader as ds
import geoviews as gv
gv.extension("bokeh")
import holoviews as hv
from holoviews.operation.datashader import rasterize
from IPython.display import display, Math
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import jaxopt
import numpy as np
import xarray as xr

# --- cell 2 ---
from_datetime_str = "1994-06-01"
to_datetime_str = "2025-08-01"

# --- cell 3 ---
gdp_ds = xr.open_zarr(f"data/gdp_interp_clean_{from_datetime_str}_{to_datetime_str}.zarr") 

# --- cell 4 ---
drifter = jnp.asarray((gdp_ds.ve + 1j * gdp_ds.vn).values, dtype=jnp.complex128)
lat = jnp.asarray(gdp_ds.lat.values)

geos = jnp.asarray((gdp_ds.ugos + 1j * gdp_ds.vgos).values, dtype=jnp.complex128)
wind = jnp.asarray((gdp_ds.eastward_wind + 1j * gdp_ds.northward_wind).values, dtype=jnp.complex128)
tau = jnp.asarray((gdp_ds.eastward_stress + 1j * gdp_ds.northward_stress).values, dtype=jnp.complex128)
stokes = jnp.asarray((gdp_ds.VSDX + 1j * gdp_ds.VSDY).values, dtype=jnp.complex128)

# --- cell 8 ---
def residual_fun(params, args):
    beta_e, theta_e = params
    drifter, lat, geos, tau = args

    theta_e = jnp.where(lat < 0, theta_e, -theta_e)
    alpha_e = beta_e * jnp.exp(1j * theta_e)

    return drifter - (geos + tau * alpha_e)


def mse_fun(params, args):
    res = residual_fun(params, args)
    return jnp.sum(jnp.abs(res) ** 2)


val_grad_mse_fun = jax.jit(jax.value_and_grad(mse_fun))


params_init = jnp.asarray([0.5, jnp.deg2rad(45.0)], dtype=jnp.float64)
lower_bounds = jnp.zeros_like(params_init)
upper_bounds = jnp.asarray([jnp.inf, jnp.deg2rad(90.0)], dtype=jnp.float64)

solver = jaxopt.ScipyBoundedMinimize(fun=val_grad_mse_fun, method="l-bfgs-b", value_and_grad=True)

sol = solver.run(
    params_init, bounds=(lower_bounds, upper_bounds), args=(drifter, lat, geos, tau)
)

print(f"Solve {'succeded' if sol.state.success else 'failed'}, after {sol.state.iter_num} iterations")

# --- cell 9 ---
beta_e_fit_ekman, theta_e_fit_ekman = sol.params
theta_e_fit_ekman = jnp.rad2deg(theta_e_fit_ekman)

display(Math(
    r"\beta_e = {:.2f} \,\text{{m}}^2\text{{s}}/\text{{kg}}, \, \theta_e = {:.2f} \,\degree".format(
        beta_e_fit_ekman.item(), theta_e_fit_ekman.item()
    )
))

# --- cell 14 ---
stokes_drift = jnp.asarray(gdp_ds["VSDX"] + 1j * gdp_ds["VSDY"].values, dtype=jnp.complex128)

# --- cell 15 ---
def residual_fun(params, args):
    beta_s, beta_e, theta_e = params
    drifter, lat, geos, stokes_drift, tau = args

    theta_e = jnp.where(lat < 0, theta_e, -theta_e)
    alpha_e = beta_e * jnp.exp(1j * theta_e)

    return drifter - (geos + stokes_drift * beta_s + tau * alpha_e)


def mse_fun(params, args):
    res = residual_fun(params, args)
    return jnp.sum(jnp.abs(res) ** 2)

val_grad_mse_fun = jax.jit(jax.value_and_grad(mse_fun))


params_init = jnp.asarray([0.5, 0.5, jnp.deg2rad(45.0)], dtype=jnp.float64)
lower_bounds = jnp.zeros_like(params_init)
upper_bounds = jnp.asarray([1., jnp.inf, jnp.deg2rad(90.0)], dtype=jnp.float64)

solver = jaxopt.ScipyBoundedMinimize(
    fun=val_grad_mse_fun, method="l-bfgs-b", value_and_grad=True
)

sol = solver.run(
    params_init, bounds=(lower_bounds, upper_bounds), args=(drifter, lat, geos, stokes_drift, tau)
)

print(f"Solve {'succeded' if sol.state.success else 'failed'}, after {sol.state.iter_num} iterations")
