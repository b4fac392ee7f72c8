# Source: https://github.com/openai/consistency_models_cifar10/blob/d086e77dfdc30b51671685f9eec90c90d4f4eaa6/jcm/sampling.py
# Title: jcm/sampling.py (consistency distillation repo, PC sampler for the teacher score model)
# Cut: kept imports and the shared predictor/corrector wrappers and get_pc_sampler; relative imports reduced; NonePredictor/NoneCorrector not shown

import functools

import jax
import jax.numpy as jnp
import jax.random as random

from jcm.models import utils as mutils


def shared_predictor_update_fn(
    rng, state, x, t, sde, model, predictor, probability_flow
):
    """A wrapper that configures and returns the update function of predictors."""
    score_fn = mutils.get_score_fn(
        sde,
        model,
        state.params_ema,
        state.model_state,
        train=False,
    )
    if predictor is None:
        # Corrector-only sampler
        predictor_obj = NonePredictor(sde, score_fn, probability_flow)
    else:
        predictor_obj = predictor(sde, score_fn, probability_flow)
    return predictor_obj.update_fn(rng, x, t)


def shared_corrector_update_fn(rng, state, x, t, sde, model, corrector, snr, n_steps):
    """A wrapper tha configures and returns the update function of correctors."""
    score_fn = mutils.get_score_fn(
        sde,
        model,
        state.params_ema,
        state.model_state,
        train=False,
    )
    if corrector is None:
        # Predictor-only sampler
        corrector_obj = NoneCorrector(sde, score_fn, snr, n_steps)
    else:
        corrector_obj = corrector(sde, score_fn, snr, n_steps)
    return corrector_obj.update_fn(rng, x, t)


def get_pc_sampler(
    sde,
    model,
    shape,
    predictor,
    corrector,
    snr,
    n_steps=1,
    probability_flow=False,
    denoise=True,
    eps=1e-3,
):
    """Create a Predictor-Corrector (PC) sampler.

    Args:
      sde: An `sde_lib.SDE` object representing the forward SDE.
      model: A `flax.linen.Module` object that represents the architecture of a time-dependent score-based model.
      shape: A sequence of integers. The expected shape of a single sample.
      predictor: A subclass of `sampling.Predictor` representing the predictor algorithm.
      corrector: A subclass of `sampling.Corrector` representing the corrector algorithm.
      snr: A `float` number. The signal-to-noise ratio for configuring correctors.
      n_steps: An integer. The number of corrector steps per predictor update.
      probability_flow: If `True`, solve the reverse-time probability flow ODE when running the predictor.
      denoise: If `True`, add one-step denoising to the final samples.
      eps: A `float` number. The reverse-time SDE and ODE are integrated to `epsilon` to avoid numerical issues.

    Returns:
      A sampling function that takes random states, and a replcated training state and returns samples as well as
      the number of function evaluations during sampling.
    """
    # Create predictor & corrector update functions
    predictor_update_fn = functools.partial(
        shared_predictor_update_fn,
        sde=sde,
        model=model,
        predictor=predictor,
        probability_flow=probability_flow,
    )
    corrector_update_fn = functools.partial(
        shared_corrector_update_fn,
        sde=sde,
        model=model,
        corrector=corrector,
        snr=snr,
        n_steps=n_steps,
    )

    def pc_sampler(rng, state):
        """The PC sampler funciton.

        Args:
          rng: A JAX random state
          state: A `flax.struct.dataclass` object that represents the training state of a score-based model.
        Returns:
          Samples, number of function evaluations
        """
        # Initial sample
        rng, step_rng = random.split(rng)
        x = sde.prior_sampling(step_rng, shape)
        timesteps = jnp.linspace(sde.T, eps, sde.N)

        def loop_body(i, val):
            rng, x, x_mean = val
            t = timesteps[i]
            vec_t = jnp.ones(shape[0]) * t
            rng, step_rng = random.split(rng)
            x, x_mean = corrector_update_fn(step_rng, state, x, vec_t)
            rng, step_rng = random.split(rng)
            x, x_mean = predictor_update_fn(step_rng, state, x, vec_t)
            return rng, x, x_mean

        _, x, x_mean = jax.lax.fori_loop(0, sde.N, loop_body, (rng, x, x))
        # Denoising is equivalent to running one predictor step without adding noise.
        return x_mean if denoise else x, sde.N * (n_steps + 1)

    return jax.pmap(pc_sampler, axis_name="batch")
