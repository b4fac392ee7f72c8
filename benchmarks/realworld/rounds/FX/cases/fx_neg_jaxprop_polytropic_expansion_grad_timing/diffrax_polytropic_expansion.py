# Source: https://github.com/turbo-sim/jaxprop/blob/a7fc8373b7d8a3ec6b39df6f486e27178a25178d/examples/optimistix/diffrax_polytropic_expansion.py
# Title: examples/optimistix/diffrax_polytropic_expansion.py -- JAX-compatible thermodynamic ODE + gradient verification
# Cut: the long module docstring shortened to one line; plotting calls and the final comparison
#      and plot section after the three timing loops removed; the rest kept.
"""Demonstration script: polytropic expansion of CO2 with diffrax, gradients by jacfwd/jacrev/FD."""


# diffrax_polytropic_ode_jax_only.py
import time
import jax
import jax.numpy as jnp
import diffrax as dfx
import equinox as eqx
import jaxprop as jxp



# -----------------------------------------------------------------------------
# Main API to the polytropic expansion model
# -----------------------------------------------------------------------------
@eqx.filter_jit
def polytropic_expansion(
    params,
    fluid,
    num_steps=None,
):
    """
    Calculate properties along a compression process defined by a isentropic or polytropic efficiency

    Parameters
    ----------
    fluid : Fluid
        The fluid object used to evaluate thermodynamic properties
    h_in : float
        Enthalpy at the start of the compression process.
    p_in : float
        Pressure at the start of the compression process.
    p_out : float
        Pressure at the end of the compression process.
    efficiency : float
        The efficiency of the compression process.
    efficiency_type : str, optional
        The type of efficiency to be used in the process ('isentropic' or 'polytropic'). Default is 'isentropic'.
    num_steps : int, optional
        The number of steps for the polytropic process calculation. Default is 50.

    Returns
    -------
    tuple
        Tuple containing (state_out, states) where states is a list with all intermediate states

    Raises
    ------
    ValueError
        If an invalid 'efficiency_type' is provided.

    """

    solver = dfx.Dopri5()
    adjoint = dfx.DirectAdjoint()  # works for fwd+rev when using callbacks
    term = dfx.ODETerm(_polytropic_odefun)
    ctrl = dfx.PIDController(rtol=1e-6, atol=1e-9)
    if num_steps is not None:
        ts = jnp.linspace(p_in, p_out, num_steps)
        saveat = dfx.SaveAt(ts=ts, dense=False, fn=postprocess_ode)
    else:
        saveat = dfx.SaveAt(t1=True, fn=postprocess_ode)

    sol = dfx.diffeqsolve(
        terms=term,
        solver=solver,
        t0=params["p_in"],
        t1=params["p_out"],
        dt0=None,
        y0=params["h_in"],
        args=(params["efficiency"], fluid),
        saveat=saveat,
        stepsize_controller=ctrl,
        adjoint=adjoint,
        max_steps=10_000,
    )
    return sol


# -----------------------------------------------------------------------------
# Right hand side of the diffuser ODE system
# -----------------------------------------------------------------------------


def _polytropic_odefun(t, y, args):
    p, h = t, y
    eta, fluid = args
    rho = fluid.get_props(jxp.HmassP_INPUTS, h, p)["rho"]
    return eta / rho


def postprocess_ode(t, y, args):
    """compute derived outputs at save times"""
    p, h = t, y
    state = fluid.get_state(jxp.HmassP_INPUTS, h, p)
    return state


# -----------------------------------------------------------------------------
# Define one scalar objective function
# -----------------------------------------------------------------------------


def get_exit_temperature(params, fluid):
    sol = polytropic_expansion(params, fluid)
    return sol.ys["T"][-1]


def get_exit_temperature_gradient(params, fluid, rel_eps=1e-6):
    """Finite-diff gradient of exit temperature w.r.t. params (dict values)."""
    keys = list(params.keys())
    x0 = jnp.array([params[k] for k in keys], dtype=jnp.float64)

    def fun_vec(x_vec):
        p = params.copy()
        for k, val in zip(keys, x_vec):
            p[k] = val
        return get_exit_temperature(p, fluid)

    grad_vec = finite_diff_grad(fun_vec, x0, rel_eps=rel_eps)
    return dict(zip(keys, grad_vec))


def finite_diff_grad(fun, x, rel_eps=1e-6):
    """forward 2-point finite-diff gradient of scalar fun: R^n -> R"""
    x = jnp.asarray(x, dtype=jnp.float64)
    f0 = fun(x)

    def one_comp(i, val):
        eps = rel_eps * (jnp.abs(val) + 1.0)
        x_pert = x.at[i].add(eps)
        return (fun(x_pert) - f0) / eps

    g = [one_comp(i, x[i]) for i in range(x.size)]
    return jnp.array(g, dtype=jnp.float64)


# -----------------------------------------------------------------------------
# Main code start
# -----------------------------------------------------------------------------
if __name__ == "__main__":

    # Define the case parameters
    T_in = 400.0
    p_in = 200e5
    p_out = 50e5
    efficiency = 0.8
    fluid = jxp.FluidJAX(name="CO2", backend="HEOS")


    # Group model parameters
    params = {
        "h_in": fluid.get_state(jxp.PT_INPUTS, p_in, T_in)["h"],
        "p_in": p_in,
        "p_out": p_out,
        "efficiency": efficiency,
    }
    params = {k: jnp.asarray(v) for k, v in params.items()}

    # Polytropic efficiency sensitivity analysis
    eff_array = jnp.linspace(1.0, 0.1, 10)
    print("\n" + "-" * 42)
    print("Polytropic efficiency sensitivity analysis")
    print("-" * 42)
    print(f"{'efficiency':>12s} {'T_out [K]':>15s} {'time [ms]':>12s}")

    for i, eff in enumerate(eff_array):
        t0 = time.perf_counter()
        params["efficiency"] = eff
        sol = polytropic_expansion(params, fluid, num_steps=50)
        elapsed_ms = (time.perf_counter() - t0) * 1e3
        s, T, T_out = sol.ys["s"], sol.ys["T"], sol.ys["T"][-1]
        print(f"{eff:12.3f} {T_out:15.8f} {elapsed_ms:12.3f}")


    # Prepare gradient functions
    fwd_grad_fn = eqx.filter_jit(jax.jacfwd(get_exit_temperature))
    rev_grad_fn = eqx.filter_jit(jax.jacrev(get_exit_temperature))

    # Vector of parameter names for printing
    keys = list(params.keys())

    # --- Forward-mode timings ---
    print("\n" + "-" * 42)
    print("Gradient timings (forward-mode)")
    print("-" * 42)
    print(f"{'efficiency':>12s} {'grad_norm':>15s} {'time [ms]':>12s}")
    grad_fwd_all = []
    for eff in eff_array:
        params["efficiency"] = eff
        t0 = time.perf_counter()
        g_fwd = fwd_grad_fn(params, fluid)
        elapsed_ms = (time.perf_counter() - t0) * 1e3
        grad_fwd_all.append(g_fwd)
        norm = jnp.linalg.norm(jnp.asarray([val for _, val in g_fwd.items()]))
        print(f"{eff:12.3f} {norm:15.8f} {elapsed_ms:12.3f}")

    # --- Reverse-mode timings ---
    print("\n" + "-" * 42)
    print("Gradient timings (reverse-mode)")
    print("-" * 42)
    print(f"{'efficiency':>12s} {'grad_norm':>15s} {'time [ms]':>12s}")
    grad_rev_all = []
    for eff in eff_array:
        params["efficiency"] = eff
        t0 = time.perf_counter()
        g_rev = rev_grad_fn(params, fluid)
        elapsed_ms = (time.perf_counter() - t0) * 1e3
        grad_rev_all.append(g_rev)
        norm = jnp.linalg.norm(jnp.asarray([val for _, val in g_rev.items()]))
        print(f"{eff:12.3f} {norm:15.8f} {elapsed_ms:12.3f}")

    # --- Finite-difference timings ---
    print("\n" + "-" * 42)
    print("Gradient timings (finite-difference)")
    print("-" * 42)
    print(f"{'efficiency':>12s} {'grad_norm':>15s} {'time [ms]':>12s}")
    grad_fd_all = []
    for eff in eff_array:
        params["efficiency"] = eff
        t0 = time.perf_counter()
        g_fd = get_exit_temperature_gradient(params, fluid, rel_eps=1e-6)
        elapsed_ms = (time.perf_counter() - t0) * 1e3
        grad_fd_all.append(g_fd)
        norm = jnp.linalg.norm(jnp.asarray([val for _, val in g_fd.items()]))
        print(f"{eff:12.3f} {norm:15.8f} {elapsed_ms:12.3f}")
