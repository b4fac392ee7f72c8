# Source: https://github.com/meom-group/tunax/blob/8405417a372fd80aa8d4ca274d992f0d16d5190a/tunax/fitter.py
# Title: tunax/fitter.py (Fitter: calibration of the closure parameters)
# Cut: kept loss_wrapped and the gradient loop of __call__; parameter bookkeeping and
#      the npz output of the calibration history cut. model_list holds a few models,
#      one per LES observation case.
from __future__ import annotations
from typing import Callable, List

import optax
import equinox as eqx
import numpy as np
import jax.numpy as jnp
from jaxtyping import Float, Array
from jax import grad

from tunax.model import SingleColumnModel
from tunax.database import Database


class Fitter(eqx.Module):
    coef_fit_params: object
    model_list: List[SingleColumnModel]
    database: Database
    loss: Callable
    nloop: int
    learning_rate: float
    verbatim: bool = True

    def loss_wrapped(self, x: Float[Array, 'nc']):
        closure_parameters = self.coef_fit_params.fit_to_closure(x)
        scm_set = []
        for model in self.model_list:
            traj = model.compute_trajectory_with(closure_parameters)
            scm_set.append(traj)
        return self.loss(scm_set, self.database)

    def __call__(self):
        optimizer = optax.adam(self.learning_rate)
        x = self.coef_fit_params.gen_init_val()
        opt_state = optimizer.init(x)
        grad_loss = grad(self.loss_wrapped)
        for i in range(self.nloop):
            # compute the gradient
            grads = grad_loss(x)
            if self.verbatim:
                print(f"loop {i} x {x} grads {grads}")
            updates, opt_state = optimizer.update(grads, opt_state)
            x = optax.apply_updates(x, updates)
        return self.coef_fit_params.fit_to_closure(x)
