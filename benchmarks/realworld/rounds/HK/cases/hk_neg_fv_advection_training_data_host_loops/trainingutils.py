# Source: https://github.com/nickmcgreivy/InvariantPreservingMLSolvers/blob/89ec65c41e0916a2a6ff7d50e4fd767ff6441a15/1d_advection/ml/trainingutils.py
# Title: 1d_advection/ml/trainingutils.py (generation of finite-volume training data for the learned advection solver)
# Cut: kept imports, the HDF5 helpers and save_training_data; dropped the training functions further down

import jax
from jax import device_put
import h5py
import jax.numpy as jnp
import numpy as onp
import optax
from flax import serialization
from flax.training import train_state  # Useful dataclass to keep train state
from optax import polynomial_schedule

from helper import convert_FV_representation
from trajectory import get_inner_fn, get_trajectory_fn
from initialconditions import get_initial_condition_fn, get_a0, get_a
from lossfunctions import mse_loss_FV
from simulations import AdvectionFVSim
from timederivative import time_derivative_FV_1D_advection


def create_training_data(sim_params, core_params, nxs, N):
    for nx in nxs:
        f = h5py.File(
            "{}/data/traindata/{}_nx{}.hdf5".format(
                sim_params.readwritedir, sim_params.name, nx
            ),
            "w",
        )
        f.create_dataset("a", (N, nx), dtype="float64")
        f.create_dataset("dadt", (N, nx), dtype="float64")
        f.close()


def write_trajectory(
    sim_params, core_params, nx, trajectory, dadt_trajectory, n, outer_steps
):
    f = h5py.File(
        "{}/data/traindata/{}_nx{}.hdf5".format(
            sim_params.readwritedir, sim_params.name, nx
        ),
        "r+",
    )
    j_begin = n * outer_steps
    j_end = (n + 1) * outer_steps
    f["a"][j_begin:j_end] = trajectory
    f["dadt"][j_begin:j_end] = dadt_trajectory
    f.close()


def save_training_data(
    key,
    init_fn,
    core_params,
    sim_params,
    sim,
    t_inner,
    outer_steps,
    n_runs,
    nx_exact,
    nxs,
    **kwargs
):
    inner_fn = get_inner_fn(sim.step_fn, sim.dt_fn, t_inner)
    rollout_fn = jax.jit(get_trajectory_fn(inner_fn, outer_steps))
    time_derivative_fn = jax.vmap(jax.jit(sim.F))

    # initialize files for saving training data
    create_training_data(sim_params, core_params, nxs, outer_steps * n_runs)

    for n in range(n_runs):
        print(n)
        key, subkey = jax.random.split(key)
        # init solution
        f_init = init_fn(subkey)
        a0 = get_a0(f_init, core_params, nx_exact)

        # get exact trajectory
        trajectory = onp.zeros((outer_steps, nx_exact))
        for k in range(outer_steps):
            t = k * t_inner
            trajectory[k] = get_a(f_init, t, core_params, nx_exact)
        trajectory = jnp.asarray(trajectory)

        # get dadt along trajectory
        dadt_trajectory = time_derivative_fn(trajectory)

        for j, nx in enumerate(nxs):
            convert_fn = jax.jit(
                jax.vmap(lambda a: convert_FV_representation(a, nx, core_params.Lx))
            )
            time_derivative_fn_ds = jax.jit(jax.vmap(sim.F))

            # downsample exact trajectory to nx
            trajectory_ds = convert_fn(trajectory)
            # get exact dadt
            dadt_trajectory_exact_ds = convert_fn(dadt_trajectory)

            # get downsampled dadt
            # dadt_trajectory_ds = time_derivative_fn_ds(trajectory_ds)

            # get delta(dadt), which is the correction ML will have to learn
            # delta_dadt_trajectory = dadt_trajectory_exact_ds - dadt_trajectory_ds

            write_trajectory(
                sim_params,
                core_params,
                nx,
                trajectory_ds,
                dadt_trajectory_exact_ds,
                n,
                outer_steps,
            )


