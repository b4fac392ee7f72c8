# Source: https://github.com/charleseff/hack-matrix/blob/d9539d9015d89df4bfab6fe551bd8a8bcc37be90/python/hackmatrix/purejaxrl/training_loop.py
# Title: hack-matrix python/hackmatrix/purejaxrl/training_loop.py (PPO epochs and minibatches as nested lax.scan)
# Cut: rollout collection and metrics cut; the update part of the jitted train step wrapped in ppo_update() (the values/bootstrap concatenation before compute_gae is reconstructed; Transition flattening shortened to tree.map)
import jax
import jax.numpy as jnp

from masked_ppo import compute_gae


def ppo_update(train_state, transitions, last_value, key, config, ppo_loss):
    values = jnp.concatenate([transitions.value, last_value[None]], axis=0)
    advantages, returns = compute_gae(
        transitions.reward, values, transitions.done,
        gamma=config.gamma,
        gae_lambda=config.gae_lambda,
    )

    def flatten_batch(x):
        return x.reshape(-1, *x.shape[2:]) if x.ndim > 2 else x.reshape(-1)

    batch = jax.tree.map(flatten_batch, transitions)
    advantages_flat = flatten_batch(advantages)
    returns_flat = flatten_batch(returns)

    key, ppo_key = jax.random.split(key)

    def _ppo_epoch(carry, _):
        """Single PPO epoch over all minibatches."""
        train_state, key = carry
        key, perm_key = jax.random.split(key)
        batch_size = config.batch_size
        perm = jax.random.permutation(perm_key, batch_size)

        def permute(x):
            return x[perm]

        shuffled_batch = jax.tree.map(permute, batch)
        shuffled_advantages = advantages_flat[perm]
        shuffled_returns = returns_flat[perm]

        def reshape_minibatch(x):
            return x.reshape(config.num_minibatches, -1, *x.shape[1:])

        minibatch_data = jax.tree.map(reshape_minibatch, shuffled_batch)
        minibatch_advantages = reshape_minibatch(shuffled_advantages)
        minibatch_returns = reshape_minibatch(shuffled_returns)

        def _update_minibatch(train_state, minibatch_idx):
            """Update on single minibatch."""
            mb = jax.tree.map(lambda x: x[minibatch_idx], minibatch_data)
            mb_advantages = minibatch_advantages[minibatch_idx]
            mb_returns = minibatch_returns[minibatch_idx]

            def loss_fn(params):
                return ppo_loss(
                    params,
                    train_state.apply_fn,
                    mb.obs,
                    mb.action,
                    mb.log_prob,
                    mb_advantages,
                    mb_returns,
                    mb.action_mask,
                    config.clip_eps,
                    config.vf_coef,
                    config.ent_coef,
                )

            (loss, metrics), grads = jax.value_and_grad(loss_fn, has_aux=True)(
                train_state.params
            )
            train_state = train_state.apply_gradients(grads=grads)
            return train_state, metrics

        train_state, metrics = jax.lax.scan(
            _update_minibatch,
            train_state,
            jnp.arange(config.num_minibatches),
        )
        return (train_state, key), metrics

    (train_state, key), epoch_metrics = jax.lax.scan(
        _ppo_epoch,
        (train_state, ppo_key),
        None,
        length=config.update_epochs,
    )
    metrics = jax.tree.map(lambda x: x.mean(), epoch_metrics)
    return train_state, metrics, key
