# Source: https://github.com/ito-haru/econox/blob/ac63214e13aacf82a59fbcf8d62e58b318d2d2ea/src/econox/optim.py
# Title: src/econox/optim.py (Econox Minimizer: optimistix.minimise wrapper)
# Cut: kept MinimizerResult and Minimizer.minimize; the fixed-point wrappers removed; docstrings shortened.

from typing import Callable, Any
import equinox as eqx
import lineax as lx
import optimistix as optx
from jaxtyping import Float, PyTree, Scalar, Array, Bool, Int

# =============================================================================
# 1. Optimization Strategies
# =============================================================================

class MinimizerResult(eqx.Module):
    params: PyTree
    loss: Scalar
    success: Bool[Array, ""]
    steps: Int[Array, ""]

class Minimizer(eqx.Module):
    method: optx.AbstractMinimiser = optx.LBFGS(rtol=1e-6, atol=1e-6)
    max_steps: int = eqx.field(static=True, default=1000)
    throw: bool = eqx.field(static=True, default=False)

    def minimize(
        self, 
        loss_fn: Callable[[PyTree, Any], Scalar], 
        init_params: PyTree,
        args: Any = None
    ) -> MinimizerResult:
        def wrapped_loss_fn(params, args) -> tuple[Scalar, Scalar]:
            loss = loss_fn(params, args)
            return loss, loss
        
        sol: optx.Solution = optx.minimise(
            fn=wrapped_loss_fn,
            solver=self.method,
            y0=init_params,
            args=args,
            max_steps=self.max_steps,
            throw=self.throw,
            has_aux=True
        )
        params: PyTree = sol.value
        success: Bool[Array, ""] = sol.result == optx.RESULTS.successful
        final_loss: Float[Array, ""] = sol.aux
        steps: Int[Array, ""] = sol.stats["num_steps"]

        result: MinimizerResult = MinimizerResult(
            params=params,
            loss=final_loss,
            success=success,
            steps=steps
        )
        return result
