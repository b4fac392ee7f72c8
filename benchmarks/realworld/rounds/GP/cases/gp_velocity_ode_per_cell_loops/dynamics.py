# Source: https://github.com/pinellolab/pyrovelocity/blob/f9cd75254a085e02590122bafcf2912fbb6c4e87/src/pyrovelocity/models/jax/core/dynamics.py
# Title: src/pyrovelocity/models/jax/core/dynamics.py (pure-function RNA velocity dynamics models)
# Cut: docstrings shortened; standard_dynamics_model dropped; the unused nested helper
#      solve_for_single_tau in dynamics_ode_model removed; the two looped models kept as written.
from typing import Dict, Tuple

import jax
import jax.numpy as jnp
from beartype import beartype
from jaxtyping import Array, Float


@beartype
def nonlinear_dynamics_model(
    tau: Float[Array, "..."],
    u0: Float[Array, "..."],
    s0: Float[Array, "..."],
    params: Dict[str, Float[Array, "..."]],
) -> Tuple[Float[Array, "..."], Float[Array, "..."]]:
    """Nonlinear RNA velocity model with saturation."""
    alpha = params["alpha"]
    beta = params["beta"]
    gamma = params["gamma"]
    scaling = params["scaling"]

    # Process each time point individually to avoid vmap issues
    ut_list = []
    st_list = []
    for i in range(len(tau)):
        # For each time point, we need to use the corresponding initial conditions and parameters
        y0_i = jnp.stack([u0[i], s0[i]])
        alpha_i = alpha[i]
        beta_i = beta[i]
        gamma_i = gamma[i]
        scaling_i = scaling[i]

        # Define a local ODE system for this specific time point
        def dstate_dt_i(state, t):
            u, s = state
            # Nonlinear transcription rate with saturation
            transcription_rate = alpha_i * (1.0 / (1.0 + scaling_i * u))
            du_dt = transcription_rate - beta_i * u
            ds_dt = beta_i * u - gamma_i * s
            return jnp.stack([du_dt, ds_dt])

        # Use a simple Euler method with a fixed number of steps
        max_steps = 100  # Fixed number of steps
        dt = tau[i] / max_steps  # Adjust dt based on tau

        # Initial state
        y = y0_i

        # Integrate the ODE
        for _ in range(max_steps):
            dydt = dstate_dt_i(y, 0)  # Time-independent ODE
            y = y + dydt * dt

        # Extract the final state
        ut_list.append(y[0])
        st_list.append(y[1])

    # Stack the results
    ut = jnp.array(ut_list)
    st = jnp.array(st_list)

    return ut, st


@beartype
def dynamics_ode_model(
    tau: Float[Array, "..."],
    u0: Float[Array, "..."],
    s0: Float[Array, "..."],
    params: Dict[str, Float[Array, "..."]],
) -> Tuple[Float[Array, "..."], Float[Array, "..."]]:
    """ODE-based RNA velocity model (du/dt = alpha - beta*u, ds/dt = beta*u - gamma*s)."""
    alpha = params["alpha"]
    beta = params["beta"]
    gamma = params["gamma"]

    # Process each time point individually to avoid vmap issues
    ut_list = []
    st_list = []
    for i in range(len(tau)):
        # For each time point, we need to use the corresponding initial conditions and parameters
        u_i = u0[i]
        s_i = s0[i]
        alpha_i = alpha[i]
        beta_i = beta[i]
        gamma_i = gamma[i]

        # Use a simple Euler method with a fixed number of steps
        max_steps = 100  # Fixed number of steps
        dt = tau[i] / max_steps  # Adjust dt based on tau

        # Initial state
        u = u_i
        s = s_i

        # Integrate the ODE
        for _ in range(max_steps):
            # Update using the ODE equations
            du_dt = alpha_i - beta_i * u
            ds_dt = beta_i * u - gamma_i * s

            # Euler step
            u = u + du_dt * dt
            s = s + ds_dt * dt

        # Store the final state
        ut_list.append(u)
        st_list.append(s)

    # Stack the results
    ut = jnp.array(ut_list)
    st = jnp.array(st_list)

    return ut, st
