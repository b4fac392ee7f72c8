# Source: https://github.com/kks32-courses/sciml/blob/12343c224d4dfc7a91164967a39d43cbc8b28343/lectures/07-ad/07-ad.ipynb
# Title: lectures/07-ad/07-ad.ipynb, "Differentiable simulation" cells (projectile shot with explicit Euler, optimised with jax.grad)
# Cut: notebook cells 18-19 converted to a .py file; docstrings shortened; the plotting/replay part after the optimisation loop dropped

import jax.numpy as jnp
from jax import grad, jit
from jax.numpy import linalg

import matplotlib.pyplot as plt
import matplotlib.animation as animation
from IPython.display import HTML
import math

def initialize(init_v):
    """Initial position, velocity and acceleration of the particle."""
    x = jnp.array([0,0]) #[ti.random(), ti.random()]
    a = jnp.array([0, -9.81])
    v = init_v
    return x, v, a

initialize_jit = jit(initialize)

# Compute loss
def compute_loss(x, goal):
    loss = (x[0] - goal[0])**2 + (x[1] - goal[1])**2
    print("Loss is: ", loss)
    return loss

compute_loss_jit = jit(compute_loss)


@jit
def forward(init_v):
    """Loss of a particle launched with init_v against a target position."""
    dt = 1e-2
    # Target position
    goal = jnp.array([40.0, 0.0])
    x, v, a = initialize(init_v)
    # Steps = time of flight / dt
    steps = 78 #int(2 * init_v[1] / g / dt)
    for i in range(steps):
        x = x + dt * v  #  pos update
        v = v + dt * a  #  velocity update
    loss = compute_loss(x, goal)
    return loss

# Optimization
x = jnp.array([0, 0])
v = jnp.array([0, 0])
angle = math.radians(30)
init_v = jnp.array([10 * math.cos(angle), 10 * math.sin(angle)])

# Gradients
df = grad(forward)

for i in range(100):
    init_v = init_v - 0.1 * df(init_v)

# Final solution
dt = 1e-2
g = 9.81
# Target position
goal = jnp.array([40.0, 0.0])
x, v, a = initialize(init_v)
steps = int(2 * init_v[1] / g / dt)

