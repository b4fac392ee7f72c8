# Source: https://github.com/milutter/deep_lagrangian_networks/blob/18a943d07fa25193c52d239b5fb2478900d4259a/deep_lagrangian_networks/jax_DeLaN_model.py
# Title: deep_lagrangian_networks/jax_DeLaN_model.py (Deep Lagrangian Networks, JAX)
# Cut: kept rollout (lax.scan over the control sequence with an integrator step); the models and the
#      forward/inverse dynamics are in the other case.
import jax
import jax.numpy as jnp


def rollout(params, key, q0, qd0, p0, tau, lagrangian, forward_model, integrator, dt):
    L, (dLdqd,) = jax.value_and_grad(lagrangian, argnums=[3, ])(params, key, q0[0], qd0[0])
    H0 = (jnp.dot(dLdqd, qd0[0]) - L)[jnp.newaxis]

    def step(x, u):
        q, qd = x
        q_n, qd_n = integrator(params, key, q, qd, u, forward_model, dt)
        L, (dLdqd,) = jax.value_and_grad(lagrangian, argnums=[3,])(params, key, q_n[0], qd_n[0])

        p_n = dLdqd
        H = jnp.dot(dLdqd, qd_n[0]) - L
        return (q_n, qd_n), (q_n, qd_n, p_n[jnp.newaxis], H[jnp.newaxis])

    _, (q, qd, p, H) = jax.lax.scan(step, (q0, qd0), tau[:-1])

    # Append initial value to trajectory
    q, qd, p, H = jax.tree.map(
        lambda x0, x: jnp.concatenate([x0, x[:, 0]], axis=0),
        (q0, qd0, p0, H0), (q, qd, p, H))

    return q, qd, p, H
