# Source: https://github.com/shakes76/jax-vision/blob/18e940dd098ac4adef06ab870be6895283d058f1/test_convnet_cifar.py
# Title: test_convnet_cifar.py (CIFAR-10 classification with JAX and Haiku)
# Cut: kept imports, the train state, the forward function, the loss with L2 over parameter leaves, the jitted update and the training loop; dropped tf.data loading and path set-up; num_classes and a constant-LR optimiser replace the dataset info and the one-cycle schedule.
'''
Test MNIST classifications with JAX and Haiku
'''
import haiku as hk
import jax
import numpy as np
import jax.numpy as jnp
import optax
import tensorflow as tf
import tensorflow_datasets as tfds #stable
from typing import Mapping, Tuple, NamedTuple
import time

#prevent TF from hogging GPU memory in conflict with XLA and JAX
tf.config.experimental.set_visible_devices([], "GPU")

#locals
import filenames
import preprocess
import networks

#TFDS returns dict of image and labels
Batch = Mapping[str, np.ndarray]
class TrainState(NamedTuple):
    params: hk.Params
    state: hk.State
    opt_state: optax.OptState

#parameters
epochs = 34
batch_size = 128
tfdtype = tf.float32
num_classes = 10

def _forward(batch: Batch, is_training: bool) -> jnp.ndarray:
    '''
    Forward pass through network
    '''
    cnn = networks.ConvNet(num_classes, conv_layers=3, kernel_size=3, channels=128, dense_size=1024)
    return cnn(batch["image"], is_training=is_training)


# Make the network and optimiser.
network = hk.transform_with_state(_forward)

#setup optimizer
opt = optax.sgd(0.1, momentum=0.9)


#loss function
def loss_fn(params: hk.Params, state: hk.State, batch: Batch) -> Tuple[jnp.ndarray, Tuple[jnp.ndarray, hk.State]]:
    '''
    Cross entropy including L2 weight regularisation
    '''
    logits, state = network.apply(params, state, None, batch, is_training=True)
    labels = jax.nn.one_hot(batch["label"], num_classes)

    l2_loss = 0.5 * sum(jnp.sum(jnp.square(p)) for p in jax.tree_leaves(params))
    softmax_xent = -jnp.sum(labels * jax.nn.log_softmax(logits))
    softmax_xent /= labels.shape[0]

    loss = softmax_xent + 5e-4 * l2_loss

    return loss, (loss, state)

# Evaluation metric (classification accuracy).
@jax.jit
def accuracy(params: hk.Params, state: hk.State, batch: Batch) -> jnp.ndarray:
    logits, _ = network.apply(params, state, None, batch, is_training=False)
    return jnp.mean(jnp.argmax(logits, axis=-1) == batch["label"])

@jax.jit
def update(
        train_state: TrainState,
        batch: Batch,
    ) -> Tuple[hk.Params, optax.OptState]:
    """Learning rule (stochastic gradient descent)."""
    params, state, opt_state = train_state
    grads, (loss, new_state) = jax.grad(loss_fn, has_aux=True)(params, state, batch)
    updates, new_opt_state = opt.update(grads, opt_state)
    new_params = optax.apply_updates(params, updates)
    train_state = TrainState(new_params, new_state, new_opt_state)
    return train_state, loss

# For initialization we need the same random key on each device.
rng = jax.random.PRNGKey(42)
# rng = jnp.broadcast_to(rng, (jax.local_device_count(),) + rng.shape)
# Initialize network and optimiser; note we draw an input to get shapes.
# params = avg_params = network.init(jax.random.PRNGKey(42), next(train_ds))
def initial_state(rng: jnp.ndarray, batch: Batch) -> TrainState:
    """Computes the initial network state."""
    params, state = network.init(rng, batch, is_training=True)
    opt_state = opt.init(params)
    return TrainState(params, state, opt_state)

# Initialization requires an example input.
batch = next(train_ds)
# train_state = jax.pmap(initial_state)(rng, batch)
train_state = initial_state(rng, batch)
params, state, opt_state = train_state

num_train_steps = 10000
# Train/eval loop.
loss = 999.
start = time.time() #time generation
for step in range(num_train_steps):
    if step % 100 == 0:
        # Periodically evaluate classification accuracy on train & test sets.
        train_accuracy = accuracy(params, state, next(train_ds))
        test_accuracy = accuracy(params, state, next(test_ds))
        train_accuracy, test_accuracy = jax.device_get(
            (train_accuracy, test_accuracy))
        print(f"[Step {step}, Loss {loss:.5f}] Train / Test accuracy: "
                f"{train_accuracy:.3f} / {test_accuracy:.3f}.")

    # Optimize on a batch of training examples.
    train_state, loss = update(train_state, next(train_ds))
    params, state, opt_state = train_state
end = time.time()
elapsed = end - start
print("Training took " + str(elapsed) + " secs or " + str(elapsed/60) + " mins in total") 

