# Source: https://github.com/ma-sauter/BachelorsThesis/blob/030a7364999f1b07bdec1ccda19bfb68b214e1af/Experiment2/fisher_calculation.py
# Title: ma-sauter/BachelorsThesis Experiment2/fisher_calculation.py + Experiment2/Curvature_calculation.py (commit 030a736, before the switch to vmap in 32c434e)
# Cut: kept fisher_info as of 030a736 and the start of curvature() that differentiates it; the
#      Christoffel-symbol curvature loops are dropped.
import jax.numpy as np
from jax import jit, grad, debug


def fisher_info(
    subloss: callable, network: callable, dataset: np.ndarray, theta: np.ndarray
):
    """
    Calculation of the fisher information for parameters indexed by i and j.
    """
    inputs = dataset["inputs"]
    targets = dataset["targets"]

    subloss_gradient = grad(subloss, 2)

    fisher_matrix = np.zeros(shape=(len(theta), len(theta)))

    N_inputs = inputs.shape[0]
    for i in range(N_inputs):
        gradient = subloss_gradient(inputs[i], targets[i], theta, network)
        fisher_matrix += np.einsum("i,j->ij", gradient, gradient)

    return fisher_matrix / N_inputs
