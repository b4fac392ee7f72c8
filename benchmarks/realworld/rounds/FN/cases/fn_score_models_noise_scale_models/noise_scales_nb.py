# Source: https://github.com/ericmjl/score-models/blob/7a8743f50d015429ab288076b8889f00c76a88ca/notebooks/03-noise-scales.ipynb
# Title: notebooks/03-noise-scales.ipynb (annealed Langevin dynamics with one model per noise scale)
# Cut: code cells 5, 23, 25, 30 converted to a script; plotting, pickling, data generation and the
#      FeedForwardModel1D class cut; `fit` is score_models.training.fit (a jitted step in a host loop).
from functools import partial

import jax.numpy as np
import optax
from jax import nn, random, vmap

from diffusion_losses import joint_score_matching_loss
from score_models.models import FeedForwardModel1D
from score_models.sampler import LangevinDynamicsChain
from score_models.training import fit

noise_scale = np.linspace(1, 8, 9)
data_perturbed = make_perturbed_data(noise_scale)  # noqa: F821 (notebook cell 5)


def make_model(key):
    ffmodel = FeedForwardModel1D(
        depth=2, width_size=512, activation=nn.softplus, key=key
    )
    return ffmodel


key = random.PRNGKey(49)
keys = random.split(key, len(noise_scale))
models = []
for key in keys:
    models.append(make_model(key))

optimizer = optax.chain(optax.clip(0.1), optax.adam(5e-3))
n_steps = 2_000
updated_models, training_history = fit(
    models,
    data_perturbed,
    partial(joint_score_matching_loss, scales=noise_scale),
    optimizer=optimizer,
    steps=n_steps,
)

n_particles = 10_000
starter_points = random.normal(key, shape=(n_particles, 1, 1)) * 10
starter_keys = random.split(key, n_particles)

final_points_history = []
for model in updated_models[::-1]:
    trained_model_sampler = LangevinDynamicsChain(
        gradient_func=model, n_samples=100, epsilon=5e-1
    )
    final_points, trained_samples = vmap(trained_model_sampler)(starter_points, starter_keys)
    final_points_history.append(final_points)
    starter_points = final_points
