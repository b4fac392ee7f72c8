# Source: https://github.com/clemisch/ptychox/blob/76dc837d1045fb0e76d70b653f5faa13ccaaa5cd/examples/simu_pie.py
# Title: examples/simu_pie.py
# Cut: kept the imports, the scan-position grid, the vmapped forward simulation, the ePIE driver loop (plot updates kept) and the ML cost/LBFGS section; dropped the phantom loading (obj/probe come from there), the IPython autoreload and the figure set-up.
from pylab import *
import jax
import jax.numpy as jnp
import scipy.ndimage as nd
import scipy.optimize as opt
from itertools import product

import ptychox as px



M = 11
shifts0 = linspace(-0.25, 0.25, M, True) * N
shifts0 = array(list(product(shifts0, shifts0)))
shifts = shifts0 + rng.uniform(-1, 1, shifts0.shape)


@jax.jit
def get_forward(obj, probe, shift):
    probe = px.utils.get_shifted_roll(probe, shift)
    fwd = px.prop.to_farfield(obj * probe)
    return fwd

get_forwards = jax.vmap(get_forward, (None, None, 0))

fwds = get_forwards(obj, probe, shifts)

I_meas = abs(fwds)**2
I_meas_noise = poisson(I_meas).astype("float32")

# measured amplitudes
A_meas = sqrt(I_meas)
A_meas_noise = sqrt(I_meas_noise)



O = jnp.ones_like(obj)
P = probe

for i in tqdm(range(50)):
    O, P = px.pie.update_shots(O, P, shifts, A_meas_noise, 1.0, 1.0)
    
    ax00.set_data(abs(O))
    ax01.set_data(angle(O))
    ax10.set_data(abs(P))
    ax11.set_data(angle(P))
    pause(1e-3)



###############################################################################
# ML
###############################################################################

@jax.jit
def get_cost(O_real, O_imag, P_real, P_imag, ampls, shifts):
    O = O_real + 1j * O_imag
    P = P_real + 1j * P_imag

    def get_cost_shot(ampl, shift):
        P_shift = px.utils.get_shifted_roll(P, shift)
        # P_shift = px.utils.get_shifted_bilinear(P, shift)
        psi = px.prop.to_farfield(O * P_shift)
        fwd = jnp.abs(psi)
        cost = jnp.sum(jnp.square(fwd - ampl))
        return cost

    costs = jax.vmap(get_cost_shot)(ampls, shifts)
    cost = jnp.sum(costs)

    return cost


get_grad = jax.jit(jax.grad(get_cost, argnums=(0, 1, 2, 3)))



xopt, hist, res = px.lbfgs.lbfgs_aux(
    get_cost,
    get_grad,
    (O.real, O.imag, P.real, P.imag),
    aux=(A_meas_noise, shifts),
    tol=1e-4,
    maxiter=100,
    move_gpu=True,
    is_silent=False,
    history=True,
)

O_ = xopt[0] + 1j * xopt[1]
P_ = xopt[2] + 1j * xopt[3]
