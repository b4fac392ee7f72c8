# Source: https://github.com/smsharma/minified-generative-models/blob/3354e368f83f81694bb833ba4492fa4f93ae18b5/08_discrete_walk_jump_sampling.ipynb
# Title: 08_discrete_walk_jump_sampling.ipynb -- Discrete Walk-Jump Sampling (energy-based model part)
# Cut: code cells 2, 9 (shortened), 17, 20, 22, 24 converted to a script; plotting, the score model and the
#      walk-jump sampler cut; the Langevin sampler (cell 7) is in langevin.py.
from typing import Callable, Tuple
import functools

import jax
import chex
import jax.numpy as jnp
import flax.linen as nn
import optax
import tqdm
from tensorflow_probability.substrates import jax as tfp

from langevin import langevin_sample

tfd = tfp.distributions
p = tfd.Mixture(cat=tfd.Categorical(probs=[0.5, 0.5]), components=[tfd.Normal(-2., 0.5), tfd.Normal(2., 0.5)])  # cell 9, shortened
rng = jax.random.PRNGKey(0)

class EnergyBasedModel(nn.Module):
    """A simple energy-based model."""
    hidden_size: int

    @nn.compact
    def __call__(self, y: chex.Array) -> chex.Array:
        if len(y.shape) <= 1:
            y = jnp.expand_dims(y, axis=0)
        y = nn.Dense(self.hidden_size)(y)
        y = jax.nn.softplus(y)
        y = nn.Dense(self.hidden_size)(y)
        y = jax.nn.softplus(y)
        y = nn.Dense(1)(y)
        y = jnp.squeeze(y, axis=-1)
        return y

# Initialize the model.
model = EnergyBasedModel(hidden_size=10)
dummy_input = jnp.ones((1,))
init_params = model.init(rng, dummy_input)
energy_fn = jax.jit(model.apply)

def create_grad_log_prob_fn(params: optax.Params, energy_fn: Callable[[optax.Params, chex.Array], float]) -> Callable[[chex.Array], chex.Array]:
    """Creates a function that computes the gradient of the log probability under the EBM."""
    def grad_log_prob_fn(y: chex.Array) -> chex.Array:
        return -jax.grad(lambda y: energy_fn(params, y).squeeze())(y)
    return grad_log_prob_fn

@functools.partial(jax.jit, static_argnames=("energy_fn", "num_sampling_steps", "take_every_sample", "burn_in_samples"))
def ebm_loss_fn(params: optax.Params, energy_fn: Callable[[optax.Params, chex.Array], float], y_true_samples: chex.Array, rng: chex.PRNGKey,
            delta: float, num_sampling_steps: int, take_every_sample: int, burn_in_samples: int) -> float:
    """Computes the EBM loss function."""
    init_rng, rng = jax.random.split(rng)
    init = jax.random.normal(init_rng, y_true_samples[0].shape)
    sampling_rng, rng = jax.random.split(rng)
    y_model_samples = langevin_sample(create_grad_log_prob_fn(params, energy_fn), init=init, delta=delta, rng=sampling_rng, num_steps=num_sampling_steps)
    y_model_samples = y_model_samples[burn_in_samples:]
    y_model_samples = y_model_samples[::take_every_sample]
    # We don't differentiate through the sampling procedure.
    y_model_samples = jax.lax.stop_gradient(y_model_samples)
    energy_fn_vmapped = jax.vmap(lambda y: energy_fn(params, y))
    return energy_fn_vmapped(y_true_samples).mean() - energy_fn_vmapped(y_model_samples).mean()
#### cell 24
def train_ebm_model(init_params: optax.Params, rng: chex.PRNGKey, num_training_steps: int, **loss_kwargs) -> optax.Params:
    """Train the EBM model using the Adam optimizer."""
    @jax.jit
    def train_step(params: optax.Params, opt_state: optax.OptState, y_true_samples: chex.Array, rng: chex.PRNGKey) -> Tuple[optax.Params, optax.OptState, float]:
        loss, grad = jax.value_and_grad(ebm_loss_fn, has_aux=False)(params, energy_fn, y_true_samples, rng, **loss_kwargs)
        updates, opt_state = tx.update(grad, opt_state)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    tx = optax.adam(5e-4)
    opt_state = tx.init(init_params)

    params_at_steps = {
        0: init_params,
    }
    
    params = init_params
    for step in tqdm.trange(num_training_steps):
        step_rng, samples_rng, rng = jax.random.split(rng, num=3)
        y_true_samples = p.sample(32, seed=samples_rng)

        params, opt_state, loss = train_step(params, opt_state, y_true_samples, step_rng)

        # Log the training progress.
        if step % 500 == 0:
            params_at_steps[step] = params
    return params_at_steps
