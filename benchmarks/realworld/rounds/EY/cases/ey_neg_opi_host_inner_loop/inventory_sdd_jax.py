# Source: https://github.com/jstac/minnesota_2023/blob/29c7592b17e0ae0fce6422cb2be6dbc929cd59a4/assignments/assignment_4/inventory_sdd_jax.py
# Title: inventory_sdd_jax.py (Solve the inventory management problem using Python/JAX)
# Cut: kept B, T, get_greedy, T_σ, the jax.jit wrappers and solve_model_jax; compute_r_σ /
#      compute_L_σ / get_value bodies and the timing/plot code dropped.
from collections import namedtuple
import jax
import jax.numpy as jnp
from dp_algos import optimistic_policy_iteration, value_function_iteration


def B(v, params, sizes, arrays):
    K, c, κ, p = params
    r, R, y_vals, z_vals, Q = arrays
    n_y, n_z = sizes
    r = jnp.reshape(r,      (n_y, 1,   n_y))
    β = jnp.reshape(z_vals, (1,   n_z, 1))
    R = jnp.reshape(R,   (n_y, 1,   n_y, n_y,  1))
    Q = jnp.reshape(Q,   (1,   n_z, 1,   1,    n_z))
    v = jnp.reshape(v,   (1,   1,   1,   n_y,  n_z))
    Ev = jnp.sum(v * R * Q, axis=(3, 4))
    return r + β * Ev


def T(v, params, sizes, arrays):
    "The Bellman operator."
    return jnp.max(B(v, params, sizes, arrays), axis=2)


def get_greedy(v, params, sizes, arrays):
    "Get a v-greedy policy."
    return jnp.argmax(B(v, params, sizes, arrays), axis=2)


def T_σ(v, σ, params, sizes, arrays):
    "The policy operator."
    r, R, y_vals, z_vals, Q = arrays
    n_z, n_y = len(z_vals), len(y_vals)
    r_σ = compute_r_σ(σ, params, sizes, arrays)
    L_σ = compute_L_σ(σ, params, sizes, arrays)
    v = jnp.reshape(v, (1, 1, n_y, n_z))
    return r_σ + jnp.sum(L_σ * v, axis=(2, 3))


B = jax.jit(B, static_argnums=(2,))
T = jax.jit(T, static_argnums=(2,))
T_σ = jax.jit(T_σ, static_argnums=(3,))
get_greedy = jax.jit(get_greedy, static_argnums=(2,))


def solve_model_jax(model, algorithm="OPI", **kwargs):
    params, sizes, arrays = model
    n_y, n_z = sizes
    v_init = jnp.zeros((n_y, n_z))
    match algorithm:
        case "OPI":
            solver = optimistic_policy_iteration
            args = (v_init,
                lambda v, σ: T_σ(v, σ, params, sizes, arrays),
                lambda v: get_greedy(v, params, sizes, arrays))
        case "VFI":
            solver = value_function_iteration
            args = (v_init,
                lambda v: T(v, params, sizes, arrays),
                lambda v: get_greedy(v, params, sizes, arrays))
    v_star, σ_star = solver(*args, **kwargs)
    return v_star, σ_star
