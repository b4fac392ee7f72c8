# Source: https://github.com/waymo-research/waymax/blob/48b33d71aac20a22db7d25f2d3220596899d944a/waymax/env/rollout.py
# Title: waymax/env/rollout.py (Utilities for fast jittable rollout of environments in Waymax)
# Cut: kept rollout up to the lax.scan over env.step (docstrings dropped); output padding and validation dropped.
from typing import Optional

import jax
import jax.numpy as jnp
from waymax import types
from waymax.agents import actor_core
from waymax.env import abstract_environment
from waymax.env.rollout import RolloutCarry, RolloutOutput


@jax.named_scope('rollout')
def rollout(
    scenario: types.GenericScenario,
    actor: actor_core.WaymaxActorCore,
    env: abstract_environment.AbstractEnvironment,
    rng: jax.Array,
    rollout_num_steps: int = 1,
    actor_params: Optional[actor_core.Params] = None,
) -> RolloutOutput:
  # TODO(b/246965197) Runtime check that rollout_num_steps is not greater than
  # reset_state.remaining_timesteps
  reset_state = env.reset(scenario)
  init_rng, rng = jax.random.split(rng, 2)
  actor_init_state = actor.init(init_rng, reset_state)

  def _step(
      carry: RolloutCarry, timestep: int
  ) -> tuple[RolloutCarry, RolloutOutput]:
    del timestep
    action_rng, rng = jax.random.split(carry.rng, 2)
    actor_output = actor.select_action(
        actor_params, carry.state, carry.actor_state, action_rng
    )
    next_state = env.step(carry.state, actor_output.action)
    next_observation = env.observe(next_state)
    next_carry = RolloutCarry(
        state=next_state,
        observation=next_observation,
        rng=rng,
        actor_state=actor_output.actor_state,
    )
    return next_carry, RolloutOutput(
        action=actor_output.action,
        state=carry.state,
        observation=carry.observation,
        metrics=env.metrics(carry.state),
        reward=env.reward(carry.state, actor_output.action),
    )

  init_carry = RolloutCarry(
      state=reset_state,
      observation=env.observe(reset_state),
      rng=rng,
      actor_state=actor_init_state,
  )
  carry, output = jax.lax.scan(
      _step, init_carry, xs=jnp.arange(rollout_num_steps)
  )
  return carry, output
