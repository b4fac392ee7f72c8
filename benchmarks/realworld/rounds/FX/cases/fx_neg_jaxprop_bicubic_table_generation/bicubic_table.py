# Source: https://github.com/turbo-sim/jaxprop/blob/a7fc8373b7d8a3ec6b39df6f486e27178a25178d/jaxprop/bicubic/bicubic_interpolation.py
# Title: jaxprop/bicubic/bicubic_interpolation.py -- FluidBicubic, bicubic property tables on an enthalpy-pressure grid
# Cut: imports, the property-table generation method and the forward finite-difference helper of
#      FluidBicubic kept; the explicit enthalpy/pressure table entries, the pickle saving, the
#      metastable and mixture table generators, the central-difference helper and the
#      interpolation methods removed; the eqx.Module field list is reconstructed from __init__.
import os
import time
import pickle
import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
import optimistix as optx
import jaxprop.coolprop as jxp
from tqdm import tqdm


class FluidBicubic(eqx.Module):
    fluid_name: str
    backend: str
    h_vals: jnp.ndarray
    logP_vals: jnp.ndarray
    N_h: int
    N_p: int
    delta_h: float
    delta_logP: float
    grad_method: str

    def _generate_property_table(self):
        # Initialize fluid (single component)
        fluid = jxp.Fluid(self.fluid_name, self.backend)

        # metadata
        table = {
            "metadata": dict(
                fluid=self.fluid_name,
                backend=self.backend,
                h_min=self.h_min,
                h_max=self.h_max,
                p_min=self.p_min,
                p_max=self.p_max,
                N_h=self.N_h,
                N_p=self.N_p,
                delta_h=self.delta_h,
                delta_logP=self.delta_logP,
            ),
        }

        # initialize property dicts for canonical properties
        for k in jxp.PROPERTIES_CANONICAL:
            table[k] = {
                "value": np.empty((self.N_h, self.N_p), dtype=np.float64),
                "grad_h": np.empty((self.N_h, self.N_p), dtype=np.float64),
                "grad_p": np.empty((self.N_h, self.N_p), dtype=np.float64),
                "grad_logP": np.empty((self.N_h, self.N_p), dtype=np.float64),
                "grad_ph": np.empty((self.N_h, self.N_p), dtype=np.float64),
                "grad_hlogP": np.empty((self.N_h, self.N_p), dtype=np.float64),
                "coeffs": np.empty((self.N_h - 1, self.N_p - 1, 16), dtype=np.float64),
            }

        # Start property calculations
        total_points = self.N_h * self.N_p
        success_count = 0       # direct gradient evaluations
        filled_count = 0        # points actually written in table
        failure_count = 0
        start_time = time.perf_counter()
        with tqdm(
            total=total_points,
            desc="Generating property table",
            ascii=True,
            ncols=80,
            bar_format="{l_bar}{bar}|",
        ) as pbar:
            for i, h in enumerate(np.asarray(self.h_vals)):
                for j, logP in enumerate(np.asarray(self.logP_vals)):
                    p = float(np.exp(logP))
                    # finite difference steps (avoid zero)
                    eps_h = 1e-5 * max(abs(h), 1.0)
                    eps_p = 1e-5 * max(abs(p), 1.0)

                    try:
                        if self.grad_method == "forward":
                            grads = self._gradients_forward(fluid, h, p, eps_h, eps_p)
                        elif self.grad_method == "central":
                            grads = self._gradients_central(fluid, h, p, eps_h, eps_p)
                        else:
                            raise ValueError(
                                f"Unknown gradient scheme: {self.grad_method}"
                            )
                        success_count += 1
                    except Exception:
                        # skip problematic grid points but keep going
                        pbar.update(1)
                        continue

                    # store computed properties
                    for k, (val, grad_h, grad_p, grad_hp) in grads.items():
                        table[k]["value"][i, j] = float(val)
                        table[k]["grad_h"][i, j] = float(grad_h)
                        table[k]["grad_p"][i, j] = float(grad_p)
                        # store derivatives wrt logP = (d/dP) * P
                        table[k]["grad_logP"][i, j] = float(grad_p * p)
                        table[k]["grad_ph"][i, j] = float(grad_hp)
                        table[k]["grad_hlogP"][i, j] = float(grad_hp * p)

                    pbar.update(1)

            # compute coefficients after full table computed
            for k in jxp.PROPERTIES_CANONICAL:
                table[k]["coeffs"] = compute_bicubic_coefficients(
                    table[k]["value"],
                    table[k]["grad_h"],
                    table[k]["grad_logP"],
                    table[k]["grad_hlogP"],
                    self.delta_h,
                    self.delta_logP,
                )

        # convert to jax arrays for all relevant sub-keys
        for k in table.keys():
            # skip metadata dictionary
            if k == "metadata":
                continue
            for sub in [
                "value",
                "grad_h",
                "grad_p",
                "grad_logP",
                "grad_ph",
                "grad_hlogP",
                "coeffs",
            ]:
                # some entries (like coeffs) might already be jnp arrays but this is safe
                table[k][sub] = jnp.array(table[k][sub], dtype=jnp.float64)

        return table

    # ------------------ Gradient helpers ------------------
    @staticmethod
    def _gradients_forward(fluid, h, p, eps_h, eps_p):
        f0 = fluid.get_state(jxp.HmassP_INPUTS, h, p)
        fh = fluid.get_state(jxp.HmassP_INPUTS, h + eps_h, p)
        fp = fluid.get_state(jxp.HmassP_INPUTS, h, p + eps_p)
        fhp = fluid.get_state(jxp.HmassP_INPUTS, h + eps_h, p + eps_p)

        grads = {}
        for k in jxp.PROPERTIES_CANONICAL:
            val = f0[k]
            grad_h = (fh[k] - f0[k]) / eps_h
            grad_p = (fp[k] - f0[k]) / eps_p
            grad_hp = (fhp[k] - fh[k] - fp[k] + f0[k]) / (eps_h * eps_p)
            grads[k] = (val, grad_h, grad_p, grad_hp)
        return grads
