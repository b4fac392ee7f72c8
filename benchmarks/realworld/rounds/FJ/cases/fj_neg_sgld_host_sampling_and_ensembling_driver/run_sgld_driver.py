# Source: https://github.com/cs-giung/bdlx/blob/096b44a0484e2da5ce8a6fa0a6157e1a38bc2f09/examples/cifar/run_sgld.py
# Title: examples/cifar/run_sgld.py (Run sampling via stochastic gradient methods)
# Cut: the host-side part of the script made into a function: batched prediction with a pmapped
#      forward pass, the sample/update loops calling the pmapped SGLD update, and the running
#      Bayesian-model-average of predictive probabilities; logging, wandb and saving dropped.
import math

import jax
import numpy as np


def run(args, p_forward_fn, update_fn, state, trn_images, trn_labels,
        trn_dataset_size, num_classes, shard_shape, input_shape, trn_augmentation):

    def softmax(logits):
        """Computes softmax of logits."""
        return np.exp(logits) / np.sum(np.exp(logits), axis=-1, keepdims=True)

    def make_predictions(replicated_params, images):
        """Returns logits and labels for val split."""
        dataset_size = images.shape[0]
        steps_per_epoch = math.ceil(dataset_size / args.num_batch)

        images = np.concatenate([images, np.zeros((
            args.num_batch * steps_per_epoch - dataset_size,
            *images.shape[1:]), dtype=images.dtype)])
        _queue = np.arange(images.shape[0]).reshape(-1, args.num_batch)

        logits = np.concatenate([
            jax.device_put(p_forward_fn(
                replicated_params, images[batch_index].reshape(
                    shard_shape + input_shape)).reshape(args.num_batch, -1),
                jax.devices('cpu')[0]) for batch_index in _queue])
        logits = logits[:dataset_size]

        return logits

    batch_rng = jax.random.PRNGKey(args.seed)
    batch_queue = np.asarray(
        jax.random.permutation(batch_rng, trn_dataset_size))

    ens_trn_ps = np.zeros((trn_images.shape[0], num_classes))

    for sample_idx in range(1, args.num_samples + 1):
        metrics = []
        for update_idx in range(1, args.num_updates + 1):

            if batch_queue.shape[0] <= args.num_batch:
                batch_rng = jax.random.split(batch_rng)[0]
                batch_queue = np.concatenate((batch_queue,
                    jax.random.permutation(batch_rng, trn_dataset_size)))
            batch_index = batch_queue[:args.num_batch]
            batch_queue = batch_queue[args.num_batch:]

            batch = {
                'inputs': trn_images[batch_index],
                'target': jax.nn.one_hot(trn_labels[batch_index], num_classes)}
            if trn_augmentation:
                batch['inputs'] = (trn_augmentation(
                    jax.random.split(
                        jax.random.PRNGKey(update_idx), args.num_batch
                    ), batch['inputs'] / 255.) * 255.).astype(trn_images.dtype)
            batch = jax.tree_util.tree_map(
                lambda e: e.reshape(shard_shape + e.shape[1:]), batch)

            step_size = jax.device_put_replicated(
                args.step_size_min + (0.5 + 0.5 * np.cos(
                    (update_idx - 1) / args.num_updates * np.pi)
                ) * (args.step_size - args.step_size_min),
                jax.local_devices())
            aux, state = update_fn(state, batch, step_size)
            metrics.append(aux[1])

        logits = make_predictions(state.position, trn_images)
        ens_trn_ps = (
            ens_trn_ps * (sample_idx - 1) + softmax(logits)) / sample_idx

    return state, ens_trn_ps
