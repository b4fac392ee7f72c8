# Source: https://github.com/ericmjl/score-models/blob/7a8743f50d015429ab288076b8889f00c76a88ca/notebooks/04-diffeq.ipynb
# Title: notebooks/04-diffeq.ipynb (score models on SDEs)
# Cut: code cells 17, 29, 43, 49 converted to a script; plotting cells and the SDE class cut; the
#      loss is imported from the sibling file instead of score_models.losses.
from functools import partial

import equinox as eqx
import jax.numpy as np
import optax
from jax import nn, random, vmap
from tqdm.auto import tqdm

from sde_losses import joint_score_matching_loss as joint_sde_score_matching_loss

n_timesteps = 17
n_starting = 1001
key = random.PRNGKey(55)


def constant_drift(t, y, args):
    return 0


def time_dependent_diffusion(t, y, args):
    """Diffusion term that increases with time."""
    return 0.3 * t


sde = SDE(drift=constant_drift, diffusion=time_dependent_diffusion)  # noqa: F821 (defined in the notebook)
ts_noising = np.linspace(0, 4, n_timesteps)
sde = partial(sde, ts_noising)
y0s = random.normal(key, shape=(n_starting,)) * 0.1  # we start with N(0, 0.1) draws.
keys = random.split(key, n_starting)
noising_ys = vmap(sde)(y0s, keys)


class SDEFeedForwardModel1D(eqx.Module):
    mlp: eqx.Module

    def __init__(self, in_size=2, out_size=1, width_size=256, depth=1,
                 activation=nn.softplus, key=random.PRNGKey(45)):
        self.mlp = eqx.nn.MLP(in_size=in_size, out_size=out_size, width_size=width_size,
                              depth=depth, activation=activation, key=key)

    @eqx.filter_jit
    def __call__(self, x: float, t: float):
        if isinstance(x, float) or x.ndim == 0:
            x = np.array([x])
        if isinstance(t, float) or x.ndim == 0:
            t = np.array([t])
        x = np.array([x.squeeze(), t.squeeze()])
        return self.mlp(x).squeeze()


model = SDEFeedForwardModel1D(key=random.PRNGKey(55))
optimizer = optax.chain(optax.adam(5e-4))
opt_state = optimizer.init(eqx.filter(model, eqx.is_array))
dloss = eqx.filter_jit(eqx.filter_value_and_grad(joint_sde_score_matching_loss))

n_steps = 13_000
iterator = tqdm(range(n_steps))
loss_history = []
updated_score_model = model
for step in iterator:
    loss_score, grads = dloss(updated_score_model, noising_ys.T, ts_noising)
    updates, opt_state = optimizer.update(grads, opt_state)
    updated_score_model = eqx.apply_updates(updated_score_model, updates)
    loss_history.append(float(loss_score))
