# Source: https://github.com/bagibence/pgam_jax/blob/f6fda48d2c6f07814e4b4e40b615f17a4789fefa/src/pgam_jax/iterative_optim.py
# Title: pgam_jax src/pgam_jax/iterative_optim.py (PQL outer loop)
# Cut: kept unflatten_coeffs and the outer PQL loop with its jitted inner solver; argument parsing, bounds and convergence helper bodies dropped
import jax
import jax.numpy as jnp
import jax.tree_util as jtu

from .utils import (check_pql_convergence, prepend_zeros_for_intercept,
                    pytree_map_and_reduce, weighted_least_squares)


def unflatten_coeffs(coeffs_flat, leaf_shapes):
    """Slice flat coeffs into a list of arrays matching leaf_shapes."""
    indices = jnp.cumsum(jnp.array([0] + leaf_shapes))
    slices = [coeffs_flat[indices[i] : indices[i + 1]] for i in range(len(leaf_shapes))]
    return slices


def pql_outer_iteration(solver, X, y, init_pars, reg_strength, penalty_tree, bounds,
                        compute_sqrt, inv_link_func, get_pseudo_data_and_weight,
                        convergence_criterion, tol_update, max_iter):
    def _solve_inner(reg_strength, X_inner, Q, R, y_inner):
        return solver.run(reg_strength, bounds=bounds, penalty_tree=penalty_tree,
                          X=X_inner, Q=Q, R=R, y=y_inner)

    _solve_inner = jax.jit(_solve_inner)

    coef, intercept = init_pars
    struct = jtu.tree_structure(X)

    n_obs = jtu.tree_leaves(X)[0].shape[0]
    leaf_shapes = [leaf.shape[1] for leaf in jtu.tree_leaves(X)]  # dims of each leaf

    # TODO: Does this loop need to be converted to a jax loop? Was it even worth it?
    old_inner_score = None
    for i in range(max_iter):
        sqrt_penalty = compute_sqrt(reg_strength)
        sqrt_penalty = prepend_zeros_for_intercept(sqrt_penalty)

        rate = pytree_map_and_reduce(
            lambda x, c, inter: inv_link_func(x.dot(c) + inter), sum, X, coef, intercept
        )
        pseudo_y, weights = get_pseudo_data_and_weight(y, rate)

        X_agu = jnp.concatenate(
            [jnp.hstack([jnp.ones((n_obs, 1))] + jtu.tree_leaves(X)), sqrt_penalty],
            axis=0,
        )
        pseudo_y_agu = jnp.concatenate(
            [pseudo_y, jnp.zeros((sqrt_penalty.shape[0], *pseudo_y.shape[1:]))], axis=0
        )
        weights_agu = jnp.concatenate(
            [weights, jnp.ones((sqrt_penalty.shape[0], *weights.shape[1:]))], axis=0
        )

        coeffs, Xw, yw = weighted_least_squares(X_agu, pseudo_y_agu, weights_agu)
        Q, R = jnp.linalg.qr(Xw[:n_obs], mode="reduced")
        new_coef = jtu.tree_unflatten(struct, unflatten_coeffs(coeffs[1:], leaf_shapes))
        new_intercept = coeffs[0]

        new_reg_strength, state = _solve_inner(reg_strength, Xw[:n_obs], Q, R, yw[:n_obs])
        new_reg_strength = jtu.tree_map(lambda x: jnp.clip(x, -25, 30), new_reg_strength)
        new_inner_score = state.value

        converged = check_pql_convergence(
            convergence_criterion, iteration=i, tol=tol_update,
            old_params=(coef, intercept), new_params=(new_coef, new_intercept),
            old_reg_strength=reg_strength, new_reg_strength=new_reg_strength,
            old_score=old_inner_score, new_score=new_inner_score,
        )

        reg_strength = new_reg_strength
        coef, intercept = new_coef, new_intercept
        old_inner_score = new_inner_score

        if converged:
            break

    return (coef, intercept), reg_strength, i
