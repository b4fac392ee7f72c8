# Source: https://github.com/pyrddlgym-project/pyRDDLGym-impsmp/blob/ecdfb4ee752e327c41477182677ffc25d22286a8/pyRDDLGym_impsmp/advantage_estimators/reinforce_estimators.py
# Title: pyRDDLGym_impsmp/advantage_estimators/reinforce_estimators.py (advantage estimators for importance-sampled policy gradients)
# Cut: the estimator classes are removed; the vectorised discounted-return helper and the author's
#      reference self-test under __main__ are kept.
import numpy as np
import jax.numpy as jnp
import jax.nn


def compute_future_discounted_traj_rewards(rewards, gamma):
    """Given a reward sequence of the form
           r_0, r_1, r_2, ..., r_{T-1}
    and a discount factor gamma, computes the quantities
           G_t = sum_{t'=t}^{T-1} gamma^{t'-t} r_{t'}
    """
    T = rewards.shape
    gammas = jnp.roll(jnp.cumprod(gamma * jnp.ones(T)), 1)
    gammas = gammas.at[0].set(1.0)
    discounted_rewards = rewards * gammas
    flipped_discounted_rewards = jnp.flip(discounted_rewards)
    flipped_future_disc_trajrews = jnp.cumsum(flipped_discounted_rewards)
    future_disc_trajrews = jnp.flip(flipped_future_disc_trajrews) / gammas
    return future_disc_trajrews


if __name__ == '__main__':
    key = jax.random.PRNGKey(42)
    def test_computation_of_future_discounted_traj_rewards(key, gamma, T):
        rewards = jax.random.normal(key, (T,))
        future_discounted_cmlt_rewards_manual = np.zeros(T)
        for t0 in range(T):
            cur_gamma = 1.0
            for t1 in range(t0, T):
                future_discounted_cmlt_rewards_manual[t0] += cur_gamma * rewards[t1]
                cur_gamma *= gamma

        future_discounted_cmlt_rewards_fn = compute_future_discounted_traj_rewards(rewards, gamma)
        return jnp.all(jnp.isclose(future_discounted_cmlt_rewards_manual, future_discounted_cmlt_rewards_fn))

    key, subkey = jax.random.split(key)
    assert test_computation_of_future_discounted_traj_rewards(subkey, 0.99, 100)
