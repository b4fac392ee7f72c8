# Source: https://github.com/oradwastaken/TMM_jax/blob/0e7ae75181dcb47b63cc0f88ac96348cd8a99c14/main_global_optimizer_example.py
# Title: main_global_optimizer_example.py ("An example optimizer for a transfer-matrix method (TMM)
#        calculator, enhanced using Google JAX")
# Cut: plotting and result printing removed; TMM_jit here returns R directly (see TMM_main.py cut).
from functools import partial
import random

import jax.numpy as np
import jax
from jax import jit, grad
from scipy import optimize

from TMM import TMM_jit
from materials import n_Si, n_SiO2


def is_even(number):
    return True if number % 2 == 0 else False


def main():
    jax.config.update("jax_platform_name", "cpu")
    jax.config.update("jax_enable_x64", True)

    # Set up the initial simulation:
    num_layers = 21

    wavelengths_target = np.linspace(1.55, 1.56, 21)
    indices = [
        n_Si(wavelengths_target)
        if is_even(layer_number)
        else n_SiO2(wavelengths_target)
        for layer_number in range(num_layers)
    ]
    TMM_params = {
        "wavelengths": wavelengths_target,
        "indices": indices,
        "n_BG_in": 1.0,
        "n_BG_out": 1.0,
        "angles": 0,
        "polarization": "p",
    }

    target_R = np.ones_like(wavelengths_target)
    TMM_thickness_only = partial(TMM_jit, **TMM_params)
    num_points = len(wavelengths_target)

    def obj_func(thicknesses):
        R = TMM_thickness_only(thicknesses=thicknesses)
        loss = np.sqrt(np.sum(np.abs(R - target_R) ** 2 / num_points))
        return loss

    grad_func = grad(obj_func)
    obj_func_compiled = jit(obj_func)
    grad_func_compiled = jit(grad_func)

    min_index = np.real(np.array(indices)).min()
    max_wavelength = wavelengths_target.max()
    bounds = (0, 4 * max_wavelength / min_index)
    thickness_guess = np.array([random.uniform(*bounds) for _ in range(num_layers)])

    optimization_result = optimize.basinhopping(
        func=obj_func_compiled,
        x0=thickness_guess,
        niter=500,
        minimizer_kwargs={
            "jac": grad_func_compiled,
            "bounds": [bounds] * num_layers,
        },
    )
    return optimization_result
