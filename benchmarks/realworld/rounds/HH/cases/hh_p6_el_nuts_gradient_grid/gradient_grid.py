# Source: https://github.com/currocam/handbook-abc-jax/blob/3222468d442b04129fbf8db3a37117683948c71f/notebooks/empirical_likelihood_nuts.py
# Title: handbook-abc-jax, notebooks/empirical_likelihood_nuts.py ("Empirical likelihood versus true likelihood" cell)
# Cut: the data cell and the comparison cell unwrapped from marimo `@app.cell` functions into
#      module level; the matplotlib calls after the two gradient curves are dropped. The AEL
#      function is imported from ael.py (in the notebook it is returned by an earlier cell).
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import numpyro.distributions as dist

from ael import adjusted_empirical_loglikelihood

theta_true = 2.5
observed_y = dist.Poisson(theta_true).sample(jr.key(1), (50,)).astype(jnp.float32)


# Define function to compute empirical likelihood for a single theta value
def em_loglik_single(theta_val):
    return adjusted_empirical_loglikelihood(
        observed_y, jnp.array([theta_val])
    ).sum()


# Compute gradients using JAX autodiff
grad_em_loglik = jax.grad(em_loglik_single)

# Evaluate gradients on grid
_grid = np.linspace(1, 6.9, 50)
_em_grads = np.array([float(grad_em_loglik(jnp.array(theta))) for theta in _grid])


# True likelihood gradient for comparison
def true_loglik_single(theta_val):
    return dist.Poisson(theta_val).log_prob(observed_y).sum()


grad_true_loglik = jax.grad(true_loglik_single)
_true_grads = np.array(
    [float(grad_true_loglik(jnp.array(theta))) for theta in _grid]
)

# Plot log-likelihoods
_liks = jax.vmap(dist.Poisson(_grid).log_prob)(observed_y).sum(axis=0)
_liks = _liks - _liks.max()
_em_liks = jax.vmap(
    lambda theta: adjusted_empirical_loglikelihood(
        observed_y, jnp.array([theta])
    ).sum()
)(_grid)
_em_liks = _em_liks - _em_liks.max()
