# Source: https://github.com/jkitchin/jaxsr/blob/616f7a0c5fab93ea428936a7a8560af11a699ac9/src/jaxsr/constraints.py
# Title: jaxsr/constraints.py (constrained least squares for JAX symbolic regression)
# Cut: kept _precompute_constraint_data, _compute_jax_penalty, _reconstruct_jax_from_free and
#      _fit_penalty; the Constraint/ConstraintEvaluator classes and the other solvers dropped;
#      docstrings dropped; _reconstruct_full and ConstraintType live in the source file.
from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np


def _precompute_constraint_data(
    evaluator: ConstraintEvaluator,
    X_jax: jnp.ndarray,
    basis_library,
    selected_indices,
    Phi: jnp.ndarray,
) -> dict:
    data = {"constraints": []}

    def _eval_phi(X_eval):
        if basis_library is not None and selected_indices is not None:
            return basis_library.evaluate_subset(X_eval, selected_indices)
        return Phi

    for constraint in evaluator.constraints:
        ctype = constraint.constraint_type
        entry = {"constraint": constraint}

        if ctype == ConstraintType.MONOTONIC:
            feature = constraint.target
            if feature not in evaluator._feature_name_to_idx:
                continue
            fidx = evaluator._feature_name_to_idx[feature]
            eps = 1e-3
            X_plus = X_jax.at[:, fidx].add(eps)
            X_minus = X_jax.at[:, fidx].add(-eps)
            entry["type"] = "monotonic"
            entry["direction"] = constraint.params["direction"]
            entry["Phi_plus"] = _eval_phi(X_plus)
            entry["Phi_minus"] = _eval_phi(X_minus)
            entry["eps"] = eps

        elif ctype == ConstraintType.CONVEX:
            feature = constraint.target
            if feature not in evaluator._feature_name_to_idx:
                continue
            fidx = evaluator._feature_name_to_idx[feature]
            eps = 1e-2
            X_plus = X_jax.at[:, fidx].add(eps)
            X_minus = X_jax.at[:, fidx].add(-eps)
            entry["type"] = "convex"
            entry["Phi_center"] = _eval_phi(X_jax)
            entry["Phi_plus"] = _eval_phi(X_plus)
            entry["Phi_minus"] = _eval_phi(X_minus)
            entry["eps"] = eps

        elif ctype == ConstraintType.CONCAVE:
            feature = constraint.target
            if feature not in evaluator._feature_name_to_idx:
                continue
            fidx = evaluator._feature_name_to_idx[feature]
            eps = 1e-2
            X_plus = X_jax.at[:, fidx].add(eps)
            X_minus = X_jax.at[:, fidx].add(-eps)
            entry["type"] = "concave"
            entry["Phi_center"] = _eval_phi(X_jax)
            entry["Phi_plus"] = _eval_phi(X_plus)
            entry["Phi_minus"] = _eval_phi(X_minus)
            entry["eps"] = eps

        elif ctype == ConstraintType.BOUND:
            entry["type"] = "bound"
            entry["Phi"] = _eval_phi(X_jax)
            entry["lower"] = constraint.params.get("lower")
            entry["upper"] = constraint.params.get("upper")

        elif ctype == ConstraintType.SIGN:
            if constraint.hard:
                continue  # Handled by scipy bounds
            idx = evaluator._basis_name_to_idx.get(constraint.target)
            if idx is None:
                continue
            entry["type"] = "sign"
            entry["coeff_idx"] = idx
            entry["sign"] = constraint.params["sign"]

        elif ctype == ConstraintType.LINEAR:
            entry["type"] = "linear"
            entry["A"] = jnp.array(constraint.params["A"])
            entry["b"] = jnp.array(constraint.params["b"])

        elif ctype == ConstraintType.CUSTOM:
            entry["type"] = "custom"
            entry["fn"] = constraint.params["fn"]
            entry["X"] = X_jax
            entry["Phi"] = _eval_phi(X_jax)
            # Store mapping info so we can pad coefficients to full library size.
            # This lets user penalty functions use library.evaluate() @ coefficients.
            if selected_indices is not None and basis_library is not None:
                n_full = len(basis_library.names)
                entry["selected_indices"] = jnp.array(selected_indices)
                entry["n_full"] = n_full
            else:
                entry["selected_indices"] = None
                entry["n_full"] = None

        else:
            continue

        data["constraints"].append(entry)

    return data


def _compute_jax_penalty(
    evaluator: ConstraintEvaluator,
    coeffs: jnp.ndarray,
    constraint_data: dict,
    penalty_weight: float,
    hard_penalty_weight: float,
    filter_mode: str = "all",
) -> jnp.ndarray:
    total = jnp.array(0.0)

    for entry in constraint_data["constraints"]:
        constraint = entry["constraint"]
        is_hard = constraint.hard

        # Apply filter
        if filter_mode == "soft_only" and is_hard:
            continue
        if filter_mode == "hard_only" and not is_hard:
            continue

        weight = hard_penalty_weight if is_hard else penalty_weight * constraint.weight

        ctype = entry.get("type")

        if ctype == "monotonic":
            y_plus = entry["Phi_plus"] @ coeffs
            y_minus = entry["Phi_minus"] @ coeffs
            gradient = (y_plus - y_minus) / (2 * entry["eps"])
            if entry["direction"] == "increasing":
                violations = jnp.maximum(-gradient, 0)
            else:
                violations = jnp.maximum(gradient, 0)
            total = total + weight * jnp.sum(violations**2)

        elif ctype == "convex":
            y_center = entry["Phi_center"] @ coeffs
            y_plus = entry["Phi_plus"] @ coeffs
            y_minus = entry["Phi_minus"] @ coeffs
            second_deriv = (y_plus - 2 * y_center + y_minus) / (entry["eps"] ** 2)
            violations = jnp.maximum(-second_deriv, 0)
            total = total + weight * jnp.sum(violations**2)

        elif ctype == "concave":
            y_center = entry["Phi_center"] @ coeffs
            y_plus = entry["Phi_plus"] @ coeffs
            y_minus = entry["Phi_minus"] @ coeffs
            second_deriv = (y_plus - 2 * y_center + y_minus) / (entry["eps"] ** 2)
            violations = jnp.maximum(second_deriv, 0)
            total = total + weight * jnp.sum(violations**2)

        elif ctype == "bound":
            y_pred = entry["Phi"] @ coeffs
            if entry["lower"] is not None:
                violations = jnp.maximum(entry["lower"] - y_pred, 0)
                total = total + weight * jnp.sum(violations**2)
            if entry["upper"] is not None:
                violations = jnp.maximum(y_pred - entry["upper"], 0)
                total = total + weight * jnp.sum(violations**2)

        elif ctype == "sign":
            coef = coeffs[entry["coeff_idx"]]
            if entry["sign"] == "positive":
                total = total + weight * jnp.maximum(-coef, 0) ** 2
            else:
                total = total + weight * jnp.maximum(coef, 0) ** 2

        elif ctype == "linear":
            violations = jnp.maximum(entry["A"] @ coeffs - entry["b"], 0)
            total = total + weight * jnp.sum(violations**2)

        elif ctype == "custom":
            y_pred = entry["Phi"] @ coeffs
            # Pad coefficients to full library size so user penalty functions
            # can use library.evaluate(X) @ coefficients consistently.
            if entry["selected_indices"] is not None:
                full_coeffs = jnp.zeros(entry["n_full"])
                full_coeffs = full_coeffs.at[entry["selected_indices"]].set(coeffs)
            else:
                full_coeffs = coeffs
            penalty = entry["fn"](full_coeffs, entry["X"], y_pred)
            total = total + weight * penalty

    return total


def _reconstruct_jax_from_free(
    coeffs_free_jax: jnp.ndarray,
    fixed_jax: list[tuple[int, jnp.ndarray]],
    free_indices_arr: jnp.ndarray,
    n_total: int,
) -> jnp.ndarray:
    full = jnp.zeros(n_total)
    for idx, val in fixed_jax:
        full = full.at[idx].set(val)
    full = full.at[free_indices_arr].set(coeffs_free_jax)
    return full



def _fit_penalty(
    Phi: jnp.ndarray,
    y_jax: jnp.ndarray,
    evaluator: ConstraintEvaluator,
    x0: np.ndarray,
    free_indices: list[int],
    fixed: list[tuple[int, float]],
    fixed_jax: list[tuple[int, jnp.ndarray]],
    free_indices_arr: jnp.ndarray,
    n_total: int,
    scipy_bounds: list[tuple[float | None, float | None]],
    constraint_data: dict,
    penalty_weight: float,
    max_iter: int,
    tol: float,
    filter_mode: str = "all",
) -> tuple[jnp.ndarray, float]:
    from scipy.optimize import minimize

    Phi_np = np.array(Phi)
    y_np = np.array(y_jax)
    hard_penalty_weight = 1e6

    def jax_objective(coeffs_free_jax):
        full_coeffs = _reconstruct_jax_from_free(
            coeffs_free_jax, fixed_jax, free_indices_arr, n_total
        )
        y_pred = Phi @ full_coeffs
        mse_term = jnp.mean((y_jax - y_pred) ** 2)
        total_penalty = _compute_jax_penalty(
            evaluator,
            full_coeffs,
            constraint_data,
            penalty_weight,
            hard_penalty_weight,
            filter_mode=filter_mode,
        )
        return mse_term + total_penalty

    grad_fn = jax.grad(jax_objective)

    def objective_and_grad(coeffs_free_vec):
        coeffs_jax = jnp.array(coeffs_free_vec)
        val = float(jax_objective(coeffs_jax))
        g = np.array(grad_fn(coeffs_jax), dtype=np.float64)
        return val, g

    result = minimize(
        objective_and_grad,
        x0,
        method="L-BFGS-B",
        jac=True,
        bounds=scipy_bounds,
        options={"maxiter": max_iter, "ftol": tol},
    )

    coeffs_opt = _reconstruct_full(result.x, free_indices, fixed, n_total)
    coeffs_final = np.array(evaluator.apply_hard_constraints(jnp.array(coeffs_opt)))

    y_pred = Phi_np @ coeffs_final
    mse = float(np.mean((y_np - y_pred) ** 2))
    return jnp.array(coeffs_final), mse


