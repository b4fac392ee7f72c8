# Source: https://github.com/berthyf96/score_prior/blob/677dc023d1bc04f583938f513ff7bba60aad4fdc/posterior_sampling/losses.py
# Title: posterior_sampling/losses.py (score_prior, DPI with a RealNVP posterior)
# Cut: kept clip_grad and the step function that calls it (pmapped by its caller; the pmap is
#      written into the return here); docstrings shortened,
#      the loss helpers, weight schedules and the score-fn branch cut.
import jax
import jax.numpy as jnp
import optax

from posterior_sampling import model_utils


def clip_grad(grad, grad_clip=1.):
  grad_norm = jnp.sqrt(
      sum([jnp.sum(jnp.square(x)) for x in jax.tree_util.tree_leaves(grad)]))
  # Clip gradient.
  clipped_grad = jax.tree_map(
      lambda x: x * (grad_clip / jnp.maximum(grad_norm + 1e-6, grad_clip)),
      grad)
  return clipped_grad


def get_train_step_fn(config, model, optimizer, data_loss_fn, prior_loss_fn):
  per_device_batch_size = config.training.batch_size // jax.device_count()
  sampling_shape = (
      per_device_batch_size, config.data.image_size, config.data.image_size,
      config.data.num_channels)

  entropy_loss_fn = lambda reverse_logdet: -jnp.mean(reverse_logdet)

  def step_fn(rng, state):
    params = state.params
    model_state = state.model_state
    opt_state = state.opt_state

    def params_to_samples_fn(p):
      sample_fn = model_utils.get_sampling_fn(
          model, p, model_state, train=True)
      (samples, _), new_model_state = sample_fn(rng, sampling_shape)
      return samples, new_model_state

    def params_to_logdet_fn(p):
      sample_fn = model_utils.get_sampling_fn(
          model, p, model_state, train=True)
      (_, logdet), _ = sample_fn(rng, sampling_shape)
      return logdet

    samples, vjp_fn, new_model_state = jax.vjp(
        params_to_samples_fn, params, has_aux=True)

    loss_data, grad_data_covector = jax.value_and_grad(data_loss_fn)(samples)
    grad_data, = vjp_fn(grad_data_covector)

    rng, logp_rng = jax.random.split(rng)
    loss_prior, grad_prior_covector = jax.value_and_grad(
        prior_loss_fn, argnums=1)(logp_rng, samples)
    grad_prior, = vjp_fn(grad_prior_covector)

    reverse_logdet, vjp_fn = jax.vjp(params_to_logdet_fn, params)
    loss_entropy, grad_entropy_covector = jax.value_and_grad(entropy_loss_fn)(
        reverse_logdet)
    grad_entropy, = vjp_fn(grad_entropy_covector)

    data_weight = state.data_weight
    prior_weight = state.prior_weight
    entropy_weight = state.entropy_weight
    grad = jax.tree_map(
        lambda a, b, c: data_weight * a + prior_weight * b + entropy_weight * c,
        grad_data, grad_prior, grad_entropy)
    loss = (
        data_weight * loss_data + prior_weight * loss_prior +
        entropy_weight * loss_entropy)

    grad = jax.lax.pmean(grad, axis_name='batch')
    loss = jax.lax.pmean(loss, axis_name='batch')

    # Clip gradients by global norm.
    if config.optim.grad_clip != -1:
      grad = clip_grad(grad, grad_clip=config.optim.grad_clip)

    updates, new_opt_state = optimizer.update(grad, opt_state, params)
    new_params = optax.apply_updates(params, updates)
    new_state = state.replace(
        step=state.step + 1,
        opt_state=new_opt_state,
        params=new_params,
        model_state=new_model_state)
    return new_state, loss, samples

  return jax.pmap(step_fn, axis_name='batch')
