# Source: https://github.com/QuantEcon/lecture-python.myst/blob/40e15dc23b712c68268102588d3ffada4c8b8e1f/lectures/mle.md
# Title: QuantEcon, Intermediate Quantitative Economics with Python, "Maximum Likelihood Estimation"
# Cut: imports and the code cells 401-413 (vmap of grad over a grid) and 487-582 (PoissonRegression, jitted logL, grad/Hessian, Newton-Raphson driver and its call); plots omitted
import jax.numpy as jnp
import jax
import pandas as pd
from typing import NamedTuple

from jax.scipy.special import factorial, gammaln

@jax.jit
def logL(β):
    return -((β - 10) ** 2) - 10

dlogL = jax.vmap(jax.grad(logL))
β = jnp.linspace(1, 20)
dlogL_values = dlogL(β)

class PoissonRegression(NamedTuple):
    X: jnp.ndarray
    y: jnp.ndarray

@jax.jit
def logL(β, model):
    y = model.y
    μ = jnp.exp(model.X @ β)
    return jnp.sum(model.y * jnp.log(μ) - μ - jnp.log(factorial(y)))

G_logL = jax.grad(logL)
H_logL = jax.jacfwd(G_logL)

def newton_raphson(model, β, tol=1e-3, max_iter=100, display=True):

    i = 0
    error = 100  # Initial error value

    # Print header of output
    if display:
        header = f'{"Iteration_k":<13}{"Log-likelihood":<16}{"θ":<60}'
        print(header)
        print("-" * len(header))

    # While loop runs while any value in error is greater
    # than the tolerance until max iterations are reached
    while jnp.any(error > tol) and i < max_iter:
        H, G = jnp.squeeze(H_logL(β, model)), G_logL(β, model)
        β_new = β - (jnp.dot(jnp.linalg.inv(H), G))
        error = jnp.abs(β_new - β)
        β = β_new

        if display:
            β_list = [f"{t:.3}" for t in list(β.flatten())]
            update = f"{i:<13}{logL(β, model):<16.8}{β_list}"
            print(update)

        i += 1

    print(f"Number of iterations: {i}")
    print(f"β_hat = {β.flatten()}")

    return β

X = jnp.array([[1, 2, 5], [1, 1, 3], [1, 4, 2], [1, 5, 2], [1, 3, 1]])

y = jnp.array([1, 0, 1, 1, 0])

# Take a guess at initial βs
init_β = jnp.array([0.1, 0.1, 0.1])

# Create an object with Poisson model values
poi = PoissonRegression(X=X, y=y)

# Use newton_raphson to find the MLE
β_hat = newton_raphson(poi, init_β, display=True)
