# Source: https://github.com/BHI-Research/PSO-JAX/blob/b73566784f138cf37db70aac97ef84ea8c70889a/examples/knapspack/PSO-JAX-knapspack-example.py
# Title: PSO-Jax Knapspack Example Code (examples/knapspack/PSO-JAX-knapspack-example.py)
# Cut: kept the jax.numpy part (jitted objective and velocity update, host-side PSO driver), instance generation, verify_solution and the data set-up of compare_solutions (CSV save and reload collapsed); dropped Colab shell cells, the NumPy and PySwarms versions and the printing.
from jax import random, jit
import jax.numpy as npj
import numpy as np
from datetime import datetime


@jit
def knapsack_res(X):
    weight = npj.sum(pv_file, axis=0)
    PR = npj.matmul(pv_file, X.transpose()).transpose()
    G = npj.matmul(rs_file, X.transpose()).transpose()
    VIO = npj.add(G, -1 * bs_file)
    VIO = npj.where(VIO < 0.0, 0.0, VIO)
    PNLTY = npj.sum(VIO, axis=1)
    FI = npj.add(PR, -1 * (weight * PNLTY))
    return FI, VIO


@jit
def knapsack(X):
    FI, VIO = knapsack_res(X)
    return -FI


@jit
def activation(x, function=1):
    if (function == 1):  # Sigmoid
        return 1 / (1 + npj.exp(-x))
    elif (function == 3):  # ReLu
        return npj.maximum(0, x)


@jit
def toDiscrete(x):
    return npj.where(x < 0.5, 0, 1)


@jit
def calculate_velocity(w, particles_velocity, c1, c2, r1, r2, best_particle_position,
                       particles_position, best_global_position):
    inertia = w * particles_velocity
    best_particle_pos_component = r1 * (best_particle_position - particles_position)
    best_global_pos_component = r2 * (best_global_position - particles_position)
    new_velocity = inertia + c1 * best_particle_pos_component + c2 * best_global_pos_component
    return new_velocity


def calculate_best_position(objective_values, best_particle_cost, particles_position, best_particle_position, particles,
                            dimensions):
    bests = npj.less(objective_values, best_particle_cost)
    reshape = npj.reshape(bests, npj.array([particles, 1]))
    bests_reshape = npj.broadcast_to(reshape, npj.array([particles, dimensions]))
    pos = npj.where(bests_reshape, particles_position, best_particle_position)
    return pos


def runDiscretePSO_jax(user_options, algorithm_options):
    particles = algorithm_options['particles']
    dimensions = algorithm_options['dimensions']
    objective = algorithm_options['objective']
    seed = random.PRNGKey(datetime.now().microsecond)
    particles_position = random.uniform(seed, (particles, dimensions), None, -1, 1)
    seed = random.PRNGKey(datetime.now().microsecond)
    particles_velocity = random.uniform(seed, (particles, dimensions), None, -1, 1)

    particles_position = toDiscrete(activation(particles_velocity))

    best_global = None
    best_global_position = npj.empty((particles, dimensions))
    best_particle_position = particles_position
    best_particle_cost = objective(best_particle_position)

    for k in range(0, algorithm_options['iterations']):
        objective_values = objective(best_particle_position)
        best_index = npj.argmin(objective_values)
        best_value = objective_values[best_index]

        best_particle_position = calculate_best_position(objective_values, best_particle_cost, particles_position,
                                                         best_particle_position, particles, dimensions)

        if best_global is None or best_value < best_global:
            best_global = best_value
            best_global_position = particles_position[best_index]

        seed = random.PRNGKey(datetime.now().microsecond)
        r1 = random.uniform(seed, (particles, dimensions), None, 0, 1)
        seed = random.PRNGKey(datetime.now().microsecond)
        r2 = random.uniform(seed, (particles, dimensions), None, 0, 1)

        particles_velocity = calculate_velocity(user_options['w'], particles_velocity, user_options['c1'],
                                                user_options['c2'], r1, r2, best_particle_position,
                                                particles_position, best_global_position)

        particles_position = toDiscrete(activation(particles_position + particles_velocity))
        best_particle_position = particles_position

    return best_global, best_global_position


def instance_generation(n_items, n_constraints, alpha=0.75):
    rs = np.random.randint(1000, size=(n_constraints, n_items))
    bs = alpha * np.sum(rs, axis=1)
    q = np.random.random_sample((n_items))
    pv = np.sum(rs, axis=0) / n_constraints
    pv = np.add(pv, 500 * q)
    return pv, rs, bs


def verify_solution(solution):
    for i in range(n_constraints):
        sum = 0
        for j in range(n_items):
            if solution[j]:
                sum += rs_file[i, j]
        if sum > bs_file[i]:
            return False
    return True


def compare_solutions():
    global pv_file, bs_file, rs_file, n_items, n_constraints
    n_items = 20
    n_constraints = 5
    [pv_file, rs_file, bs_file] = instance_generation(n_items, n_constraints)
    options = {'c1': 0.5, 'c2': 0.3, 'w': 0.9}
    algorithm_options = {'particles': 15, 'dimensions': n_items,
                         'iterations': 100, 'objective': knapsack}
    return runDiscretePSO_jax(options, algorithm_options)
