# Source: https://github.com/mlysy/pfjax/blob/874465ff1b13c067a68ba77d82af0b5600ca0c65/src/pfjax/experimental/particle_filter.py
# Title: src/pfjax/experimental/particle_filter.py (particle_filter_rb: Rao-Blackwellized particle filter with score/Fisher)
# Cut: kept particle_filter_rb with its for-loop helper pf_bar_for, the lax.scan step that calls it
#      (tilde_for=True) and the scan itself; dropped the vmap helper pf_bar, the auxiliary-weight hook,
#      history output and the score/fisher post-processing; docstrings shortened.
import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import random
from jax import lax
from pfjax.utils import *
from pfjax.particle_resamplers import resample_multinomial


def particle_filter_rb(model, key, y_meas, theta, n_particles,
                       resampler=resample_multinomial,
                       score=True, fisher=False, history=False,
                       tilde_for=False):
    """
    Rao-Blackwellized particle filter (Algorithm 2 of Poyiadjis et al 2011).
    """
    n_obs = y_meas.shape[0]
    has_acc = score or fisher

    def pf_step(key, x_prev, y_curr):
        x_curr = model.pf_prop(key=key, x_prev=x_prev, y_curr=y_curr, theta=theta)
        return x_curr

    def pf_init(key):
        return model.pf_init(key=key, y_init=y_meas[0], theta=theta)

    def pf_bar_for(x_prev, x_curr, y_curr, acc_prev, logw_aux):
        """
        Update calculations relating to logw_bar.

        This is the for-loop version, which does both loops inside the helper function.
        """
        n_theta = theta.size
        # grad and hess functions
        grad_meas = jax.grad(model.meas_lpdf, argnums=2)
        grad_state = jax.grad(model.state_lpdf, argnums=2)
        hess_meas = jax.jacfwd(jax.jacrev(model.meas_lpdf, argnums=2),
                               argnums=2)
        hess_state = jax.jacfwd(jax.jacrev(model.state_lpdf, argnums=2),
                                argnums=2)
        # storage
        logw_bar = jnp.zeros(n_particles)
        _logw_targ = jnp.zeros(n_particles)
        _logw_prop = jnp.zeros(n_particles)
        alpha_curr = jnp.zeros((n_particles, n_theta))
        _alpha_full = jnp.zeros((n_particles, n_theta))
        beta_curr = jnp.zeros((n_particles, n_theta, n_theta))
        _beta_full = jnp.zeros((n_particles, n_theta, n_theta))
        for i in jnp.arange(x_curr.shape[0]):
            for j in jnp.arange(x_prev.shape[0]):
                _logw_targ = _logw_targ.at[j].set(
                    model.state_lpdf(
                        x_prev=x_prev[j],
                        x_curr=x_curr[i],
                        theta=theta
                    ) + acc_prev["logw_bar"][j]
                )
                _logw_prop = _logw_prop.at[j].set(
                    model.prop_lpdf(
                        x_prev=x_prev[j],
                        x_curr=x_curr[i],
                        y_curr=y_curr,
                        theta=theta
                    ) + logw_aux[j]
                )
                if has_acc:
                    _alpha_full = _alpha_full.at[j].set(
                        grad_meas(y_curr, x_curr[i], theta) +
                        grad_state(x_curr[i], x_prev[j], theta) +
                        acc_prev["alpha"][j]
                    )
                    if fisher:
                        _beta_full = _beta_full.at[j].set(
                            jnp.outer(_alpha_full[j], _alpha_full[j]) +
                            hess_meas(y_curr, x_curr[i], theta) +
                            hess_state(x_curr[i], x_prev[j], theta) +
                            acc_prev["beta"][j]
                        )
            logw_tilde = jsp.special.logsumexp(_logw_targ) + \
                model.meas_lpdf(
                y_curr=y_curr,
                x_curr=x_curr[i],
                theta=theta
            )
            logw_bar = logw_bar.at[i].set(
                logw_tilde - jsp.special.logsumexp(_logw_prop)
            )
            if has_acc:
                alpha_curr = alpha_curr.at[i].set(
                    tree_mean(_alpha_full, _logw_targ)
                )
                if fisher:
                    beta_curr = beta_curr.at[i].set(
                        tree_mean(_beta_full, _logw_targ) -
                        jnp.outer(alpha_curr[i], alpha_curr[i])
                    )
        acc_curr = {"logw_bar": logw_bar}
        if has_acc:
            acc_curr["alpha"] = alpha_curr
            if fisher:
                acc_curr["beta"] = beta_curr
        return acc_curr

    # lax.scan stepping function
    def filter_step(carry, t):
        # 1. sample particles from previous time point
        key, subkey = random.split(carry["key"])
        logw_aux = carry["logw_bar"]
        resample_out = resampler(
            key=subkey,
            x_particles_prev=carry["x_particles"],
            logw=logw_aux
        )
        # 2. sample particles for current timepoint
        key, *subkeys = random.split(key, num=n_particles+1)
        x_particles = jax.vmap(
            pf_step,
            in_axes=(0, 0, None)
        )(jnp.array(subkeys), resample_out["x_particles"], y_meas[t])
        # 3. compute all double summations
        acc_prev = {"logw_bar": carry["logw_bar"]}
        if has_acc:
            acc_prev["alpha"] = carry["alpha"]
            if fisher:
                acc_prev["beta"] = carry["beta"]
        acc_curr = pf_bar_for(
            x_prev=carry["x_particles"],
            x_curr=x_particles,
            y_curr=y_meas[t],
            acc_prev=acc_prev,
            logw_aux=logw_aux
        )
        res_carry = {
            "x_particles": x_particles,
            "loglik": carry["loglik"] + jsp.special.logsumexp(acc_curr["logw_bar"]),
            "key": key
        }
        res_carry.update(acc_curr)
        return res_carry, None

    # lax.scan initial value
    key, *subkeys = random.split(key, num=n_particles+1)
    x_particles, logw = jax.vmap(pf_init)(jnp.array(subkeys))
    filter_init = {
        "x_particles": x_particles,
        "loglik": jsp.special.logsumexp(logw),
        "logw_bar": logw,
        "key": key
    }
    if has_acc:
        filter_init["alpha"] = jnp.zeros((n_particles, theta.size))
        if fisher:
            filter_init["beta"] = jnp.zeros((n_particles, theta.size, theta.size))

    # lax.scan itself
    last, full = lax.scan(filter_step, filter_init, jnp.arange(1, n_obs))
    last["loglik"] = last["loglik"] - n_obs * jnp.log(n_particles)
    if has_acc and not fisher:
        last["score"] = tree_mean(last["alpha"], last["logw_bar"])
    return last
