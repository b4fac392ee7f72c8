# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/88ba8083c2436e72296db2686647a247b5dbf23f/papers/nd_dy_separation/code/sensitivity.py
# Title: Sensitivity analysis for Nd/Dy separation (papers/nd_dy_separation/code/sensitivity.py)
# Cut: SensitivityResult and compute_sensitivities kept; compute_d_sensitivities, tornado data,
#      uncertainty propagation, Hessian analysis and the __main__ block removed; the package-relative
#      imports (.single_stage, .objectives) made absolute.
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import grad, jacfwd, jacrev, hessian
from jax import Array

from single_stage import SingleStageLLE, D2EHPADistribution, create_base_case
from objectives import dy_purity, dy_recovery, nd_purity, nd_recovery, annualized_cost


@dataclass
class SensitivityResult:
    """Container for sensitivity analysis results."""
    parameter_names: list[str]
    output_names: list[str]
    jacobian: Array  # Shape: (n_outputs, n_params)
    base_values: dict[str, float]
    gradients: dict[str, dict[str, float]]  # output -> param -> gradient


def compute_sensitivities(
    base_pH: float = 3.0,
    base_OA: float = 1.0,
    base_T: float = 298.15,
    base_conc: float = 0.5,
) -> SensitivityResult:
    """Compute gradient-based sensitivities at base case.

    Calculates d(output)/d(parameter) for all output-parameter pairs.
    """
    params = jnp.array([base_pH, base_OA, base_T, base_conc])

    # Define output functions
    def purity_fn(p):
        return dy_purity(p[0], p[1], p[2], p[3])

    def recovery_fn(p):
        return dy_recovery(p[0], p[1], p[2], p[3])

    def nd_purity_fn(p):
        return nd_purity(p[0], p[1], p[2], p[3])

    def nd_recovery_fn(p):
        return nd_recovery(p[0], p[1], p[2], p[3])

    def cost_fn(p):
        return annualized_cost(p[0], p[1], p[2], p[3])

    # Compute gradients
    grad_purity = grad(purity_fn)(params)
    grad_recovery = grad(recovery_fn)(params)
    grad_nd_purity = grad(nd_purity_fn)(params)
    grad_nd_recovery = grad(nd_recovery_fn)(params)
    grad_cost = grad(cost_fn)(params)

    # Stack into Jacobian
    jacobian = jnp.stack([
        grad_purity,
        grad_recovery,
        grad_nd_purity,
        grad_nd_recovery,
        grad_cost,
    ])

    param_names = ["pH", "O/A ratio", "T (K)", "[D2EHPA] (M)"]
    output_names = ["Dy purity", "Dy recovery", "Nd purity", "Nd recovery", "Annual cost"]

    # Base values
    base_values = {
        "pH": base_pH,
        "O/A ratio": base_OA,
        "T (K)": base_T,
        "[D2EHPA] (M)": base_conc,
        "Dy purity": float(purity_fn(params)),
        "Dy recovery": float(recovery_fn(params)),
        "Nd purity": float(nd_purity_fn(params)),
        "Nd recovery": float(nd_recovery_fn(params)),
        "Annual cost": float(cost_fn(params)),
    }

    # Gradient dictionary
    gradients = {}
    for i, out_name in enumerate(output_names):
        gradients[out_name] = {}
        for j, param_name in enumerate(param_names):
            gradients[out_name][param_name] = float(jacobian[i, j])

    return SensitivityResult(
        parameter_names=param_names,
        output_names=output_names,
        jacobian=jacobian,
        base_values=base_values,
        gradients=gradients,
    )
