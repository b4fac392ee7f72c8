# Source: https://github.com/JWSch4fer/LBFGS_JAX/blob/5529fcffced17a916221d1bfd90212ff8a0d58a4/GradientTransformation/lbfgs.py
# Title: GradientTransformation/lbfgs.py (L-BFGS optimizer in JAX)
# Cut: kept the two-loop recursion of lbfgs_update (both loops as lax.scan over the memory) and the history update; the backtracking while_loop is kept, the outer cond and the state class reduced.
import jax
import jax.numpy as jnp


def lbfgs_direction(s_list, y_list, rho_list, current_grad_f, k):
    def gamma(carry):
        s_list, y_list = carry
        s = s_list[-1]
        y = y_list[-1]
        return jnp.dot(s, y) / jnp.dot(y, y)

    gamma = jax.lax.cond(k > 0, gamma, lambda s: 1.0, (s_list, y_list))
    Hk = gamma

    def compute_inverse_hessian_loop(carry, idx):
        def true_branch(carry):
            s_list, y_list, rho_list, alpha, grad = carry
            s = s_list[idx]
            y = y_list[idx]
            rho = rho_list[idx]
            alpha_i = rho * jnp.dot(s, grad)
            alpha = alpha.at[idx].set(alpha_i)
            grad = grad - alpha_i * y
            return (s_list, y_list, rho_list, alpha, grad), None

        def false_branch(carry):
            return carry, None
        s_list, y_list, rho_list, alpha, grad = carry
        return jax.lax.cond(jnp.sum(s_list[idx]) != 0.0, true_branch, false_branch, carry)

    num_loops = rho_list.shape[0]
    alpha = jnp.zeros(num_loops)
    grad = current_grad_f
    carry, _ = jax.lax.scan(compute_inverse_hessian_loop, (s_list, y_list, rho_list, alpha, grad),
                            jnp.arange(num_loops - 1, -1, -1))
    s_list, y_list, rho_list, alpha, grad = carry

    r = jnp.dot(Hk, grad)

    def search_direction(carry, idx):
        def true_branch(carry):
            s_list, y_list, rho_list, alpha, r = carry
            s = s_list[idx]
            y = y_list[idx]
            rho = rho_list[idx]
            beta = rho * jnp.dot(y, r)
            alpha_i = alpha[idx]
            r = r + s * (alpha_i - beta)
            return (s_list, y_list, rho_list, alpha, r), None

        def false_branch(carry):
            return carry, None
        s_list, y_list, rho_list, alpha, r = carry
        return jax.lax.cond(jnp.sum(s_list[idx]) != 0.0, true_branch, false_branch, carry)

    carry, _ = jax.lax.scan(search_direction, (s_list, y_list, rho_list, alpha, r), jnp.arange(num_loops))
    s_list, y_list, rho_list, alpha, r = carry
    return -1 * r


def lbfgs_step(f, position, s_list, y_list, rho_list, current_grad_f, k):
    pK = lbfgs_direction(s_list, y_list, rho_list, current_grad_f, k)
    step_size = 1.0
    c1 = 1e-4

    def inner_while_loop_condition(carry):
        position, current_grad_f, step_size, c1, pK = carry
        return jnp.logical_and(f(position + step_size * pK) > f(position) + c1 * step_size * jnp.dot(current_grad_f, pK),
                               step_size >= jnp.float32(1e-8))

    def inner_while_loop_body(carry):
        position, current_grad_f, step_size, c1, pK = carry
        step_size = step_size * 0.5
        return position, current_grad_f, step_size, c1, pK

    carry = jax.lax.while_loop(inner_while_loop_condition, inner_while_loop_body,
                               (position, current_grad_f, step_size, c1, pK))
    position, current_grad_f, step_size, c1, pK = carry

    position_new = position + step_size * pK
    grad_new = jax.grad(f)(position_new)
    sk = position_new - position
    yk = grad_new - current_grad_f

    def true_branch(carry):
        s_list, y_list, rho_list, sk, yk = carry
        s_list = jnp.roll(s_list, shift=-1, axis=0)
        y_list = jnp.roll(y_list, shift=-1, axis=0)
        rho_list = jnp.roll(rho_list, shift=-1)
        s_list = s_list.at[-1].set(sk)
        y_list = y_list.at[-1].set(yk)
        rho_list = rho_list.at[-1].set(1.0 / jnp.dot(yk, sk))
        return s_list, y_list, rho_list, sk, yk

    def false_branch(carry):
        return carry

    carry = jax.lax.cond(jnp.dot(sk, yk) > jnp.float32(1e-10), true_branch, false_branch,
                         (s_list, y_list, rho_list, sk, yk))
    s_list, y_list, rho_list, sk, yk = carry
    return position_new, s_list, y_list, rho_list, grad_new, k + 1
