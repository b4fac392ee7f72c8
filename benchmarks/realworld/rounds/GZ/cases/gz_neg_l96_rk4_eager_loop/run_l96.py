# Source: https://github.com/schilln/research-data-assimilation/blob/9ea85021bec778f80c316636739e46a382bb9671/jax_L96.ipynb
# Title: jax_L96.ipynb (driver notebook committed with the first jax_L96.py)
# Cut: first two code cells converted to a script; the plotting cell dropped.
import numpy as np
import jax_L96 as jl
from jax_L96 import jax, jnp, jit, lax

# Dimensions
I, J = 40, 5
J_sim = J

# System evolution parameters
γ1, γ2 = 1e-2, 0.5
c1, c2 = γ1, γ2
ds = jnp.array([0.2, 0.5, 1, 2, 5])
F = 8
μ = 50

# Initial true state
init = np.random.default_rng(42).uniform(size=I + I * J)

u0 = jnp.array(init[:I])
v0 = jnp.array(jnp.reshape(init[I:], (I, J)))

t0, tf = 0, 200
dt = 0.1

U, V = jl.rk4(
    jl.ode,
    (I, J, γ1, γ2, ds, F),
    u0,
    v0,
    t0,
    tf,
    dt,
)
