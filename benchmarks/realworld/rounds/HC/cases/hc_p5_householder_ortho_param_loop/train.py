# Source: https://github.com/spenrich/Learning-Control-Oriented-Structure/blob/654c78e16ef1c1e97418f87fa719fc8743a69a01/train.py
# Title: train.py (loss and optimiser step)
# Cut: kept compute_losses / opt_step around eqx.filter_jit and eqx.filter_grad; argument parsing,
#      data loading and the other two controller models are dropped. The controller is built with
#      hard_eig_bound=True here so that the Householder metric of matrix_params.py is the one traced.
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.example_libraries import optimizers

from tracking import NeuralCCMController

model = NeuralCCMController(state_dim=8, control_dim=2, hidden_width=32,
                            hidden_depth=2, hidden_activation=jnp.tanh,
                            hard_eig_bound=True, key=jax.random.PRNGKey(0))
params_learned, params_static = eqx.partition(model, eqx.is_array)
init_opt, update_opt, get_params = optimizers.adam(1e-3)
opt_state = init_opt(params_learned)


@eqx.filter_jit
def compute_losses(model, data, reg_coef=0.):
    Xc, Uc, Xc_ref, Uc_ref = [data[k] for k in ('Xc', 'Uc', 'Xc_ref', 'Uc_ref')]
    return jnp.array([
        jnp.mean(jax.vmap(model.loss_auxiliary)(Xc, Uc, Xc_ref, Uc_ref)),
    ])


def opt_step(data, idx, opt_state, reg_coef, params_static):
    params_learned = get_params(opt_state)
    model = eqx.combine(params_learned, params_static)
    loss_func = lambda *args: jnp.sum(compute_losses(*args))  # noqa: E731
    grads = eqx.filter_grad(loss_func)(model, data, reg_coef)
    opt_state = update_opt(idx, grads, opt_state)
    return opt_state


step_func = jax.jit(partial(opt_step, params_static=params_static))
