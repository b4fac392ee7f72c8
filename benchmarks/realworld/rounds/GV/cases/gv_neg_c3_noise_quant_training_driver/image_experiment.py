# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/experiments/image.py
# Title: C3 (DeepMind) experiments/image.py, per-image fitting loop
# Cut: Experiment class reduced to single_train_step (jit + grad) and the
#      noise-quantisation phase of fit_datum; logging, STE phase and config
#      handling shortened. _loss_fn is a stub (its body is in the source file).
import functools

import jax
import optax


class Experiment:

  def __init__(self, config, opt):
    self.config = config
    self.opt = opt

  def _loss_fn(self, params, target, rng, quant_type, soft_round_temp,
               rd_weight, kumaraswamy_a):
    ...

  @functools.partial(jax.jit, static_argnums=(0, 5))
  def single_train_step(self, params, opt_state, inputs, rng, quant_type,
                        rd_weight, soft_round_temp=None, kumaraswamy_a=None):
    grads, metrics = jax.grad(self._loss_fn, has_aux=True)(
        params,
        target=inputs,
        rng=rng,
        quant_type=quant_type,
        soft_round_temp=soft_round_temp,
        rd_weight=rd_weight,
        kumaraswamy_a=kumaraswamy_a,
    )
    updates, opt_state = self.opt.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, metrics

  def fit_datum(self, inputs, rng, params, opt_state):
    quant_type = self.config.quant.noise_quant_type
    # Function for linear annealing of soft-rounding temperature.
    soft_round_temp_fn = optax.linear_schedule(
        init_value=self.config.quant.soft_round_temp_start,
        end_value=self.config.quant.soft_round_temp_end,
        transition_steps=self.config.opt.num_noise_steps - 1
    )
    rd_weight_fn = lambda _: self.config.loss.rd_weight
    kumaraswamy_a_fn = lambda _: None
    for i in range(self.config.opt.num_noise_steps):
      # Split `rng` to ensure we use a different noise for noise quantization
      # at each step.
      # It is faster to split this on the CPU than outside of jit on GPU.
      with jax.default_device(jax.local_devices(backend='cpu')[0]):
        rng, rng_used = jax.random.split(rng)

      # It is faster to compute schedules on CPU than outside of jit on GPU.
      with jax.default_device(jax.local_devices(backend='cpu')[0]):
        # Set soft-rounding temperature.
        soft_round_temp = soft_round_temp_fn(i)
        # Set rd_weight.
        rd_weight = rd_weight_fn(i)
        # Get parameter for Kumaraswamy noise distribution.
        kumaraswamy_a = kumaraswamy_a_fn(i)
      # Run a single training step
      params, opt_state, train_metrics = self.single_train_step(
          params=params,
          opt_state=opt_state,
          inputs=inputs,
          rng=rng_used,
          quant_type=quant_type,
          rd_weight=rd_weight,
          soft_round_temp=soft_round_temp,
          kumaraswamy_a=kumaraswamy_a,
      )
    return params, opt_state
