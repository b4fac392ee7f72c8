# Source: https://github.com/Systems-Theory-in-Systems-Biology/EPI/blob/c610a3236ab1adcdb6a7b036f3ebbd362bed51ab/eulerpi/core/dense_grid.py
# Title: eulerpi/core/dense_grid.py (EPI: dense-grid inference of parameter densities for systems-biology models)
# Cut: kept evaluate_on_grid_chunk and the chunking/pool part of run_dense_grid_evaluation; grid generators and result saving dropped.
from itertools import repeat
from multiprocessing import get_context

import numpy as np

from transformations import evaluate_density


def evaluate_on_grid_chunk(args) -> np.ndarray:
    """Define a function which evaluates the density for a given grid chunk."""
    grid_chunk, model, data, data_transformation, data_stdevs, slice = args

    # Init the result array
    evaluation_results = np.zeros(
        (grid_chunk.shape[0], model.data_dim + slice.shape[0] + 1)
    )
    # Evaluate the grid points
    for i, gridPoint in enumerate(grid_chunk):
        density, param_sim_res_density = evaluate_density(
            gridPoint, model, data, data_transformation, data_stdevs, slice
        )
        evaluation_results[i] = param_sim_res_density
    return evaluation_results


def run_dense_grid_evaluation(model, data, data_transformation, slice, grid, data_stdevs,
                              num_processes: int, load_balancing_safety_faktor: int):
    # Split the grid into chunks that can be evaluated by each process
    grid_chunks = np.array_split(
        grid, num_processes * load_balancing_safety_faktor
    )

    pool = get_context("spawn").Pool(processes=num_processes)
    tasks = zip(
        grid_chunks,
        repeat(model),
        repeat(data),
        repeat(data_transformation),
        repeat(data_stdevs),
        repeat(slice),
    )
    results = pool.map(evaluate_on_grid_chunk, tasks)
    pool.close()
    pool.join()
    return np.concatenate(results)
