# Source: https://github.com/nik-dim/sequel/blob/ac06a2cef517bce54b29c4a92a3e8322bcefaa75/sequel/algos/jax/jax_base_algo.py
# Title: sequel/algos/jax/jax_base_algo.py
# Cut: only the jitted forward / loss / training-step methods, re-indented as module functions with self kept as first argument; imports reconstructed

from functools import partial

import jax
import optax


class JaxBaseAlgorithm:
    @partial(jax.jit, static_argnums=(0, 4))
    def forward(self, params, x, t, training, step):
        dropout_train_key = jax.random.fold_in(key=self.dropout_key, data=step)
        logits = self.apply_fn(
            params,
            x=x,
            task_ids=t,
            training=training,
            rngs={"dropout": dropout_train_key},
            # This applies to ResNet; BathcNorm are not updated for the moment.
            mutable=False,
        )
        return logits

    @partial(jax.jit, static_argnums=(0, 5))
    def cross_entropy(self, params, x, y, t, training, step=None):
        logits = self.forward(params, x, t, training, step=step)
        loss = cross_entropy_loss(logits=logits, labels=y, num_classes=self.benchmark.num_classes)
        return loss, logits

    @partial(jax.jit, static_argnums=(0,))
    def base_training_step(self, state: TrainState, x, y, t, step):
        """Train for a single step."""
        grad_fn = jax.value_and_grad(self.cross_entropy, has_aux=True, allow_int=True)
        (loss, logits), grads = grad_fn(state.params, x=x, y=y, t=t, training=True, step=step)
        state = state.apply_gradients(grads=grads)
        return dict(state=state, logits=logits, loss=loss, grads=grads)

