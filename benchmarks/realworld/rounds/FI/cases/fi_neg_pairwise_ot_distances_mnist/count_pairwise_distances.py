# Source: https://github.com/ucu-computational-ot/ot-algorithm-comparison/blob/f96b388ecf6e0a26ff146589b88a4d740e48a24b/uot/experiments/real_data/mnist_classification/count_pairwise_distances.py
# Title: uot/experiments/real_data/mnist_classification/count_pairwise_distances.py (pairwise OT distances between MNIST digits)
# Cut: project imports replaced by a DiscreteMeasure stub; CSV export, logging and the CLI/YAML driver dropped.
import jax
jax.config.update("jax_enable_x64", True)

from tqdm import tqdm
from collections.abc import Callable
import numpy as np
import jax.numpy as jnp


ArrayLike = object  # stub for uot.utils.types.ArrayLike


def DiscreteMeasure(weights, points):  # stub for uot.data.measure.DiscreteMeasure
    return (points, weights)

def compute_distances_np(X: ArrayLike,
                             C: ArrayLike,
                             name: str,
                             solver_fn: Callable,
                             param_kwargs: dict,
                             export_folder: str
                             ):

    n = X.shape[0]
    num_pairs = n * (n - 1) // 2
    args_list = [(i, j) for i in range(n) for j in range(i, n) if i < j]
    supp = np.array([[i, j] for i in range(8) for j in range(8)])

    dist_matrix = np.zeros((n, n))

    progress_bar = tqdm(total=num_pairs, desc=f"Running solver: {name} with parameters: {param_kwargs}")

    for i, j in args_list:

        nu = DiscreteMeasure(weights=X[i], points=supp)
        mu = DiscreteMeasure(weights=X[j], points=supp)

        res = solver_fn([nu, mu], [C], **param_kwargs)

        cost = np.sum(res['transport_plan'] * C)

        dist_matrix[i, j] = dist_matrix[j, i] = float(cost)
        progress_bar.update(1)

    progress_bar.close()
    return dist_matrix


def compute_distances_jax(X: jnp.ndarray,
                          C: jnp.ndarray,
                          name: str,
                          solver_fn: callable,
                          param_kwargs: dict,
                          export_folder: str,
                          batch_size: int = 10000):
    n = X.shape[0]
    supp = jnp.array([[i, j] for i in range(8) for j in range(8)])

    pairs = jnp.array([[i, j] for i in range(n) for j in range(i + 1, n)], dtype=jnp.int32)

    def solve_single(w1, w2):
        nu = DiscreteMeasure(weights=w1, points=supp)
        mu = DiscreteMeasure(weights=w2, points=supp)
        res = solver_fn([nu, mu], [C], **param_kwargs)
        return jnp.sum(res['transport_plan'] * C)

    solve_batch = jax.jit(jax.vmap(solve_single))

    num_pairs = pairs.shape[0]
    costs_list = []

    progress_bar = tqdm(total=num_pairs, desc=f"Running solver: {name} with parameters: {param_kwargs}")

    for start_idx in range(0, num_pairs, batch_size):
        end_idx = min(start_idx + batch_size, num_pairs)
        batch_pairs = pairs[start_idx:end_idx]

        X1_batch = X[batch_pairs[:, 0]]
        X2_batch = X[batch_pairs[:, 1]]

        costs_batch = solve_batch(X1_batch, X2_batch)
        costs_list.append(costs_batch)

        progress_bar.update(end_idx - start_idx)

    progress_bar.close()

    costs = jnp.concatenate(costs_list)

    dist_matrix = jnp.zeros((n, n))
    dist_matrix = dist_matrix.at[pairs[:, 0], pairs[:, 1]].set(costs)
    dist_matrix = dist_matrix.at[pairs[:, 1], pairs[:, 0]].set(costs)

    return dist_matrix
