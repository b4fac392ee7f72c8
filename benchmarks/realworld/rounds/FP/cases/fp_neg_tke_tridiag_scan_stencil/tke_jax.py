# Source: https://github.com/dionhaefner/pyhpc-benchmarks/blob/d438ef8b76ecb51a019b105a6e06150e5a35c177/benchmarks/turbulent_kinetic_energy/tke_jax.py
# Title: benchmarks/turbulent_kinetic_energy/tke_jax.py (ocean TKE closure kernel, Veros-derived, JAX)
# Cut: kept imports, where/solve_implicit, the lax.scan Thomas tridiagonal solver and the superbee advection helper with its 4-point stencil generator; integrate_tke body cut
import jax
import jax.numpy as np


@jax.jit
def where(mask, a, b):
    return np.where(mask, a, b)


@jax.jit
def solve_implicit(ks, a, b, c, d, b_edge=None, d_edge=None):
    land_mask = (ks >= 0)[:, :, np.newaxis]
    edge_mask = land_mask & (
        np.arange(a.shape[2])[np.newaxis, np.newaxis, :] == ks[:, :, np.newaxis]
    )
    water_mask = land_mask & (
        np.arange(a.shape[2])[np.newaxis, np.newaxis, :] >= ks[:, :, np.newaxis]
    )

    a_tri = water_mask * a * np.logical_not(edge_mask)
    b_tri = where(water_mask, b, 1.0)
    if b_edge is not None:
        b_tri = where(edge_mask, b_edge, b_tri)
    c_tri = water_mask * c
    d_tri = water_mask * d
    if d_edge is not None:
        d_tri = where(edge_mask, d_edge, d_tri)

    return solve_tridiag(a_tri, b_tri, c_tri, d_tri), water_mask


@jax.jit
def solve_tridiag(a, b, c, d):
    """
    Solves a tridiagonal matrix system with diagonals a, b, c and RHS vector d.
    """
    assert a.shape == b.shape and a.shape == c.shape and a.shape == d.shape

    def compute_primes(last_primes, x):
        last_cp, last_dp = last_primes
        a, b, c, d = x
        cp = c / (b - a * last_cp)
        dp = (d - a * last_dp) / (b - a * last_cp)
        new_primes = np.stack((cp, dp))
        return new_primes, new_primes

    diags_stacked = np.stack([arr.transpose((2, 0, 1)) for arr in (a, b, c, d)], axis=1)
    _, primes = jax.lax.scan(
        compute_primes, np.zeros((2, *a.shape[:-1])), diags_stacked
    )

    def backsubstitution(last_x, x):
        cp, dp = x
        new_x = dp - cp * last_x
        return new_x, new_x

    _, sol = jax.lax.scan(backsubstitution, np.zeros(a.shape[:-1]), primes[::-1])
    return sol[::-1].transpose((1, 2, 0))


@jax.jit
def _calc_cr(rjp, rj, rjm, vel):
    """
    Calculates cr value used in superbee advection scheme
    """
    eps = 1e-20  # prevent division by 0
    return where(vel > 0.0, rjm, rjp) / where(np.abs(rj) < eps, eps, rj)


@jax.jit
def pad_z_edges(arr):
    arr_shape = list(arr.shape)
    arr_shape[2] += 2
    out = np.zeros(arr_shape, arr.dtype)
    out = out.at[:, :, 1:-1].set( arr)
    return out


@jax.jit
def limiter(cr):
    return np.maximum(0.0, np.maximum(np.minimum(1.0, 2 * cr), np.minimum(2.0, cr)))


def _adv_superbee(vel, var, mask, dx, axis, cost, cosu, dt_tracer):
    velfac = 1
    if axis == 0:
        sm1, s, sp1, sp2 = (
            (slice(1 + n, -2 + n or None), slice(2, -2), slice(None))
            for n in range(-1, 3)
        )
        dx = cost[np.newaxis, 2:-2, np.newaxis] * dx[1:-2, np.newaxis, np.newaxis]
    elif axis == 1:
        sm1, s, sp1, sp2 = (
            (slice(2, -2), slice(1 + n, -2 + n or None), slice(None))
            for n in range(-1, 3)
        )
        dx = (cost * dx)[np.newaxis, 1:-2, np.newaxis]
        velfac = cosu[np.newaxis, 1:-2, np.newaxis]
    elif axis == 2:
        vel, var, mask = (pad_z_edges(a) for a in (vel, var, mask))
        sm1, s, sp1, sp2 = (
            (slice(2, -2), slice(2, -2), slice(1 + n, -2 + n or None))
            for n in range(-1, 3)
        )
        dx = dx[np.newaxis, np.newaxis, :-1]
    else:
        raise ValueError("axis must be 0, 1, or 2")
    uCFL = np.abs(velfac * vel[s] * dt_tracer / dx)
    rjp = (var[sp2] - var[sp1]) * mask[sp1]
    rj = (var[sp1] - var[s]) * mask[s]
    rjm = (var[s] - var[sm1]) * mask[sm1]
    cr = limiter(_calc_cr(rjp, rj, rjm, vel[s]))
    return (
        velfac * vel[s] * (var[sp1] + var[s]) * 0.5
        - np.abs(velfac * vel[s]) * ((1.0 - cr) + uCFL * cr) * rj * 0.5
    )


_adv_superbee = jax.jit(_adv_superbee, static_argnums=(4,))

