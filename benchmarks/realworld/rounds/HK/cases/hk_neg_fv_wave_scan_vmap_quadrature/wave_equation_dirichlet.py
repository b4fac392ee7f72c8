# Source: https://github.com/nickmcgreivy/pde_runtime_comparisons/blob/9968e35e194d3f4f7af08c4781b8eb519ae3201d/message_passing_neural_pde_solvers/wave_equation_dirichlet.py
# Title: message_passing_neural_pde_solvers/wave_equation_dirichlet.py (finite-volume wave equation on a Chebyshev-spaced grid, baseline for MP-PDE)
# Cut: kept the scheme, Gauss-Legendre quadrature, initial condition, the jitted scan simulation, the FV down-sampling and the loss; dropped plotting and the runtime/accuracy sweep at the bottom

import matplotlib.pyplot as plt
import jax.numpy as jnp
import jax
from jax import vmap, jit
from functools import partial
import numpy as onp
import time

from jax import config
config.update("jax_enable_x64", True)

c = 2
c_sq = c**2
Lx = 16
sigma = 1

def ssp_rk3(a_n, F, dt):
    a_1 = a_n + dt * F(a_n)
    a_2 = 0.75 * a_n + 0.25 * (a_1 + dt * F(a_1))
    return 1 / 3 * a_n + 2 / 3 * (a_2 + dt * F(a_2))


def dd_periodic(u, dx):
    dx_R = (dx + jnp.roll(dx, -1))
    F_R = (jnp.roll(u, -1) - u) * (dx * 4) / dx_R**2
    F_L = jnp.roll(F_R, 1)
    return (F_R - F_L) / (dx)

def dd_ghost(u, dx):
    dx_R = (dx[:-1] + dx[1:])
    F = (u[1:] - u[:-1]) * (dx[1:] * 4) / dx_R**2
    return (F[1:] - F[:-1]) / (dx[1:-1])


def dadt_periodic(a, dx):
    u, v = a
    return jnp.asarray([v, c_sq * dd_periodic(u, dx)])

def dadt_ghost(a, dx):
    a = jnp.pad(a, ((0, 0), (1, 1)), mode='constant')
    dx = jnp.pad(dx, (1, 1), mode='edge')
    u, v = a
    return jnp.asarray([v[1:-1], c_sq * dd_ghost(u, dx)])


def f_gaussian(x, t):
    return jnp.exp(- ((x - c*t - Lx/2) ** 2 / (2 * sigma**2)))

def f_gaussian_deriv(x, t):
    return f_gaussian(x, t) * c * (x - c * t - Lx/2) / sigma**2

def _fixed_quad(f, a, b, n=5):
    """
    Single quadrature of a given order.

    Inputs
    f: function which takes a vector of positions of length n
    and returns a (possibly) multivariate output of length (n, p)
    a: beginning of integration
    b: end of integration
    n: order of quadrature. max n is 8.
    """
    assert isinstance(n, int) and n <= 8 and n > 0
    w = {
        1: jnp.asarray([2.0]),
        2: jnp.asarray([1.0, 1.0]),
        3: jnp.asarray(
            [
                0.5555555555555555555556,
                0.8888888888888888888889,
                0.555555555555555555556,
            ]
        ),
        4: jnp.asarray(
            [
                0.3478548451374538573731,
                0.6521451548625461426269,
                0.6521451548625461426269,
                0.3478548451374538573731,
            ]
        ),
        5: jnp.asarray(
            [
                0.2369268850561890875143,
                0.4786286704993664680413,
                0.5688888888888888888889,
                0.4786286704993664680413,
                0.2369268850561890875143,
            ]
        ),
        6: jnp.asarray(
            [
                0.1713244923791703450403,
                0.3607615730481386075698,
                0.4679139345726910473899,
                0.4679139345726910473899,
                0.3607615730481386075698,
                0.1713244923791703450403,
            ]
        ),
        7: jnp.asarray(
            [
                0.1294849661688696932706,
                0.2797053914892766679015,
                0.38183005050511894495,
                0.417959183673469387755,
                0.38183005050511894495,
                0.279705391489276667901,
                0.129484966168869693271,
            ]
        ),
        8: jnp.asarray(
            [
                0.1012285362903762591525,
                0.2223810344533744705444,
                0.313706645877887287338,
                0.3626837833783619829652,
                0.3626837833783619829652,
                0.313706645877887287338,
                0.222381034453374470544,
                0.1012285362903762591525,
            ]
        ),
    }[n]

    xi_i = {
        1: jnp.asarray([0.0]),
        2: jnp.asarray([-0.5773502691896257645092, 0.5773502691896257645092]),
        3: jnp.asarray([-0.7745966692414833770359, 0.0, 0.7745966692414833770359]),
        4: jnp.asarray(
            [
                -0.861136311594052575224,
                -0.3399810435848562648027,
                0.3399810435848562648027,
                0.861136311594052575224,
            ]
        ),
        5: jnp.asarray(
            [
                -0.9061798459386639927976,
                -0.5384693101056830910363,
                0.0,
                0.5384693101056830910363,
                0.9061798459386639927976,
            ]
        ),
        6: jnp.asarray(
            [
                -0.9324695142031520278123,
                -0.661209386466264513661,
                -0.2386191860831969086305,
                0.238619186083196908631,
                0.661209386466264513661,
                0.9324695142031520278123,
            ]
        ),
        7: jnp.asarray(
            [
                -0.9491079123427585245262,
                -0.7415311855993944398639,
                -0.4058451513773971669066,
                0.0,
                0.4058451513773971669066,
                0.7415311855993944398639,
                0.9491079123427585245262,
            ]
        ),
        8: jnp.asarray(
            [
                -0.9602898564975362316836,
                -0.7966664774136267395916,
                -0.5255324099163289858177,
                -0.1834346424956498049395,
                0.1834346424956498049395,
                0.5255324099163289858177,
                0.7966664774136267395916,
                0.9602898564975362316836,
            ]
        ),
    }[n]

    x_i = (b + a) / 2 + (b - a) / 2 * xi_i
    wprime = w * (b - a) / 2
    return jnp.sum(wprime * f(x_i))

def get_edges(dx):
    a = jnp.concatenate([jnp.asarray([0.0]), jnp.cumsum(dx)[:-1]])
    b = jnp.cumsum(dx)
    return a, b

def integrate_f(f, t, dx, quad_func=_fixed_quad, n=8):
    _vmap_fixed_quad = vmap(
        lambda f, a, b: quad_func(f, a, b, n=n), (None, 0, 0), 0
    )

    xL, xR = get_edges(dx)

    to_int_func = lambda x: f(x, t)


    return _vmap_fixed_quad(to_int_func, xL, xR) / dx


def get_dx(nx):
    i = jnp.arange(nx + 1)
    edges = -Lx * jnp.cos(i * jnp.pi / (nx)) / 2
    return edges[1:] - edges[:-1]

def get_ic(nx):
    dx = get_dx(nx)
    n = 1
    u_0 = integrate_f(f_gaussian, 0.0, dx, n = n)
    v_0 = integrate_f(f_gaussian_deriv, 0.0, dx, n=n)
    return jnp.asarray([u_0, v_0])


def get_dt(nx):
    cfl = 0.1
    dx = get_dx(nx)
    return cfl * jnp.max(dx)**2 / c_sq

@partial(
    jit,
    static_argnums=(
        0, 2
    ),
)
def simulate(nx, dt, nt):
    dx = get_dx(nx)
    a0 = get_ic(nx)

    F = lambda a: dadt_ghost(a, dx)

    def step(a, _):
        a_f = ssp_rk3(a, F, dt)
        return a_f, a

    _, trajectory = jax.lax.scan(step, a0, xs=None, length=nt)
    return trajectory



def evalf_1D(x, u, xL, xR):
    """
    assume x is scalar, u is vector, xL and xR are vectors
    """
    j = jnp.argmax((x >= xL) & (x < xR))
    return u[j]


@partial(
    jit,
    static_argnums=(
        1,
        2,
    ),
)
def convert_FV_representation_u(u, nx_new, nx_old):
    dx_old = get_dx(nx_old)
    dx_new = get_dx(nx_new)
    xL, xR = get_edges(dx_old)

    def f_old(x, t):
        return evalf_1D(x, u, xL, xR)

    vmap_f_old = vmap(f_old, (0, None))

    return integrate_f(vmap_f_old, 0.0, dx_new, n=8)

@partial(
    jit,
    static_argnums=(
        1,
        2,
    ),
)
def convert_FV_representation(a, nx_new, nx_old):
    return vmap(convert_FV_representation_u, (0, None, None))(a, nx_new, nx_old)




#####
# Loss function
#####
def accumulated_mse_loss(a_trajectory, a_exact_trajectory):
    """
    both a and a_exact should be of shape (nt, 2, nx)
    """
    assert a_trajectory.shape[0] == 250
    assert a_trajectory.shape[1] == 2

    u_traj = a_trajectory[...,0]
    u_exact_traj = a_exact_trajectory[...,0]
    return jnp.sum(jnp.mean((u_traj - u_exact_traj)**2, axis=-1))


