# Source: https://github.com/jithendaraa/structure-learning/blob/0a2b5669cb5aceeb9c1fc98812e113d44e4ee2a1/exps/decoder_bcd_exps/controlled_supervision.py
# Title: exps/decoder_bcd_exps/controlled_supervision.py (jithendaraa/structure-learning)
# Cut: config/data set-up at module level removed (opt, sd, dim, rng_key, forward, decoder_params ... come from it); imports reduced; in hard_elbo
#      the P/L KL terms removed; gradient_step kept up to the gradients, logging removed. The training driver (not shown)
#      calls gradient_step(P_params, L_params, decoder_params, rng_key, interv_nodes, z_gt, x) once per step.
import jax
import datagen
import jax.random as rnd
import numpy as onp
from jax import grad, jit, lax, value_and_grad, vmap
from jax import numpy as jnp
from jax.tree_util import tree_map, tree_multimap
from tensorflow_probability.substrates.jax.distributions import Horseshoe
from loss_fns import *
from loss_fns import get_single_kl
from bcd_utils import *

# ! [TODO] Supports only single interventions currently; will not work for more than 1-node intervs
(obs_data, interv_data, z_gt, no_interv_targets, x, 
sample_mean, sample_covariance, proj_matrix) = datagen.get_data(opt, n_interv_sets, sd, model="bcd", interv_value=opt.interv_value)

edge_noises = [2.0, 1.8, 1.5, 1.2, 0.9, 0.6, 0.3, 0.1]

for j in range(len(edge_noises)):
    edge_noise = edge_noises[j] 
    W_proxy = rnd.multivariate_normal(rng_key, mean=sd.W.flatten(), cov=edge_noise * jnp.eye(dim*dim), shape=(1, ))[0].reshape(dim, dim)

    node_mus = jnp.ones((dim)) * opt.noise_mu
    node_vars = jnp.ones((dim)) * (opt.noise_sigma**2)
    interv_types = onp.eye(dim, dtype=onp.bool)

    # ! Get conditional observational and interventional distributions  
    p_z_mu, p_z_covar = get_cond_dist_params(node_mus, node_vars, sd.W, sd.P)
    pz_mu_intervs, pz_covar_intervs = get_prior_interv_dists(node_mus, node_vars, sd.W, sd.P, opt)

    # ! Get GT observational and interventional joint distributions
    if opt.use_proxy is True:
        print(f'W_proxy: {W_proxy}')
        proxy_p_z_obs_joint_mu, proxy_p_z_obs_joint_covar = get_joint_dist_params(opt.noise_sigma, W_proxy)
        proxy_p_z_interv_joint_mus, proxy_p_z_interv_joint_covars = get_interv_joint_dist_params(opt.noise_sigma, W_proxy)
        print()

    p_z_obs_joint_mu, p_z_obs_joint_covar = get_joint_dist_params(opt.noise_sigma, jnp.array(sd.W))
    p_z_interv_joint_mus, p_z_interv_joint_covars = get_interv_joint_dist_params(opt.noise_sigma, jnp.array(sd.W))

    def hard_elbo(P_params, L_params, proj_params, rng_key, interv_nodes, x_data):
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
                            proj_matrix, ground_truth_L, P_params, L_params, proj_params, opt.interv_value)

            if opt.train_loss == "mse":     # ! MSE Loss
                likelihoods = -jit(vmap(get_mse, (None, 0), 0))(x_data, X_recons)
            
            elif opt.train_loss == "LL":    # ! -NLL loss
                vectorized_log_prob_X = vmap(log_prob_X, in_axes=(None, 0, 0, 0, None, None, None, None, None))
                likelihoods = vectorized_log_prob_X(x, batch_log_noises, batch_P, batch_L, decoder_params, 
                                                    proj_matrix, opt.fix_decoder, opt.cov_space, opt.s_prior_std)

            final_term = likelihoods

            if (opt.obs_Z_KL is True or opt.use_proxy is True) and opt.Z_KL == 'joint':
                batch_get_obs_joint_dist_params = vmap(get_joint_dist_params, (0, 0), (0, 0))
                batch_q_z_obs_joint_mus, batch_q_z_obs_joint_covars = batch_get_obs_joint_dist_params(jnp.exp(batch_log_noises), batch_W)
                vmapped_kl = vmap(get_single_kl, (None, None, 0, 0, None), (0))

                if opt.use_proxy is True:
                    obs_KL_term_Z = vmapped_kl(proxy_p_z_obs_joint_covar, proxy_p_z_obs_joint_mu, 
                                                batch_q_z_obs_joint_covars, batch_q_z_obs_joint_mus, opt) 
                else:
                    obs_KL_term_Z = vmapped_kl(p_z_obs_joint_covar, p_z_obs_joint_mu, 
                                                batch_q_z_obs_joint_covars, batch_q_z_obs_joint_mus, opt) 
                
                final_term -= obs_KL_term_Z

            if opt.interv_Z_KL is True and opt.Z_KL == 'joint':
                batch_get_interv_joint_dist_params = vmap(get_interv_joint_dist_params, (0, 0), (0, 0))
                batch_q_z_interv_joint_mus, batch_q_z_interv_joint_covars = batch_get_interv_joint_dist_params(jnp.exp(batch_log_noises), batch_W)
                kl_across_interv = vmap(get_single_kl, (0, 0, 0, 0, None), (0))
                batch_KL_across_interv = vmap(kl_across_interv, (None, None, 0, 0, None), 0)
                
                if opt.use_proxy is True:
                    interv_KL_term_Z = batch_KL_across_interv(proxy_p_z_interv_joint_covars, proxy_p_z_interv_joint_mus,
                                                            batch_q_z_interv_joint_covars, batch_q_z_interv_joint_mus, opt) 
                else:
                    interv_KL_term_Z = batch_KL_across_interv(p_z_interv_joint_covars, p_z_interv_joint_mus,
                                                            batch_q_z_interv_joint_covars, batch_q_z_interv_joint_mus, opt)
                final_term -= jnp.mean(interv_KL_term_Z, axis=1)

            return -jnp.mean(final_term)

        _, elbos = lax.scan(lambda _, rng_key: (None, outer_loop(rng_key)), None, rng_keys)
        return jnp.mean(elbos)


    @jit
    def gradient_step(P_params, L_params, proj_params, rng_key, interv_nodes, z_gt_data, x_data):
        loss, grads = value_and_grad(hard_elbo, argnums=(0, 1, 2))(P_params, L_params, proj_params, rng_key, interv_nodes, x_data)
        elbo_grad_P, elbo_grad_L, elbo_grad_decoder = tree_map(lambda x_: x_, grads)

        # * L2 regularization over parameters of P (contains p network and decoder)
        if opt.l2_reg is True:
            l2_elbo_grad_P = grad(lambda p: 0.5 * sum(jnp.sum(jnp.square(param)) for param in jax.tree_leaves(p)))(P_params)
            elbo_grad_P = tree_multimap(lambda x_, y: x_ + y, elbo_grad_P, l2_elbo_grad_P)
        
        if opt.reg_decoder is True and opt.decoder_layers == 'linear' and opt.learn_P is False:
            l1_elbo_grad_P = grad(lambda p: sum(jnp.sum(jnp.abs(param)) for param in jax.tree_leaves(p)))(P_params)
            elbo_grad_P = tree_multimap(lambda x_, y: x_ + y, elbo_grad_P, l1_elbo_grad_P)


        return P_params, L_params, proj_params, elbo_grad_P, elbo_grad_L, elbo_grad_decoder
