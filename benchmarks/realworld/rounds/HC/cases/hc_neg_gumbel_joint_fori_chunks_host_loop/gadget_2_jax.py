# Source: https://github.com/GuyLor/gumbel_max_causal_gadgets_part2/blob/ae3b495367e6708b3bf6c169364f030f63be5422/cf/gadget_2_jax.py
# Title: cf/gadget_2_jax.py (joint estimation from samples; Gadget2Jax variance of the ATE)
# Cut: kept joint_from_samples (chunked fori_loop over vmapped samples), gumbel_max_sampler,
#      wrap_joint_predictor_sampling and Gadget2Jax.__init__/get_var_ate; the model class is
#      imported (see case hc_neg_gumbel_coupling_sinkhorn_module).
import numpy as np
import jax
import jax.numpy as jnp

from gadget_2_jax_model import MLPCausalPriorPredictor


def joint_from_samples(sampler, logits_1, logits_2, rng, num_samples, loop_size=None):
    # JAX note: jax.vmap computes many samples in parallel
    logits_1 = jnp.array(logits_1)
    logits_2 = jnp.array(logits_2)
    if loop_size is None:
        return jnp.mean(jax.vmap(lambda key: sampler(logits_1, logits_2, key))(
            jax.random.split(rng, num_samples)), axis=0)
    else:
        assert num_samples % loop_size == 0

        def go(i, counts):
            return counts + jnp.sum(jax.vmap(lambda key: sampler(logits_1, logits_2, key))(
                jax.random.split(jax.random.fold_in(rng, i), loop_size)), axis=0)

        counts = jax.lax.fori_loop(0, num_samples // loop_size, go, jnp.zeros([10, 10]))
        return counts / num_samples


def gumbel_max_sampler(logits_1, logits_2, rng):
    gumbels = jax.random.gumbel(rng, logits_1.shape)
    x = jnp.argmax(gumbels + logits_1)
    y = jnp.argmax(gumbels + logits_2)
    return jnp.zeros([10, 10]).at[x, y].set(1.)


# counterfactual_sample(self, p_logits, q_logits, p_observed, rng)

def wrap_joint_predictor_sampling(model, params, p_logits_batch, q_logits_batch,
                                  policy_reward_vector_batch, rng, p_observed=None, method='crn'):
    def joint_predictor_sampling(logits_1, logits_2, reward_f, key):
        """Sample with common random numbers, obtaining the induced coupling."""
        x = model.bind(params).sample(logits_1, key)
        y = model.bind(params).sample(logits_2, key)
        ate = reward_f[x] - reward_f[y]
        return ate

    def joint_predictor_sampling_counterfactual(logits_1, logits_2, reward_f, p_observed, key):
        """Sample with common random numbers, obtaining the induced coupling."""
        # x = model.bind(params).sample(logits_1, key)
        y = model.bind(params).counterfactual_sample(logits_1, logits_2, p_observed, key)
        ate = reward_f[p_observed] - reward_f[y]
        return ate

    if method == 'crn':
        return jax.tree_map(jnp.var, jax.vmap(joint_predictor_sampling)(p_logits_batch, q_logits_batch,
                                                                        policy_reward_vector_batch,
                                                                        jax.random.split(rng,
                                                                                         p_logits_batch.shape[
                                                                                             0])))
    elif method == 'counterfactual':
        return jax.tree_map(jnp.var, jax.vmap(joint_predictor_sampling_counterfactual)(p_logits_batch, q_logits_batch,
                                                                                       policy_reward_vector_batch, p_observed,
                                                                                       jax.random.split(rng,
                                                                                                        p_logits_batch.shape[
                                                                                                            0])))


class Gadget2Jax:
    def __init__(self, s_dim=146, z_dim=20, hidden_features=[1024,1024], tmp=1.0):
        """ this is a wrapper class to expose the trained model outside and to train using jit"""
        self.s_dim = s_dim
        self.z_dim = z_dim
        self.hidden_features = hidden_features
        self.tmp = tmp

        self.model = MLPCausalPriorPredictor(S_dim=146, Z_dim=20, hidden_features=[1024, 1024], relaxation_temperature=1.0)
        rng = jax.random.PRNGKey(0)

        rng, init_key = jax.random.split(rng)
        self.params = self.model.init(init_key, jnp.zeros([self.model.S_dim]))


    def get_var_ate(self, logits_p, logits_q, s_prime_obs, policy_reward_vector, num_iter=500, bs_infrence=512, seed=42,
                    method="counterfactual", generalized=0.0):

        rng = jax.random.PRNGKey(seed)

        vars = []
        for i in range(num_iter):
            rng, subkey = jax.random.split(rng)

            policy_reward_vector_batch = jnp.broadcast_to(policy_reward_vector, (bs_infrence, self.model.S_dim))
            p_logits_batch = jnp.broadcast_to(logits_p, (bs_infrence, self.model.S_dim))
            q_logits_batch = jnp.broadcast_to(logits_q, (bs_infrence, self.model.S_dim))
            sample_p_batch = jnp.broadcast_to(s_prime_obs, (bs_infrence,))
            # if generalized > 0:
            #     p_logits_batch += generalized * jax.random.normal(rng, shape=p_logits_batch.shape)
            #     q_logits_batch += generalized * jax.random.normal(subkey, shape=q_logits_batch.shape)

            var_ate_jpz = wrap_joint_predictor_sampling(self.model, self.params, p_logits_batch, q_logits_batch,
                                                        policy_reward_vector_batch, subkey, sample_p_batch, method)
            vars.append(var_ate_jpz)

        return np.mean(vars)

