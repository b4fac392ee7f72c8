# Source: https://github.com/robelgeda/peytonites2024/blob/64faec97b26702f823c079c6835c217e141e1099/hackathon/jax_nbody_notebook.ipynb
# Title: hackathon/jax_nbody_notebook.ipynb ("simple jax decoratied version", Princeton/NVIDIA open hackathon n-body)
# Cut: notebook cells 16-17 (initial conditions and the timing cell that jits the whole simulation); plots and prints trimmed.
from time import time

import jax
from astropy import units as u

import peytonites
from peytonites import SimState

from jax_simulation import jax_simulation

N = 40000
total_mass = N * (1*u.M_sun).to('g').value
radius = (10*u.lyr).to('cm').value
dynamical_time = peytonites.dynamical_time(total_mass, radius)

dist_1 = peytonites.plummer(
    N // 2, radius,
    x0=0, y0=0, z0=0,
    total_mass=total_mass,
    vx0=0.0, vy0=0.0, vz0=0.0,
    max_radius=radius
)

dist_2 = peytonites.plummer(
    N // 2, radius,
    x0=radius*8, y0=radius*8, z0=radius*8,
    total_mass=total_mass,
    vx0=0.0, vy0=0.0, vz0=0.0,
    max_radius=radius
)

dist_combo = dist_1 + dist_2

# Estimate softening param based on number density and mean length:
soft = peytonites.estimate_softening_length(N, radius, fraction=0.5)

sim_init_cond = SimState(
    distribution=dist_combo, # `Distribution` object
    nsteps=10000, # Number of steps in the sim
    dt=dynamical_time / 100, # Time interval for each time-step
    soft=soft, # Softening parameter
    out_interval=10 # Output sim every out_interval
)

out_dir = './solar_system_simout_JAX'
jitted_sim = jax.jit(jax_simulation, static_argnums=(0,1,2,3))
steps = 10

print('           JIT compiled')
tstart = time()
jitted_sim(steps, sim_init_cond, out_dir, verbose=False)
tend = time()

vector_run_time = (tend-tstart)*u.s
print('done', 'jax compile_and_run_time', vector_run_time)
