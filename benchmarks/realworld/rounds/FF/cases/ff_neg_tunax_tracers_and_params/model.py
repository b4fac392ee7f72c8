# Source: https://github.com/meom-group/tunax/blob/ad4e691ec625ad8d30a903d86e93b72f60060ca8/tunax/model.py
# Title: tunax/model.py (advance_tra_ed: vertical diffusion of the tracers)
# Cut: docstring shortened; tracer_flux and diffusion_solver cut. The tracers are
#      the equation-of-state tracers of the case ('t', 's' or 'b') plus an optional
#      passive tracer 'pt'. Called on every step of the lax.scan of SingleColumnModel.run.
import equinox as eqx
import jax.numpy as jnp


def advance_tra_ed(state, akt, dt, case_tracable, i_time):
    """Integrate vertical diffusion term for tracers."""
    hz = state.grid.hz
    tracers = [tra for tra in case_tracable.eos_tracers]
    if case_tracable.do_pt:
        tracers.append('pt')
    def get_pytree_fun(tracer: str):
        return lambda t: getattr(t, tracer)
    for tracer in tracers:
        tra = getattr(state, tracer)
        df = tracer_flux(tracer, case_tracable, state.grid, i_time)
        df = hz*tra + dt*df
        tra = diffusion_solver(akt, hz, df, dt)
        state = eqx.tree_at(get_pytree_fun(tracer), state, tra)
    return state


def tracer_flux(tracer, case_tracable, grid, i_time):
    ...  # surface/bottom forcing of the tracer (cut)


def diffusion_solver(akt, hz, df, dt):
    ...  # implicit tridiagonal solve (cut)
