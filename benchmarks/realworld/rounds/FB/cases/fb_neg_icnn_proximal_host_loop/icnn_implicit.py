# Source: https://github.com/cantinilab/stories/blob/1770786b8f1691b2e05daacc8f7f409906ed077b/stories/steps/icnn_implicit.py
# Title: stories/steps/icnn_implicit.py (ICNNImplicitStep: implicit proximal step solved with an ICNN)
# Cut: kept __init__ and inference_step; training_step (jaxopt implicit differentiation) dropped.
from typing import Callable

import jax
import jax.numpy as jnp
import jaxopt
import optax
from ott.neural.networks.icnn import ICNN


class ICNNImplicitStep:
    def __init__(
        self,
        maxiter: int = 100,
        implicit_diff: bool = True,
        log_callback: Callable | None = None,
        tol: float = 1e-8,
        opt_hyperparams: dict | None = None,
    ):
        self.log_callback = log_callback
        self.maxiter = maxiter
        self.implicit_diff = implicit_diff
        self.tol = tol
        self.opt_hyperparams = opt_hyperparams or {}

    def inference_step(
        self,
        x: jax.Array,
        a: jax.Array,
        potential_fun: Callable,
        tau: float,
    ) -> jax.Array:
        icnn = ICNN(dim_data=x.shape[1], dim_hidden=[32, 32, 32])
        params_icnn = icnn.init(jax.random.PRNGKey(0), x)["params"]

        # Define a helper function to compute the proximal cost.
        def proximal_cost(params_icnn, inner_x, inner_a, inner_tau):
            params_dict = {"params": params_icnn}
            icnn_fun = lambda u: jax.grad(icnn.apply, argnums=1)(params_dict, u)
            y = jax.vmap(icnn_fun)(inner_x)

            potential_term = jnp.sum(inner_a * potential_fun(y))
            prox_term = jnp.sum(inner_a.reshape(-1, 1) * (inner_x - y) ** 2)
            return potential_term + inner_tau * 0.5 * prox_term

        # Define the optimizer.
        opt = jaxopt.OptaxSolver(
            fun=proximal_cost, opt=optax.adam(1e-2), **self.opt_hyperparams
        )

        @jax.jit
        def jitted_update(y, state):
            return opt.update(y, state, inner_x=x, inner_a=a, inner_tau=tau)

        # Run the gradient descent, and log the proximal cost.
        state = opt.init_state(params_icnn, inner_x=x, inner_a=a, inner_tau=tau)
        for _ in range(self.maxiter):
            params_icnn, state = jitted_update(params_icnn, state)
            if self.log_callback:
                self.log_callback({"proximal_cost": state.error})
            if state.error < self.tol:
                break

        # Return the new omics coordinates.
        y = jax.vmap(
            lambda u: jax.grad(icnn.apply, argnums=1)({"params": params_icnn}, u)
        )(x)
        return y
