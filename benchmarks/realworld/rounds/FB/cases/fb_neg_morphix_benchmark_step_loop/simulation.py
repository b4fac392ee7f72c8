# Source: https://github.com/funkelab/morphix/blob/a783fe4e21f7a8c9befcc6a920a70015cc327de6/src/morphix/simulation.py
# Title: src/morphix/simulation.py
# Cut: kept simulate and simulation_step; split_and_recombine, interact and react bodies dropped (stubs).
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp


@partial(eqx.filter_jit)
def simulate(model, num_timesteps: int, key, extended_attributes: bool = False):
    key1, key2 = jax.random.split(key, 2)

    # create initial cells from current model
    initial_cells = model.initialize_cells(key1, extended_attributes)

    def step(cells, key):
        cells = simulation_step(cells, model, key, extended_attributes)
        return cells, cells

    keys = jax.random.split(key2, num_timesteps - 1)
    _, trajectory = jax.lax.scan(step, initial_cells, keys)

    # prepend initial cells to trajectory
    def prepend(a, i):
        return jnp.insert(a, 0, i, axis=0)

    trajectory = jax.tree.map(prepend, trajectory, initial_cells)

    return trajectory


@partial(eqx.filter_jit)
def simulation_step(cells, model, key, extended_attributes: bool = False):
    cells = split_and_recombine(cells, model.split_model, extended_attributes)
    cells = interact(cells, model, extended_attributes)
    cells = react(cells, model, key, extended_attributes)
    forces = cells.motility_force + cells.mechanical_force
    cells = cells.replace(position=cells.position + model.delta_t * forces)
    return cells


def split_and_recombine(cells, split_model, extended_attributes=False):
    ...


def interact(cells, model, extended_attributes=False):
    ...


def react(cells, model, key, extended_attributes=False):
    ...
