# Source: https://github.com/mlysy/pfjax/blob/8971222ede64c5c0952832b400ddd52077cbda7c/src/pfjax/mcmc.py
# Title: src/pfjax/mcmc.py (MCMC algorithms for state space models)
# Cut: kept FlatPrior, full_loglik_for (the for-loop testing version), full_loglik (vmap version) and
#      the Metropolis-within-Gibbs for-loop helper; dropped the vectorised MWG update and docstrings.
import jax
import jax.numpy as jnp
from jax import random


class FlatPrior:
    def lpdf(self, theta):
        return jnp.array(0.)


def full_loglik_for(model, y_meas, x_state, theta):
    """
    Calculate the joint loglikelihood `p(y_{0:T} | x_{0:T}, theta) * p(x_{0:T} | theta)`.

    For-loop version for testing.
    """
    n_obs = y_meas.shape[0]
    loglik = model.meas_lpdf(y_curr=y_meas[0], x_curr=x_state[0],
                             theta=theta)
    for t in range(1, n_obs):
        loglik = loglik + \
            model.state_lpdf(x_curr=x_state[t], x_prev=x_state[t-1],
                             theta=theta)
        loglik = loglik + \
            model.meas_lpdf(y_curr=y_meas[t], x_curr=x_state[t],
                            theta=theta)
    return loglik


def full_loglik(model, y_meas, x_state, theta):
    n_obs = y_meas.shape[0]
    # initial measurement
    ll_init = model.meas_lpdf(y_curr=y_meas[0], x_curr=x_state[0],
                              theta=theta)
    # subsequent measurements and state variables
    ll_step = jax.vmap(lambda t:
                       model.state_lpdf(x_curr=x_state[t],
                                        x_prev=x_state[t-1],
                                        theta=theta) +
                       model.meas_lpdf(y_curr=y_meas[t],
                                       x_curr=x_state[t],
                                       theta=theta))(jnp.arange(1, n_obs))
    return ll_init + jnp.sum(ll_step)


def param_mwg_update_for(model, prior, key, theta, x_state, y_meas, rw_sd, theta_order):
    """
    Parameter update by Metropolis-within-Gibbs random walk.

    Version for testing using for-loops.
    """
    theta_curr = theta + 0.  # how else to copy...
    accept = jnp.empty(0, dtype=bool)
    lp_curr = full_loglik(model, y_meas, x_state,
                          theta_curr) + prior.lpdf(theta_curr)
    for i in theta_order:
        # 2 subkeys for each param: rw_jump and mh_accept
        key, *subkeys = random.split(key, num=3)
        # proposal
        theta_prop = theta_curr.at[i].set(
            theta_curr[i] + rw_sd[i] * random.normal(key=subkeys[0])
        )
        # acceptance rate
        lp_prop = full_loglik(model, y_meas, x_state,
                              theta_prop) + prior.lpdf(theta_prop)
        lrate = lp_prop - lp_curr
        # update parameter draw
        acc = random.bernoulli(key=subkeys[1],
                               p=jnp.minimum(1.0, jnp.exp(lrate)))
        theta_curr = theta_curr.at[i].set(
            theta_prop[i] * acc + theta_curr[i] * (1-acc)
        )
        lp_curr = lp_prop * acc + lp_curr * (1-acc)
        accept = jnp.append(accept, acc)
    return theta_curr, accept
