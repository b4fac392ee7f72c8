# Source: https://github.com/jithendaraa/structure-learning/blob/e75f85b4514dcdb4389542594137fb67275c5605/exps/decoder_bcd_exps/batched_run_decoder_bcd.py
# Title: exps/decoder_bcd_exps/batched_run_decoder_bcd.py (jithendaraa/structure-learning)
# Cut: imports reduced; config parsing (opt), proxy/Horseshoe set-up, logging and evaluation removed; module-level data
#      generation, hard_elbo (its "LL" branch, which calls log_prob_X with one argument short at this commit, removed), the head of the jitted gradient_step and the mini-batch driver kept; the logging tail of
#      gradient_step and the unpacking of its 8 outputs in train_batch shortened.
import haiku as hk
import jax
import jax.random as rnd
import numpy as onp
import optax
import utils, datagen
from tqdm import tqdm
from jax import config, grad, jit, lax, value_and_grad, vmap
from jax import numpy as jnp
from jax.tree_util import tree_map, tree_multimap
from dag_utils import SyntheticDataset
from loss_fns import *
from loss_fns import get_single_kl
from modules.GumbelSinkhorn import GumbelSinkhorn
from tensorflow_probability.substrates.jax.distributions import Horseshoe, Normal
from bcd_utils import *

# ? Variables
dim = opt.num_nodes
opt.num_samples = int(opt.pts_per_interv * opt.n_interv_sets) + opt.obs_data
n_data = opt.num_samples
degree = opt.exp_edges
do_ev_noise = opt.do_ev_noise
num_outer = opt.num_outer
s_prior_std = opt.s_prior_std
n_interv_sets = opt.n_interv_sets
calc_shd_c = False
sem_type = opt.sem_type
eval_eid = opt.eval_eid
num_bethe_iters = 20
num_interv_data = opt.num_samples - opt.obs_data
assert num_interv_data % n_interv_sets == 0

if do_ev_noise:
    noise_dim = 1
else:
    noise_dim = dim
l_dim = dim * (dim - 1) // 2

# noise sigma usually around 0.1 but in original BCD nets code it is set to 1
sd = SyntheticDataset(
    n=n_data,
    d=opt.num_nodes,
    graph_type="erdos-renyi",
    degree=2 * degree,
    sem_type=opt.sem_type,
    dataset_type="linear",
    noise_scale=opt.noise_sigma,
    data_seed=opt.data_seed,
)

ground_truth_W = sd.W
ground_truth_P = sd.P
ground_truth_L = sd.P.T @ sd.W.T @ sd.P
ground_truth_sigmas = opt.noise_sigma * jnp.ones(opt.num_nodes)
print(ground_truth_W)
print()

(z_gt, no_interv_targets, x, proj_matrix, interv_values) = datagen.get_data(opt, n_interv_sets, sd, model="bcd", interv_value=opt.interv_value)

p_z_obs_joint_mu, p_z_obs_joint_covar = get_joint_dist_params(opt.noise_sigma, jnp.array(sd.W))

hard = True
max_cols = jnp.max(no_interv_targets.sum(1))
data_idx_array = jnp.array([jnp.arange(opt.num_nodes + 1)] * opt.num_samples)
interv_nodes = onp.split(data_idx_array[no_interv_targets], no_interv_targets.sum(1).cumsum()[:-1])
interv_nodes = jnp.array([jnp.concatenate((interv_nodes[i], jnp.array([opt.num_nodes] * (max_cols - len(interv_nodes[i])))))
        for i in range(opt.num_samples)]).astype(int)

ds = GumbelSinkhorn(dim, noise_type="gumbel", tol=opt.max_deviation)
gt_L_elems = get_lower_elems(ground_truth_L, dim)


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

        if opt.P_KL is True:    # ! KL over permutation P
            logprob_P = vmap(ds.logprob, in_axes=(0, 0, None))(batch_P, batch_P_logits, num_bethe_iters)
            log_P_prior = -jnp.sum(jnp.log(onp.arange(dim) + 1))
            KL_term_P = logprob_P - log_P_prior
            final_term -= KL_term_P

        if opt.L_KL is True:    # ! KL over edge weights L
            l_prior_probs = jnp.sum(l_prior.log_prob(full_l_batch + 1e-7)[:, :l_dim], axis=1)
            KL_term_L = full_log_prob_l - l_prior_probs
            final_term -= KL_term_L


        if (opt.obs_Z_KL is True or opt.use_proxy is True):
            batch_get_obs_joint_dist_params = vmap(get_joint_dist_params, (0, 0), (0, 0))
            batch_q_z_obs_joint_mus, batch_q_z_obs_joint_covars = batch_get_obs_joint_dist_params(jnp.exp(batch_log_noises), batch_W)
            vmapped_kl = vmap(get_single_kl, (None, None, 0, 0, None), (0))

            if opt.use_proxy is True:
                obs_KL_term_Z = vmapped_kl(proxy_p_z_obs_joint_covar, proxy_p_z_obs_joint_mu, batch_q_z_obs_joint_covars, batch_q_z_obs_joint_mus, opt) 
            else:
                obs_KL_term_Z = vmapped_kl(p_z_obs_joint_covar, p_z_obs_joint_mu, batch_q_z_obs_joint_covars, batch_q_z_obs_joint_mus, opt) 
            
            final_term -= obs_KL_term_Z

        return -jnp.mean(final_term)

    _, elbos = lax.scan(lambda _, rng_key: (None, outer_loop(rng_key)), None, rng_keys)
    return jnp.mean(elbos)

@jit
def gradient_step(P_params, L_params, rng_key, interv_nodes, z_gt_data, x_data, interv_values):
    loss, grads = value_and_grad(hard_elbo, argnums=(0, 1))(P_params, L_params, rng_key, interv_nodes, x_data, interv_values)
    elbo_grad_P_decoder, elbo_grad_L = tree_map(lambda x_: x_, grads)
    return loss, grads


( model_params, L_params, model_opt_params, L_opt_params, 
rng_keys, forward, opt_model, opt_L) = init_parallel_params(rng_key, key, opt, num_devices, interv_nodes, 
                                            horseshoe_tau, ground_truth_L, interv_values, P=sd.P)

bs = opt.batches
num_batches = n_data // bs
if n_data % bs != 0:
    num_batches += 1

def train_batch(b, model_params, L_params, rng_key, 
                model_opt_params, L_opt_params):

    start_idx = b * bs
    end_idx = min(n_data, (b+1) * bs)

    loss, (elbo_grad_model, elbo_grad_L) = gradient_step(model_params, 
                                L_params,   
                                rng_key, 
                                interv_nodes[start_idx:end_idx], 
                                z_gt[start_idx:end_idx], 
                                x[start_idx:end_idx], 
                                interv_values[start_idx:end_idx])
    return loss, elbo_grad_model, elbo_grad_L



with tqdm(range(opt.num_steps)) as pbar:
    for i in pbar:
        
        pred_z = None
        pred_x = None
        pred_W = None
        epoch_dict = {}

        with tqdm(range(num_batches)) as pbar2:
            for b in pbar2:
                out = train_batch(b, model_params, L_params, rng_key, model_opt_params, L_opt_params)
