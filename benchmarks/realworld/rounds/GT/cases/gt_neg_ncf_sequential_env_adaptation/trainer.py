# Source: https://github.com/ddrous/ncflow/blob/8e7390d883b73e28aee88b41b0a509d6eb3118ca/ncf/trainer.py
# Title: ncf/trainer.py (Neural Context Flows trainer: sequential adaptation to new environments)
# Cut: kept adapt_sequential: the filter_jit context-only train step and the host loops over new
#      environments, epochs and batches; logging, saving and the bulk adaptation variant removed.
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

from ncf.dataloader import DataLoader
from ncf.learner import ContextParams
from ncf._utils import get_new_key


def adapt_sequential(learner, data_loader, nb_epochs, optimizer, key=None):
    """Adapt the model to each new environment separately, one context vector at a time."""

    loss_fn = learner.loss_fn
    node = learner.turn_off_self_modulation()
    opt = optimizer

    @eqx.filter_jit
    def train_step(node, contexts, batch, weights, opt_state, key):
        loss_fn_ = lambda contexts, node, batch, weights, key: loss_fn(node, contexts, batch, weights, key)

        (loss, aux_data), grads = eqx.filter_value_and_grad(loss_fn_, has_aux=True)(contexts, node, batch, weights, key)

        updates, opt_state = opt.update(grads, opt_state)
        contexts = eqx.apply_updates(contexts, updates)

        return node, contexts, opt_state, loss, aux_data

    nb_adapt_envs = data_loader.nb_envs

    contexts = []
    all_losses = []
    for env_id in range(nb_adapt_envs):

        new_dataset = data_loader.dataset[env_id:env_id+1, ...]
        new_dataloader = DataLoader(new_dataset, t_eval=data_loader.t_eval, adaptation=True, key=key)

        context = ContextParams(1, learner.contexts.params.shape[1], key)
        opt_state = opt.init(context)

        losses = []
        weights = jnp.ones(1)
        loss_key = get_new_key(key)

        for epoch in range(nb_epochs):
            nb_batches = 0
            loss_sum = jnp.zeros(1)

            for i, batch in enumerate(new_dataloader):
                loss_key = get_new_key(loss_key)
                node, context, opt_state, loss, (nb_steps_, term1, term2) = train_step(node, context, batch, weights, opt_state, loss_key)
                loss_sum += jnp.array([loss])
                nb_batches += 1

            losses.append(loss_sum/nb_batches)

        contexts.append(context.params)
        all_losses.append(jnp.concatenate(losses))

    return jnp.concatenate(contexts, axis=0), all_losses
