# Source: https://github.com/cpml-au/SR-Traffic/blob/7b8c6c939cbab769476d311e364a6ed9c08a71f3/src/sr_traffic/learning/stgp_traffic.py
# Title: src/sr_traffic/learning/stgp_traffic.py
# Cut: kept init_prb (boundary-condition array built from the dict of boundary cells) and the call into the scan-based Godunov loop;
#      the jacfwd-based wave-speed helper is replaced by an ansatz entry, GP/fitness plumbing dropped.
from functools import partial
from typing import Dict

import jax.numpy as jnp
from dctkit.dec import cochain as C
from dctkit.mesh.simplex import SimplicialComplex

from sr_traffic.utils.godunov import body_fun, main_loop


def flux_der_wrap(x, flux_der, S):
    return C.CochainP0(S, flux_der(x.coeffs))


def init_prb(
    individual,
    rho_bnd: Dict,
    S: SimplicialComplex,
    num_t_points: int,
    delta_t: float,
    flats: Dict,
    ansatz: Dict,
):
    # set-up flux
    def flux(x):
        return C.cochain_mul(ansatz["flux"](x, *ansatz["opt_coeffs"]), individual(x))

    # set-up boundary conditions in an array
    rho_bnd_array = jnp.zeros((len(rho_bnd.keys()), num_t_points))
    for index in rho_bnd.keys():
        rho_bnd_array = rho_bnd_array.at[int(index), :].set(
            rho_bnd[index][:num_t_points]
        )

    flux_der = partial(flux_der_wrap, flux_der=ansatz["flux_der"], S=S)

    single_iteration = partial(
        body_fun, S, rho_bnd_array, flux, flux_der, delta_t, 0.0, flats
    )

    return flux, single_iteration


def simulate(individual, rho_0, rho_bnd, S, num_t_points, delta_t, flats, ansatz):
    flux, single_iteration = init_prb(
        individual, rho_bnd, S, num_t_points, delta_t, flats, ansatz
    )
    return main_loop(rho_0, single_iteration, num_t_points)
