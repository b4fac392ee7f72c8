# Source: https://github.com/jacobe90/birdflow_mixture_of_products/blob/7166cd3e6cac282da1862cd8a001f91aadae4473/mixture_of_products_model_training_gaussian.py
# Title: birdflow_mixture_of_products: mixture_of_products_model_training_gaussian.py
# Cut: kept imports, the losses, loss_fn and train_model (eqx.filter_value_and_grad + filter_jit); coordinate helpers and the pickle dump at the end cut

import jax.numpy as jnp
import equinox as eqx
from mixture_of_products_gaussian import MixtureOfProducts
import pickle as pkl

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


def loss_fn(model, true_densities, d_matrices, obs_weight, dist_weight, ent_weight):
    pred_densities, flows = model()
    obs = obs_loss(pred_densities, true_densities)
    dist = distance_loss(flows, d_matrices)
    ent = ent_loss(flows, pred_densities)

    return (obs_weight * obs) + (dist_weight * dist) + (-1 * ent_weight * ent), (obs, dist, ent)


def train_model(loss_fn,
                optimizer,
                training_steps,
                n,
                T,
                coords,
                scales,
                centers,
                weights,
                key):

    model = MixtureOfProducts(key, n, T, coords, scales, centers, weights)
    # initialize optimizer state, make sure we don't compute gradients of coords! (could this cause a problem?)
    opt_state = optimizer.init(eqx.filter(model, eqx.is_array))

    def update(model, opt_state):
        loss, grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model)
        updates, new_opt_state = optimizer.update(grads, opt_state)
        new_model = eqx.apply_updates(model, updates) #eqx.apply_updates or optax.apply_updates?
        return new_model, new_opt_state, loss

    update = eqx.filter_jit(update)  # could be a problem because coords will get marked by jit

    loss_dict = {
        'total': [],
        'obs': [],
        'dist': [],
        'ent': [],
    }
    
    params_t47_k35 = []
    params_t47_k536 = []
    params_t47_k574 = []
    for step in range(training_steps):
        model, opt_state, loss = update(model, opt_state)
        total_loss, loss_components = loss
        params_t47_k574.append((model.scales[47][574], model.centers[47][574]))
        params_t47_k35.append((model.scales[47][35], model.centers[47][35]))
        params_t47_k536.append((model.scales[47][536], model.centers[47][536]))
        # if step==20 or step==100 or step==150:
        #     with open(f"/work/pi_drsheldon_umass_edu/birdflow_modeling/jacob_independent_study/mixture_of_products/experiments/mop_gaussian_deep_dive/params_save_step{step}_n{n}.pkl", 'wb') as f:
        #         pkl.dump({"params": model, "loss": total_loss}, f)
        
        obs, dist, ent = loss_components
        loss_dict['total'].append(float(total_loss))
        loss_dict['obs'].append(float(obs))
        loss_dict['dist'].append(float(dist))
        loss_dict['ent'].append(float(ent))
