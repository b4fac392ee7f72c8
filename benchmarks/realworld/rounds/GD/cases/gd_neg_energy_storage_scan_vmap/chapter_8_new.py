# Source: https://github.com/GStechschulte/seq-opt-jax/blob/843813a54a30f639a3b0e8a3d4c0edb8fc40b6e9/apps/chapter_8_new.py
# Title: apps/chapter_8_new.py (marimo notebook, Powell's Sequential Decision Analytics ch. 8: energy storage buy-low/sell-high)
# Cut: marimo cells for transition, simulate_policy and evaluate_policy de-indented to module level; the policy and contribution
#      contribution cell is shown above them; the buy_low_sell_high policy cell is not shown.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import Array, vmap


class State(NamedTuple):
    R_t: float
    p_t: float
    eta: float = 0.9


@jax.jit
def contribution(state, decision) -> float:
    return state.p_t * (state.eta * decision.sell - decision.buy)


@jax.jit
def transition(
    state: State,
    decision: Decision,
    constraints: Constraints,
    next_price: float
) -> State:
    # Energy update
    new_energy = state.R_t + (state.eta * decision.buy) - decision.sell
    constrained_energy = jnp.clip(new_energy, 0.0, constraints.R_max)

    # Price update
    new_price = next_price # From AR posterior predictive samples

    return State(R_t=constrained_energy, p_t=new_price, eta=state.eta)


@jax.jit
def simulate_policy(
    price_path: Array,
    policy: Policy,
    initial_state: State,
    constraints: Constraints
) -> float:

    def step(carry, price_info):
        state, total_reward = carry
        current_price, next_price = price_info

        # Update state
        current_state = state._replace(p_t=current_price)

        # Make decision
        decision = buy_low_sell_high(current_state, policy, constraints)

        # Compute contribution (objective)
        reward = contribution(current_state, decision)

        # Transition to next state
        next_state = transition(current_state, decision, constraints, next_price=next_price)

        return (next_state, total_reward + reward), (current_state, decision, reward)

    initial_total_reward = jnp.array([0.0])
    price_pairs = jnp.column_stack([price_path[:-1], price_path[1:]])

    (final_state, total_reward), trajectory = jax.lax.scan(
        step, 
        (initial_state, initial_total_reward), 
        price_pairs
    )

    return total_reward, trajectory[0], trajectory[1]


@jax.jit
def evaluate_policy(
    sample_paths: Array,
    policy: Policy,
    state: State,
    constraints: Constraints,
) -> "Result":
    simulate_vmap = vmap(simulate_policy, in_axes=(0, None, None, None))
    rewards, states, decisions = simulate_vmap(sample_paths, policy, state, constraints)

    return Result(
        rewards=rewards,
        states=states,
        decisions=decisions
    )
