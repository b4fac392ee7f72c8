# Source: https://github.com/rdilip/qml/blob/4d73ae23c67dacf21a6f4f4d305b7bc91a8b8253/.ipynb_checkpoints/mnist_tn-checkpoint.py
# Title: .ipynb_checkpoints/mnist_tn-checkpoint.py (MPS classifier for MNIST, first version)
# Cut: dataset loading, split/join sweep helpers and the accuracy/step driver cut; the evaluation loop,
#      the loss and the jax.grad update kept as written (debug prints removed).
from typing import Mapping, Tuple, List

import jax
import jax.numpy as jnp
import numpy as np
import optax

Batch = Mapping[str, np.ndarray]
TN = List[np.ndarray]


def process(batch: Batch) -> Batch:
    x = batch['image'].astype(jnp.float32)
    x = x / 255.
    nb, _, _, nc = x.shape
    x = jax.image.resize(x, [nb, 14, 14, nc], "nearest")
    img = jnp.concatenate([jnp.cos(x*np.pi/2.), jnp.sin(x*np.pi/2)], axis=-1)
    img = img.reshape((img.shape[0], 14*14, img.shape[3]))
    return {
        "image": img,
        "label": batch["label"],
    }


def evaluate(tn: TN, batch: Batch) -> jnp.ndarray:
    # TODO: work out how to properly batch this...
    x = process(batch)["image"]
    batch_size = x.shape[0]
    L = len(tn)
    predicts = jnp.zeros((batch_size, 10))

    for j in range(batch_size):
        out = jnp.array([1.])
        xi = x[j]
        m = 0
        for i in range(L-1):
            W = tn[i]
            if len(W.shape) == 3:
                tnsr = jnp.tensordot(xi[m, :], W, [-1, 0])
                out = jnp.tensordot(out, tnsr, [0, 0])
                m += 1
            elif len(W.shape) == 4:
                tnsr = jnp.tensordot(xi[m, :], W, [-1, 0])
                tnsr = jnp.tensordot(xi[m+1, :], tnsr, [-1, 0])
                out = jnp.tensordot(out, tnsr, [0, 0])
                m += 2
        predicts = predicts.at[j].set(out.reshape(-1))
    return predicts


def loss(tn: TN, batch: Batch) -> jnp.ndarray:
    logits = evaluate(tn, batch)
    labels = jax.nn.one_hot(batch["label"], 10)
    l2_loss = 0.5 * jnp.sum(jnp.square(logits - labels))
    return l2_loss


def init(L: int) -> List[jnp.ndarray]:
    key = jax.random.PRNGKey(42)
    tn = [jax.random.normal(key, shape=(2, 1, 1)) for i in range(L)]
    tn[L-1] = jax.random.uniform(key, shape=(2, 1, 10))
    return tn


def main(_):
    def update(tn: TN,
               opt_state: optax.OptState,
               batch: Batch,
               m: int) -> Tuple[TN, optax.OptState]:

        grads = jax.grad(loss)(tn, batch)
        updates, opt_state = opt.update(grads, opt_state)
        tn[m] += updates[m]
        return tn, opt_state

    def accuracy(tn: TN, batch: Batch) -> jnp.ndarray:
        predictions = evaluate(tn, batch)
        return jnp.mean(jnp.argmax(predictions, axis=-1) == batch["label"])

    L = 14*14
    tn = init(L)
    opt = optax.sgd(0.001)
    return update, accuracy, tn
