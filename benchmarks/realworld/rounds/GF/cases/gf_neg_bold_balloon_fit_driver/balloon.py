# Source: https://github.com/m9h/vpjax/blob/b2ef44b182259dbdccf9d34f1069eb8e6d74afac/vpjax/hemodynamics/balloon.py
# Title: vpjax/hemodynamics/balloon.py — Balloon-Windkessel hemodynamic model
# Cut: kept solve_balloon (diffrax integration); the BalloonWindkessel vector field's body is cut to a stub.
import diffrax
import equinox as eqx
import jax.numpy as jnp
from jaxtyping import Array, Float

from vpjax._types import BalloonParams, BalloonState


class BalloonWindkessel(eqx.Module):
    params: BalloonParams

    def __call__(self, t, state: BalloonState, u) -> BalloonState:
        ...


def solve_balloon(
    params: BalloonParams,
    stimulus: Float[Array, "T"],
    dt: float = 0.01,
    t0: float = 0.0,
    t1: float | None = None,
    solver: diffrax.AbstractSolver | None = None,
) -> tuple[Float[Array, "T"], BalloonState]:
    """Integrate the Balloon-Windkessel model over a stimulus time-course.

    Parameters
    ----------
    params : BalloonParams
    stimulus : 1-D array of neural stimulus, sampled at interval *dt*.
    dt : sampling interval of stimulus (seconds).
    t0 : start time.
    t1 : end time (default: t0 + len(stimulus)*dt).
    solver : Diffrax solver (default: Tsit5).

    Returns
    -------
    ts : time points (shape ``(T,)``)
    trajectory : BalloonState with arrays of shape ``(T,)``
    """
    n_steps = stimulus.shape[0]
    if t1 is None:
        t1 = t0 + n_steps * dt

    ts = jnp.linspace(t0, t1, n_steps)
    model = BalloonWindkessel(params=params)

    # Interpolate stimulus as a piecewise-constant control
    control = diffrax.LinearInterpolation(ts=ts, ys=stimulus)

    if solver is None:
        solver = diffrax.Tsit5()

    term = diffrax.ODETerm(
        lambda t, y, args: model(t, y, control.evaluate(t))
    )

    y0 = BalloonState.steady_state()

    sol = diffrax.diffeqsolve(
        term,
        solver,
        t0=t0,
        t1=t1,
        dt0=dt,
        y0=y0,
        saveat=diffrax.SaveAt(ts=ts),
        max_steps=n_steps * 100,
    )

    return ts, sol.ys
