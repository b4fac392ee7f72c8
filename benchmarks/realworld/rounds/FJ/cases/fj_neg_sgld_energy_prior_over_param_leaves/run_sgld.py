# Source: https://github.com/cs-giung/bdlx/blob/096b44a0484e2da5ce8a6fa0a6157e1a38bc2f09/examples/cifar/run_sgld.py
# Title: examples/cifar/run_sgld.py (Run sampling via stochastic gradient methods)
# Cut: argument parsing, data loading and logging dropped; kept forward_fn, the posterior energy
#      (Gaussian prior summed over the parameter pytree leaves) and the pmapped SGLD update.
from collections import OrderedDict
from functools import partial

import jax
import jax.numpy as jnp

import sgld


def build_update_fn(model, args, pixel_m, pixel_s, trn_dataset_size):

    def forward_fn(params, inputs):
        """Computes categorical logits."""
        inputs = inputs / 255.0
        inputs = inputs - pixel_m[None, None, None]
        inputs = inputs / pixel_s[None, None, None]

        logits = model.apply({'params': params['ext']}, inputs)
        logits = logits @ params['cls']['kernel']
        logits = logits + params['cls']['bias'][None]

        return logits

    def energy_fn(param, batch):
        """Computes unnormalized posterior energy."""
        logits = forward_fn(param, batch['inputs'])
        target = batch['target']

        neg_log_likelihood = jnp.negative(trn_dataset_size * jnp.mean(
            jnp.sum(target * jax.nn.log_softmax(logits), axis=-1)))
        neg_log_prior = 0.5 * sum(
            jnp.sum(e**2) / args.prior_variance
            for e in jax.tree_util.tree_leaves(param))
        posterior_energy = neg_log_likelihood + neg_log_prior

        aux = OrderedDict({
            'posterior_energy': posterior_energy,
            'neg_log_likelihood': neg_log_likelihood,
            'neg_log_prior': neg_log_prior})

        return posterior_energy, aux

    @partial(jax.pmap, axis_name='batch')
    def update_fn(state, batch, step_size):
        """Updates state."""
        aux, state = sgld.step(
            state=state,
            batch=batch,
            energy_fn=energy_fn,
            step_size=step_size,
            temperature=args.posterior_temperature,
            has_aux=True, axis_name='batch', grad_mask=None)
        aux[1]['step_size'] = step_size
        return aux, state

    return update_fn
