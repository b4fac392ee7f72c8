# Source: https://github.com/ericmjl/score-models/blob/7a8743f50d015429ab288076b8889f00c76a88ca/notebooks/02-langevin-dynamics.ipynb
# Title: notebooks/02-langevin-dynamics.ipynb -- sampling a trained score model with Langevin dynamics
# Cut: code cell 27 converted to a script; the trained model comes from earlier cells (cut).
from jax import random, vmap

from sampler import LangevinDynamicsChain

updated_model = ...  # trained FeedForwardModel1D from the notebook's training cells

key = random.PRNGKey(49)
n_particles = 10_000
starter_points = random.normal(key, shape=(n_particles, 1, 1)) * 5

starter_keys = random.split(key, n_particles)

trained_model_sampler = LangevinDynamicsChain(
    gradient_func=updated_model, n_samples=100, epsilon=5e-1
)
final, trained_samples = vmap(trained_model_sampler)(starter_points, starter_keys)
