# Source: https://github.com/Abdo-Mohammed-10/Bayesian-Inference-From-Scratch-JAX/blob/979e71e2dcd2f54062b63378bce97c211d65e30f/Bayesian_CNN_with_Uncertainty_Estimation_on_CIFAR_10___(_JAX_FLAX).ipynb
# Title: Bayesian CNN with Uncertainty Estimation (JAX / Flax) notebook
# Cut: code cells 17, 18 and 22 (Monte Carlo predictive vmapped over 20 reparameterisation keys,
#      numpy expected-calibration-error over 10 bins, host training loop) converted to a module.
import jax
import jax.numpy as jnp
from jax import random, vmap
import numpy as np
import tensorflow_datasets as tfds

from model import config, train_step


def predict_bayesian(state, images, rng, n_samples=20):
    rng_keys = random.split(rng, n_samples)
    def forward_pass(key):
        logits = state.apply_fn(
            {'params': state.params},
            images,
            training=False,
            rngs={'reparam': key}
        )
        return jax.nn.softmax(logits)

    samples = vmap(forward_pass)(rng_keys) # [Samples, Batch, Classes]
    mean_probs = jnp.mean(samples, axis=0)
    entropy = -jnp.sum(mean_probs * jnp.log(mean_probs + 1e-10), axis=-1)
    return mean_probs, entropy, samples


def compute_ece(probs, labels, n_bins=10):
    bin_boundaries = np.linspace(0, 1, n_bins + 1)
    confidences = np.max(probs, axis=1)
    predictions = np.argmax(probs, axis=1)

    ece = 0.0
    for i in range(n_bins):
        bin_lower, bin_upper = bin_boundaries[i], bin_boundaries[i+1]
        in_bin = (confidences > bin_lower) & (confidences <= bin_upper)
        prop_in_bin = np.mean(in_bin)

        if prop_in_bin > 0:
            accuracy = np.mean(predictions[in_bin] == labels[in_bin])
            avg_confidence = np.mean(confidences[in_bin])
            ece += np.abs(avg_confidence - accuracy) * prop_in_bin

    return ece


def train(state, rng, train_ds_obj):
    print(f"Training on FashionMNIST (Medical Proxy) for {config['EPOCHS']} epochs...")
    metrics_history = {'nll': [], 'kl': []}

    for epoch in range(config['EPOCHS']):
        batch_nlls, batch_kls = [], []

        train_iter = tfds.as_numpy(train_ds_obj)

        for batch in train_iter:
            rng, step_rng = random.split(rng)
            state, nll, kl = train_step(state, batch, step_rng)
            batch_nlls.append(nll)
            batch_kls.append(kl)

        avg_nll = np.mean(batch_nlls)
        avg_kl = np.mean(batch_kls)

        metrics_history['nll'].append(avg_nll)
        metrics_history['kl'].append(avg_kl)

        print(f"Epoch {epoch+1:02d} | NLL: {avg_nll:.4f} | KL Cost: {avg_kl:.4f}")
    return state, metrics_history
