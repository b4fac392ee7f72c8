# Source: https://github.com/GuyLor/gumbel_max_causal_gadgets_part2/blob/ae3b495367e6708b3bf6c169364f030f63be5422/cf/gadget_2_jax.py
# Title: cf/gadget_2_jax.py (Gadget2Jax.train: vmapped loss and jitted opt_step)
# Cut: the loss closures and opt_step from Gadget2Jax.train, wrapped in a factory; the host
#      training loop and logging are dropped. The model is in gadget_2_jax.py (same file upstream).
import jax
import jax.numpy as jnp
import optax


def make_train_step(model, tx, method, INNER_NUM_SAMPLES):
    def loss_and_metrics(params, coupling_loss_matrix, p_logits, q_logits, sample_p, rng, method,
                         inner_num_samples):
        def sample_loss(key):
            if method == "crn":
                soft_p = model.apply(params, p_logits, key, method=model.sample_relaxed)
                soft_q = model.apply(params, q_logits, key, method=model.sample_relaxed)
                coupling_loss = jnp.sum(soft_p[:, None] * soft_q[None, :] * coupling_loss_matrix)

            elif method == "counterfactual":
                k1, k2 = jax.random.split(key)
                # sample_p = jax.random.categorical(k1, p_logits)
                soft_q = model.apply(params,
                                     p_logits=p_logits, q_logits=q_logits, p_observed=sample_p,
                                     method=model.counterfactual_sample_relaxed, rng=k2)
                coupling_loss = jnp.sum(soft_q * coupling_loss_matrix[sample_p, :])

            independent_loss = jnp.sum(p_logits[:, None] * q_logits[None, :] * coupling_loss_matrix)
            return coupling_loss, independent_loss

        loss_samples, ref_samples = jax.vmap(sample_loss)(
            jax.random.split(rng, inner_num_samples))
        loss = jnp.mean(loss_samples)
        return loss, {"loss": loss}

    def batch_loss(params, coupling_loss_matrix_batch, p_logits_batch, q_logits_batch, sample_p_batch, rng, method,
                   inner_num_samples):
        def go(coupling_loss_matrix, p_logits, q_logits, sample_p, key):
            return loss_and_metrics(params, coupling_loss_matrix, p_logits, q_logits, sample_p, rng, method,
                                    inner_num_samples)

        return jax.tree_map(jnp.mean,
                            jax.vmap(go)(coupling_loss_matrix_batch, p_logits_batch, q_logits_batch, sample_p_batch,
                                         jax.random.split(rng, p_logits_batch.shape[0])))

    # important: rerun this cell whenever you change the model / learning rate / method / inner_num_samples
    @jax.jit
    def opt_step(opt_state, params, coupling_loss_matrix_batch, p_logits_batch, q_logits_batch, sample_p_batch,
                 rng):
        grads, metrics = jax.grad(batch_loss, has_aux=True)(params, coupling_loss_matrix_batch, p_logits_batch,
                                                            q_logits_batch, sample_p_batch, rng, method=method,
                                                            inner_num_samples=INNER_NUM_SAMPLES)
        updates, new_opt_state = tx.update(grads, opt_state, params)
        new_params = optax.apply_updates(params, updates)
        any_was_nan = jax.tree_util.tree_reduce(jnp.logical_or,
                                                jax.tree_map(lambda v: jnp.any(jnp.isnan(v)), grads))
        new_opt_state, new_params = jax.tree_multimap(lambda a, b: jnp.where(any_was_nan, a, b),
                                                      (opt_state, params),
                                                      (new_opt_state, new_params))
        return new_opt_state, new_params, metrics, grads, any_was_nan

    return opt_step
