# Source: https://github.com/EmanuelSommer/bnn_connecting_the_dots/blob/62be049450420607acec0014a5dbd901ccfae95c/experiments/fcn_bnns/fcn_bnns_main.py
# Title: experiments/fcn_bnns/fcn_bnns_main.py
# Cut: config handling, warm starts from the deep-ensemble checkpoints and result writing dropped;
#      the model of bnn_numpyro.py is sampled with NUTS (the potential and its gradient are traced).
import jax
from numpyro.infer import MCMC, NUTS
from numpyro.distributions import HalfNormal, Normal

from bnn_numpyro import GaussianMLP


def run(X_train, y_train, hidden_structure, activation, prior_sd, n_warmup, n_samples, seed):
    model = GaussianMLP(
        dim_input=X_train.shape[1],
        dim_hidden=hidden_structure,
        dim_output=1,
        activation=activation,
        w_prior=Normal(0, prior_sd),
        b_prior=Normal(0, prior_sd),
        precision_prior=HalfNormal(1),
    )
    sampler = NUTS(model, step_size=0.01, adapt_step_size=True)
    mcmc = MCMC(sampler, num_warmup=n_warmup, num_samples=n_samples, num_chains=1)
    mcmc.run(jax.random.PRNGKey(seed), X_train, y_train)
    posterior_samples = mcmc.get_samples()
    return model.get_conditional_mu_sigma(X_train, y_train, posterior_samples)
