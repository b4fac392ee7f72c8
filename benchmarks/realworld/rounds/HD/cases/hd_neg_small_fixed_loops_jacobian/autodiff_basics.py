# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/01_fundamentals/02_autodiff_basics.ipynb
# Title: 02_autodiff_basics.ipynb (automatic differentiation basics)
# Cut: cell 1, cell 9 (tall/wide Jacobians) and the control-flow gradient cell converted to a
#      module; the other cells (Hessians, optimisation examples) are dropped.
import jax
import jax.numpy as jnp
from jax import grad, jacfwd, jacrev, hessian, vmap
from jax import random

# Enable 64-bit precision for numerical accuracy
jax.config.update("jax_enable_x64", True)


# Efficiency demonstration
def tall_jacobian_function(x):
    """R^2 -> R^10 (more outputs than inputs)"""
    return jnp.array([x[0]**i + x[1]**(i+1) for i in range(10)])


def wide_jacobian_function(x):
    """R^10 -> R^2 (more inputs than outputs)"""
    return jnp.array([jnp.sum(x**2), jnp.prod(x[:5])])


# For tall Jacobians, forward mode is more efficient
x_small = jnp.array([1.0, 2.0])
jac_tall = jacfwd(tall_jacobian_function)(x_small)
print(f"Tall Jacobian shape: {jac_tall.shape}")

# For wide Jacobians, reverse mode is more efficient
x_large = jnp.ones(10)
jac_wide = jacrev(wide_jacobian_function)(x_large)
print(f"Wide Jacobian shape: {jac_wide.shape}")


def conditional_function(x):
    """Function with conditional logic"""
    return jnp.where(x > 0, x**2, -x**2)


def iterative_function(x, n_iters=5):
    """Function with iterative computation"""
    result = x
    for i in range(n_iters):
        result = result + 0.1 * jnp.sin(result)
    return result


# Compute gradients
grad_conditional = grad(conditional_function)
grad_iterative = grad(iterative_function)

# Test
x_vals = jnp.array([-1.0, 0.0, 1.0, 2.0])

print("Conditional function gradients:")
for x in x_vals:
    print(f"x = {x:4.1f}: grad = {grad_conditional(x):6.3f}")

print(f"\nIterative function gradient at x=1.0: {grad_iterative(1.0):.6f}")
