# Source: https://github.com/StanleyWang1/ReachBot-AA203-Project/blob/b37610828813cda2570b945ee2ee162285544636/PROJECT/boom_dynamics.py
# Title: boom_dynamics.py (Stanford AA203 2024 project: ReachBot boom manipulator dynamics in JAX)
# Cut: inverse kinematics, commented-out manipulator-equation version and debug prints dropped
import numpy as np

import jax
import jax.numpy as jnp

def fwd_kinematics(s):
    """
    Compute the forward kinematics of the ReachBot boom manipulator
    Parameters:
        s - state vector of joint positions/velocities [θ1, θ2, d3, dθ1, dθ2, dd3]
    Returns:
        x, y, z - resulting end effector Cartesian position 
    """
    # Extract joint positions and construct trig terms
    θ1, θ2, d3, _, _, _ = s
    c1, s1 = jnp.cos(θ1), jnp.sin(θ1)
    c2, s2 = jnp.cos(θ2), jnp.sin(θ2)

    # Forward Kinematics
    x = 1/2 * d3 * (s2*(c1+1) - c2*(c1-1))
    y = -1/jnp.sqrt(2) * s1 * d3 * (c2 - s2)
    z = 1/2 * d3 * (c2*(c1+1) - s2*(c1-1))

    return x, y, z

def boom_dynamics(s, u):
    """
    Compute the state derivative of the ReachBot boom manipulator
    Parameters:
        s - state vector of joint positions/velocities [θ1, θ2, d3, dθ1, dθ2, dd3]
        u - control input vector of joint torques [τ1, τ2, f3]
    Returns:
        ds - state derivative [dθ1, dθ2, dd3, ddθ1, ddθ2, ddd3]
    """

    # Physical Constants
    # acceleration-control model (mass/inertia terms of the original elided)
    θ1, θ2, d3, dθ1, dθ2, dd3 = s
    # State derivative based on acceleration control
    ds = jnp.array(
        [
            dθ1,
            dθ2,
            dd3,
            u[0],
            u[1],
            u[2]
        ]
    )
    return ds

def affinize(f, s, u):
    """Affinize the function `f(s, u)` around `(s, u)`."""
    A, B = jax.jacfwd(f, argnums=(0, 1))(s, u)
    c = f(s, u) - A@s - B@u
    return A, B, c

def discretize(f, dt):
    """Discretize continuous-time dynamics `f` via Runge-Kutta integration."""
    def integrator(s, u, dt=dt):
        k1 = dt * f(s, u)
        k2 = dt * f(s + k1 / 2, u)
        k3 = dt * f(s + k2 / 2, u)
        k4 = dt * f(s + k3, u)
        return s + (k1 + 2 * k2 + 2 * k3 + k4) / 6
    return integrator

def test_boom_dynamics():
    # Define a sample state and input
    s0 = jnp.array([0.0, 0.0, 1.0, 0.0, 0.0, 0.0])
    u = jnp.array([0.5, 0.0, 0.0])

    # print(fwd_kinematics(s0))
    # print(inv_kinematics(0.5, 0.5, 0))

    # # Call the dynamics function
    # ds = boom_dynamics(s, u)
    fd = jax.jit(discretize(boom_dynamics, 0.1))

    N = 100
    data = np.zeros((N, 6))
    data[0] = s0
    for i in range(1, N):
        data[i] = fd(data[i-1], u)

    pos = np.zeros((N, 3))
    for i in range(N):
        pos[i] = fwd_kinematics(data[i])
    return pos
    # # Print results for debugging
