# Source: https://github.com/milutter/deep_lagrangian_networks/blob/18a943d07fa25193c52d239b5fb2478900d4259a/jax_forward_model.py
# Title: jax_forward_model.py (forward-model rollouts of trained DeLaN / HNN models)
# Cut: kept the jitted rollout construction and the loop over the three test characters (trajectories of
#      different lengths, cut by the divider indices); argument parsing, model loading and plots removed.
import functools

import jax
import jax.numpy as jnp
import numpy as np

import deep_lagrangian_networks.jax_DeLaN_model as delan
from deep_lagrangian_networks.jax_integrator import runge_kutta_4


def run(params, dynamics_fn, n_dof, q, qd, p, tau, test_labels, divider, dt, time_scaling=20):
    key = "lagrangian"
    forward_model = jax.jit(functools.partial(delan.forward_model, **{key: dynamics_fn, 'n_dof': n_dof}))

    rollout = jax.jit(functools.partial(
        delan.rollout,
        **{key: dynamics_fn,
           "forward_model": forward_model,
           "integrator": runge_kutta_4,
           "dt": dt / time_scaling}))

    q_pred, qd_pred, p_pred = jnp.zeros((0, 2)), jnp.zeros((0, 2)), jnp.zeros((0, 2))
    H_pred = jnp.zeros((0,))

    for i, char in enumerate(test_labels):
        q_i, qd_i, p_i = q[divider[i]:divider[i+1]], qd[divider[i]:divider[i+1]], p[divider[i]:divider[i+1]]
        u_i = tau[divider[i]:divider[i+1]]

        # Unroll Trajectory:
        q_i_pred, qd_i_pred, p_i_pred, H_i_pred = rollout(
            params, None, q_i[0:1], qd_i[0:1], p_i[0:1], jnp.repeat(u_i, int(time_scaling), axis=0))

        # Normalize Hamiltonian to start with H(0) = 0
        H_i_pred = H_i_pred - H_i_pred[0]

        # Stack Predictions & Errors:
        (q_pred, qd_pred, p_pred, H_pred) = jax.tree.map(
            lambda x, xi: jnp.concatenate([x, xi[::int(time_scaling)]], axis=0),
            (q_pred, qd_pred, p_pred, H_pred),
            (q_i_pred, qd_i_pred, p_i_pred, H_i_pred)
        )
    return q_pred, qd_pred, p_pred, H_pred
