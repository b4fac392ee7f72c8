# Source: https://github.com/JWSch4fer/LBFGS_JAX/blob/5529fcffced17a916221d1bfd90212ff8a0d58a4/GradientTransformation/lbfgs.py
# Title: GradientTransformation/lbfgs.py (L-BFGS optimizer in JAX), reduced to the parts that differentiate the objective
# Cut: reconstructed as the package's __init__; kept the Lbfgs class shape and the jax.grad calls of lbfgs_init/lbfgs_update (a later version of the class than the test's; the two-loop recursion, line search and history update are dropped, one gradient step stands in for them).
import jax
import jax.numpy as jnp


class Lbfgs:
    def __init__(self, f, m: int = 10, max_iter: int = 100, tol: float = 1e-6):
        self.f = f
        self.m = m
        self.max_iter = max_iter
        self.tol = tol

    def init(self, x):
        grad_f = jax.grad(self.f)(x)     # Compute the initial gradient.
        return x, grad_f

    def update(self, state):
        def step(carry, _):
            position, current_grad_f = carry
            position_new = position - 1e-3 * current_grad_f
            grad_new = jax.grad(self.f)(position_new)                  # Compute new gradient.
            return (position_new, grad_new), self.f(position_new)

        (x_final, _), losses = jax.lax.scan(step, state, None, length=self.max_iter)
        return x_final, losses
