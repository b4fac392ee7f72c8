# Source: https://github.com/young-geng/promoter_design/blob/dd50ba01b8eca64cd3f7702917b7dc723079d200/promoter_design/DENs/main.py
# Title: promoter_design/DENs/main.py (DEN training: pmapped train_step with value_and_grad)
# Cut: flags, data, evaluation and logging removed; the loss/gradient part of train_step kept.
from functools import partial

import jax
import mlxu.jax_utils as jax_utils


def make_train_step(model):

    @partial(jax.pmap, axis_name='dp', donate_argnums=(0, 1))
    def train_step(train_state, rng, batch1, batch2):
        rng_generator = jax_utils.JaxRNG(rng)

        def loss_fn(params, rng, batch1, batch2):
            rng_generator = jax_utils.JaxRNG(rng)
            total_loss, fitness_loss, total_diversity_loss, entropy_loss = model.apply(
                params,
                inputs1=batch1,
                inputs2=batch2,
                deterministic=False,
                rngs=rng_generator(model.rng_keys()),
            )
            aux_values = {"fitness_loss": fitness_loss, "loss": total_loss}
            return total_loss, aux_values

        (_, aux_values), grads = jax.value_and_grad(
            loss_fn, has_aux=True
        )(train_state.params, rng_generator(), batch1, batch2)
        grads = jax.lax.pmean(grads, axis_name='dp')
        train_state = train_state.apply_gradients(grads=grads)
        return train_state, rng_generator(), aux_values

    return train_step
