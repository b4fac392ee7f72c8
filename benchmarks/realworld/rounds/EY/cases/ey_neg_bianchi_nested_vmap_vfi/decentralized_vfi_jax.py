# Source: https://github.com/QuantEcon/imf_2024/blob/8b88385a8ca864f49f2aa06562f3c30d34b226b3/day_3/afternoon/bianchi/python/decentralized_vfi_jax.py
# Title: decentralized_vfi_jax.py (Bianchi overborrowing model, JAX)
# Cut: kept the Bellman RHS, its nested vmaps, the lax.while_loop VFI, update_H and the host-side
#      equilibrium loop (w() moved to the end); dropped model construction, initial-H helpers, the planner problem and plots.
import jax
import jax.numpy as jnp


@jax.jit
def d_infty(x, y):
    return jnp.max(jnp.abs(x - y))


@jax.jit
def T_generator(v, H, parameters, arrays, i_b, i_B, i_y_t, i_y_n, i_bp):
    σ, η, β, ω, κ, r = parameters
    b_grid, y_t_nodes, y_n_nodes, Q = arrays
    Bp = H[i_B, i_y_t, i_y_n]
    i_Bp = jnp.searchsorted(b_grid, Bp)
    y_t = y_t_nodes[i_y_t]
    y_n = y_n_nodes[i_y_n]
    B, b, bp = b_grid[i_B], b_grid[i_b], b_grid[i_bp]
    C = (1 + r) * B + y_t - Bp
    P = ((1 - ω) / ω) * (C / y_n)**(η + 1)
    c = (1 + r) * b + y_t - bp
    utility = w(parameters, c, y_n)
    EV = jnp.sum(v[i_bp, i_Bp, :, :] * Q[i_y_t, i_y_n, :, :])
    credit_constraint_holds = - κ * (P * y_n + y_t) <= bp
    budget_constraint_holds = bp <= (1 + r) * b + y_t
    return jnp.where(jnp.logical_and(credit_constraint_holds,
                                     budget_constraint_holds),
                     utility + β * EV,
                     -jnp.inf)


# Vectorize over the control bp and all the current states
T_vec_1 = jax.vmap(T_generator,
    in_axes=(None, None, None, None, None, None, None, None, 0))
T_vec_2 = jax.vmap(T_vec_1,
    in_axes=(None, None, None, None, None, None, None, 0, None))
T_vec_3 = jax.vmap(T_vec_2,
    in_axes=(None, None, None, None, None, None, 0, None, None))
T_vec_4 = jax.vmap(T_vec_3,
    in_axes=(None, None, None, None, None, 0, None, None, None))
T_vectorized = jax.vmap(T_vec_4,
    in_axes=(None, None, None, None, 0, None, None, None, None))


def T(parameters, sizes, arrays, v, H):
    b_size, y_size = sizes
    b_grid, y_t_nodes, y_n_nodes, Q = arrays
    b_indices, y_indices = jnp.arange(b_size), jnp.arange(y_size)
    val = T_vectorized(v, H, parameters, arrays,
                     b_indices, b_indices, y_indices, y_indices, b_indices)
    return jnp.max(val, axis=-1), b_grid[jnp.argmax(val, axis=-1)]

T = jax.jit(T, static_argnums=(1,))


def vfi(T, v_init, max_iter=10_000, tol=1e-5):
    v = v_init

    def cond_fun(vals):
        error, i, v, bp = vals
        return (error > tol) & (i < max_iter)

    def body_fun(vals):
        _, i, v, bp = vals
        v_new, bp_policy = T(v)
        error = d_infty(v_new, v)
        return error, i+1, v_new, bp_policy

    error, i, v_new, bp_policy = jax.lax.while_loop(cond_fun, body_fun,
                                                    (tol+1, 0, v, v))
    return v_new, bp_policy, i

vfi = jax.jit(vfi, static_argnums=(0,))


def update_H(parameters, sizes, arrays, H, α):
    b_size, y_size = sizes
    b_indices = jnp.arange(b_size)
    v_init = jnp.ones((b_size, b_size, y_size, y_size))
    _T = lambda v: T(parameters, sizes, arrays, v, H)
    v, bp_policy, vfi_num_iter = vfi(_T, v_init)
    new_H = α * bp_policy[b_indices, b_indices, :, :] + (1 - α) * H
    return new_H, vfi_num_iter

update_H = jax.jit(update_H, static_argnums=(1,))


def compute_equilibrium(parameters, sizes, arrays, H,
                        α=0.1, tol=0.005, max_iter=500):
    error = tol + 1
    i = 0
    while error > tol and i < max_iter:
        H_new, vfi_num_iter = update_H(parameters, sizes, arrays, H, α)
        print(f"VFI terminated after {vfi_num_iter} iterations.")
        error = d_infty(H, H_new)
        H = H_new
        i += 1
    return H


@jax.jit
def w(parameters, c, y_n):
    σ, η, β, ω, κ, r = parameters
    a = (ω * c**(-η) + (1 - ω) * y_n**(-η))**(-1/η)
    return a**(1 - σ) / (1 - σ)
