# Source: https://github.com/fancompute/ceviche/blob/dcb8587c46e8e64b281004c3dee02a8ecd139721/examples/optimize_1_3.py
# Title: examples/optimize_1_3.py (1-to-3 splitter inverse design with FDFD)
# Cut: argument parsing, init_domain body and plotting removed; probe construction, objective and its reverse-mode jacobian kept.
import numpy as np
import autograd.numpy as npa
from autograd.scipy.signal import convolve as conv
from skimage.draw import circle

from ceviche import fdfd_ez, jacobian
from ceviche.optimizers import adam_optimize
from ceviche.modes import insert_mode


def operator_proj(rho, eta=0.5, beta=100):
    """Density projection
    """
    return npa.divide(npa.tanh(beta * eta) + npa.tanh(beta * (rho - eta)), npa.tanh(beta * eta) + npa.tanh(beta * (1 - eta)))

def operator_blur(rho, radius=2):
    """Blur operator implemented via two-dimensional convolution
    """
    rr, cc = circle(radius, radius, radius+1)
    kernel = np.zeros((2*radius+1, 2*radius+1), dtype=np.float)
    kernel[rr, cc] = 1
    kernel=kernel/kernel.sum()
    # For whatever reason HIPS autograd doesn't support 'same' mode, so we need to manually crop the output
    return conv(rho, kernel, mode='full')[radius:-radius,radius:-radius]

def make_rho(rho, design_region, radius=2):
    """Helper function for applying the blur to only the design region
    """
    lpf_rho = operator_blur(rho, radius=radius) * design_region
    bg_rho = rho * (design_region==0).astype(np.float)
    return bg_rho + lpf_rho

def main(init_domain, omega, dl, Nx, Ny, Npml, epsr_min, epsr_max, space, wg_width, space_slice,
         blur_radius, beta, eta, Nsteps, step_size, objective_port_ind):
    # Setup initial structure
    rho_init, design_region, input_slice, output_slices = \
        init_domain(Nx, Ny, Npml, space=space, wg_width=wg_width, space_slice=space_slice)
    epsr = epsr_min + (epsr_max-epsr_min) * make_rho(rho_init, design_region, radius=blur_radius)

    # Setup source
    source = insert_mode(omega, dl, input_slice.x, input_slice.y, epsr)

    # Setup probes
    probes = []
    for output_slice in output_slices:
        probe = insert_mode(omega, dl, output_slice.x, output_slice.y, epsr)
        probes.append(probe)

    simulation = fdfd_ez(omega, dl, epsr, [Npml, Npml])

    # Define optimization objective
    def measure_modes(Ez, probe_ind=0):
        return npa.abs(npa.sum(npa.conj(Ez)*probes[probe_ind]))

    def objective(rho, probe_ind=objective_port_ind):
        rho = rho.reshape((Nx, Ny))
        _rho = make_rho(rho, design_region, radius=blur_radius)
        epsr = epsr_min + (epsr_max-epsr_min)*operator_proj(_rho, beta=beta, eta=eta) * design_region
        simulation.eps_r = epsr
        _, _, Ez = simulation.solve(source)
        return measure_modes(Ez, probe_ind=probe_ind)

    # Run optimization
    objective_jac = jacobian(objective, mode='reverse')
    (rho_optimum, loss) = adam_optimize(objective, rho_init.flatten(), objective_jac,
                                Nsteps=Nsteps, direction='max',
                                step_size=step_size)
    return rho_optimum.reshape((Nx, Ny))
