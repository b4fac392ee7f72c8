# Source: https://github.com/spenrich/Control-Oriented-Meta-Learning/blob/206145140b74cf4e4488e24ebb051f56078f0416/pfar/generate_data.py
# Title: pfar/generate_data.py ("Generate training data for the PFAR system")
# Cut: kept the vmapped closed-loop simulator (lax.scan over sample times, odeint between
#      samples) and its call; wind sampling, pickling and the spline generator call are shortened.
import os
import pickle
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint

from utils.dynamics import disturbance, plant, prior
from utils.trajgen import random_ragged_spline, spline


def make_data(key, ts, w, t_knots, coefs):
    # Sampled-time simulator
    @partial(jax.vmap, in_axes=(None, 0, 0, 0))
    def simulate(ts, w, t_knots, coefs,
                 plant=plant, prior=prior, disturbance=disturbance):
        """Simulate the closed-loop PFAR system."""
        # Construct spline reference trajectory
        def reference(t):
            x_coefs, y_coefs, ϕ_coefs = coefs
            x = spline(t, t_knots, x_coefs)
            y = spline(t, t_knots, y_coefs)
            ϕ = spline(t, t_knots, ϕ_coefs)
            ϕ = jnp.clip(ϕ, -jnp.pi/3, jnp.pi/3)
            r = jnp.array([x, y, ϕ])
            return r

        # Required derivatives of the reference trajectory
        def ref_derivatives(t):
            ref_vel = jax.jacfwd(reference)
            ref_acc = jax.jacfwd(ref_vel)
            r = reference(t)
            dr = ref_vel(t)
            ddr = ref_acc(t)
            return r, dr, ddr

        # Feedback linearizing PD controller
        def controller(q, dq, r, dr, ddr):
            kp, kd = 10., 0.1
            e, de = q - r, dq - dr
            dv = ddr - kp*e - kd*de
            H, C, g, B = prior(q, dq)
            τ = H@dv + C@dq + g
            u = jnp.linalg.solve(B, τ)
            return u, τ

        # Closed-loop ODE for `x = (q, dq)`, with a zero-order hold on
        # the controller
        def ode(x, t, u, w=w):
            q, dq = x
            f_ext = disturbance(q, dq, w)
            ddq = plant(q, dq, u, f_ext)
            dx = (dq, ddq)
            return dx

        # Simulation loop
        def loop(carry, input_slice):
            t_prev, q_prev, dq_prev, u_prev = carry
            t = input_slice
            qs, dqs = odeint(ode, (q_prev, dq_prev), jnp.array([t_prev, t]),
                             u_prev)
            q, dq = qs[-1], dqs[-1]
            r, dr, ddr = ref_derivatives(t)
            u, τ = controller(q, dq, r, dr, ddr)
            carry = (t, q, dq, u)
            output_slice = (q, dq, u, τ, r, dr)
            return carry, output_slice

        # Initial conditions
        t0 = ts[0]
        r0, dr0, ddr0 = ref_derivatives(t0)
        q0, dq0 = r0, dr0
        u0, τ0 = controller(q0, dq0, r0, dr0, ddr0)

        # Run simulation loop
        carry = (t0, q0, dq0, u0)
        carry, output = jax.lax.scan(loop, carry, ts[1:])
        q, dq, u, τ, r, dr = output

        # Prepend initial conditions
        q = jnp.vstack((q0, q))
        dq = jnp.vstack((dq0, dq))
        u = jnp.vstack((u0, u))
        τ = jnp.vstack((τ0, τ))
        r = jnp.vstack((r0, r))
        dr = jnp.vstack((dr0, dr))

        return q, dq, u, τ, r, dr

    # Sample wind velocities from the training distribution

    q, dq, u, τ, r, dr = simulate(ts, w, t_knots, coefs)
    return q, dq, u, τ, r, dr
