# Source: https://github.com/nestordemeure/AdaHessianJax/blob/20f789093141fdfe998753f85bca6e8b3f5acb81/examples/mnist_adahessian.py
# Title: examples/mnist_adahessian.py (AdaHessian on MNIST with stax)
# Cut: kept the model, the jitted update that calls grad_and_hessian and the epoch/batch driver; license header and accuracy printing cut; the optimizer import is pointed at the local module
import numpy.random as npr

import jax.numpy as jnp
from jax import jit, random
from jax.experimental import stax
from jax.experimental.stax import Dense, Relu, LogSoftmax

from hessian_computation import grad_and_hessian
from adahessianJax.jax import adahessian

def loss(params, batch):
    inputs, targets = batch
    preds = predict(params, inputs)
    return -jnp.mean(jnp.sum(preds * targets, axis=1))

def accuracy(params, batch):
    inputs, targets = batch
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(predict(params, inputs), axis=1)
    return jnp.mean(predicted_class == target_class)

init_random_params, predict = stax.serial(
    Dense(1024), Relu,
    Dense(1024), Relu,
    Dense(10), LogSoftmax)

if __name__ == "__main__":
    rng = random.PRNGKey(0)

    step_size = 0.001
    num_epochs = 10
    batch_size = 128
    momentum_mass = 0.9

    train_images, train_labels, test_images, test_labels = datasets.mnist()
    num_train = train_images.shape[0]
    num_complete_batches, leftover = divmod(num_train, batch_size)
    num_batches = num_complete_batches + bool(leftover)

    def data_stream():
      rng = npr.RandomState(0)
      while True:
          perm = rng.permutation(num_train)
          for i in range(num_batches):
            batch_idx = perm[i * batch_size:(i + 1) * batch_size]
            yield train_images[batch_idx], train_labels[batch_idx]
    batches = data_stream()

    opt_init, opt_update, get_params = adahessian()

    @jit
    def update(i, opt_state, batch, rng):
        params = get_params(opt_state)
        gradient, hessian = grad_and_hessian(loss, (params, batch), rng)
        return opt_update(i, gradient, hessian, opt_state)

    rng, rng_param = random.split(rng)
    _, init_params = init_random_params(rng_param, (-1, 28 * 28))
    opt_state = opt_init(init_params)
    itercount = itertools.count()

    print("\nStarting training...")
    for epoch in range(num_epochs):
        start_time = time.time()
        for _ in range(num_batches):
          rng, rng_step = random.split(rng)
          opt_state = update(next(itercount), opt_state, next(batches), rng_step)
        epoch_time = time.time() - start_time

