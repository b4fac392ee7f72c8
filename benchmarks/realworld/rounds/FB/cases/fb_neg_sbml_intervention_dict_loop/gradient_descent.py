# Source: https://github.com/flowersteam/sbmltoodejax/blob/43fad4d4adbeb938a4119a2864fb82548359d5f4/docs/source/tutorials/gradient_descent.ipynb
# Title: docs/source/tutorials/gradient_descent.ipynb (SBMLtoODEjax tutorial: gradient descent on a BioModels calcium model)
# Cut: code cells 3, 6, 10, 16, 18, 20 and 22 converted to a script; plotting and the second optimisation run dropped.
from copy import deepcopy
import equinox as eqx
from functools import partial
from jax import jit, lax, value_and_grad
import jax.numpy as jnp
import optax
from sbmltoodejax.utils import load_biomodel


def sine_wave(t, A=1, w=.1, phi=10., b=2):
    return A*jnp.sin(2*jnp.pi*w*t+phi) + b


model_idx = 145
model, y0, w0, c = load_biomodel(model_idx)
deltaT = 0.1
n_secs = 50
n_steps = int(n_secs/deltaT)
default_ys, default_ws, ts = model(n_steps, y0, w0, c)
y_indexes = model.modelstepfunc.y_indexes
target_Ca_Cyt = sine_wave(ts, A=50, w=.1, phi=10., b=300)


class ModelRolloutWithIntervention(eqx.Module):
    deltaT: float = eqx.static_field()
    modelstep_fn: eqx.Module

    def __init__(self, deltaT, modelstep_fn):

        self.deltaT = deltaT
        self.modelstep_fn = modelstep_fn

    @partial(jit, static_argnames=("n_steps",))
    def __call__(self, n_steps, y0, w0, c, intervention_ts, intervention_ys, t0=0.):

        @jit
        def f(carry, x):
            y, w, c, t = carry
            y, w, c, t = self.modelstep_fn(y, w, c, t, self.deltaT)

            # Add intervention
            interval_idx = self.time_to_interval(t, intervention_ts)
            y = lax.cond((interval_idx + 1).sum() > 0, self.apply_intervention, self.apply_null, y, intervention_ys, interval_idx)

            return (y, w, c, t), (y, w, t)
        (y, w, c, t), (ys, ws, ts) = lax.scan(f, (y0, w0, c, t0), jnp.arange(n_steps))
        ys = jnp.moveaxis(ys, 0, -1)
        ws = jnp.moveaxis(ws, 0, -1)
        return ys, ws, ts

    @jit
    def time_to_interval(self, t, intervention_ts):
        """
        returns -1 if t not in intervention_ts, else return corresponding interval
        """
        return jnp.where((t - intervention_ts) < deltaT / 10, size=1, fill_value=-1)[0][0]

    @jit
    def apply_intervention(self, y, intervention_ys, interval_idx):
        for y_idx in intervention_ys.keys():
            y = y.at[y_idx].set(intervention_ys[y_idx][interval_idx])
        return y

    @jit
    def apply_null(self, y, intervention_ys, interval_idx=-1):
        return y


model, y0, w0, c = load_biomodel(model_idx)
model = ModelRolloutWithIntervention(deltaT, model.modelstepfunc)


@eqx.filter_jit
def loss_fn(intervention_ys, model):
    ys, ws, ts = model(n_steps, y0, w0, c, intervention_ts, intervention_ys)
    loss = jnp.sqrt(jnp.square(ys[y_indexes["Ca_Cyt"]] - target_Ca_Cyt).sum())
    return loss


@eqx.filter_jit
def make_step(intervention_ys, model, opt_state):
    loss, grads = value_and_grad(loss_fn)(intervention_ys, model)
    updates, opt_state = optim.update(grads, opt_state)
    intervention_ys = optax.apply_updates(intervention_ys, updates)
    return loss, intervention_ys, opt_state


intervention_ts = deepcopy(ts)
intervention_ys_init_1 = {y_indexes["Galpha_GTP"]: deepcopy(default_ys[y_indexes["Galpha_GTP"]]),
                          y_indexes["IP3"]:  deepcopy(default_ys[y_indexes["IP3"]])}

n_optim_steps = 3000
optim = optax.adam(1e-2)

intervention_ys = deepcopy(intervention_ys_init_1)
opt_state = optim.init(intervention_ys)
train_loss_1 = []

for optim_step_idx in range(n_optim_steps):
    loss, intervention_ys, opt_state = make_step(intervention_ys, model, opt_state)
    train_loss_1.append(loss)
