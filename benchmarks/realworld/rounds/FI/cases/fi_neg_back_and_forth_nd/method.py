# Source: https://github.com/aipyth/optimal-transport/blob/3d0b7b6f2ff345a32cfd88e31e0ca7a0feb356d4/methods/back_and_forth/method.py
# Title: methods/back_and_forth/method.py (back-and-forth method for OT in d-dimensional space)
# Cut: the Armijo step-size rule, the error metrics, the dual-value and sigma histories of the loop state and the
#      pushforward/c-transform modules (reduced to stubs) are dropped;
#      the jitted driver, its per-axis loops, the lax.while_loop and the grid helpers are kept as written.
from functools import partial

import jax
from jax import lax
from jax import numpy as jnp
from jax.scipy.fft import dctn, idctn


def c_transform_quadratic_fast(phi, coords_list):
    return phi  # stub for .c_transform


def adaptive_pushforward_nd(rho, psi):
    return rho, None  # stub for .pushforward


# ------------------------ main BFM (d-dimensional) ------------------------
@partial(jax.jit, static_argnames=('maxiterations', 'pushforward_fn'))
def backnforth_sqeuclidean_nd(
        mu: jnp.ndarray,                 # shape (n0,...,nd-1)
        nu: jnp.ndarray,                 # shape (n0,...,nd-1)
        coordinates: list[jnp.ndarray],  # len d, each length n_k
        stepsize: float,
        maxiterations: int,
        tolerance: float,
        pushforward_fn=adaptive_pushforward_nd,
    ):
    # checks (lightweight; keep in Python tracer-friendly)
    shape = mu.shape
    assert nu.shape == shape
    d = len(coordinates)
    assert d == mu.ndim == nu.ndim
    for k in range(d):
        assert coordinates[k].shape[0] == shape[k]
    Ls = [coord[-1] for coord in coordinates]

    c_transform = partial(c_transform_quadratic_fast, coords_list=coordinates)

    # precompute kernel and r^2 grid
    kernel = neumann_kernel_nd(shape, Ls, dtype=mu.dtype)
    r2 = _r2_from_coords(coordinates)
    cell_vol = jnp.prod(jnp.array([c[1] - c[0] for c in coordinates], dtype=mu.dtype))
    mu_nu_grid_sum = 0.5 * (r2 * (mu + nu)).sum()

    def dct_neumann_poisson(f):
        f = f - f.mean()
        Fh = _dctn(f)
        Uh = Fh / kernel
        Uh = Uh.at[(0,)*f.ndim].set(0.0)
        u = _idctn(Uh)
        return u - u.mean()

    def update_potential(phi, rho, target, sigma):
        residual = target - rho
        pde_solution = dct_neumann_poisson(residual)
        new_phi = phi + sigma * pde_solution
        grad_sq = cell_vol * jnp.vdot(residual, pde_solution).real
        return new_phi, pde_solution, grad_sq

    def dual_value(phi, psi):
        return cell_vol * (mu_nu_grid_sum - (phi * mu).sum() - (psi * nu).sum())

    def body(state):
        i, phi, psi, sigma, errors = state
        rho_mu, _ = pushforward_fn(mu, -psi)
        phi, _, _ = update_potential(phi, rho_mu, nu, sigma)
        psi = c_transform(phi)
        phi = c_transform(psi)  # ensure consistency

        rho_nu, _ = pushforward_fn(nu, -phi)
        psi, _, grad_sq_psi = update_potential(psi, rho_nu, mu, sigma)
        phi = c_transform(psi)
        psi = c_transform(phi)  # ensure consistency

        errors = errors.at[i].set(grad_sq_psi)
        return (i + 1, phi, psi, sigma, errors)

    def cond(state):
        i = state[0]
        errors = state[4]
        curr_error = errors[jnp.maximum(i - 1, 0)]
        return (i < maxiterations) & (curr_error > tolerance)

    phi0 = jnp.zeros_like(mu)
    psi0 = jnp.zeros_like(nu)
    errors0 = jnp.full((maxiterations,), jnp.inf, dtype=mu.dtype)
    init_state = (jnp.array(0, dtype=jnp.int32), phi0, psi0,
                  jnp.asarray(stepsize, dtype=mu.dtype), errors0)

    state = lax.while_loop(cond, body, init_state)
    iterations, phi, psi, _, errors = state
    return iterations, phi, psi, errors, dual_value(phi, psi)


def _r2_from_coords(coords):
    grids = jnp.meshgrid(*coords, indexing="ij")
    r2 = jnp.zeros_like(grids[0])
    for G in grids:
        r2 = r2 + G * G
    return r2


def _dctn(a):
    return dctn(a, type=2, norm="ortho")


def _idctn(a):
    return idctn(a, type=2, norm="ortho")


def neumann_kernel_nd(shape, lengths, dtype=jnp.float64):
    d = len(shape)
    hs = [L / N for L, N in zip(lengths, shape)]
    parts = []

    for i, (N, h) in enumerate(zip(shape, hs)):
        k = jnp.arange(N, dtype=dtype)
        lam1d = (4.0 / (h * h)) * jnp.sin(jnp.pi * k / (2 * N)) ** 2
        sh = (1,) * i + (N,) + (1,) * (d - i - 1)
        parts.append(jnp.reshape(lam1d, sh))

    Lam = jnp.sum(jnp.stack([jnp.broadcast_to(p, shape) for p in parts], axis=0), axis=0).astype(dtype)
    Lam = Lam.at[(0,) * d].set(jnp.inf)
    return Lam
