# Source: https://github.com/jstac/minnesota_2023/blob/29c7592b17e0ae0fce6422cb2be6dbc929cd59a4/assignments/assignment_3/wc_ratio_solution.py
# Title: wc_ratio_solution.py (wealth-consumption ratio under stochastic volatility, assignment 3 solution)
# Cut: kept successive_approx, newton_solver, the broadcast operator T and the solve calls;
#      dropped create_sv_model (quantecon tauchen grids) and plotting.
import jax
import jax.numpy as jnp

default_tolerance = 1e-7
default_max_iter = int(1e6)


def successive_approx(f,
                      x_init,
                      tol=default_tolerance,
                      max_iter=default_max_iter,
                      verbose=True,
                      print_skip=1000):
    "Uses successive approximation on f."
    current_iter = 0
    x = x_init
    error = tol + 1
    while error > tol and current_iter < max_iter:
        x_new = f(x)
        error = jnp.max(jnp.abs(x_new - x))
        if verbose and current_iter % print_skip == 0:
            print("iter = {}, error = {}".format(current_iter, error))
        current_iter += 1
        x = x_new
    return x


def newton_solver(f,
                  x_init,
                  tol=default_tolerance,
                  max_iter=default_max_iter,
                  verbose=True,
                  bicgstab_atol=1e-6,
                  print_skip=1):
    g = lambda x: f(x) - x

    @jax.jit
    def Q(x):
        jac_x_prod = lambda v: jax.jvp(g, (x,), (v,))[1]
        b = jax.scipy.sparse.linalg.bicgstab(
                jac_x_prod, g(x),
                atol=bicgstab_atol)[0]
        return x - b

    return successive_approx(Q, x_init, tol, max_iter, verbose, print_skip)


def T(w, sv_model, shapes):
    P, h_grid, Q, z_grid, β, γ, ψ, bar_σ, μ_c = sv_model
    n_h, n_z = shapes
    θ = (1 - γ) / (1 - 1/ψ)
    # Broadcast over          (n_h, n_z, n_h', n_z')
    w = jnp.reshape(w,        (1,   1,   n_h,  n_z))
    h = jnp.reshape(h_grid,   (n_h, 1,   1,    1))
    z = jnp.reshape(z_grid,   (1,   n_z, 1,    1))
    P = jnp.reshape(P,        (n_h, 1,   n_h,  1))
    Q = jnp.reshape(Q,        (1,   n_z, 1,    n_z))
    a = jnp.exp((1 - γ ) * μ_c + z + (bar_σ * jnp.exp(h))**2 / 2)
    Kwθ = jnp.sum(a * P * Q * w**θ , axis=(2, 3))
    Tw = 1 + β * Kwθ**(1/θ)
    return Tw

T = jax.jit(T, static_argnums=(2, ))


def solve(sv_model, shapes):
    w_init = jnp.ones(shapes)
    w_star = newton_solver(lambda w: T(w, sv_model, shapes), w_init)
    return w_star
