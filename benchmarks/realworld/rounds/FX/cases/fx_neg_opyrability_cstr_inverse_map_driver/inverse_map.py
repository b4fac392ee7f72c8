# Source: https://github.com/CODES-group/opyrability/blob/deaf0125e09f4f400d5fd5164c3604b9eee6df4f/src/opyrability.py
# Title: opyrability.py -- nlp_based_approach (inverse mapping for process operability)
# Cut: only the automatic-differentiation branch (ad=True), unconstrained, with the 'ipopt' and
#      'trust-constr' methods kept; the pyomo branch, the finite-difference branch, the other
#      solvers, input sanitation and plotting removed. create_grid is the module's own helper.
import warnings
from typing import Callable, Union

import numpy as onp
import scipy as sp
from cyipopt import minimize_ipopt
from tqdm import tqdm

from opyrability import create_grid


def nlp_based_approach(model: Callable[..., Union[float, onp.ndarray]],
                       DOS_bounds: onp.ndarray,
                       DOS_resolution: onp.ndarray,
                       u0: onp.ndarray,
                       lb: onp.ndarray,
                       ub: onp.ndarray,
                       method: str = 'ipopt',
                       warmstart: bool = True):
    from jax import config
    config.update("jax_enable_x64", True)
    config.update('jax_platform_name', 'cpu')
    warnings.filterwarnings('ignore', module='jax._src.lib.xla_bridge')
    import jax.numpy as np
    from jax import jacrev, grad

    # Make sure that the arrays contain floats (Reviewer #2 bug @ JOSS)
    u0 = u0.astype(np.float64)
    lb = lb.astype(np.float64)
    ub = ub.astype(np.float64)
    DOS_bounds = DOS_bounds.astype(np.float64)

    def p1(u: np.ndarray,
           model: Callable[..., Union[float, np.ndarray]],
           DOSpt: np.ndarray):

        y_found = model(u)

        vector_of_f = np.array([y_found.T, DOSpt.T])
        f = np.sum(error(*vector_of_f))

        return f

    # Error minimization function

    def error(y_achieved, y_desired):
        return ((y_achieved-y_desired)/y_desired)**2

    grad_ad = grad(p1)

    dimDOS = DOS_bounds.shape[0]
    DOSPts = create_grid(DOS_bounds, DOS_resolution)
    DOSPts = DOSPts.reshape(-1, dimDOS)
    u00 = u0
    # Initialization of variables
    m = len(u0)
    r, c = np.shape(DOSPts)
    fDOS = np.zeros((r, c))
    fDIS = np.zeros((r, m))
    message_list = []
    bounds = np.column_stack((lb, ub))

    # Inverse-mapping: Run for each DOS grid point
    for i in tqdm(range(r)):

        if method == 'trust-constr':
            sol = sp.optimize.minimize(p1, x0=u0, bounds=bounds,
                                       args=(model, DOSPts[i, :]),
                                       method=method,
                                       options={'xtol': 1e-10},
                                       jac=grad_ad)

        elif method == 'ipopt':
            sol = minimize_ipopt(p1, x0=u0, bounds=bounds,
                                 args=(model, DOSPts[i, :]),
                                 jac=grad_ad)

        if warmstart is True:
            if sol.success is True:
                u0 = sol.x
            else:
                u0 = u00  # Reboot to first initial estimate
        else:
            u0 = u00  # Reboot to first initial estimate

        fDOS = fDOS.at[i, :].set(model(sol.x))
        fDIS = fDIS.at[i, :].set(sol.x)

        message_list.append(sol.message)

    return fDIS, fDOS, message_list
