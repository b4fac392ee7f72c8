# Source: https://github.com/christiaanjs/phylojax/blob/fe4bc3c6d0abacda18684d3578dce3c255034133/README.md
# Title: phylojax README.md, "Usage" (HKY likelihood with discrete-Gamma site rates; "Gradients: automatic
#        differentiation via JAX")
# Cut: the README's usage snippet turned into a function; the jax.jit(jax.grad(...)) line is reconstructed from
#      the README's feature list ("likelihoods and their gradients on fixed tree topologies", "Gradients:
#      automatic differentiation via JAX"); the README does not show the call itself. The Gamma weights are
#      renamed category_weights (the README reuses `weights` for pattern counts and category weights).
import numpy as np
import jax
import phylojax.substitution
import phylojax.likelihood
import phylojax.site_rate_variation


def branch_length_gradient(topology_dict, sequences_encoded, weights, branch_lengths):
    # Create a substitution model
    subst_model = phylojax.substitution.HKY(
        frequencies=np.array([0.23, 0.27, 0.24, 0.26]),
        kappa=np.array(2.0)
    )

    # With discrete Gamma rate variation
    category_weights, category_rates = phylojax.site_rate_variation.get_discrete_gamma_weights_rates(
        category_count=4, site_gamma_shape=1.0
    )
    likelihood = phylojax.likelihood.JaxLikelihood(
        topology_dict, sequences_encoded, subst_model,
        pattern_counts=weights,
        category_weights=category_weights,
        category_rates=category_rates
    )
    log_ll = likelihood.log_likelihood(branch_lengths)
    grad_fn = jax.jit(jax.grad(likelihood.log_likelihood))
    return log_ll, grad_fn(branch_lengths)
