# Source: https://github.com/FlorentLM/mokap/blob/1e0400ac47362bde2df9ecc0185eaad28217845b/mokap/calibration/bundle_adjustment.py
# Title: mokap/calibration/bundle_adjustment.py (run_bundle_adjustment: jit / jacfwd and scipy bridge)
# Cut: parameter packing, priors and progress report removed; cost_function (vectorised JAX
#      projection of all cameras x frames x points) is imported; least_squares arguments reconstructed.
from functools import partial

import numpy as np
import jax
from jax import jit
from scipy.optimize import least_squares

from sparsity import jacobian_sparsity
from cost import cost_function


def run_bundle_adjustment(x0, spec, prior_info, fixed_params, img_pts_jax, points_weights_jax, lb, ub):
    # Make jacobian sparsity matrix
    S = jacobian_sparsity(spec, prior_info)

    # JIT compilation
    # The static dictionary 'spec' and fixed data are baked in
    cost_fn_jitted = jit(partial(cost_function,
                                 fixed_params=fixed_params,
                                 image_points=img_pts_jax,
                                 points_weights=points_weights_jax,
                                 spec=spec,
                                 prior_info=prior_info))

    jac_fn_jitted = jit(jax.jacfwd(partial(cost_function,
                                           fixed_params=fixed_params,
                                           image_points=img_pts_jax,
                                           points_weights=points_weights_jax,
                                           spec=spec,
                                           prior_info=prior_info)))

    # Scipy wrappers (they bridge the NumPy -> JAX -> NumPy merry-go-round)
    def fun_wrapped(x):
        return np.array(cost_fn_jitted(x))

    def jac_wrapped(x):
        return np.array(jac_fn_jitted(x))

    res = least_squares(fun_wrapped, x0, jac=jac_wrapped, jac_sparsity=None if jac_wrapped else S,
                        bounds=(lb, ub), method='trf', x_scale='jac', loss='linear')
    return res
