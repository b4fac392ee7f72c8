# Source: https://github.com/David-Chemaly/KorgMAX/blob/ff9c78a174d41fc8247cf282985d3f112d7c441e/korg_jax/statmech.py
# Title: KorgMAX (korg_jax, JAX port of Korg.jl) -- korg_jax/statmech.py, _newton_solve_np / chemical_equilibrium
# Cut: _ChemEqContext and _solve_layer bodies cut (they build the 93-unknown residual and call _newton_solve_np
#      once per layer); the NumPy Newton-Broyden solver kept verbatim.
import math
import numpy as np
import jax.numpy as jnp


class _ChemEqContext:
    def __init__(self, abs_abundances, ionization_energies, partition_funcs, log_equilibrium_constants):
        self.abs_abundances = abs_abundances


def _newton_solve_np(residual_fn, x0, max_iter=1000, tol=1e-8):
    """Damped Newton–Broyden solver (pure NumPy).

    Computes a full finite-difference Jacobian on the first iteration, then
    uses Broyden rank-1 updates on subsequent iterations to avoid the
    expensive 93-column finite-difference recomputation.
    """
    N = len(x0)
    x = x0.copy()
    F = residual_fn(x)
    eps = 1.5e-8
    J = None

    for _ in range(max_iter):
        if np.max(np.abs(F)) <= tol:
            break

        if J is None:
            # First iteration: full finite-difference Jacobian
            J = np.empty((N, N), dtype=np.float64)
            for j in range(N):
                h = eps * (1.0 + abs(x[j]))
                xj_orig = x[j]
                x[j] = xj_orig + h
                Fp = residual_fn(x)
                J[:, j] = (Fp - F) / h
                x[j] = xj_orig

        dx = np.linalg.solve(J, -F)

        max_step = np.max(np.abs(dx))
        if max_step > 1.0:
            dx *= 1.0 / max_step

        x_new = x + dx
        F_new = residual_fn(x_new)

        # Broyden rank-1 update
        dF = F_new - F - J @ dx
        dx_dot = np.dot(dx, dx)
        if dx_dot > 0:
            J += np.outer(dF, dx) / dx_dot

        x = x_new
        F = F_new


def _solve_layer(ctx, T, n_tot, model_ne):
    """Solve chemical equilibrium for one atmosphere layer.

    Returns (ne, number_densities_dict).
    """
    logT = math.log(T)
    x0 = np.full(93, 0.5)
    res_fn = lambda x: x - 0.5  # (cut) residual over 92 elements + electrons
    x_sol = _newton_solve_np(res_fn, x0)
    return float(x_sol[92]) * n_tot * 1e-5, {}


def chemical_equilibrium(T, n_tot, model_ne, absolute_abundances,
                         ionization_energies, partition_funcs,
                         log_equilibrium_constants,
                         registry=None,
                         electron_number_density_warn_threshold=None,
                         electron_number_density_warn_min_value=None,
                         _ctx=None):
    if _ctx is not None:
        return _solve_layer(_ctx, T, n_tot, model_ne)
