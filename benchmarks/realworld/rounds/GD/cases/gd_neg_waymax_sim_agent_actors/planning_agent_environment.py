# Source: https://github.com/waymo-research/waymax/blob/48b33d71aac20a22db7d25f2d3220596899d944a/waymax/env/planning_agent_environment.py
# Title: waymax/env/planning_agent_environment.py
# Cut: kept the constructor lines that store the sim-agent actors and the step method (docstring shortened); reset, observe, reward and specs dropped.
from typing import Sequence

import jax
import jax.numpy as jnp
from waymax import datatypes
from waymax.agents import actor_core
from waymax.env import abstract_environment


class PlanningAgentEnvironment(abstract_environment.AbstractEnvironment):

  def __init__(
      self,
      dynamics_model,
      config,
      sim_agent_actors: Sequence[actor_core.WaymaxActorCore] = (),
      sim_agent_params=(),
  ) -> None:
    self._planning_agent_dynamics = dynamics_model
    self.config = config
    self._sim_agent_actors = sim_agent_actors
    self._sim_agent_params = sim_agent_params

  @jax.named_scope('PlanningAgentEnvironment.step')
  def step(
      self,
      state: PlanningAgentSimulatorState,
      action: datatypes.Action,
      rng: jax.Array | None = None,
  ) -> PlanningAgentSimulatorState:
    """Advances simulation by one timestep using the dynamics model."""
    planning_agent_action = self._planning_agent_dynamics.compute_update(
        action, state.current_sim_trajectory
    ).as_action()
    planning_agent_controlled = state.object_metadata.is_sdc

    merged_action = planning_agent_action
    merged_controlled = planning_agent_controlled
    # Do not control objects which are initialized in a overlap
    # (likely an articulated bus).
    is_controllable = ~_initialized_overlap(state.log_trajectory)

    if len(self._sim_agent_actors) != len(state.sim_agent_actor_states):
      raise ValueError(
          f'The number of sim agents ({len(self._sim_agent_actors)}) must'
          ' match the number of sim actor states'
          f' ({len(state.sim_agent_actor_states)}).'
      )
    updated_sim_agent_actor_states = []
    if rng is not None:
      keys = jax.random.split(rng, len(self._sim_agent_actors))
    else:
      keys = [None] * len(self._sim_agent_actors)
    for agent, actor_state, params, key in zip(
        self._sim_agent_actors,
        state.sim_agent_actor_states,
        self._sim_agent_params,
        keys,
    ):
      agent_output = agent.select_action(params, state, actor_state, key)  # pytype: disable=wrong-arg-types
      updated_sim_agent_actor_states.append(agent_output.actor_state)
      action = agent_output.action
      controlled_by_sim = agent_output.is_controlled & is_controllable
      merged_action_data = jnp.where(
          controlled_by_sim[..., jnp.newaxis], action.data, merged_action.data
      )
      merged_action_valid = jnp.where(
          controlled_by_sim[..., jnp.newaxis], action.valid, merged_action.valid
      )
      merged_action = datatypes.Action(
          data=merged_action_data, valid=merged_action_valid
      )
      merged_controlled = merged_controlled | controlled_by_sim

    new_traj = self._state_dynamics.forward(  # pytype: disable=wrong-arg-types  # jax-ndarray
        action=merged_action,
        trajectory=state.sim_trajectory,
        reference_trajectory=state.log_trajectory,
        is_controlled=merged_controlled,
        timestep=state.timestep,
        allow_object_injection=self.config.allow_new_objects_after_warmup,
    )
    return state.replace(
        sim_trajectory=new_traj,
        timestep=state.timestep + 1,
        sim_agent_actor_states=updated_sim_agent_actor_states,
    )
