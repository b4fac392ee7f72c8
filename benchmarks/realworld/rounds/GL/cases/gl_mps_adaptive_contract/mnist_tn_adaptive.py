# Source: https://github.com/rdilip/qml/blob/4d73ae23c67dacf21a6f4f4d305b7bc91a8b8253/mnist_tn_adaptive.py
# Title: mnist_tn_adaptive.py ("Implements MNIST learning as described in Stoudenmire Schwab.")
# Cut: data loading, image processing, split/step/invert sweeps and the epoch driver cut; the MPS
#      contraction, the batched evaluation, the loss and the jitted grad update kept as written.
from typing import Mapping, Tuple, List

import jax
import jax.numpy as jnp
import numpy as np
import optax

Batch = Mapping[str, jnp.ndarray]
TN = Mapping[str, jnp.ndarray]


def init(L: int, Nlabels: int = 3) -> TN:
    tn = {}
    chi = 1
    assert L > 2

    def _init_subnetwork(L: int, d: int) -> jnp.ndarray:
        w = jnp.stack(d * L * [jnp.eye(chi)])
        w = w.reshape((L, d, chi, chi))
        return w + jnp.array(np.random.normal(0, 1.e-2, size=w.shape))

    tn["left"] = []
    tn["right"] = [i for i in _init_subnetwork(L-2, 2)]
    tn["center"] = _init_subnetwork(Nlabels, 2*2).reshape((2, 2, Nlabels, chi, chi))
    return tn


# Evaluation
@jax.jit
def contract_mps(mps: List, img: List) -> jnp.ndarray:
    """ This contracts a full MPS, not the TN object """
    out = jnp.tensordot(mps[0], img[0], [0, 0])
    for i in range(1, len(mps)):
        A = jnp.tensordot(mps[i], img[i], [0, 0])
        out = jnp.tensordot(out, A, [-1, -2])
    return out


@jax.jit
def _evaluate_img(center, img, lenv=None, renv=None) -> jnp.ndarray:
    """ Evaluates an MPS given the cneter tensor and the left and right wings """
    if lenv is None:
        lenv = jnp.eye(center.shape[-2])
    if renv is None:
        renv = jnp.eye(center.shape[-1])

    output = jnp.tensordot(center, img[0], [0, 0])
    output = jnp.tensordot(output, img[1], [0, 0])
    output = jnp.tensordot(output, renv, [-1, 0])
    output = jnp.tensordot(output, lenv, [-2, -1])
    return output.reshape(center.shape[2])


@jax.jit
def evaluate(tn: TN, img: List) -> jnp.ndarray:
    lenv, renv = None, None
    m = len(tn['left'])
    if len(tn['left']) > 0:
        lenv = contract_mps(tn['left'], img[:m])
    if len(tn['right']) > 0:
        renv = contract_mps(tn['right'], img[m+2:])
    return _evaluate_img(tn['center'], img[m:m+2], renv=renv, lenv=lenv)


evaluate_batched = jax.jit(jax.vmap(evaluate, in_axes=(None, 0), out_axes=0))


@jax.jit
def loss(tn: TN, batch: Batch) -> jnp.ndarray:
    logits = evaluate_batched(tn, batch["image"])
    labels = jax.nn.one_hot(batch["label"], 10)

    softmax_xent = -jnp.sum(labels * jax.nn.log_softmax(logits))
    softmax_xent /= labels.shape[0]
    return softmax_xent


def main(_):
    opt = optax.adam(1.e-4)

    @jax.jit
    def update(tn: TN,
               opt_state: optax.OptState,
               batch: Batch) -> Tuple[TN, optax.OptState]:
        grads = jax.grad(loss)(tn, batch)
        updates, opt_state = opt.update(grads, opt_state)
        tn = optax.apply_updates(tn, updates)
        return tn, opt_state

    # shape = (28,28)
    shape = (14, 14)
    L = shape[0]*shape[1]
    tn = init(L, 10)
    return update, tn
