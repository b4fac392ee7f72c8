# Source: https://github.com/ma-sauter/BachelorsThesis/blob/030a7364999f1b07bdec1ccda19bfb68b214e1af/Experiment2/fisher_calculation.py
# Cut from: benchmarks/realworld/cases/p6_fisher_information_per_example_grad
# Cut: fisher_info as of commit 030a736 (before the switch to vmap in 32c434e) and the start of
#      curvature() (Experiment2/Curvature_calculation.py) that differentiates it with jacfwd, in one file;
#      curvature is jitted here; the network, subloss and the 32-point data set are ours; the
#      Christoffel-symbol loops are dropped. The rewrite: vmap the per-example gradient. profile ties
#      the per-example loop of fisher_info (a helper of the jitted curvature) to curvature's two calls
#      of it, so the cliffs are marked there.
import jax
import jax.numpy as np
from jax import jacfwd, grad


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


def curvature(
    subloss: callable, network: callable, dataset: np.ndarray, theta: np.ndarray
):
    g = fisher_info(subloss, network, dataset, theta)  # cliff: unrolled-loop
    ig = np.linalg.inv(g)

    fisher_derivatives = jacfwd(fisher_info, argnums=3)(  # cliff: unrolled-loop
        subloss, network, dataset, theta
    )
    return ig, fisher_derivatives


def network(x, theta):
    return np.tanh(theta[0] * x[0] + theta[1] * x[1]) + theta[2] * x[0] * x[1] + theta[3]


def subloss(input, target, theta, network):
    return (network(input, theta) - target) ** 2


inputs = np.stack([np.linspace(-1.0, 1.0, 32), np.cos(np.linspace(0.0, 3.0, 32))], axis=1)
dataset = {"inputs": inputs, "targets": np.sin(3.0 * inputs[:, 0]) - inputs[:, 1]}
theta = np.array([0.7, -0.3, 1.1, 0.1])
ig, derivatives = jax.jit(curvature, static_argnums=(0, 1))(subloss, network, dataset, theta)
print(f"{float(np.trace(ig)):.2f} {float(np.sum(derivatives)):.5f} {derivatives.shape}")
