# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/93da1053e03de6940b9e4543aa9152af437ec8f5/src/difflow/estimation/estimator.py
# Title: difflow/estimation/estimator.py -- Estimator class, main orchestrator for parameter estimation
# Cut: only Estimator.__init__ and Estimator.fit kept (confidence intervals, bootstrap,
#      cross-validation, diagnostics and summary removed); objectives imported from objectives.py.
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp
from jax import Array
from scipy.optimize import minimize

from objectives import (
    sum_squared_errors,
    weighted_sum_squared_errors,
    negative_log_likelihood,
)


_OBJECTIVE_MAP = {
    'sse': sum_squared_errors,
    'wsse': weighted_sum_squared_errors,
    'nll': negative_log_likelihood,
}


@dataclass
class EstimationResult:
    theta_opt: dict[str, float]
    theta_array: Array
    objective_value: float
    converged: bool
    n_iterations: int
    message: str
    param_names: list[str] = field(default_factory=list)


class Estimator:
    """Parameter estimation orchestrator.

    Args:
        model_fn: model_fn(theta_dict, experiment) -> dict[str, float]
        param_names: list of parameter names
        param_bounds: optional dict of (lo, hi) bounds per parameter

    Example:
        >>> est = Estimator(my_model, ['k', 'Ea'], param_bounds={'k': (0, 10)})
        >>> result = est.fit(experiments, theta_init={'k': 1.0, 'Ea': 5000.0})
    """

    def __init__(self, model_fn, param_names, param_bounds=None):
        self.model_fn = model_fn
        self.param_names = list(param_names)
        self.param_bounds = param_bounds

    def fit(
        self,
        experiments,
        theta_init,
        objective='sse',
        method='L-BFGS-B',
        jit_objective=True,
    ):
        # Convert theta_init to array
        if isinstance(theta_init, dict):
            theta0 = jnp.array([float(theta_init[name]) for name in self.param_names])
        else:
            theta0 = jnp.array(theta_init, dtype=jnp.float64)

        # Select objective function
        obj_fn = _OBJECTIVE_MAP[objective]

        # Build closed-over objective
        def objective_fn(theta):
            return obj_fn(self.model_fn, theta, experiments, self.param_names)

        if jit_objective:
            objective_fn = jax.jit(objective_fn)

        grad_fn = jax.jit(jax.grad(
            lambda theta: obj_fn(self.model_fn, theta, experiments, self.param_names)
        ))

        # scipy interface
        def scipy_obj(x):
            return float(objective_fn(jnp.array(x)))

        def scipy_grad(x):
            return np.array(grad_fn(jnp.array(x)), dtype=np.float64)

        # Build bounds
        bounds_list = None
        if self.param_bounds is not None:
            bounds_list = [self.param_bounds.get(name, (None, None))
                           for name in self.param_names]

        result = minimize(
            scipy_obj,
            np.array(theta0, dtype=np.float64),
            jac=scipy_grad,
            method=method,
            bounds=bounds_list,
        )

        theta_opt_arr = jnp.array(result.x)
        theta_opt_dict = {name: float(result.x[i])
                          for i, name in enumerate(self.param_names)}

        return EstimationResult(
            theta_opt=theta_opt_dict,
            theta_array=theta_opt_arr,
            objective_value=float(result.fun),
            converged=bool(result.success),
            n_iterations=int(result.get('nit', 0)),
            message=str(result.message),
            param_names=self.param_names,
        )
