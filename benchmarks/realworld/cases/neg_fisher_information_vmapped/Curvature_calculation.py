# Source: https://github.com/ma-sauter/BachelorsThesis/blob/c684fb17ec1c44acb38052677461899e153ccf0d/Experiment2/fisher_calculation.py
# Title: ma-sauter/BachelorsThesis Experiment2/fisher_calculation.py + Experiment2/Curvature_calculation.py (commit c684fb1, after the switch to vmap)
# Cut: kept fisher_info as of c684fb1 and the start of curvature(); the Christoffel-symbol loops are
#      dropped.
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
