# Source: https://github.com/khdlr/COBRA/blob/986deaff5765cce69699707c5e1bf8ae3e79613a/train.py
# Title: train.py
# Cut: kept get_optimizer and train_step; data loading, logging and the __main__ driver dropped. loss_fn is a global that the driver sets with eval(config["loss_function"]) (sample_config.yml: "stepwise(SoftDTW(0.001))"); prep, changed_state and METRICS come from lib.utils and evaluate.py.
from functools import partial

import jax
import jax.numpy as jnp
import optax

from lib import utils, losses
from lib.utils import prep, changed_state
from evaluate import METRICS

loss_fn = losses.stepwise(losses.SoftDTW(0.001))

def get_optimizer():
    lr_schedule = optax.warmup_cosine_decay_schedule(
        init_value=1e-7,
        peak_value=1e-3,
        warmup_steps=10 * 487,
        decay_steps=(500 - 10) * 487,
        end_value=4e-5,
    )
    return optax.adam(lr_schedule, b1=0.5, b2=0.99)


@partial(jax.jit, static_argnums=3)
def train_step(batch, state, key, net):
    _, optimizer = get_optimizer()

    aug_key, model_key = jax.random.split(key)
    img, mask, contour = prep(batch, aug_key, augment=True)

    def calculate_loss(params):
        terms, buffers = net(params, state.buffers, model_key, img, is_training=True)
        terms = {**terms, "mask": mask, "contour": contour}
        loss, loss_terms = losses.call_loss(loss_fn, terms)

        return loss, (buffers, terms, loss_terms)

    (loss, (buffers, terms, metrics)), gradients = jax.value_and_grad(
        calculate_loss, has_aux=True
    )(state.params)
    updates, new_opt = optimizer(gradients, state.opt, state.params)
    new_params = optax.apply_updates(state.params, updates)

    terms = {
        **terms,
        "mask": mask,
        "contour": contour,
        "imagery": img,
    }

    if "snake" not in terms:
        terms["snake"] = utils.snakify(terms["segmentation"][:1], contour.shape[-2])
        terms["contour"] = terms["contour"][:1]
    if "snake_steps" not in terms:
        terms["snake_steps"] = [terms["snake"]]

    # Convert from normalized to to pixel coordinates
    scale = img.shape[1] / 2
    for key in ["snake", "snake_steps", "contour"]:
        terms[key] = jax.tree.map(lambda x: scale * (1.0 + x), terms[key])

    for m in METRICS:
        metrics[m] = jnp.mean(losses.call_loss(METRICS[m], terms)[0])

    return (
        metrics,
        terms,
        changed_state(
            state,
            params=new_params,
            buffers=buffers,
            opt=new_opt,
        ),
    )
