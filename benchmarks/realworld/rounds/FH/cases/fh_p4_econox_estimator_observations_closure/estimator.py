# Source: https://github.com/ito-haru/econox/blob/ac63214e13aacf82a59fbcf8d62e58b318d2d2ea/src/econox/workflow/estimator.py
# Title: src/econox/workflow/estimator.py (Econox Estimator.fit)
# Cut: kept the jitted loss pipeline inside Estimator.fit; sample-size handling, the optimizer
#      call details and the variance/delta-method block removed.
from typing import Any
import jax
import equinox as eqx
from jaxtyping import PyTree, Scalar

from optim import Minimizer


class Estimator(eqx.Module):
    model: Any
    param_space: Any
    method: Any
    optimizer: Any
    verbose: bool = False

    def fit(self, observations: Any, solver: Any = None, initial_params: Any = None):
        constrained_init = self.param_space.initial_params if initial_params is None else initial_params
        raw_init = self.param_space.inverse_transform(constrained_init)

        @eqx.filter_jit
        def loss_fn(raw_params: PyTree, args: Any) -> Scalar:
            params = self.param_space.transform(raw_params)

            if self.verbose:
                jax.debug.print("Estimator: Checking Params: {}", params)

            if solver is not None:
                result = solver.solve(params, self.model)
            else:
                result = None

            loss = self.method.compute_loss(result, observations, params, self.model)

            if self.verbose:
                jax.debug.print("Estimator: Loss: {}", loss)

            return loss

        opt_result = self.optimizer.minimize(
            loss_fn=loss_fn,
            init_params=raw_init,
            args=observations,
        )
        return opt_result
