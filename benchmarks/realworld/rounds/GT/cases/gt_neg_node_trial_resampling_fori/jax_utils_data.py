# Source: https://github.com/Michaelhess17/NeuralODE/blob/b074e067412f47033022c99d258b9dc5713e4c21/DDFA_NODE/ddfa_node/networks/jax_utils.py
# Title: DDFA_NODE/ddfa_node/networks/jax_utils.py (trial resampling and batching for the gait neural ODE)
# Cut: kept change_trial_length (nested lax.fori_loop with dynamic_slice), the dataloader generator and the
#      per-subject preprocessing loop of train_NODE that runs before the jitted training step.
import jax
import jax.numpy as jnp
import jax.random as jr


def change_trial_length(data, timesteps_per_subsample=100, skip=1, get_subject_ids=False):
    """Resamples data into fixed length trials using dynamic slicing.
    Only data argument is traced, others are static."""
    num_subjects, num_time_steps, num_features = data.shape
    num_subsamples = (num_time_steps - timesteps_per_subsample) // skip + 1
    subsamples = jnp.zeros((num_subjects*num_subsamples, timesteps_per_subsample, num_features))
    subject_ids = jnp.zeros((num_subjects*num_subsamples,))

    def process_subject(i, carry):
        subsamples, subject_ids = carry

        def process_subsample(j, carry):
            subsamples, subject_ids = carry
            start_index = j * skip
            subsample = jax.lax.dynamic_slice(
                data[i],
                (start_index, 0),
                (timesteps_per_subsample, num_features)
            )
            idx = i*num_subsamples + j
            subsamples = subsamples.at[idx].set(subsample)
            subject_ids = subject_ids.at[idx].set(i)
            return (subsamples, subject_ids)

        return jax.lax.fori_loop(0, num_subsamples, process_subsample, (subsamples, subject_ids))

    subsamples, subject_ids = jax.lax.fori_loop(
        0, num_subjects, process_subject, (subsamples, subject_ids)
    )

    if get_subject_ids:
        return subsamples, subject_ids
    return subsamples
change_trial_length = jax.jit(change_trial_length, static_argnums=[1, 2, 3])


def dataloader(arrays, batch_size, *, key):
    dataset_size = arrays[0].shape[0]
    indices = jnp.arange(dataset_size)
    while True:
        perm = jr.permutation(key, indices)
        (key,) = jr.split(key, 1)
        start = 0
        end = batch_size
        while start < dataset_size:
            batch_perm = perm[start:end]
            yield tuple(array[batch_perm] for array in arrays)
            start = end
            end = start + batch_size


def prepare_stage(data, ts, timesteps_per_trial, length, skip_use):
    # host-side, once per curriculum stage, before make_step is called
    ys = []
    new_ts = []
    for idx in range(len(data)):
        ys.append(change_trial_length(jnp.expand_dims(data[idx], axis=0), timesteps_per_subsample=int(timesteps_per_trial * length), skip=skip_use))
        new_ts.append(jnp.tile(change_trial_length(jnp.expand_dims(jnp.expand_dims(ts[idx], axis=0), axis=-1), timesteps_per_subsample=int(timesteps_per_trial * length), skip=skip_use).squeeze(), reps=(ys[-1].shape[0], 1)))
    new_ys = []
    new_new_ts = []
    for (t, y) in zip(new_ts, ys):
        if len(y.shape) > 1:
            new_ys.append(y)
            new_new_ts.append(t)
    ys = jnp.concatenate(new_ys).astype(float)
    ts = jnp.concatenate(new_new_ts, axis=0).astype(float)
    return ts, ys
