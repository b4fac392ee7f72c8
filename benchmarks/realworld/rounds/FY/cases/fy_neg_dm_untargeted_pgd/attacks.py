# Source: https://github.com/google-deepmind/deepmind-research/blob/5909da5388d818791a64dd38bb2cc1f0dabc9fcf/adversarial_robustness/jax/attacks.py
# Title: adversarial_robustness/jax/attacks.py
# Cut: kept untargeted_cross_entropy, UntargetedAttack, StepOptimizer, SGD, IteratedFGSM, PGD, the
#      l-inf projection/initialisation and gradients_fn; the KL and margin losses, Adam and the
#      module docstring are dropped.
import functools
from typing import Callable, Optional, Tuple, Union

import chex
import haiku as hk
import jax
import jax.numpy as jnp
import optax


ModelFn = Callable[[chex.Array], chex.Array]
LossFn = Callable[[chex.Array], chex.Array]
ClassificationLossFn = Callable[[chex.Array, chex.Array], chex.Array]
OptimizeFn = Callable[[LossFn, chex.PRNGKey, chex.Array], chex.Array]
NormalizeFn = Callable[[chex.Array], chex.Array]
InitializeFn = Callable[[chex.PRNGKey, chex.Array], chex.Array]
ProjectFn = Callable[[chex.Array, chex.Array], chex.Array]


def untargeted_cross_entropy(logits: chex.Array,
                             labels: chex.Array) -> chex.Array:
  """Maximize the cross-entropy of the true class (make it less likely)."""
  num_classes = logits.shape[-1]
  log_probs = jax.nn.log_softmax(logits)
  return jnp.sum(
      hk.one_hot(labels, num_classes).astype(logits.dtype) * log_probs, axis=-1)


class UntargetedAttack:
  """Performs an untargeted attack."""

  def __init__(self,
               optimize_fn: OptimizeFn,
               loss_fn: ClassificationLossFn = untargeted_cross_entropy):
    self._optimize_fn = optimize_fn
    self._loss_fn = loss_fn

  def __call__(self,
               logits_fn: ModelFn,
               rng: chex.PRNGKey,
               inputs: chex.Array,
               labels: chex.Array) -> chex.Array:
    """Returns adversarial inputs."""
    def _loss_fn(x):
      return self._loss_fn(logits_fn(x), labels)
    return self._optimize_fn(_loss_fn, rng, inputs)


class StepOptimizer:
  """Makes a single gradient step that minimizes a loss function."""

  def __init__(self,
               gradient_transformation: optax.GradientTransformation):
    self._gradient_transformation = gradient_transformation

  def init(self,
           loss_fn: LossFn,
           x: chex.Array) -> optax.OptState:
    self._loss_fn = loss_fn
    return self._gradient_transformation.init(x)

  def minimize(
      self,
      x: chex.Array,
      state: optax.OptState) -> Tuple[chex.Array, chex.Array, optax.OptState]:
    """Performs a single minimization step."""
    g, loss = gradients_fn(self._loss_fn, x)
    if g is None:
      raise ValueError('loss_fn does not depend on input.')
    updates, state = self._gradient_transformation.update(g, state, x)
    return optax.apply_updates(x, updates), loss, state


class SGD(StepOptimizer):
  """Vanilla gradient descent optimizer."""

  def __init__(self,
               learning_rate_fn: Union[float, int, optax.Schedule],
               normalize_fn: Optional[NormalizeFn] = None):
    # Accept schedules, as well as scalar values.
    if isinstance(learning_rate_fn, (float, int)):
      lr = float(learning_rate_fn)
      learning_rate_fn = lambda _: lr
    # Normalization.
    def update_fn(updates, state, params=None):
      del params
      updates = jax.tree_map(normalize_fn or (lambda x: x), updates)
      return updates, state
    gradient_transformation = optax.chain(
        optax.GradientTransformation(lambda _: optax.EmptyState(), update_fn),
        optax.scale_by_schedule(learning_rate_fn),
        optax.scale(-1.))
    super(SGD, self).__init__(gradient_transformation)


class IteratedFGSM(SGD):
  """L-infinity normalized steps."""

  def __init__(self,
               learning_rate_fn: Union[float, int, optax.Schedule]):
    super(IteratedFGSM, self).__init__(learning_rate_fn, jnp.sign)


class PGD:
  """Runs Project Gradient Descent (see https://arxiv.org/pdf/1706.06083)."""

  def __init__(self,
               optimizer: StepOptimizer,
               num_steps: int,
               initialize_fn: Optional[InitializeFn] = None,
               project_fn: Optional[ProjectFn] = None):
    self._optimizer = optimizer
    if initialize_fn is None:
      initialize_fn = lambda rng, x: x
    self._initialize_fn = initialize_fn
    if project_fn is None:
      project_fn = lambda x, origin_x: x
    self._project_fn = project_fn
    self._num_steps = num_steps

  def __call__(self,
               loss_fn: LossFn,
               rng: chex.PRNGKey,
               x: chex.Array) -> chex.Array:
    def _optimize(rng, x):
      """Optimizes loss_fn when keep_best is False."""
      def body_fn(_, inputs):
        opt_state, current_x = inputs
        current_x, _, opt_state = self._optimizer.minimize(current_x, opt_state)
        current_x = self._project_fn(current_x, x)
        return opt_state, current_x
      opt_state = self._optimizer.init(loss_fn, x)
      current_x = self._project_fn(self._initialize_fn(rng, x), x)
      _, current_x = jax.lax.fori_loop(0, self._num_steps, body_fn,
                                       (opt_state, current_x))
      return current_x
    return jax.lax.stop_gradient(_optimize(rng, x))


def linf_project_fn(epsilon: float, bounds: Tuple[float, float]) -> ProjectFn:
  def project_fn(x, origin_x):
    dx = jnp.clip(x - origin_x, -epsilon, epsilon)
    return jnp.clip(origin_x + dx, bounds[0], bounds[1])
  return project_fn


def linf_initialize_fn(epsilon: float) -> InitializeFn:
  def initialize_fn(rng, x):
    return x + jax.random.uniform(rng, x.shape, minval=-epsilon,
                                  maxval=epsilon).astype(x.dtype)
  return initialize_fn


def gradients_fn(loss_fn: LossFn,
                 x: chex.Array) -> Tuple[chex.Array, chex.Array]:
  """Returns the analytical gradient as computed by `jax.grad`."""
  @functools.partial(jax.grad, has_aux=True)
  def grad_reduced_loss_fn(x):
    loss = loss_fn(x)
    return jnp.sum(loss), loss
  return grad_reduced_loss_fn(x)
