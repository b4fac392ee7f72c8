# Source: https://github.com/adrn/SnailTime/blob/c7d83b4e7b6bcdfcc5a69af2e994a429df575f12/schnecke/jax_helpers.py
# Title: schnecke/jax_helpers.py
# Cut: docstring shortened; simpson() dropped.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=['K'])
def ln_gmm_density(x, amps, locs, scales, K):
    """Evaluate the log-density for a Gaussian Mixture Model (GMM) with K components."""

    ln_vals = []
    for k in range(K):
        ln_dens = jax.scipy.stats.norm.logpdf(x, loc=locs[k], scale=scales[k])
        ln_vals.append(jnp.log(amps[k]) + ln_dens)
    return jax.scipy.special.logsumexp(jnp.array(ln_vals), axis=0)
