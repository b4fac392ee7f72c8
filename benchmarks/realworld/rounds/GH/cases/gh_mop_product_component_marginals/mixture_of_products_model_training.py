# Source: https://github.com/jacobe90/birdflow_mixture_of_products/blob/8df74f3021dfe55b8882bb9fdbbb487321236513/mixture_of_products_model_training.py
# Title: birdflow_mixture_of_products: mixture_of_products_model_training.py
# Cut: kept imports, the losses, loss_fn and train_model (value_and_grad + jit); dropped process_data/mask_input

from mixture_of_products_model import model_forward
import optax
from collections import namedtuple
import jax.numpy as jnp
from jax import jit, value_and_grad, vmap
from scipy.spatial.distance import pdist, squareform

Datatuple = namedtuple('Datatuple', ['weeks', 'cells', 'distances', 'masks'])


def obs_loss(pred_densities, true_densities):
    obs = 0
    for pred, true in zip(pred_densities, true_densities):
        residual = true - pred
        obs += jnp.sum(jnp.square(residual))
    return obs


def distance_loss(flows, d_matrices):
    dist = 0
    for flow, d_matrix in zip(flows, d_matrices):
        dist += jnp.sum(flow * d_matrix)
    return dist


def entropy(probs):
    logp = jnp.log(probs)
    ent = probs * logp
    h = -1 * jnp.sum(ent)
    return h


def ent_loss(probs, flows):
    ent = 0
    for p in probs:
        ent += entropy(p)
    for f in flows:
        ent -= entropy(f)
    return ent


def loss_fn(params, cells, true_densities, d_matrices, obs_weight, dist_weight, ent_weight, num_products, learn_weights=True):
    weeks = len(true_densities)
    pred = model_forward.apply(params, None, cells, weeks, num_products, learn_weights=learn_weights)
    pred_densities, flows = pred
    obs = obs_loss(pred_densities, true_densities)
    dist = distance_loss(flows, d_matrices)
    ent = ent_loss(flows, pred_densities)

    return (obs_weight * obs) + (dist_weight * dist) + (-1 * ent_weight * ent), (obs, dist, ent)


def train_model(loss_fn,
                optimizer,
                training_steps,
                cells,
                weeks,
                key,
                num_products=10,
                learn_weights=True):
    params = model_forward.init(next(key), cells, weeks, num_products, learn_weights=learn_weights)
    opt_state = optimizer.init(params)

    def update(params, opt_state):
        loss, grads = value_and_grad(loss_fn, has_aux=True)(params)
        updates, new_opt_state = optimizer.update(grads, opt_state)
        new_params = optax.apply_updates(params, updates)
        return new_params, new_opt_state, loss

    update = jit(update)

    loss_dict = {
        'total': [],
        'obs': [],
        'dist': [],
        'ent': [],
    }

    for step in range(training_steps):
        params, opt_state, loss = update(params, opt_state)
        total_loss, loss_components = loss
        obs, dist, ent = loss_components
        loss_dict['total'].append(float(total_loss))
        loss_dict['obs'].append(float(obs))
        loss_dict['dist'].append(float(dist))
        loss_dict['ent'].append(float(ent))
