# Source: https://github.com/currocam/handbook-abc-jax/blob/3222468d442b04129fbf8db3a37117683948c71f/notebooks/ep_empirical_likelihood.py
# Title: handbook-abc-jax, notebooks/ep_empirical_likelihood.py ("Expectation Propagation for Bayesian Empirical Likelihood")
# Cut: marimo cells unwrapped to module level; the prior-site branch, the positive-definiteness
#      check of the cavity, the damping back-off loop and the convergence bookkeeping are cut.
#      calc_lambda / calc_log_w come from the notebook's emplik.py (see hh_neg_emplik_custom_root_scan).
import jax
import jax.numpy as jnp
import numpy as np

from emplik import calc_lambda, calc_log_w

jax.config.update("jax_enable_x64", True)


def calc_log_pel_and_weights(h_func, data, theta):
    H = jax.vmap(lambda z: h_func(z, theta))(data)
    lbd = calc_lambda(H)
    log_w = calc_log_w(lbd, H)
    log_sum = jax.scipy.special.logsumexp(log_w)
    valid = jnp.allclose(log_sum, 0.0, atol=1e-3)
    log_pel = jax.lax.select(valid, jnp.sum(log_w), -jnp.inf)
    return log_pel, log_w


def epel(data, h_func, prior_log_prob, init_mu, init_precision,
         n_sites=5, alpha=0.1, max_iter=20, tol=1e-5):
    d = init_mu.shape[0]
    n = data.shape[0]

    # Split data into sites
    site_size = n // n_sites
    site_data = [data[i * site_size : (i + 1) * site_size] for i in range(n_sites)]
    if n % n_sites != 0:
        site_data[-1] = jnp.concatenate([site_data[-1], data[n_sites * site_size :]])

    n_total = n_sites + 1
    site_Lambda = init_precision / n_total
    site_eta = site_Lambda @ init_mu
    site_etas = [site_eta.copy() for _ in range(n_total)]
    site_Lambdas = [site_Lambda.copy() for _ in range(n_total)]

    grad_fn = jax.grad(
        lambda theta, s_data: jnp.sum(calc_log_pel_and_weights(h_func, s_data, theta)[1])
    )
    hess_fn = jax.hessian(
        lambda theta, s_data: jnp.sum(calc_log_pel_and_weights(h_func, s_data, theta)[1])
    )

    for iteration in range(max_iter):
        site_deltas_eta = []
        site_deltas_Lambda = []

        for k in range(n_sites):
            global_eta = sum(site_etas)
            global_Lambda = sum(site_Lambdas)
            cavity_eta = global_eta - site_etas[k]
            cavity_Lambda = global_Lambda - site_Lambdas[k]
            cavity_Sigma = jnp.linalg.inv(cavity_Lambda)
            cavity_mu = cavity_Sigma @ cavity_eta

            def tilted_step(theta, _, _site_data=site_data[k],
                            _cav_eta=cavity_eta, _cav_Lambda=cavity_Lambda):
                g_data = grad_fn(theta, _site_data)
                h_data = hess_fn(theta, _site_data)
                g = _cav_eta - _cav_Lambda @ theta + g_data
                H = -_cav_Lambda + h_data
                delta = jnp.linalg.solve(H, -g)
                return theta + delta, None

            tilted_mu, _ = jax.lax.scan(tilted_step, cavity_mu, None, length=20)
            h_data = hess_fn(tilted_mu, site_data[k])
            tilted_Lambda = cavity_Lambda - h_data
            tilted_Lambda = 0.5 * (tilted_Lambda + tilted_Lambda.T)
            tilted_eta = tilted_Lambda @ tilted_mu

            site_deltas_eta.append(tilted_eta - global_eta)
            site_deltas_Lambda.append(tilted_Lambda - global_Lambda)

        for k in range(n_sites):
            site_etas[k] = site_etas[k] + alpha * site_deltas_eta[k]
            site_Lambdas[k] = site_Lambdas[k] + alpha * site_deltas_Lambda[k]

        delta_norm = float(np.sqrt(sum(float(jnp.sum(de**2)) for de in site_deltas_eta)))
        if delta_norm < tol:
            break

    global_eta = sum(site_etas)
    global_Lambda = sum(site_Lambdas)
    Sigma = jnp.linalg.inv(0.5 * (global_Lambda + global_Lambda.T))
    mu = Sigma @ global_eta
    return mu, Sigma
