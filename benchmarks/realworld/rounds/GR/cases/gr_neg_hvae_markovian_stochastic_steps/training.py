# Source: https://github.com/dslisleedh/Generative_models-flax/blob/04ea099ab77a620afb4d93145d081b8fe5b8b119/src/training.py
# Title: Generative_models-flax src/training.py and src/losses.py: training step of the Markovian HVAE
# Cut: kept train_epoch and mhvae_training_step from src/training.py and consistency_loss from src/losses.py
#      (https://github.com/dslisleedh/Generative_models-flax/blob/04ea099ab77a620afb4d93145d081b8fe5b8b119/src/losses.py);
#      binary_cross_entropy / kl_divergence are the project's own helpers.
import flax.training.train_state
import gin
import jax
import jax.numpy as jnp

from src.losses import binary_cross_entropy, kl_divergence

from tqdm import tqdm
import tensorflow as tf


def consistency_loss(*args):
    loss = []
    for arg in args:
        loss.append(kl_divergence(arg[0], arg[1]))
    loss = jnp.mean(jnp.sum(jnp.stack(loss, axis=0), axis=0), axis=0)
    return loss


def train_epoch(
        train_func: callable, train_state: flax.training.train_state.TrainState,
        train_ds: tf.data.Dataset, rng: jax.random.PRNGKey, epoch: int,
) -> flax.training.train_state.TrainState:

    with tqdm(total=train_ds.cardinality(), desc=f"Epoch {epoch}") as pbar:
        for i, batch in enumerate(train_ds):
            rng = jax.random.fold_in(rng, i)
            train_state, loss = train_func(train_state, batch, rng)
            pbar.update(1)
            pbar.set_postfix(loss=loss)

    return train_state


@gin.configurable
def mhvae_training_step(state, x, **kwargs):
    x = jnp.array(x, dtype=jnp.float32)

    def loss_fn(params):
        logits, z_T, z_from_q, z_from_g, mu, sigma = state.apply_fn(params, x)
        recon_loss = binary_cross_entropy(logits, x)
        kl_loss = kl_divergence(mu, sigma)
        consist_loss = consistency_loss(z_from_q, z_from_g)
        loss = recon_loss + kl_loss + consist_loss  # Maybe use lambda to weight the consistency loss?
        return loss, recon_loss, kl_loss

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (loss, recon_loss, kl_loss), grads = grad_fn(state.params)

    state = state.apply_gradients(grads=grads)

    return state, (loss, recon_loss, kl_loss)
