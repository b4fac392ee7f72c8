# Source: https://github.com/chaobrain/braincell/blob/cd4c0803c28176614c90ebfff17013e9beac6312/braincell/quad/_staggered.py
# Title: braincell/quad/_staggered.py (dendritic hierarchical scheduling: tree-level forward elimination and back substitution)
# Cut: kept comp_triang_raw, _build_backsub_indices and comp_backsub_raw; dropped the
#      contract checks, the profiler variant and the staggered integrator around them.
import numpy as np
import brainunit as u


def comp_triang_raw(diags, solves, lowers, uppers, edges, level_offsets):
    """DHS forward elimination on quantity-aware JAX inputs."""
    for i in range(level_offsets.shape[0] - 1):
        children = edges[level_offsets[i] : level_offsets[i + 1], 0]
        parent = edges[level_offsets[i] : level_offsets[i + 1], 1]
        lower_val = lowers[children]
        upper_val = uppers[children]
        child_diag = diags[:, children]
        child_solve = solves[:, children]

        multiplier = upper_val / child_diag
        diags = diags.at[:, parent].add(-lower_val * multiplier)
        solves = solves.at[:, parent].add(-child_solve * multiplier)
    return diags, solves


def _build_backsub_indices(parent_lookup: np.ndarray, *, n_nodes: int) -> np.ndarray:
    """Precompute recursive-doubling ancestor jumps as static metadata."""
    parent_lookup = np.asarray(parent_lookup, dtype=np.int32)
    indices = []
    old_step = 0
    new_step = 1
    k_step_parent = np.arange(n_nodes + 1, dtype=np.int32)
    while new_step <= max(1, n_nodes):
        for _ in range(new_step - old_step):
            k_step_parent = parent_lookup[k_step_parent]
        old_step = new_step
        new_step = 2 * new_step
        indices.append(k_step_parent)
    return np.asarray(indices, dtype=np.int32)


def comp_backsub_raw(
    diags,
    solves,
    lowers,
    backsub_indices,
):
    """DHS recursive-doubling back substitution on quantity-aware inputs."""
    zero = 0.0 * u.UNITLESS if isinstance(lowers, u.Quantity) else 0.0
    lowers = lowers.at[0].set(zero)
    lower_effect = -lowers / diags
    solve_effect = solves / diags

    for i in range(backsub_indices.shape[0]):
        k_step_parent = backsub_indices[i]
        solve_effect = solve_effect + lower_effect * solve_effect[:, k_step_parent]
        lower_effect = lower_effect * lower_effect[:, k_step_parent]

    return solve_effect
