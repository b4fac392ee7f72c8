# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/1eaa89bfc9db5fd5bdb9515b16c6d35a85fef9de/src/difflow_power/sensitivity.py
# Title: src/difflow_power/sensitivity.py ("Sensitivities of a solved network, by automatic differentiation")
# Cut: module docstring, parameter_sensitivity and voltage_stability_margin removed; demand, branch-flow and loss sensitivities kept (docstrings shortened).
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import Array

from difflow_power.network import PowerNetwork
from difflow_power.powerflow import (
    Specification,
    flat_start,
    power_flow_system,
    solve_state,
    specification_from_network,
)
from difflow_power.residuals import (
    PowerStateLayout,
    branch_flows,
    power_state_layout,
    total_losses,
)


def _posed(network, layout, spec, x0):
    """Fill in the layout, specification and start point defaults."""
    layout = layout or power_state_layout(network)
    spec = spec or specification_from_network(network)
    if x0 is None:
        x0 = flat_start(network, layout, spec)
    return layout, spec, x0


def demand_sensitivity(
    network: PowerNetwork,
    *,
    layout: PowerStateLayout | None = None,
    spec: Specification | None = None,
    x0: Array | None = None,
    reactive: bool = False,
) -> Array:
    """``d(state) / d(demand)`` at the solved power flow."""
    layout, spec, x0 = _posed(network, layout, spec, x0)
    pd, qd = network.load_arrays_pu()

    def solve(demand_block):
        demand = (pd, demand_block) if reactive else (demand_block, qd)
        return solve_state(network, layout, spec, x0, demand=demand)[0]

    return jax.jacobian(solve)(qd if reactive else pd)


def branch_flow_sensitivity(
    network: PowerNetwork,
    *,
    layout: PowerStateLayout | None = None,
    spec: Specification | None = None,
    x0: Array | None = None,
) -> Array:
    """AC injection shift factors: ``d(branch MW) / d(bus demand)``."""
    layout, spec, x0 = _posed(network, layout, spec, x0)
    pd, qd = network.load_arrays_pu()

    def flows(demand_block):
        x = solve_state(
            network, layout, spec, x0, demand=(demand_block, qd)
        )[0]
        s_from, _ = branch_flows(x, network, layout)
        return jnp.real(s_from)

    return jax.jacobian(flows)(pd)


def loss_sensitivity(
    network: PowerNetwork,
    *,
    layout: PowerStateLayout | None = None,
    spec: Specification | None = None,
    x0: Array | None = None,
) -> Array:
    """Marginal loss factors: ``d(total loss) / d(demand)``, per bus."""
    layout, spec, x0 = _posed(network, layout, spec, x0)
    pd, qd = network.load_arrays_pu()

    def losses(demand_block):
        x = solve_state(
            network, layout, spec, x0, demand=(demand_block, qd)
        )[0]
        return total_losses(x, network, layout)

    return jax.grad(losses)(pd)
