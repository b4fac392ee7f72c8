# Source: https://github.com/pyrddlgym-project/pyRDDLGym/blob/f77a784870246f57f7257b9660c6cec1fc6f1497/pyRDDLGym/Examples/Traffic/Calibration/impsmp.py
# Title: pyRDDLGym/Examples/Traffic/Calibration/impsmp.py (traffic OD/inflow calibration with REINFORCE)
# Cut: kept collect_covar_data (jitted copy of the flattened haiku parameters into a column of C) and the head of the
#      REINFORCE driver that sizes C and calls it once per iteration; the inner gradient loop and the logging are dropped.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from time import perf_counter as timer

@jax.jit
def collect_covar_data(theta, C, iter):
    ip0 = 0
    for leaf in jax.tree_util.tree_leaves(theta):
        leaf = leaf.flatten()
        ip1 = ip0 + leaf.shape[0]
        C = C.at[ip0:ip1, iter].set(leaf)
        ip0 = ip1
    return C

def reinforce(key, n_iters, theta, subs, config):
    # initialize stats collection
    X, Y = np.arange(n_iters), np.zeros(shape=(n_iters,5,action_dim))
    n_params = sum(leaf.flatten().shape[0] for leaf in jax.tree_util.tree_leaves(theta))
    C = jnp.zeros(shape=(n_params, n_iters))

    # initialize optimizer
    optimizer = parse_optimizer(config)
    opt_state = optimizer.init(theta)

    # run
    for idx in range(n_iters):
        subt0 = timer()

        key, subkey = jax.random.split(key)
        mean, cov = policy_apply(theta, subkey, one_hot_inputs)

        key, grads, batch_rewards, batch_actions = reinforce_inner_loop(key, theta, subs)
        updates, opt_state = optimizer.update(grads, opt_state)
        theta = optax.apply_updates(theta, updates)

        C = collect_covar_data(theta, C, idx)

    return theta, C
