# Source: https://github.com/BoltMaxwell/csgmcmc-jax/blob/585964641424cd4854d8fb152dc58b6dcba9baa8/csgmcmc_jax/ensemble.py
# Title: ensemble.py
# Cut: argparse main removed

"""Bayesian model averaging over saved cSG-MCMC samples (port of
``experiments/cifar_ensemble.py``).

Each sample is a serialized ``(model, state)``. Predictions are softmax-averaged
across samples (the BMA predictive), then argmax-ed for accuracy.

    python -m csgmcmc_jax.ensemble --data_path PATH --dir SAMPLES --dataset cifar10
"""

import argparse
import glob
import os

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

from .data import load_cifar
from .models.resnet import make_resnet18


@eqx.filter_jit
def _probs(model, state, x):
    """Softmax probabilities for a batch, in inference mode (running BN stats)."""
    model = eqx.nn.inference_mode(model)
    batched = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    logits, _ = batched(x, state)
    return jax.nn.softmax(logits, axis=-1)


def predict_mean(model, state, x_test, batch_size=200):
    """Mean softmax probs of one sample over the test set."""
    n = x_test.shape[0]
    out = []
    for i in range(0, n, batch_size):
        out.append(np.asarray(_probs(model, state, jnp.asarray(x_test[i:i + batch_size]))))
    return np.concatenate(out, axis=0)


def evaluate(samples, x_test, y_test, batch_size=200):
    """Return (bma_accuracy, per_sample_accuracies)."""
    y_test = np.asarray(y_test)
    bma = np.zeros((x_test.shape[0], int(y_test.max()) + 1), dtype=np.float64)
    per_sample = []
    for model, state in samples:
        probs = predict_mean(model, state, x_test, batch_size)
        per_sample.append(float((probs.argmax(1) == y_test).mean()))
        bma += probs
    bma /= len(samples)
    return float((bma.argmax(1) == y_test).mean()), per_sample


def load_samples(save_dir, num_classes):
    """Deserialize all ``sample_*.eqx`` files into ``(model, state)`` skeletons."""
    paths = sorted(glob.glob(os.path.join(save_dir, "sample_*.eqx")))
    if not paths:
        raise FileNotFoundError(f"no sample_*.eqx files in {save_dir}")
    samples = []
    for path in paths:
        skeleton = make_resnet18(jax.random.key(0), num_classes=num_classes)
        samples.append(eqx.tree_deserialise_leaves(path, skeleton))
    return samples

