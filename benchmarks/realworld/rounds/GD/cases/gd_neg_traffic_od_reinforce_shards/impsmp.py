# Source: https://github.com/pyrddlgym-project/pyRDDLGym/blob/f77a784870246f57f7257b9660c6cec1fc6f1497/pyRDDLGym/Examples/Traffic/Calibration/impsmp.py
# Title: pyRDDLGym/Examples/Traffic/Calibration/impsmp.py (traffic OD/inflow calibration with REINFORCE)
# Cut: kept the shard settings, the batched reward, the policy density and the jitted REINFORCE inner loop; environment set-up,
#      bijector and the importance-sampling variant dropped.
import jax
import jax.numpy as jnp

from conv_od_to_flows_and_turns import convert_od_to_flows_and_turn_props_jax

# number of shards per batch (e.g. for splitting the computation on a GPU)
n_shards = 16
# number of rollouts per shard
n_rollouts = 128
batch_size = n_rollouts * n_shards


def policy_pdf(theta, rng, actions):
    mean, cov = policy_apply(theta, rng, one_hot_inputs)
    unconstrained_actions = bijector_obj.inverse(actions)
    normal_pdf = jax.scipy.stats.multivariate_normal.pdf(unconstrained_actions, mean=mean, cov=cov)
    density_correction = jnp.squeeze(jnp.apply_along_axis(
        bijector_obj._inverse_det_jacobian, axis=1, arr=actions))
    return normal_pdf * density_correction

def policy_sample(theta, rng):
    mean, cov = policy_apply(theta, rng, one_hot_inputs)
    action_sample = jax.random.multivariate_normal(
        rng, mean, cov,
        shape=(n_rollouts,))
    action_sample = bijector_obj.forward(action_sample)
    return action_sample

def reward_batched(rng, subs, actions):
    od = actions.reshape(n_rollouts, len(srcs), len(sinks))
    inflows, turn_props = convert_od_to_flows_and_turn_props_jax(od, transfer_matrix)
    subs['SOURCE-ARRIVAL-RATE'] = subs['SOURCE-ARRIVAL-RATE'].at[:,s0:s1].set(inflows)
    subs['BETA'] = turn_props
    rollouts = sampler(
        rng,
        policy_params=None,
        hyperparams=None,
        subs=subs,
        model_params=compiler.model_params)
    delta = rollouts['pvar']['flow-into-link'][:,:,:] - GROUND_TRUTH_LOOPS
    return jnp.sum(delta*delta, axis=(1,2))

def reward_seqtl(rng, subs, action):
    od = action.reshape(1, len(srcs), len(sinks))
    inflows, turn_props = convert_od_to_flows_and_turn_props_jax(od, transfer_matrix)
    subs['SOURCE-ARRIVAL-RATE'] = subs['SOURCE-ARRIVAL-RATE'].at[:,s0:s1].set(inflows)
    subs['BETA'] = turn_props
    rollout = sampler_hmc(
        rng,
        policy_params=None,
        hyperparams=None,
        subs=subs,
        model_params=compiler.model_params)
    delta = rollout['pvar']['flow-into-link'][:,:,:] - GROUND_TRUTH_LOOPS_HMC
    return jnp.sum(delta*delta, axis=(1,2))

clip_val = jnp.array([1e-3], dtype=compiler.REAL)

def scalar_mult(alpha, v):
    return alpha * v

weighting_map = jax.vmap(
    scalar_mult, in_axes=0, out_axes=0)


@jax.jit
def reinforce_inner_loop(key, theta, subs):
    grads = jax.tree_util.tree_map(lambda _: jnp.zeros(1), theta)

    batch_rewards = 0.
    batch_actions = jnp.empty(shape=(batch_size, action_dim))

    for si in range(n_shards):
        key, subkey = jax.random.split(key)
        actions = policy_sample(theta, subkey)
        pi = policy_pdf(theta, subkey, actions)
        dpi = jax.jacrev(policy_pdf, argnums=0)(theta, subkey, actions)
        rewards = reward_batched(subkey, subs, actions)
        factors = rewards / (pi + 1e-6)

        w = lambda x: jnp.mean(weighting_map(factors, x), axis=0)
        accumulant = jax.tree_util.tree_map(w, dpi)
        grads = jax.tree_util.tree_map(lambda x, y: x+(y/n_shards), grads, accumulant)

        batch_rewards += jnp.mean(rewards)/n_shards
        batch_actions = batch_actions.at[si*n_rollouts:(si+1)*n_rollouts].set(actions)

    return key, grads, batch_rewards, batch_actions
