# Source: https://github.com/ChanBong/s4-jax/blob/383771f89e21d2a5990844334fc9a9d75d4367c6/s4/train.py
# Title: s4/train.py
# Cut: only the jitted training step that applies the stacked SSM model (and so runs SSMLayer.setup) kept.
from functools import partial
import jax
import jax.numpy as np
import optax


def cross_entropy_loss(logits, label):
    one_hot_label = jax.nn.one_hot(label, num_classes=logits.shape[0])
    return -np.sum(one_hot_label * logits)

@partial(jax.jit, static_argnums=(4, 5))
def train_step(
    state, rng, batch_inputs, batch_labels, model, classification=False
):
    def loss_fn(params):
        if classification:
            logits, mod_vars = model.apply(
                {"params": params},
                batch_inputs,
                rngs={"dropout": rng},
                mutable=["intermediates"],
            )
            loss = np.mean(cross_entropy_loss(logits, batch_labels))
        else:
            logits, mod_vars = model.apply(
                {"params": params},
                batch_inputs[:, :-1],
                rngs={"dropout": rng},
                mutable=["intermediates"],
            )
            loss = np.mean(cross_entropy_loss(logits, batch_inputs[:, 1:, 0]))
        return loss, logits

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(state.params)
    state = state.apply_gradients(grads=grads)
    return state, loss
