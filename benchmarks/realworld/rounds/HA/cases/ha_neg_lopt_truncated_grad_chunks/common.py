# Source: https://github.com/google/learned_optimization/blob/32186aa46a96f26ba0625755f93c55659adcd523/learned_optimization/outer_trainers/common.py
# Title: learned_optimization/outer_trainers/common.py (shared helpers for outer trainers: truncated_unroll)
# Cut: only truncated_unroll (a jitted lax.scan over steps_per_jit inner steps) kept with its imports.
import functools
from typing import Any, Mapping, Optional, Tuple, TypeVar
import chex
import jax
import jax.numpy as jnp
from learned_optimization import summary
from learned_optimization import tree_utils
from learned_optimization.outer_trainers import truncated_step as truncated_step_mod

PRNGKey = jnp.ndarray
MetaParams = Any
UnrollState = Any


@functools.partial(
    jax.jit,
    static_argnames=("truncated_step", "with_summary", "unroll_length",
                     "theta_is_vector", "wrap_step_fn"),
)
@functools.partial(summary.add_with_summary, static_argnums=(0, 1, 2, 3, 9))
def truncated_unroll(
    truncated_step: truncated_step_mod.VectorizedTruncatedStep,
    unroll_length: int,
    theta_is_vector: bool,
    theta: MetaParams,
    key: chex.PRNGKey,
    state: UnrollState,
    datas: Any,
    outer_state: Any,
    override_num_steps: Optional[int] = None,
    with_summary: bool = False,  # used by add_with_summary. pylint: disable=unused-argument
    wrap_step_fn: Optional[Any] = None,
) -> Tuple[Tuple[UnrollState, truncated_step_mod.TruncatedUnrollOut], Mapping[
    str, jnp.ndarray]]:
  """Unroll train a single state some number of steps."""

  if jax.tree_util.tree_leaves(datas):
    assert tree_utils.first_dim(datas) == unroll_length, (
        f"got a mismatch in data size. Expected to have data of size: {unroll_length} "
        f"but got data of size {tree_utils.first_dim(datas)}")

  def step_fn(state, xs):
    key, data = xs
    if override_num_steps is not None:
      extra_kwargs = {"override_num_steps": override_num_steps}
    else:
      extra_kwargs = {}

    state, outs = truncated_step.unroll_step(
        theta,
        state,
        key,
        data,
        outer_state=outer_state,
        theta_is_vector=theta_is_vector,
        **extra_kwargs)
    return state, outs

  key_and_data = jax.random.split(key, unroll_length), datas
  if wrap_step_fn is not None:
    step_fn = wrap_step_fn(step_fn)
  state, ys = jax.lax.scan(step_fn, state, key_and_data)
  return state, ys
