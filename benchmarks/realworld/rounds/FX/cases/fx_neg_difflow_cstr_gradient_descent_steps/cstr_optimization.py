# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/03d863f8f892eca86196500f502ab81d093bde91/examples/cstr_sensitivity.py
# Title: Example: Differentiable CSTR - Sensitivity Analysis and Gradients (examples/cstr_sensitivity.py)
# Cut: setup block, rate_function, demo_optimization (section 6) and the start of
#      demo_finite_difference_check (section 7) kept; the other demos and most print calls removed.
#      The body of the central-difference loop over eps_values is reconstructed (the read copy
#      of the file stopped inside it); the __main__ block is reduced to the two demos.
import jax
import jax.numpy as jnp
from jax import Array

# Enable 64-bit precision
jax.config.update("jax_enable_x64", True)

from difflow.streams import Stream, make_stream, get_flows
from difflow.thermo import IdealThermo, SpeciesData
from difflow.units.cstr import CSTR, CSTRParams

species_data = {
    "A": SpeciesData(
        name="A",
        MW=100.0,
        Cp_coeffs=(75.0, 0.0, 0.0, 0.0),
        Hvap_coeffs=(35000.0, 0.38, 500.0),
        antoine_coeffs=(10.0, 3000.0, -50.0),
        Hf=0.0,
    ),
    "B": SpeciesData(
        name="B",
        MW=100.0,
        Cp_coeffs=(75.0, 0.0, 0.0, 0.0),
        Hvap_coeffs=(30000.0, 0.38, 450.0),
        antoine_coeffs=(10.0, 2800.0, -40.0),
        Hf=-50000.0,
    ),
}

thermo = IdealThermo(species_data)
species_order = ["A", "B"]
stoichiometry = jnp.array([[-1.0], [+1.0]])


def rate_function(C: dict[str, Array], T: Array, params: dict) -> Array:
    """First-order reaction: A -> B with Arrhenius kinetics."""
    k = params["A"] * jnp.exp(-params["Ea"] / (8.314 * T))
    return jnp.array([k * C["A"]])


def demo_optimization():
    """Demonstrate gradient-based optimization of reactor conditions."""

    def objective(params: Array) -> Array:
        """Objective: Maximize conversion while minimizing reactor cost."""
        V, T_reactor = params[0], params[1]

        cstr_params = CSTRParams(
            V=V,
            rate_fn=rate_function,
            stoich=stoichiometry,
            rate_params={"A": jnp.array(1e6), "Ea": jnp.array(50000.0)},
            species_order=species_order,
            dH_rxn=jnp.array([-50000.0]),
        )
        cstr = CSTR(cstr_params, thermo=thermo, mode="isothermal")

        inlet = make_stream({"A": 10.0, "B": 0.0}, T=300.0, P=101325.0)
        outlet, info = cstr(inlet, T_spec=T_reactor)

        conversion = info["conversion"]["A"]
        cost = V + 0.001 * (T_reactor - 300.0) ** 2

        # Minimize negative of (conversion - cost_penalty)
        return -(conversion - 0.1 * cost)

    # Initial guess
    params = jnp.array([0.5, 320.0])

    # Simple gradient descent
    learning_rate = jnp.array([0.1, 10.0])  # Different scales for V and T

    print("\nGradient descent optimization:")
    for i in range(10):
        grad = jax.grad(objective)(params)
        params = params - learning_rate * grad

        # Bounds
        params = jnp.array([
            jnp.clip(params[0], 0.1, 5.0),
            jnp.clip(params[1], 300.0, 450.0),
        ])

        obj = -float(objective(params))
        if i % 2 == 0:
            print(f"  Step {i+1:2d}: V = {params[0]:.3f} m3, T = {params[1]:.1f} K, obj = {obj:.4f}")

    # Verify optimum
    final_grad = jax.grad(objective)(params)
    print(f"Final gradient magnitude: {jnp.linalg.norm(final_grad):.6f}")


def demo_finite_difference_check():
    """Validate automatic derivatives against finite differences."""

    def F_B_out(V: Array) -> Array:
        """Outlet F_B as function of reactor volume."""
        params = CSTRParams(
            V=V,
            rate_fn=rate_function,
            stoich=stoichiometry,
            rate_params={"A": jnp.array(1e6), "Ea": jnp.array(50000.0)},
            species_order=species_order,
            dH_rxn=jnp.array([-50000.0]),
        )
        cstr = CSTR(params, thermo=thermo, mode="isothermal")

        inlet = make_stream({"A": 10.0, "B": 0.0}, T=300.0, P=101325.0)
        outlet, _ = cstr(inlet, T_spec=350.0)
        return outlet["F_B"]

    V = jnp.array(1.0)

    # Automatic differentiation
    ad_grad = float(jax.grad(F_B_out)(V))

    # Finite differences
    eps_values = [1e-2, 1e-4, 1e-6, 1e-8]
    for eps in eps_values:
        fd_grad = float((F_B_out(V + eps) - F_B_out(V - eps)) / (2 * eps))
        print(f"  eps = {eps:.0e}: FD = {fd_grad:.8f}, AD = {ad_grad:.8f}")


if __name__ == "__main__":
    demo_optimization()
    demo_finite_difference_check()
