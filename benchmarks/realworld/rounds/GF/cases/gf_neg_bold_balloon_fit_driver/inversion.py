# Source: https://github.com/m9h/vpjax/blob/b2ef44b182259dbdccf9d34f1069eb8e6d74afac/vpjax/hemodynamics/inversion.py
# Title: vpjax/hemodynamics/inversion.py — fitting Balloon-Windkessel hemodynamic parameters to a BOLD time series
# Cut: kept the bounds/name tables, _make_balloon_params and fit_balloon_bold; dropped the
#      multimodal and Riera fits and the long docstring.
from __future__ import annotations

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float

from vpjax._types import BalloonParams, BalloonState
from vpjax.hemodynamics.balloon import solve_balloon
from vpjax.hemodynamics.bold import BOLDParams, observe_bold

_BALLOON_BOUNDS: dict[str, tuple[float, float]] = {
    "kappa": (0.3, 2.0),
    "gamma": (0.1, 1.0),
    "tau": (0.5, 3.0),
    "alpha": (0.15, 0.50),
    "E0": (0.15, 0.65),
}

_BALLOON_ALL_NAMES: tuple[str, ...] = ("kappa", "gamma", "tau", "alpha", "E0")

# Default: fit only the two identifiable HRF-shaping params.
# gamma drives the optimizer into unstable ODE regions (NaN),
# and alpha/E0 are degenerate from BOLD alone (Stephan et al. 2007).
_BALLOON_DEFAULT_FIT: tuple[str, ...] = ("kappa", "tau")



def _make_balloon_params(
    theta: Float[Array, "P"],
    base_params: BalloonParams,
    fit_names: tuple[str, ...],
) -> BalloonParams:
    """Reconstruct BalloonParams, replacing fitted fields with clipped theta."""
    vals = {name: getattr(base_params, name) for name in _BALLOON_ALL_NAMES}
    for i, name in enumerate(fit_names):
        lo, hi = _BALLOON_BOUNDS[name]
        vals[name] = jnp.clip(theta[i], lo, hi)
    return BalloonParams(**vals)


def fit_balloon_bold(
    bold_data: Float[Array, "N"],
    stimulus: Float[Array, "T"],
    tr: float,
    dt: float = 0.01,
    balloon_params: BalloonParams | None = None,
    bold_params: BOLDParams | None = None,
    fit_names: tuple[str, ...] = _BALLOON_DEFAULT_FIT,
    n_steps: int = 500,
    learning_rate: float = 5.0,
) -> dict[str, Float[Array, ""]]:
    """Fit Balloon-Windkessel parameters to a BOLD time series."""
    if balloon_params is None:
        balloon_params = BalloonParams()
    if bold_params is None:
        bold_params = BOLDParams()

    subsample = int(round(tr / dt))
    n = bold_data.shape[0]

    # Pack only the fitted parameters into theta
    theta = jnp.array([float(getattr(balloon_params, name)) for name in fit_names])

    def loss_fn(theta):
        bp = _make_balloon_params(theta, balloon_params, fit_names)
        _, traj = solve_balloon(bp, stimulus, dt=dt)
        bold_pred = observe_bold(traj, bold_params)[::subsample][:n]
        return jnp.mean((bold_pred - bold_data) ** 2)

    # JIT a single gradient step — avoids compiling the full unrolled
    # scan which can take hours with diffeqsolve inside jax.grad.
    # NaN-safe: if the ODE diverges for a parameter combination, the
    # gradient is NaN and we skip the update (keep previous theta).
    @jax.jit
    def step(th, vel):
        g = jax.grad(loss_fn)(th)
        safe = jnp.all(jnp.isfinite(g))
        vel = jnp.where(safe, 0.9 * vel + 0.1 * g, vel)
        th = jnp.where(safe, th - learning_rate * vel, th)
        return th, vel

    velocity = jnp.zeros_like(theta)
    for _ in range(n_steps):
        theta, velocity = step(theta, velocity)

    # Final forward pass
    bp_final = _make_balloon_params(theta, balloon_params, fit_names)
    _, traj_final = solve_balloon(bp_final, stimulus, dt=dt)
    bold_pred = observe_bold(traj_final, bold_params)[::subsample][:n]
    loss = jnp.mean((bold_pred - bold_data) ** 2)

    result: dict[str, Float[Array, "..."]] = {}
    for name in _BALLOON_ALL_NAMES:
        result[name] = getattr(bp_final, name)
    result["bold_predicted"] = bold_pred
    result["loss"] = loss

    return result
