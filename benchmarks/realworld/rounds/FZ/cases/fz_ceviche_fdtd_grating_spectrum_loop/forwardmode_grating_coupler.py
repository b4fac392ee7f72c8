# Source: https://github.com/fancompute/ceviche/blob/dcb8587c46e8e64b281004c3dee02a8ecd139721/examples/forwardmode_grating_coupler.py
# Title: examples/forwardmode_grating_coupler.py ("Forward Mode Demo ... differentiates the spectrum with respect to the grating fill factor")
# Cut: argument parsing, geometry constants, the angler mode source and plotting removed (their names are taken as given); projection, FDTD setup and the differentiated spectral_power kept.
import numpy as np
import autograd.numpy as npa

from ceviche import fdtd, jacobian
from ceviche.utils import my_fft


def sigmoid(x, strength=1):
    # smooth projection from {-inf, inf} to {0, 1}
    return 1 / (npa.exp(-strength * x) + 1)

def projection(density, center, eps_min, eps_max, strength=15):
    sig_dens = sigmoid(density - center, strength=strength)
    eps = (eps_max - eps_min) * sig_dens
    return eps


def run(teeth_density, eps_base, ff, sub_eps, grating_eps, source, wg_mode, dl, npml,
        Nx, Ny, total_time, t0, sigma, omega0, source_p):

    """ DEFINE TIME DOMAIN PROBLEM """
    eps_teeth_proj = projection(teeth_density, (1 - ff), sub_eps, grating_eps)
    eps_total = eps_teeth_proj + eps_base
    eps_total = eps_total.reshape((Nx, Ny, 1))
    source = source.reshape((Nx, Ny, 1))

    # make an FDTD and get its time step
    F_t = fdtd(eps_total, dl, [npml, npml, 0])
    dt = F_t.dt
    steps = int(total_time / dt)
    print('-> total of {} time steps'.format(steps))

    # make a gaussian source
    gaussian = lambda t: np.exp(-(t - t0 / dt)**2 / 2 / (sigma / dt)**2) * np.cos(omega0 * t * dt)
    source_fn = lambda t: np.abs(wg_mode) * gaussian(t)

    """ SPECTRAL POWER COMPUTATION """
    eps_base = eps_base.reshape((Nx, Ny, 1))
    teeth_density = teeth_density.reshape((Nx, Ny, 1))

    def spectral_power(ff):
        """ This function computes the spectral power as a function of fill factor
            will autograd/differentiate this with FMD (cevijacobian function)
        """

        # setup FDTD using explicit projection into permittivity
        eps_teeth_proj = projection(teeth_density, (1 - ff), sub_eps, grating_eps)
        eps_total = eps_teeth_proj + eps_base
        F = fdtd(eps_total, dl, [npml, npml, 0])

        # compute fields at each time step at the source above
        # note: we're solving the reciprocal problem of a waveguide -> free space coupler
        measured = []
        print('-> running FDTD within objective function')
        for t_index in range(steps):
            if t_index % 1000 == 0:
                print('   - done with time step {} of {} ({}%)'.format(t_index, steps, int(t_index / steps * 100)))
            fields = F.forward(Jz=source_fn(t_index))
            measured.append(npa.sum(fields['Ez'] * source))

        # get spectral power through FFT
        print('-> computing FFT')
        measured_f = my_fft(npa.array(measured))
        spect_power = npa.square(npa.abs(measured_f)) / source_p
        return spect_power

    """ DIFFERENTIATION W.R.T. FILL FACTOR """
    print('-> FMD-ing')
    jac_FMD = jacobian(spectral_power, mode='forward')(ff)
    return jac_FMD
