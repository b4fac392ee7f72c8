# Source: https://github.com/robelgeda/peytonites2024/blob/64faec97b26702f823c079c6835c217e141e1099/hackathon/jax_nbody_notebook.ipynb
# Title: hackathon/jax_nbody_notebook.ipynb ("simple jax decoratied version", Princeton/NVIDIA open hackathon n-body)
# Cut: notebook cell 15 (jax_simulation) converted to a module; plotting cells and the numpy versions dropped.
import os
from os import path

import jax
import jax.numpy as jnp

from peytonites import Distribution


def jax_simulation(n_steps, sim_init_cond, out_dir, verbose=False):

    G = sim_init_cond.G # cm^3 / (g s^2)
    dt = sim_init_cond.dt
    nsteps = n_steps  #sim_init_cond.nsteps
    out_interval = sim_init_cond.out_interval
    soft = sim_init_cond.soft

    init_dist = sim_init_cond.distribution

    number_particles = init_dist.N

    x_arr = jnp.array(init_dist.x.copy())
    y_arr = jnp.array(init_dist.y.copy())
    z_arr = jnp.array(init_dist.z.copy())

    vx_arr = jnp.array(init_dist.vx.copy())
    vy_arr = jnp.array(init_dist.vy.copy())
    vz_arr = jnp.array(init_dist.vz.copy())

    mass_arr = jnp.array(init_dist.m.copy())
    #----------------------------------------
    for step in range(nsteps):
        dx = x_arr[:, jnp.newaxis] - x_arr
        dy = y_arr[:, jnp.newaxis] - y_arr
        dz = z_arr[:, jnp.newaxis] - z_arr

        # Avoid division by zero by adding softening length
        r_squared = dx**2 + dy**2 + dz**2 + soft**2
        jnp.fill_diagonal(r_squared, 1, inplace=False)  # Avoid self-interaction

        r = jnp.sqrt(r_squared)
        r_cubed = r_squared * r

        # Compute accelerations
        a = -G * mass_arr / r_cubed
        jnp.fill_diagonal(a, 0, inplace=False)
        ax_arr = jnp.sum(a * dx, axis=1)
        ay_arr = jnp.sum(a * dy, axis=1)
        az_arr = jnp.sum(a * dz, axis=1)

        # Update velocities and positions
        vx_arr += ax_arr * dt
        vy_arr += ay_arr * dt
        vz_arr += az_arr * dt

        x_arr += vx_arr * dt
        y_arr += vy_arr * dt
        z_arr += vz_arr * dt
    #----------------------------------------

        if step % out_interval == 0:

            step_params = sim_init_cond.copy()
            if step > 0:
                step_dist = Distribution.from_arrays(
                    x_arr, y_arr, z_arr,
                    vx_arr, vy_arr, vz_arr,
                    mass_arr, name=init_dist.name)

                step_params = sim_init_cond.copy()
                step_params.distribution = step_dist

            step_filename = 'step_{:08d}.dat'.format(step)
            step_path = path.join(out_dir, step_filename)

            if not os.path.isdir(out_dir):
                os.makedirs(out_dir)

            step_params.write(step_path)
    #----------------------------------------
    return
