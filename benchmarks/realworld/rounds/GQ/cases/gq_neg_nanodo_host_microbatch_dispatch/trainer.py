# Source: https://github.com/google-deepmind/nanodo/blob/10aefdeed40a63293daf112b91a5538cd24fa3a4/nanodo/train.py
# Title: nanodo nanodo/train.py (Trainer and _train_step)
# Cut: metrics helpers reduced; sharding arguments of jax.jit kept
import functools

import jax
import optax
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer:
  """Executes training step."""

  def __init__(self, c, state, mesh, shardings, get_loss_fn):
    self.state = state
    self.step_fn = jax.jit(
        functools.partial(
            _train_step,
            c=c,
            get_loss_fn=get_loss_fn,
            mesh=mesh,
        ),
        in_shardings=(
            shardings,
            NamedSharding(mesh, P()),
        ),
        out_shardings=(shardings, NamedSharding(mesh, P())),
        donate_argnames=("state", "in_BxL"),
    )

  @property
  def step(self) -> int:
    return int(self.state.step)

  def do_step(self, step: int, in_BxL: jax.Array):
    """Async dispatch one training step and return metrics."""
    self.state, metrics = self.step_fn(self.state, in_BxL)
    return metrics


def _train_step(state, in_BxL, c, get_loss_fn, mesh=None):
  """One forward/backward pass."""
  if mesh is not None:
    in_BxL = jax.lax.with_sharding_constraint(
        in_BxL, NamedSharding(mesh, P("data"))
    )
  grad_fn = jax.value_and_grad(
      get_loss_fn(in_BxL, state.apply_fn, c), has_aux=True
  )
  (loss, aux_data), grads = grad_fn(state.params)

  updates, new_opt_state = state.tx.update(grads, state.opt_state, state.params)
  new_params = optax.apply_updates(state.params, updates)
  new_state = state.replace(
      step=state.opt_state.gradient_step + 1,
      params=new_params,
      opt_state=new_opt_state,
  )
  return new_state, {"loss": loss}
