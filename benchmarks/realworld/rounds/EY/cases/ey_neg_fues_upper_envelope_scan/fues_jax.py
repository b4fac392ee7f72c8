# Source: https://github.com/OpenSourceEconomics/upper-envelope/blob/d889e5eb04ef7ff6e4a2e488dfb3f663536a0f08/src/upper_envelope/jax/fues_jax/fues_jax.py
# Title: fues_jax.py (Fast Upper-Envelope Scan, JAX implementation)
# Cut: kept the jitted entry point and scan_value_function (lax.scan over the final wealth
#      grid); the scan_body internals and the check_and_scan_funcs helpers are elided.
from functools import partial
from typing import Optional, Tuple

import jax
import jax.numpy as jnp


@partial(
    jax.jit, static_argnames=["n_final_wealth_grid", "jump_thresh", "n_points_to_scan"]
)
def fues_jax_unconstrained(
    endog_grid: jnp.ndarray,
    value: jnp.ndarray,
    policy: jnp.ndarray,
    expected_value_zero_savings: float,
    n_final_wealth_grid=None,
    jump_thresh=2,
    n_points_to_scan=10,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    n_final_wealth_grid = (
        int(1.2 * endog_grid.shape[0])
        if n_final_wealth_grid is None
        else n_final_wealth_grid
    )
    idx_sort = jnp.argsort(endog_grid)
    value = jnp.take(value, idx_sort)
    policy = jnp.take(policy, idx_sort)
    endog_grid = jnp.take(endog_grid, idx_sort)
    (
        value_refined,
        policy_refined,
        endog_grid_refined,
    ) = scan_value_function(
        endog_grid=endog_grid,
        value=value,
        policy=policy,
        expected_value_zero_savings=expected_value_zero_savings,
        n_final_wealth_grid=n_final_wealth_grid,
        jump_thresh=jump_thresh,
        n_points_to_scan=n_points_to_scan,
    )
    return endog_grid_refined, value_refined, policy_refined


def scan_value_function(
    endog_grid: jnp.ndarray,
    value: jnp.ndarray,
    policy: jnp.ndarray,
    expected_value_zero_savings,
    n_final_wealth_grid: int,
    jump_thresh: float,
    n_points_to_scan: Optional[int] = 0,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    value_k_and_j = expected_value_zero_savings, value[0]
    endog_grid_k_and_j = 0, endog_grid[0]
    policy_k_and_j = 0, policy[0]
    vars_j_and_k_inital = (value_k_and_j, policy_k_and_j, endog_grid_k_and_j)

    to_be_saved_inital = (expected_value_zero_savings, 0.0, 0.0)
    last_point_in_grid = jnp.array([value[-1], policy[-1], endog_grid[-1]])
    dummy_points_grid = jnp.array([jnp.nan, jnp.nan, jnp.nan])

    idx_to_inspect = 0
    idx_to_be_saved_next = 0
    idx_result_array_valid = 0
    idx_result_array_invalid = 0
    last_point_was_intersect = jnp.array(False)
    second_last_point_was_intersect = jnp.array(False)
    saved_last_point_already = jnp.array(False)

    carry_init = (
        vars_j_and_k_inital,
        to_be_saved_inital,
        idx_to_inspect,
        saved_last_point_already,
        last_point_was_intersect,
        second_last_point_was_intersect,
        idx_result_array_valid,
        idx_result_array_invalid,
        idx_to_be_saved_next,
    )
    partial_body = partial(
        scan_body,
        value=value,
        policy=policy,
        endog_grid=endog_grid,
        last_point_in_grid=last_point_in_grid,
        dummy_points_grid=dummy_points_grid,
        jump_thresh=jump_thresh,
        n_points_to_scan=n_points_to_scan,
    )

    _final_carry, result = jax.lax.scan(
        partial_body,
        carry_init,
        xs=None,
        length=n_final_wealth_grid,
    )
    result_arrays, sort_index = result
    value, policy, endog_grid = result_arrays
    value = value.at[sort_index].set(value)
    policy = policy.at[sort_index].set(policy)
    endog_grid = endog_grid.at[sort_index].set(endog_grid)
    return value, policy, endog_grid


def scan_body(carry, _iter_step, value, policy, endog_grid, last_point_in_grid,
              dummy_points_grid, jump_thresh, n_points_to_scan):
    """One FUES step: inspect a point, decide to keep/drop it, emit (value, policy, grid)."""
    ...
