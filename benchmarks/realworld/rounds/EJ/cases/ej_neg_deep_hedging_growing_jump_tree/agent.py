# Source: https://github.com/jpmorganchase/jpmc-qcware-deephedging/blob/2e8619393b7a9acf38e9ec7a38176c24bb43ffc7/Part_2/source/agent.py
# Title: jpmc-qcware-deephedging Part_2/source/agent.py (make_nn: quantum compound actor over days)
# Cut: kept the "vanilla" branch of the haiku-transformed net (jump-sequence tree grows by one
#      column per day, actions computed per day); critic branch and apply_compound_t body omitted.
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np

from source.compound import apply_compound_t


def make_nn(num_days: int = 10) -> hk.Transformed:
    bernoulli_prob = 0.5

    @hk.transform
    def net(num_paths):
        key = hk.next_rng_key()
        # Avoid computing the same action for all paths by creating a batching tree
        tree_depth = np.log2(num_paths).astype(int)
        # Loop over the time steps to compute M_t,s_t,d_t,v_t
        for time_step in range(num_days):
            if time_step == 0:
                seq_jumps = jnp.array([[]])
            elif time_step < tree_depth + 1:
                seq_p = jnp.concatenate([seq_jumps, jnp.ones((seq_jumps.shape[0], 1))], axis=-1)
                seq_m = jnp.concatenate([seq_jumps, jnp.zeros((seq_jumps.shape[0], 1))], axis=-1)
                seq_jumps = jnp.concatenate([seq_p, seq_m], axis=0)
            else:
                key, subkey = jax.random.split(key)
                day_jumps = jax.random.bernoulli(subkey, bernoulli_prob, (seq_jumps.shape[0], 1))
                seq_jumps = jnp.concatenate([seq_jumps, day_jumps], axis=-1)
            deltas_exp, _ = apply_compound_t(
                seq_jumps_t=seq_jumps, scope="actor", num_days=num_days, obs_min=0.0, obs_max=1.0,
            )
            if time_step == 0:
                seq_deltas_exp = [deltas_exp]
            elif time_step < tree_depth + 1:
                seq_deltas_exp = [jnp.concatenate([s, s], axis=0) for s in seq_deltas_exp]
                seq_deltas_exp.append(deltas_exp)
            else:
                seq_deltas_exp.append(deltas_exp)
        key, subkey = jax.random.split(key)
        last_day_jumps = jax.random.bernoulli(key=subkey, p=bernoulli_prob, shape=(seq_jumps.shape[0], 1))
        seq_jumps = jnp.concatenate([seq_jumps, last_day_jumps], axis=-1)
        return seq_jumps, seq_deltas_exp

    return net
