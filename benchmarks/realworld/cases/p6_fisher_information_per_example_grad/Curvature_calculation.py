# Source: https://github.com/ma-sauter/BachelorsThesis/blob/030a7364999f1b07bdec1ccda19bfb68b214e1af/Experiment2/fisher_calculation.py
# Title: ma-sauter/BachelorsThesis Experiment2/fisher_calculation.py + Experiment2/Curvature_calculation.py (commit 030a736, before the switch to vmap in 32c434e)
# Cut: kept fisher_info as of 030a736 and the start of curvature() that differentiates it; the
#      Christoffel-symbol curvature loops are dropped.
import jax.numpy as np
from jax import jacfwd, grad, debug
from fisher_calculation import fisher_info


def curvature(
    subloss: callable, network: callable, dataset: np.ndarray, theta: np.ndarray
):
    g = fisher_info(subloss, network, dataset, theta)
    ig = np.linalg.inv(g)

    fisher_derivatives = jacfwd(fisher_info, argnums=3)(
        subloss, network, dataset, theta
    )
    return ig, fisher_derivatives
