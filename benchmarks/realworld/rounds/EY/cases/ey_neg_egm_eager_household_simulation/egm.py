# Source: https://github.com/jbrogueira/advanced_topics_macro_2025/blob/18ceb79c5eab32d12cebabc9ac818ebed5547010/november_10/source/8_egm.md
# Title: 8_egm.md (Optimal savings with the endogenous grid method, JAX)
# Cut: code cells converted to a .py file; kept update_policy (jit + vmap), the host egm_solve
#      loop and the two simulation functions (called eagerly, not jitted); docstrings,
#      egm_solve_fast, Model construction and plots dropped.
import jax
import jax.numpy as jnp


@jax.jit
def update_policy(a_in, c_in, model):
    β, R, γ, μ, ν = model.β, model.R, model.γ, model.μ, model.ν
    s_array = model.s_array
    y_draws = model.y_draws

    def u_prime(c):
        return c**(-γ)

    def u_prime_inv(u):
            return u**(-1/γ)

    def σ(a):
        return jnp.interp(a, a_in, c_in)

    def expectation(s):
        a_next = R * s + y_draws
        c_next = σ(a_next)
        return jnp.mean(u_prime(c_next))

    exp_term = jax.vmap(expectation)(s_array)
    c = u_prime_inv(β * R * exp_term)
    c_out = c.at[0].set(0.0)
    a_out = s_array + c_out
    return a_out, c_out


def egm_solve(model, tol=1e-5, max_iter=100_000, verbose=True, print_skip=25):
    c_vec = model.s_array
    a_vec = model.s_array
    i = 0
    error = tol + 1
    while i < max_iter and error > tol:
        a_new, c_new = update_policy(a_vec, c_vec, model)
        error = jnp.max(jnp.abs(c_vec - c_new))
        i += 1
        if verbose and i % print_skip == 0:
            print(f"Error at iteration {i} is {error}.")
        a_vec, c_vec = a_new, c_new
    return a_new, c_new


def simulate(model, a_grid, c_policy, a_0=1.0, T=100, seed=123):
    key = jax.random.PRNGKey(seed)
    z_sim = jax.random.normal(key, (T,))
    y_sim = jnp.exp(model.μ + model.ν * z_sim)

    a_path = jnp.zeros(T+1)
    c_path = jnp.zeros(T)
    a_path = a_path.at[0].set(a_0)

    # Simulate forward
    for t in range(T):
        c_t = jnp.interp(a_path[t], a_grid, c_policy)
        c_path = c_path.at[t].set(c_t)
        s_t = a_path[t] - c_t
        a_path = a_path.at[t+1].set(model.R * s_t + y_sim[t])

    return a_path, c_path, y_sim


def simulate_cross_section(model, a_grid, c_policy, a_0=1.0, T=500, N=5_000, seed=456):
    key = jax.random.PRNGKey(seed)
    z_sim = jax.random.normal(key, (N, T))
    y_sim = jnp.exp(model.μ + model.ν * z_sim)
    a_current = jnp.ones(N) * a_0

    for t in range(T):
        c_current = jnp.interp(a_current, a_grid, c_policy)
        s_current = a_current - c_current
        a_current = model.R * s_current + y_sim[:, t]

    return a_current


def run(model):
    a_star, c_star = egm_solve(model)
    a_path, c_path, y_path = simulate(model, a_star, c_star)
    a_final = simulate_cross_section(model, a_star, c_star)
    return a_path, a_final
