# Source: https://github.com/huangeddie/MuZeroGoJax/blob/19b1e80cdd18436a3913c1fb2408ae6fb29c453f/src/muzero_gojax/train.py
# Title: src/muzero_gojax/train.py (Manages the MuZero training of Go models), huangeddie/MuZeroGoJax
# Cut: update_model and train_step (value_and_grad of the k-step loss); make_train_step_fn holds the
# jit-wrapping lines that sit inside train_model upstream.
import absl.flags
import haiku as hk
import jax.numpy as jnp
import jax.random
import optax

from muzero_gojax import game
from muzero_gojax import losses


def update_model(absl_flags: absl.flags.FlagValues, go_model: hk.MultiTransformedWithState,
                 optimizer: optax.GradientTransformation, params: optax.Params, model_state, opt_state,
                 trajectories: jnp.ndarray):
    """Updates the model in a single train_model step."""
    loss_fn = jax.value_and_grad(losses.compute_k_step_total_loss, argnums=1, has_aux=True)
    (total_loss, metrics_data), grads = loss_fn(go_model, params, model_state, trajectories, absl_flags.hypo_steps,
                                                absl_flags.temperature)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, metrics_data['model_state'], opt_state, metrics_data


def train_step(absl_flags, go_model, optimizer, opt_state, params, model_state, rng_key):
    trajectories = game.self_play(absl_flags, go_model, params, model_state, rng_key)
    params, model_state, opt_state, metrics_data = update_model(absl_flags, go_model, optimizer, params, model_state,
                                                                opt_state, trajectories)
    return metrics_data, opt_state, params, model_state


def make_train_step_fn(absl_flags, go_model, optimizer):
    train_step_fn = jax.tree_util.Partial(train_step, absl_flags, go_model, optimizer)
    if absl_flags.use_jit:
        train_step_fn = jax.jit(train_step_fn)
    return train_step_fn
