# Source: https://github.com/stephen-huan/10-716-project/blob/4e81c870a7221d227f91d8481da20ebe1ab8b966/cg.py
# Title: cg.py (rate of conjugate gradient convergence with Nystrom preconditioners)
# Cut: plotting and the scipy CG driver reduced; sizes and the preconditioner construction kept.
import jax
import jax.numpy as jnp
from flax import nnx
from gpjax import kernels
from jax import random

from nystrom import sketch_solve, sketch_solve_eig

jax.config.update("jax_enable_x64", True)
rng = random.key(0)

if __name__ == "__main__":
    n = 1 << 10  # number of points
    d = 3  # spatial dimension
    k = 1 << 6  # preconditioning size
    sigma = 1e-8  # noise

    kernel = kernels.Matern52(lengthscale=1)
    rng, subkey = random.split(rng)
    x = random.normal(subkey, (n, d))

    preconditioners = [
        ("none", None),
        ("sketch-and-solve", sketch_solve(nnx.split(kernel), x, k, sigma=sigma)),
        ("sketch-and-solve (eig)", sketch_solve_eig(nnx.split(kernel), x, k, sigma=sigma)),
    ]
