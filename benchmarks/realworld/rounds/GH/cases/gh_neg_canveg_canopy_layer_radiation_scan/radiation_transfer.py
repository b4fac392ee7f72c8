# Source: https://github.com/pnnl/JAX-CanVeg/blob/c262bdf31fb3f60fc3e8d5062cc2d50889d3722f/src/jax_canveg/physics/energy_fluxes/radiation_transfer.py
# Title: JAX-CanVeg physics/energy_fluxes/radiation_transfer.py (rad_tran_canopy: Norman two-stream radiation through canopy layers)
# Cut: kept the module imports, get_all/update_all and rad_tran_canopy; diffuse_direct_radiation, sky_ir and ir_rad_tran_canopy cut

"""
Radiation transfer functions, including:
- diffuse_direct_radiation()
- sky_ir()
- rad_tran_canopy()
- ir_rad_tran_canopy()

Author: Peishi Jiang
Date: 2023.07.27.
"""

import jax
import jax.numpy as jnp

import equinox as eqx

from functools import partial
from typing import Tuple

from ...subjects import SunAng, LeafAng, ParNir, Para, Ir, SunShadedCan, Soil, Met
from ...subjects import Lai
from ...shared_utilities.types import Float_0D, Float_1D
from ...shared_utilities.utils import dot, add
from ...shared_utilities.solver import fixed_point


def get_all(states):
    return states


def update_all(states, new_states):
    return new_states



# @eqx.filter_jit
def rad_tran_canopy(
    sunang: SunAng,
    leafang: LeafAng,
    rad: ParNir,
    prm: Para,
    lai: Lai,
    reflect: Float_0D,
    trans: Float_0D,
    soil_refl: Float_0D,
    niter: int,
) -> ParNir:
    """This subroutine computes the flux density of direct and diffuse
       radiation in the near infrared waveband.  The Markov model is used
       to compute the probability of beam penetration through clumped foliage.

       The algorithms of Norman (1979) are used.

        Norman, J.M. 1979. Modeling the complete crop canopy.
        Modification of the Aerial Environment of Crops.
        B. Barfield and J. Gerber, Eds. American Society of Agricultural Engineers,
        249-280.

    Args:
        sunang (SunAng): _description_
        leafang (LeafAng): _description_
        rad (ParNir): _description_
        prm (Para): _description_
        niter (Int_0D): _description_
        mask_night (HashableArrayWrapper): _description_

    Returns:
        ParNir: _description_
    """
    absorbed = 1 - reflect - trans

    # ntime = rad.inbeam.shape[0]
    # jtot = prm.markov.shape[0]
    ntime, jtot = rad.sh_abs.shape
    jktot = jtot + 1
    # ntime = prm.ntime
    # jtot = prm.jtot
    # jktot = prm.jktot

    # Incident radiation above the canopy
    # Compute the amount of diffuse light that is transmitted through a layer.
    # Diffuse radiation through gpas and absorbed radiation transmitted
    # through leaves
    # @jnp.vectorize
    # def calculate_fraction_beam(inbeam_e, incoming_e):
    #     return jax.lax.cond(
    #         incoming_e == 0,
    #         lambda: 0.0,
    #         lambda: inbeam_e / incoming_e
    #     )
    # fraction_beam = calculate_fraction_beam(rad.inbeam, rad.incoming)
    rad_incoming_cp = rad.incoming
    rad_incoming_cp = jnp.clip(rad_incoming_cp, a_min=0.01)
    fraction_beam = rad.inbeam / rad_incoming_cp
    # fraction_beam = rad.inbeam / rad.incoming

    # # At night if rad.incoming is zero then set fraction_beam to zero
    @jnp.vectorize
    def set_night_to_zero(fraction_beam_e, rad_incoming_e):
        return jax.lax.cond(rad_incoming_e == 0, lambda: 0.0, lambda: fraction_beam_e)

    fraction_beam = set_night_to_zero(fraction_beam, rad.incoming)

    # fraction_beam = jnp.nan_to_num(fraction_beam, nan=0.0)
    # beam_top = fraction_beam # compute beam from initial ones

    # Compute beam radiation transfer and probability of beam
    # @jnp.vectorize
    @partial(jax.vmap, in_axes=(0, 0), out_axes=0)
    def convert_night_to_zero(v, sin_beta_e):
        return jax.lax.cond(sin_beta_e <= 0, lambda: jnp.zeros(jktot), lambda: v)

    # a = dot(
    #         leafang.Gfunc / sunang.sin_beta,  # (ntime,)
    #         # a,  # (ntime,)
    #         # -(prm.dff * prm.markov),  # (ntime, jtot)
    #         -(lai.dff * prm.markov),  # (ntime, jtot)
    #     )
    # jax.debug.print("# of infs: {x}", x=jnp.isinf(a).sum())
    # jax.debug.print("a stats: {x1}, {x2}", x1=a.min(), x2=a.max())
    exp_direct = jnp.exp(
        dot(
            leafang.Gfunc / sunang.sin_beta,  # (ntime,)
            # -(prm.dff * prm.markov),  # (ntime, jtot)
            -(lai.dff * prm.markov),  # (ntime, jtot)
        )
    )  # (ntime, jtot)
    exp_direct = jnp.concatenate(
        [exp_direct, jnp.ones([ntime, 1])], axis=1
    )  # (ntime, jktot)
    exp_direct = convert_night_to_zero(exp_direct, sunang.sin_beta)
    # exp_direct = exp_direct.at[mask_night.val, :].set(0.0)
    P0 = jax.lax.cumprod(exp_direct, axis=1, reverse=True)  # (ntime, jktot)
    Tbeam = P0
    # rad.prob_beam = jnp.concatenate(
    #     [rad.prob_beam[:,:prm.jtot-1],
    #      jnp.ones([prm.ntime,1]),
    #      rad.prob_beam[:,prm.jtot:]]
    # )

    # rad.prob_beam(:,prm.jtot)=ones;
    prob_beam = jnp.concatenate(
        [prm.markov * P0[:, :jtot], jnp.ones([ntime, 1])], axis=1
    )  # (ntime, jktot)
    prob_beam = jnp.clip(prob_beam, a_max=1.0)
    prob_beam = convert_night_to_zero(prob_beam, sunang.sin_beta)
    # prob_beam = prob_beam.at[mask_night.val, :].set(0.0)
    # rad.prob_shade = 1 - rad.prob_beam
    # jax.debug.print("prob_beam: {a}", a=prob_beam.mean(axis=0))

    # Calculate beam PAR that is transmitted downward
    # (ntime, jtot)
    incoming_beam = dot(rad.incoming * fraction_beam, Tbeam[:, 1:])
    incoming_beam = incoming_beam * (1 - exp_direct[:, :-1])
    sdn = incoming_beam * trans

    # Calculate beam PAR that is reflected upward
    # (ntime, jtot)
    # sup = incoming_beam * rad.reflect
    sup = incoming_beam * reflect

    # Calculate the transmission and reflection of each layer
    # reflectance_layer = (1 - leafang.integ_exp_diff) * rad.reflect  # (ntime, jtot)
    reflectance_layer = (1 - leafang.integ_exp_diff) * reflect  # (ntime, jtot)
    transmission_layer = (
        # leafang.integ_exp_diff + (1 - leafang.integ_exp_diff) * rad.trans
        leafang.integ_exp_diff
        + (1 - leafang.integ_exp_diff) * trans
    )  # (ntime, jtot)  # noqa: E501

    # Compute diffuse and complementary radiation
    dn_top = (1 - fraction_beam) * rad.incoming
    dn_init = jnp.concatenate(
        [jnp.zeros([ntime, jtot]), jnp.expand_dims(dn_top, axis=-1)], axis=1
    )
    up_init = jnp.zeros([ntime, jktot])

    def func(c2, para, *args):
        up, dn = c2[0], c2[1]
        dn_top, up_bot = dn[:, -1], up[:, 0]
        transmission_layer, reflectance_layer = args[0], args[1]
        rad_incoming, fraction_beam = args[2], args[3]
        Tbeam, soil_refl = args[4], args[5]
        sdn, sup = args[6], args[7]
        # jtot = args[8]

        jtot = transmission_layer.shape[1]

        def calculate_dnup_layer(c, i):
            dn_layer_t, up_layer_b = c, up[:, i]
            dn_layer_b = (
                dn_layer_t * transmission_layer[:, i]
                + up_layer_b * reflectance_layer[:, i]
                + sdn[:, i]
            )
            up_layer_t = (
                up_layer_b * transmission_layer[:, i]
                + dn_layer_t * reflectance_layer[:, i]
                + sup[:, i]
            )
            cnew = dn_layer_b
            out_layer = (dn_layer_b, up_layer_t)
            return cnew, out_layer

        _, out = jax.lax.scan(
            calculate_dnup_layer, dn_top, jnp.arange(jtot - 1, -1, -1)
        )
        outdn, outup = out[0], out[1]
        outdn = outdn.T
        dn = jnp.concatenate([outdn[:, ::-1], jnp.expand_dims(dn_top, axis=-1)], axis=1)

        # up_bot = (dn[:, 0] + rad.incoming * fraction_beam * Tbeam[:, 0])*rad.soil_refl
        up_bot = (dn[:, 0] + rad_incoming * fraction_beam * Tbeam[:, 0]) * soil_refl
        outup = outup.T
        up = jnp.concatenate([jnp.expand_dims(up_bot, axis=-1), outup[:, ::-1]], axis=1)

        c2new = [up, dn]
        return c2new

    states_initial = [up_init, dn_init]
    args = [
        transmission_layer,
        reflectance_layer,
        rad.incoming,
        fraction_beam,
        Tbeam,
        soil_refl,
        sdn,
        sup,
    ]
    states_final = fixed_point(func, states_initial, prm, niter, *args)
    # states_final = implicit_func_fixed_point(
    #     states_initial,
    #     prm,
    #     args,
    #     iter_func=func,
    #     update_substates_func=update_all,
    #     get_substates_func=get_all,
    #     niter=niter,
    # )
    up, dn = states_final[0], states_final[1]

    # upward diffuse radiation flux density, on the horizontal
    up_flux = up

    # downward beam radiation flux density, incident on the horizontal
    beam_flux = dot(rad.incoming * fraction_beam, Tbeam)

    # downward diffuse radiation flux density on the horizontal
    dn_flux = dn

    # # total downward radiation, incident on the horizontal
    # rad.total = rad.beam_flux + rad.dn_flux

    # amount of radiation absorbed on the sun and shade leaves
    # sh_abs = (dn_flux[:, :jtot] + up_flux[:, :jtot]) * rad.absorbed
    sh_abs = (dn_flux[:, :jtot] + up_flux[:, :jtot]) * absorbed
    normal = beam_flux[:, jtot] * leafang.Gfunc / sunang.sin_beta  # (ntime,)
    normal = jnp.clip(normal, a_min=0.0)
    # sun_normal_abs = normal * rad.absorbed
    sun_normal_abs = normal * absorbed
    sun_abs = add(sun_normal_abs, sh_abs)

    rad = eqx.tree_at(
        lambda t: (t.prob_beam, t.beam_flux, t.up_flux, t.dn_flux, t.sh_abs, t.sun_abs),
        rad,
        (prob_beam, beam_flux, up_flux, dn_flux, sh_abs, sun_abs),
    )

    return rad
