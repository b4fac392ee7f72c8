# Source: https://github.com/demon2036/jax-adv-vit/blob/1fffd280e2738e7842f4c6046d1244e23a82eb2b/test_pgd.py
# Title: test_pgd.py (training loop)
# Cut: kept train_step and the epoch loop that evaluates with dataset_stats; the data pipeline is
#      replaced by the two loader names, the TRADES step and logging are dropped.
import jax
from jax import numpy as jnp
import optax

from pgd_eval import net, loss_fun, dataset_stats, pgd_attack, EPSILON

EPOCHS = 100
L2_REG = 0.0001
LEARNING_RATE = 0.001
input_shape = (1, 32, 32, 3)


@jax.jit
def train_step(params, opt_state, batch):
    images, labels = batch
    # convert images to float as attack requires to take gradients wrt to them
    images = images.astype(jnp.float32) / 255
    adversarial_images_train = pgd_attack(images, labels, params, epsilon=EPSILON)
    # train on adversarial images
    loss_grad_fun = jax.grad(loss_fun)
    grads = loss_grad_fun(params, L2_REG, (adversarial_images_train, labels))
    updates, opt_state = optimizer.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state


# Initialize parameters.
key = jax.random.PRNGKey(0)
var_params = net.init(key, jnp.zeros(input_shape))["params"]

# Initialize the optimizer.
optimizer = optax.adam(LEARNING_RATE)
opt_state = optimizer.init(var_params)


def run(train_loader_batched, test_loader_batched, iter_per_epoch_train, iter_per_epoch_test):
    global opt_state, var_params
    for epoch in range(EPOCHS):
        for train_batch in train_loader_batched.as_numpy_iterator():
            var_params, opt_state = train_step(var_params, opt_state, train_batch,)
        train_stats = dataset_stats(var_params, train_loader_batched, iter_per_epoch_train)
        test_stats = dataset_stats(var_params, test_loader_batched, iter_per_epoch_test)
        print(f"Epoch {epoch} out of {EPOCHS}", train_stats, test_stats)
