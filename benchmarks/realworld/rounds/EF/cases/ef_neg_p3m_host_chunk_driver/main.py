# Source: https://github.com/Ashwin3919/P3M_JAX/blob/5552e25bb97d409b4f609698fceafd765cc544ae/main.py
# Title: P3M_JAX main.py (run_simulation)
# Cut: kept the fixed-dt branch: jitted chunk function and the host loop over chunks with I/O; config loading, initial conditions, adaptive branch and plots dropped
from functools import partial

import jax
import numpy as np

from src.solver.integrator import step_chunk


def run_simulation(system, state, config):
    save_every = config.get('save_every', 1)
    dt = config['dt']
    n_steps_raw = round((config['a_end'] - config['a_start']) / dt)
    n_steps = (n_steps_raw // save_every) * save_every
    n_chunks = n_steps // save_every

    chunk_fn = jax.jit(partial(step_chunk, system, dt=dt, save_every=save_every))

    saved_times, saved_pos, saved_mom = [], [], []
    for chunk_idx in range(n_chunks):
        state = chunk_fn(state)
        jax.block_until_ready(state)

        a_val = float(state.time)
        pos_np = np.array(state.position)
        mom_np = np.array(state.momentum)

        if not np.all(np.isfinite(pos_np)):
            raise RuntimeError(
                f"NaN/Inf detected in particle positions at chunk {chunk_idx + 1}, "
                f"a = {a_val:.4f}. Consider reducing dt or the amplitude A."
            )

        saved_times.append(a_val)
        saved_pos.append(pos_np)
        saved_mom.append(mom_np)
        print(f"  [{chunk_idx + 1}/{n_chunks}] a = {a_val:.3f}")
    return saved_times, saved_pos, saved_mom
