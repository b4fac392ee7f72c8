# Source: https://github.com/khdlr/deep-acm/blob/ad75ed7f2ef8b6599a37d45021f2f4d17c484edc/train.py
# Title: train.py
# Cut: kept METRICS and train_step; prep(), get_optimizer() and changed_state() are defined in the original file and only referenced here; loss_fn is a global that main() sets from config.yml (shown as l2_loss).
from functools import partial

import jax
import optax

import loss_functions
import utils

METRICS = dict(
    l1 = loss_functions.l1_loss,
    l2 = loss_functions.l2_loss,
    min_min = loss_functions.min_min_loss,
    dtw = loss_functions.DTW(),
    forward_mae = loss_functions.forward_mae,
    backward_mae = loss_functions.backward_mae,
    forward_rmse = loss_functions.forward_rmse,
    backward_rmse = loss_functions.backward_rmse,
)
loss_fn = loss_functions.l2_loss  # main() sets this from config.yml


@partial(jax.jit, static_argnums=3)
def train_step(batch, state, key, net):
    _, optimizer = get_optimizer()

    aug_key, model_key = jax.random.split(key)
    img, mask, snake = prep(batch, aug_key, augment=True)

    def calculate_loss(params):
        preds, buffers = net(params, state.buffers, model_key, img, is_training=True)
        loss_terms = loss_functions.call_loss(loss_fn, preds, mask, snake)

        if isinstance(preds, list):
            preds = preds[-1]

        return sum(loss_terms.values()), (buffers, preds, loss_terms)

    (loss, (buffers, prediction, metrics)), gradients = jax.value_and_grad(calculate_loss, has_aux=True)(state.params)
    updates, new_opt = optimizer(gradients, state.opt, state.params)
    new_params = optax.apply_updates(state.params, updates)

    if prediction.ndim > 3:
        prediction = utils.snakify(prediction[:1], snake.shape[-2])
        snake = snake[:1]

    for m in METRICS:
        metrics.update(loss_functions.call_loss(METRICS[m], prediction, mask, snake, key=m))

    return metrics, changed_state(state,
        params=new_params,
        buffers=buffers,
        opt=new_opt,
    )
