# Source: https://github.com/jithendaraa/structure-learning/blob/ef46d0b1dec2dda646b1b6fbaa53a34f11830d45/exps/decoder_bcd_exps/bcd_utils.py
# Title: exps/decoder_bcd_exps/bcd_utils.py (jithendaraa/structure-learning), with the jitted gradient step of run_decoder_bcd.py
# Cut: forward_fn and the head of init_parallel_params from bcd_utils.py; hard_elbo (shortened to the forward pass and the
#      MSE term) and gradient_step from https://github.com/jithendaraa/structure-learning/blob/ef46d0b1dec2dda646b1b6fbaa53a34f11830d45/exps/decoder_bcd_exps/run_decoder_bcd.py
import haiku as hk
import optax
import jax.numpy as jnp
import jax.random as rnd
from jax import jit, lax, value_and_grad, vmap
from jax.tree_util import tree_map
from loss_fns import get_mse
from models.Decoder_BCD import Decoder_BCD


def forward_fn(hard, rng_keys, interv_targets, init, opt, horseshoe_tau,
                ground_truth_L, interv_values, P_params=None, L_params=None, 
                log_stds_max=10.0, P=None):
    dim = opt.num_nodes
    l_dim = dim * (dim - 1) // 2
    do_ev_noise = opt.do_ev_noise
    if do_ev_noise: noise_dim = 1
    else:           noise_dim = dim

    model = Decoder_BCD(dim, l_dim, noise_dim, opt.batch_size, opt.hidden_size, opt.max_deviation, do_ev_noise, 
            opt.proj_dims, log_stds_max, opt.logit_constraint, opt.fixed_tau, opt.subsample, opt.s_prior_std, 
            horseshoe_tau=horseshoe_tau, learn_noise=opt.learn_noise, noise_sigma=opt.noise_sigma, 
            L=jnp.array(ground_truth_L), learn_L=opt.learn_L, learn_P=opt.learn_P, pred_last_L=opt.pred_last_L, 
            fix_decoder=opt.fix_decoder, proj=opt.proj, P=P)

    return model(hard, rng_keys, interv_targets, interv_values, init, P_params, L_params)

def init_parallel_params(rng_key, key, opt, num_devices, no_interv_targets, 
                        horseshoe_tau, L, interv_values, P=None):
    dim = opt.num_nodes
    if opt.do_ev_noise: noise_dim = 1
    else: noise_dim = dim
    l_dim = dim * (dim - 1) // 2
    forward = hk.transform(forward_fn)
    return forward


def hard_elbo(P_params, L_params, rng_key, interv_nodes, x_data, interv_values):
    l_prior = Horseshoe(scale=jnp.ones(l_dim + noise_dim) * horseshoe_tau)  # * Horseshoe prior over lower triangular matrix L
    rng_key = rnd.split(rng_key, num_outer)[0]

    def outer_loop(rng_key: PRNGKey):
        """Computes a term of the outer expectation, averaging over batch size"""

        (   batch_P,
            batch_P_logits,
            batch_L,
            batch_log_noises,
            batch_W,
            batch_qz_samples,
            full_l_batch,
            full_log_prob_l,
            X_recons, 
        ) = forward.apply(P_params, rng_key, hard, rng_key, interv_nodes, False, opt, horseshoe_tau, 
                        ground_truth_L, interv_values, P_params, L_params, P=sd.P)

        if opt.train_loss == "mse":     # ! MSE Loss
            likelihoods = -jit(vmap(get_mse, (None, 0), 0))(x_data, X_recons)

        final_term = likelihoods
        return -jnp.mean(final_term)


    _, elbos = lax.scan(lambda _, rng_key: (None, outer_loop(rng_key)), None, rng_keys)
    return jnp.mean(elbos)


@jit
def gradient_step(P_params, L_params, rng_key, interv_nodes, z_gt_data, x_data, interv_values):
    loss, grads = value_and_grad(hard_elbo, argnums=(0, 1))(P_params, L_params, rng_key, interv_nodes, x_data, interv_values)
    elbo_grad_P_decoder, elbo_grad_L = tree_map(lambda x_: x_, grads)
    return loss, grads
