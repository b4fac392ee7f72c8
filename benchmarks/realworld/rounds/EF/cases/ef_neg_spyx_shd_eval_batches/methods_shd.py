# Source: https://github.com/kmheckel/spyx/blob/fcb5d91d8b153f3bfd0844511c3cf19d5612ac85/research/new/hybrid_evo_surrogate/methods_shd.py
# Title: spyx research/new/hybrid_evo_surrogate/methods_shd.py
# Cut: kept constants, model, loss, evaluate and the surrogate arm; dropped ES/SGES arms and main()
import jax
import jax.numpy as jnp
import optax
from flax import nnx

import spyx.axn as axn
import spyx.fn as fn
import spyx.nn as snn

CHANNELS = 128
HIDDEN = 64
N_CLASSES = 20
EPOCHS = 15
LR = 3e-3

ce = fn.integral_crossentropy(smoothing=0.2)
acc_fn = fn.integral_accuracy()


class SpikingClassifier(nnx.Module):
    def __init__(self, *, rngs):
        self.net = snn.Sequential(
            nnx.Linear(CHANNELS, HIDDEN, use_bias=False, rngs=rngs),
            snn.LIF((HIDDEN,), activation=axn.superspike(), rngs=rngs),
            nnx.Linear(HIDDEN, N_CLASSES, use_bias=False, rngs=rngs),
            snn.LI((N_CLASSES,), rngs=rngs),
        )

    def __call__(self, x_BTC):
        traces, _ = snn.run(self.net, x_BTC, batch_major=True)  # (B, T, classes)
        return traces


def loss_fn(model, xb, yb):
    return ce(model(xb), yb)


def evaluate(model, test):
    accs = jnp.stack([acc_fn(model(x), y)[0] for x, y in test])
    losses = jnp.stack([loss_fn(model, x, y) for x, y in test])
    return float(jnp.mean(losses)), float(jnp.mean(accs))


def _fresh(seed):
    return SpikingClassifier(rngs=nnx.Rngs(seed))


def train_surrogate(train, test, seed):
    model = _fresh(seed)
    opt = nnx.Optimizer(model, optax.adam(LR), wrt=nnx.Param)

    @nnx.jit
    def step(m, o, xb, yb):
        loss, g = nnx.value_and_grad(lambda mm: loss_fn(mm, xb, yb))(m)
        o.update(m, g)
        return loss

    for _ in range(EPOCHS):
        for x, y in train:
            step(model, opt, x, y)
    return evaluate(model, test)
