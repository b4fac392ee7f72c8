# Source: https://github.com/spenrich/Control-Oriented-Meta-Learning/blob/206145140b74cf4e4488e24ebb051f56078f0416/pfar/train_ours.py
# Title: pfar/train_ours.py (meta-training: adaptive closed loop simulated with odeint_fixed_step)
# Cut: kept the ensemble simulation and the jitted gradient step; the closed-loop ODE body is
#      shortened (controller/adaptation law reduced to one line), loss() is reduced to the
#      integrated tracking cost; hyper-parameters are inlined.
import jax
import jax.numpy as jnp
from jax.example_libraries import optimizers

from ode import odeint_fixed_step


def ode(z, t, meta_params, params, reference):
    """Compute the state derivative of the adaptive closed-loop system."""
    x, A, c = z
    num_dof = x.size // 2
    q, dq = x[:num_dof], x[num_dof:]
    r = reference(t)
    dr = jax.jacfwd(reference)(t)

    # Regressor features
    y = x
    for W, b in zip(meta_params['W'], meta_params['b']):
        y = jnp.tanh(W@y + b)

    e, de = q - r, dq - dr
    s = de + e
    f_hat = A@y
    dA = jnp.outer(s, y)

    # Apply control to "true" dynamics
    f = x
    for W, b in zip(params['W'], params['b']):
        f = jnp.tanh(W@f + b)
    f = params['A'] @ f
    ddq = -s - f_hat + f
    dx = jnp.concatenate((dq, ddq))
    dc = jnp.array([e@e + de@de, (f_hat - f)@(f_hat - f)])
    return (dx, dA, dc)


def ensemble_sim(meta_params, ensemble_params, reference, T, dt, ode=ode):
    r0 = reference(0.)
    dr0 = jax.jacfwd(reference)(0.)
    num_dof = r0.size
    num_features = meta_params['W'][-1].shape[0]
    x0 = jnp.concatenate((r0, dr0))
    A0 = jnp.zeros((num_dof, num_features))
    c0 = jnp.zeros(2)
    z0 = (x0, A0, c0)

    # Integrate the adaptive control loop using the meta-model
    # and EACH model in the ensemble along the same reference
    in_axes = (None, None, None, None, None, None, 0)
    ode = jax.partial(ode, reference=reference)
    z, t = jax.vmap(odeint_fixed_step, in_axes)(ode, z0, 0., T, dt,
                                                meta_params,
                                                ensemble_params)
    x, A, c = z
    return t, x, A, c


def loss(meta_params, ensemble_params, reference, T, dt):
    t, x, A, c = ensemble_sim(meta_params, ensemble_params, reference, T, dt)
    return jnp.mean(c[:, -1, 0]) / T


init_opt, update_opt, get_params = optimizers.adam(1e-2)


@jax.partial(jax.jit, static_argnums=(3, 4, 5))
def step(idx, opt_state, ensemble_params, reference, T, dt):
    meta_params = get_params(opt_state)
    grads = jax.grad(loss, argnums=0)(meta_params, ensemble_params,
                                      reference, T, dt)
    opt_state = update_opt(idx, grads, opt_state)
    return opt_state
