# Source: https://github.com/jithendaraa/biols/blob/11ee50da0c2b7087083b7dc273669e020c073609/exps/vae_vector_baseline.py
# Title: exps/vae_vector_baseline.py (jithendaraa/biols)
# Cut: config parsing, data generation (gt_samples, opt, key, rng_key, pred_sigma, PredSamples, Losses) and wandb logging removed;
#      loss, jitted gradient step and the head of the training loop kept.
import optax
from tqdm import tqdm
import numpy as onp
import jax.numpy as jnp
import jax
from jax import jit, vmap, value_and_grad, config
import haiku as hk
from jax.flatten_util import ravel_pytree
from modules.vae_model_init import init_vector_vae_params, get_vae_auroc, get_cross_correlation, get_mse, get_covar, get_single_kl
import utils

p_z_mu = jnp.zeros((opt.num_nodes))
p_z_covar = jnp.eye(opt.num_nodes)
mcc = 50.


def get_neg_elbo(rng_key, params, gt_samples):
    x_pred, z_pred, q_z_mus, z_L_chols = forward.apply(params, rng_key, rng_key, opt.num_nodes, gt_samples.x, opt.corr)
    z_mse = jnp.mean(get_mse(z_pred, gt_samples.z))
    x_mse = jnp.mean(get_mse(x_pred, gt_samples.x))
    pred_samples = PredSamples(z=z_pred, x=x_pred)

    nll = utils.nll_gaussian(gt_samples.x, x_pred, pred_sigma)
    q_z_covars = vmap(get_covar, 0, 0)(z_L_chols)
    kl_loss = jnp.mean(vmap(get_single_kl, (None, None, 0, 0, None), 0)(p_z_covar, p_z_mu, q_z_covars, q_z_mus, opt))
    neg_elbo = nll + kl_loss
    losses = Losses(
        z_mse=z_mse,
        x_mse=x_mse,
        nll=nll,
        kl_loss=kl_loss,
        neg_elbo=neg_elbo,
    )
    return neg_elbo, (losses, pred_samples)


@jit
def get_gradients(params, gt_samples):
    (loss, aux_res), grads = value_and_grad(get_neg_elbo, argnums=(1), has_aux=True)(rng_key, params, gt_samples)
    losses, pred_samples = aux_res
    return losses, grads, pred_samples


@jit
def update_params(params, grads, opt_state):
    model_updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, model_updates)
    return params, opt_state

forward, params, optimizer, opt_state = init_vector_vae_params(opt, key, rng_key, gt_samples.x)


with tqdm(range(opt.num_steps)) as pbar:
    for i in pbar:
        losses, grads, pred_samples = get_gradients(params, gt_samples)
        if jnp.any(jnp.isnan(ravel_pytree(grads)[0])):  
            raise Exception("Got NaNs in model gradients")

        params, opt_state = update_params(params, grads, opt_state)

        # Get AUROC and MCC
        auroc = get_vae_auroc(opt.num_nodes, gt_W)
        try:
            mcc = get_cross_correlation(onp.array(pred_samples.z), onp.array(gt_samples.z))
        except:
            pass
