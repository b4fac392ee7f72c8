# Source: https://github.com/christiaanjs/phylojax/blob/fe4bc3c6d0abacda18684d3578dce3c255034133/README.md
# Title: phylojax README ("Gradients: automatic differentiation via JAX"; usage example)
# Cut: the README's usage example turned into a function; the jax.grad/jit call is reconstructed
#      from the README's "Gradients" feature line (the repository's own tests call log_likelihood eagerly).
import jax

import phylojax.likelihood
import phylojax.substitution


def branch_length_gradient(topology_dict, sequences_encoded, weights, branch_lengths, frequencies, kappa):
    subst_model = phylojax.substitution.HKY(frequencies=frequencies, kappa=kappa)
    likelihood = phylojax.likelihood.JaxLikelihood(
        topology_dict,       # tree topology with postorder traversal
        sequences_encoded,   # one-hot encoded alignment (taxon x pattern x 4)
        subst_model,
        pattern_counts=weights  # site pattern counts
    )
    grad_fn = jax.jit(jax.grad(likelihood.log_likelihood))
    return grad_fn(branch_lengths)
