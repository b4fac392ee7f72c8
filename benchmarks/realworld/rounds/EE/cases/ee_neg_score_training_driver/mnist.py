# Source: https://github.com/sandreza/JaxDiffusion/blob/de1e82d6b0f0969a02b720c789515886b86bf8e1/examples/mnist.py
# Title: examples/mnist.py
# Cut: data download, UNet construction, saving and the sampling/plotting part cut; the
#      train/test split and the epoch loop kept as written.
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
import equinox as eqx

from losses import make_step, batch_loss_function


def train(model, schedule, data, subkey, key, epochs=100):
    lr = 1e-3
    opt = optax.chain(
        optax.adam(lr),
    )
    opt_state = opt.init(eqx.filter(model, eqx.is_inexact_array))

    test_size = 0.2
    dataset_size = data.shape[0]
    indices = jnp.arange(dataset_size)
    perm = jax.random.permutation(subkey, indices)
    test_size = int(dataset_size * test_size)
    train_size = dataset_size - test_size
    train_indices = perm[:train_size]
    test_indices = perm[train_size:]
    train_data = data[train_indices, :, :, :]
    test_data = data[test_indices, :, :, :]

    _, subkey, subkey2 = jax.random.split(subkey, 3)
    train_size = train_data.shape[0]
    test_size = test_data.shape[0]
    batch_size = 32 * 4
    train_skip_size = train_size // batch_size
    test_skip_size = test_size // batch_size

    model_key, train_key, test_key, loader_key, sample_key = jr.split(key, 5)
    total_value = 0
    total_size = 0
    test_value = 0
    total_test_size = 0

    for epoch in range(epochs):
        _, subkey, subkey2, subkey3 = jax.random.split(subkey, 4)
        perm_train = jax.random.permutation(subkey, train_size)
        perm_test  = jax.random.permutation(subkey2, test_size)
        for chunk in range(train_skip_size-1):
            _, train_key = jax.random.split(train_key)
            tr_data = train_data[perm_train[chunk*batch_size:(chunk+1)*batch_size], :, :, :]
            value, model, train_key, opt_state = make_step(
                model, schedule, tr_data, train_key, opt_state, opt.update
            )
            total_value += value.item()
            total_size += 1
        for chunk in range(test_skip_size-1):
            _, test_key = jax.random.split(test_key)
            tst_data = test_data[perm_test[chunk*batch_size:(chunk+1)*batch_size], :, :, :]
            test_value += batch_loss_function(model, schedule, tst_data, test_key)
            total_test_size += 1
        print(f"------Epoch={epoch}------")
        print(f"Loss={total_value / total_size}")
        print(f"Test Loss={test_value / total_test_size}")
        total_value = 0
        total_size = 0
        test_value = 0
        total_test_size = 0
    return model
