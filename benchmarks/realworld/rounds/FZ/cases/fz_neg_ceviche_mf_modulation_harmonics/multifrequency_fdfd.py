# Source: https://github.com/fancompute/ceviche/blob/dcb8587c46e8e64b281004c3dee02a8ecd139721/examples/multifrequency_fdfd.ipynb
# Title: examples/multifrequency_fdfd.ipynb (isolator with two modulated regions, multi-frequency FDFD)
# Cut: notebook cells 2, 4, 6 and 8 converted to a script; plotting lines and %-magics removed.
import numpy as np
import autograd.numpy as npa
import skimage as sk
import copy

import matplotlib as mpl

import matplotlib.pylab as plt

from autograd.scipy.signal import convolve as conv
from skimage.draw import circle, circle_perimeter

import sys
sys.path.append('../')
import ceviche.viz
from ceviche import fdfd_mf_ez, jacobian
from ceviche.optimizers import adam_optimize
from ceviche.modes import insert_mode
# from ceviche.helper import operator_proj, operator_blur 

import collections
# Create a container for our slice coords to be used for sources and probes
Slice = collections.namedtuple('Slice', 'x y')

# Speed of light in vacuum
c0 = 3e+8
# Frequency of the source
omega=243e12 #rad/s and not Hz, typo in the actual paper
# Modulation frequency 
omega_mod=132e12 #rad/s and not THz, typo in the actual paper
# Number of sidebands on each side of central wavelength (total number of bands: 2*Nsb + 1)
Nsb = 1
# Spatial resolution in meters
dl=50e-9
# Number of pixels in the PMLs in each direction
Npml=10
# Background permittivity
eps_bg=1.0
# Waveguide structure's relative permittivity
eps_si=12.25
# Modulation depth in both regions
mod_depth=1.0
# Modulation phases of left and right regions
mod_phi_l = 0
mod_phi_r = np.pi/2
# Number of modulation frequencies (different from number of sidebands) 
Nfreq = 1
# Full width of simulation domain
W=4e-6
# Waveguide thickness
wg_width=1.1e-6
# Central section thickness
wc=2.0e-6
# Full length of simulation domain
L=55e-6
# Length of modulation region on each side
Lmod=19e-6
#Length of central section
Lmid=4.75e-6
# Number of pixels in x-direction
Nx=int(L/dl)
# Number of pixels in y-direction
Ny=int(W/dl) 
# Space between the PMLs and the design region (in pixels)
space=20
# Length in pixels of the source/probe slices on each side of the center point
slice_width=3*wg_width

print('Simulation domain is ' + str(Nx) + 'x' + str(Ny) + ' pixels')

def init_domain():
    """Initializes the domain and design region"""
    
    # Permittivity initialization of the structure
    epsr = eps_bg*np.ones((Nx, Ny))

    ## Geometry of waveguide
    # Left waveguide section
    wg_L1 = 0
    wg_L2 = int(Nx/2) - int(Lmid/2/dl)
    # Right waveguide section
    wg_R1 = int(Nx/2) + int(Lmid/2/dl)
    wg_R2 = int(Nx)
    wg_top = int(Ny/2) + int(wg_width/2/dl)
    wg_bot = int(Ny/2) - int(wg_width/2/dl)
    #Central section
    wg_c_top = int(Ny/2) + int(wc/2/dl)
    wg_c_bot = int(Ny/2) - int(wc/2/dl)
    
    ## Permittivity of waveguide
    epsr[wg_L1:wg_L2, wg_bot:wg_top] = eps_si
    epsr[wg_R1:wg_R2, wg_bot:wg_top] = eps_si
    epsr[wg_L2:wg_R1, wg_c_bot:wg_c_top] = eps_si

    # Coordinates of source input 
    input_slice = Slice(x=np.array(Npml+1), 
        y=np.arange(int(Ny/2) - int(slice_width/2/dl), int(Ny/2) + int(slice_width/2/dl)))
    
    # Coordinates of probe output
    output_slice = Slice(x=np.array(Nx-Npml-1), 
        y=np.arange(int(Ny/2) - int(slice_width/2/dl), int(Ny/2) + int(slice_width/2/dl)))
    
    # Modulation region (delta and phi)
    delta = np.zeros((Nfreq, Nx, Ny))
    delta[:, wg_L2-int(Lmod/dl):wg_L2, int(Ny/2):wg_top] = mod_depth
    delta[:, wg_R1:wg_R1+int(Lmod/dl), int(Ny/2):wg_top] = mod_depth
    phi = np.zeros((Nfreq, Nx, Ny))
    phi[:, wg_L2-int(Lmod/dl):wg_L2, int(Ny/2):wg_top] = mod_phi_l
    phi[:, wg_R1:wg_R1+int(Lmod/dl), int(Ny/2):wg_top] = mod_phi_r
    return epsr, input_slice, output_slice, delta, phi

# Initialize the parametrization rho and the design region
epsr, input_slice, output_slice, delta, phi = init_domain()
slices = [input_slice, output_slice]

# Setup source and pad appropriately (notice source is at 'input' slice)
source_0 = np.array([insert_mode(omega, dl, input_slice.x, input_slice.y, epsr, m=1)])
pad_left = np.zeros([Nsb,Nx,Ny])
pad_right = np.zeros([Nsb,Nx,Ny])
source = np.concatenate( (np.concatenate((pad_left, source_0)), pad_right) )

# Define multi-frequency FDFD simulation with the epsr, delta, phi profiles
simulation = fdfd_mf_ez(omega, dl, epsr, omega_mod, delta, phi, Nsb, [Npml, Npml])
# Solve for electric and magnetic fields
Hx, Hy, Ez = simulation.solve(source)
