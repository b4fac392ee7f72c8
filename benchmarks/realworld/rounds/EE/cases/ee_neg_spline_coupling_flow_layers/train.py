# Source: https://github.com/google-deepmind/flows_for_atomic_solids/blob/293aecf87956ab7fae58afc36c38f2980f21a1eb/experiments/train.py
# Title: experiments/train.py (flows_for_atomic_solids)
# Cut: flags, config loading, energy functions and _get_loss body cut; the haiku transform,
#      the jitted value_and_grad and the start of the step loop kept.
import haiku as hk
import jax
import jax.numpy as jnp
import optax


def train(config, state, optimizer, num_iterations, _get_loss, energy_fn_train):

  def create_model():
    return config.model['constructor'](
        num_particles=state.num_particles,
        lower=state.lower,
        upper=state.upper,
        **config.model['kwargs'])

  def loss_fn():
    """Loss function for training."""
    model = create_model()

    loss, stats = _get_loss(
        model=model,
        energy_fn=energy_fn_train,
        beta=state.beta,
        num_samples=config.train.batch_size,
        )

    metrics = {
        'loss': loss,
        'energy': jnp.mean(stats['energy']),
        'model_entropy': -jnp.mean(stats['model_log_prob']),
    }
    return loss, metrics

  rng_key = jax.random.PRNGKey(config.train.seed)
  init_fn, apply_fn = hk.transform(loss_fn)

  rng_key, init_key = jax.random.split(rng_key)
  params = init_fn(init_key)
  opt_state = optimizer.init(params)

  def _loss(params, rng):
    loss, metrics = apply_fn(params, rng)
    return loss, metrics
  jitted_loss = jax.jit(jax.value_and_grad(_loss, has_aux=True))

  step = 0
  while step < num_iterations:
    rng_key, loss_key = jax.random.split(rng_key)
    (_, metrics), g = jitted_loss(params, loss_key)
    updates, opt_state = optimizer.update(g, opt_state, params)
    params = optax.apply_updates(params, updates)
    step += 1
  return params
