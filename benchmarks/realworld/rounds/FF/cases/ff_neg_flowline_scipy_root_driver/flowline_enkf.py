# Source: https://github.com/KYANJO/Data_assimilation_project/blob/bd849d176c85b48d68067926cd62f18150f22604/applications/flowline/flowline_enkf.py
# Title: applications/flowline/flowline_enkf.py (implicit 1D ice-sheet flowline model, JAX version)
# Cut: the residual function flowline() reduced to its thickness rows (velocity and
#      grounding-line rows cut); Jac_calc and flowline_run kept as written.
import jax
import numpy as np
from jax import jacfwd
import jax.numpy as jnp
from scipy.optimize import root

jax.config.update("jax_enable_x64", True) # Set the precision in JAX to use float64


def flowline(varin, varin_old, params, grid, bedfun):
    NX          = params["NX"]
    dt          = params["dt"] / params["tscale"]
    ds          = grid["dsigma"]
    sigma_elem  = grid["sigma_elem"]
    a           = params["accum"] / params["ascale"]
    transient   = params["transient"]

    h = varin[0:NX]
    u = varin[NX:2*NX]
    xg = varin[2*NX]
    h_old = varin_old[0:NX]
    xg_old = varin_old[2*NX]

    F = jnp.zeros(2 * NX + 1, dtype=jnp.float64)
    F = F.at[0].set(transient * (h[0] - h_old[0]) / dt + (2 * h[0] * u[0]) / (ds[0] * xg)  - a)
    F = F.at[2:NX-1].set(
        transient * (h[2:NX-1] - h_old[2:NX-1]) / dt
        - transient * sigma_elem[2:NX-1] * (xg - xg_old) * (h[3:NX] - h[1:NX-2]) / (2 * dt * ds[2:NX-1] * xg)
        + (h[2:NX-1] * (u[2:NX-1] + u[1:NX-2]) - h[1:NX-2] * (u[1:NX-2] + u[0:NX-3])) / (2 * xg * ds[2:NX-1]) - a
    )
    return F

# Calculate the Jacobian of the flowline model function --------------------------------------------------------------
def Jac_calc(huxg_old, params, grid, bedfun, flowlinefun):
    """
    Use automatic differentiation to calculate Jacobian for nonlinear solver.
    """

    def f(varin):
        # Initialize F as an array of zeros with size 2*NX + 1
        # F = jnp.zeros(2 * params["NX"] + 1, dtype=jnp.float64)
        # Call the flowline function with current arguments
        return flowlinefun(varin, huxg_old, params, grid, bedfun)
        # print(F)
        # return F

    # Create a function that calculates the Jacobian using JAX
    def Jf(varin):
        # Jacobian of f with respect to varin
        return jax.jacfwd(f)(varin)

    return Jf

# Function that runs the flowline model function --------------------------------------------------------------
def flowline_run(varin, params, grid, bedfun, flowlinefun):
    nt = params["NT"]
    huxg_old = varin
    huxg_all = np.zeros((huxg_old.shape[0], nt))

    for i in range(nt):
        if not params["assim"]:
            params["tcurrent"] = i + 1  # Adjusting for 1-based indexing in Julia
        
        # Jacobian calculation
        Jf = Jac_calc(huxg_old, params, grid, bedfun, flowlinefun)
        
        # Solve the system of nonlinear equations
        solve_result = root(
            lambda varin: flowlinefun(varin, huxg_old, params, grid, bedfun), 
            huxg_old, 
            jac=Jf, 
            method='hybr',  # Hybr is a commonly used solver like nlsolve
            options={'maxiter': 100}
        )
        
        # Update the old solution
        huxg_old = solve_result.x
        
        # Store the result for this time step
        huxg_all[:, i] = huxg_old

        if not params["assim"]:
            print(f"Step {i + 1}\n")
    
    return huxg_all