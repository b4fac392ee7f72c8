# Source: https://github.com/ddrous/ncflow/blob/8e7390d883b73e28aee88b41b0a509d6eb3118ca/ncf/learner.py
# Title: ncf/learner.py (Neural Context Flows: multi-environment neural ODE learner)
# Cut: kept the custom RK4 integrator (lax.scan over the refined time grid), the vmapped integration
#      over initial conditions and the loss vmapped over environments; diffrax branch, context Taylor
#      expansion and the Euler variant removed.
import jax
import jax.numpy as jnp


def RK4(fun, t_span, y0, *args, t_eval=None, subdivisions=1, **kwargs):
    """ Custom RK4 integrator: performs numerical integration with a fixed time step equal to the evaluation time step
        divided by the 'subdivision' argument (Not necessarily equally spaced). If we get NaNs, we can try to increasing
        the subdivision argument for finer time steps."""
    if t_eval is None:
        t_eval = jnp.array(t_span)

    hs = t_eval[1:] - t_eval[:-1]
    t_ = t_eval[:-1, None] + jnp.arange(subdivisions)[None, :]*hs[:, None]/subdivisions
    t_solve = jnp.concatenate([t_.flatten(), t_eval[-1:]])
    eval_indices = jnp.arange(0, t_solve.size, subdivisions)

    def step(state, t):
        t_prev, y_prev = state
        h = t - t_prev
        k1 = h * fun(t_prev, y_prev, *args)
        k2 = h * fun(t_prev + h/2., y_prev + k1/2., *args)
        k3 = h * fun(t_prev + h/2., y_prev + k2/2., *args)
        k4 = h * fun(t + h, y_prev + k3, *args)
        y = y_prev + (k1 + 2*k2 + 2*k3 + k4) / 6.
        return (t, y), y

    _, ys = jax.lax.scan(step, (t_solve[0], y0), t_solve[:])
    return ys[eval_indices, :]


def integrate_all(vectorfield, x0s, t_eval, ctx, ctx_, ivp_args):
    def integrate(y0):
        ys = RK4(vectorfield, (t_eval[0], t_eval[-1]), y0, (ctx, ctx_.squeeze()), t_eval=t_eval, **ivp_args)
        return ys, t_eval.size

    return jax.vmap(integrate)(x0s)


def loss_fn(model, contexts, batch, weights, loss_fn_ctx, key):
    """ Aggregrate loss function for all environments in the dataset
        Each environment has its own context vector, and its loss is weighted (typically uniform coefficients)
    """
    Xs, t_eval = batch

    all_loss, (all_nb_steps, all_term1, all_term2) = jax.vmap(loss_fn_ctx, in_axes=(None, 0, None, 0, None, None))(model,
                                                                                                                   Xs[:, :, :, :],
                                                                                                                   t_eval,
                                                                                                                   contexts.params,
                                                                                                                   contexts.params, key)

    total_loss = jnp.sum(all_loss*weights)

    return total_loss, (jnp.sum(all_nb_steps), all_term1, all_term2)
