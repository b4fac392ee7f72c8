# Source: https://github.com/maxtaylordavies/resource-rational-stereotyping/blob/a303b5e4db37bf4bf77af4daddb8bb8fe5a4faa3/main.py
# Title: resource-rational-stereotyping main.py (rate-distortion / Blahut-Arimoto model of stereotyping)
# Cut: kept the jitted likelihood helpers and p_c_g as written; the rest of main.py
#      (init_dists, compute_mis, plotting) is omitted. Sizes are in driver.py.
import jax
import jax.numpy as jnp


@jax.jit
def p_w_g(w, g, group_means, group_cov):
    return jax.scipy.stats.multivariate_normal.pdf(w, mean=group_means[g], cov=group_cov)

@jax.jit
def p_c_w(c, w, choice_beta):
    n = jnp.sum(c)
    p = p_y_w(w, choice_beta)
    return jax.scipy.stats.multinomial.pmf(c, n, p)

@jax.jit
def p_c_g(c, g, w_support, group_means, group_cov, choice_beta):
    p = 0
    for w in w_support:
        p += p_w_g(w, g, group_means, group_cov) * p_c_w(c, w, choice_beta)
    return p

@jax.jit
def p_y_w(w, beta):
    probs = jnp.exp(w / beta)
    return probs / jnp.sum(probs)
