# Source: https://github.com/naesseth/platipus/blob/4c29bac49243682bf9dab75148efc25adff88f01/bayesian_maml_jax.py
# Title: bayesian_maml_jax.py (platipus: meta-learning for chemistry, MAML in JAX)
# Cut: laplace_approx and the commented-out update dropped; dataset loading kept as a call.
import time

import numpy.random as npr

import jax.numpy as jnp
from jax.scipy.special import logsumexp
from jax import jit, grad, random
from utils.dataset_alt import *

def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
    return [(scale * rng.randn(m, n), scale * rng.randn(n))
            for m, n, in zip(layer_sizes[:-1], layer_sizes[1:])]

def bernoulli_logpdf(logits, y):
    """Bernoulli log pdf of data x given logits."""
    return -jnp.sum(jnp.logaddexp(0., jnp.where(y, -1., 1.) * logits))

def predict(params, inputs):
    activations = inputs
    for w, b in params[:-1]:
        outputs = jnp.dot(activations, w) + b
        activations = jnp.tanh(outputs)

    final_w, final_b = params[-1]
    logits = jnp.dot(activations, final_w) + final_b
    return logits - logsumexp(logits, axis=1, keepdims=True)

def loss(params, data):
    inputs, targets = data
    logits_y = predict(params, inputs)
    return bernoulli_logpdf(logits_y, targets)


if __name__ == "__main__":
    rng = random.PRNGKey(0)

    layer_sizes = [51, 256, 256, 1]
    param_scale = 0.1
    step_size = 0.001
    num_epochs = 5

    amine_list, x_t, y_t, x_v, y_v, all_data, all_labels = process_dataset(train_size=10, active_learning_iter=10,
                                                                           verbose=True, cross_validation=True, full=True,
                                                                           active_learning=True, w_hx=True, w_k=True)
    num_amines = len(amine_list)

    @jit
    def meta_loss(params, batch):
        grads = grad(loss)(params, batch)
        tmp_params = [(w - step_size * dw, b - step_size * db)
                for (w, b), (dw, db) in zip(params, grads)]
        return loss(tmp_params, batch)

    @jit
    def meta_update(params, batch):
        grads = grad(meta_loss)(params, batch)
        return [(w - step_size * dw, b - step_size * db)
                for (w, b), (dw, db) in zip(params, grads)]

    params = init_random_params(param_scale, layer_sizes)

    for epoch in range(num_epochs):
        start_time = time.time()
        for amine in amine_list:
            params = meta_update(params,(x_t[amine],y_t[amine]))
        epoch_time = time.time() - start_time

        print("Epoch {} in {:0.2f} sec".format(epoch, epoch_time))
