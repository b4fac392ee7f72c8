# Source: https://github.com/google/learned_optimization/blob/32186aa46a96f26ba0625755f93c55659adcd523/learned_optimization/outer_trainers/truncated_grad.py
# Title: learned_optimization/outer_trainers/truncated_grad.py (TruncatedGrad: truncated backprop through time for meta-training)
# Cut: license header, long class docstring and init_worker_state/get_datas removed; the differentiated
#      meta_loss (a loop over unroll_length // steps_per_jit chunks, each a scanned truncated_unroll) kept.

"""A gradient estimator which uses truncated backprop through time.

See TruncatedGrad for more info.
"""

from typing import Any, Mapping, Optional, Sequence, Tuple

import gin
import jax
import jax.numpy as jnp
from learned_optimization import jax_utils
from learned_optimization import profile
from learned_optimization import summary
from learned_optimization import tree_utils
from learned_optimization.outer_trainers import common
from learned_optimization.outer_trainers import gradient_learner
from learned_optimization.outer_trainers import truncated_step as truncated_step_mod

PRNGKey = jnp.ndarray
UnrollState = Any


@gin.configurable
class TruncatedGrad(gradient_learner.GradientEstimator):
  """Estimate gradients with truncated backprop through time."""

  def __init__(
      self,
      truncated_step: truncated_step_mod.VectorizedTruncatedStep,
      unroll_length: int = 20,
      steps_per_jit: int = 10,
      loss_type: str = "avg",
  ):
    """Initializer.

    Args:
      truncated_step: Class containing functions to unroll the inner-problem.
      unroll_length: length of the unroll
      steps_per_jit: How many steps to jit together. Needs to be a multiple of
        unroll_length.
      loss_type: either "avg" or "last_recompute". How to compute the loss for
        ES.
    """
    self.truncated_step = truncated_step
    self.unroll_length = unroll_length
    self.steps_per_jit = steps_per_jit

    if self.unroll_length % self.steps_per_jit != 0:
      raise ValueError("Pass a unroll_length and steps_per_jit that are"
                       " multiples of each other.")

  @profile.wrap()
  def compute_gradient_estimate(
      self,
      worker_weights,
      key,
      state: UnrollState,
      with_summary=False,
      datas_list: Optional[Sequence[Any]] = None,
  ) -> Tuple[gradient_learner.GradientEstimatorOut, Mapping[str, jnp.ndarray]]:
    def meta_loss(theta, key, state):
      metrics = []
      outputs = []
      for i in range(self.unroll_length // self.steps_per_jit):
        if datas_list is None:
          if jax_utils.in_jit():
            raise ValueError("Must pass data in when using a jit gradient est.")
          datas = self.truncated_step.get_batch(self.steps_per_jit)
        else:
          datas = datas_list[i]

        key_i = jax.random.fold_in(key, i)
        key1, key2 = jax.random.split(key_i)

        override_num_steps = None
        theta_is_vector = False
        (state, ys), m = common.truncated_unroll(
            self.truncated_step,
            self.steps_per_jit,
            theta_is_vector,
            theta,
            key1,
            state,
            datas,
            worker_weights.outer_state,
            override_num_steps,
            with_summary=with_summary,
            sample_rng_key=key2)
        metrics.append(m)
        outputs.append(ys)

      def flat_first(x):
        return x.reshape([x.shape[0] * x.shape[1]] + list(x.shape[2:]))

      ys = jax.tree_util.tree_map(flat_first, tree_utils.tree_zip_jnp(outputs))

      assert ys.loss.shape == (self.unroll_length,
                               self.truncated_step.num_tasks)

      vec_mean_loss = jnp.sum(
          ys.mask * ys.loss, axis=0) / jnp.sum(
              ys.mask, axis=0)
      return jnp.mean(vec_mean_loss), (state, ys, metrics)

    (mean_loss, (state, ys, metrics)), meta_grad = jax.value_and_grad(
        meta_loss, has_aux=True)(worker_weights.theta, key, state)

    metrics = summary.aggregate_metric_list(metrics)

    unroll_info = gradient_learner.UnrollInfo(
        loss=ys.loss,
        iteration=ys.iteration,
        task_param=ys.task_param,
        is_done=ys.is_done)

    output = gradient_learner.GradientEstimatorOut(
        mean_loss=mean_loss,
        grad=meta_grad,
        unroll_state=state,
        unroll_info=unroll_info)

    return output, metrics
