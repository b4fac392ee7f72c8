# Source: https://github.com/google-deepmind/jax_verify/blob/fe8ea3c8da81350ca92203a5089d37c2b93f8583/jax_verify/src/optimizers.py
# Title: jax_verify/src/optimizers.py (optimisation loop and linesearch helpers)
# Cut: kept Optimizer.opt_loop of OptaxOptimizer (scan or fori_loop_no_backprop), _sum_fn and
#      _quad_approx; the optax/FISTA optimizer bodies are dropped.
import jax
from jax_verify.src import utils

Tensor = jax.Array
ParamSet = dict


class OptaxOptimizer:  # (subclass of Optimizer in the source)
  def __init__(self, num_steps, log_optimization=False):
    self._num_steps = num_steps
    self._log_optimization = log_optimization

  def opt_loop(self, body_fun, init_vals):
    """Calls `body_fun` num_steps times to perform the optimization."""
    if self._log_optimization:
      step_fun = lambda carry, _: body_fun(carry)
      final_carry, opt_vals = jax.lax.scan(step_fun, init_vals, None,
                                           length=self._num_steps)
      self._opt_vals = opt_vals
      return final_carry
    else:
      # We drop the first value passed to the step function, because it
      # correspond to the iteration number.
      # We drop the second returned value, which is the current
      # value of the optimization that we do not need to log.
      step_fun = lambda _, carry: body_fun(carry)[0]
      return utils.fori_loop_no_backprop(0, self._num_steps,
                                         step_fun, init_vals)


def _sum_fn(fn, *args, **kwargs):
  out = fn(*args, **kwargs)
  summand = out[0] if isinstance(out, tuple) else out
  return summand.sum(), out


def _quad_approx(x: ParamSet, y: ParamSet, grad_y: ParamSet, step_size: Tensor
                 ) -> Tensor:
  """Compute the quadratic term used in the backtracking linesearch."""
  def quad_approx_var(x_var: Tensor, y_var: Tensor, grady_var: Tensor):
    diff = x_var - y_var
    return ((diff * grady_var).sum()
            + 0.5 / step_size * (diff**2).sum())
  per_var_quad_approx = jax.tree_util.tree_map(quad_approx_var, x, y, grad_y)
  return sum(jax.tree_util.tree_leaves(per_var_quad_approx))
