# Source: https://github.com/gaia-os/fedbmr/blob/8803ad39a1bcb9a26b31caa342773e1b7898a642/notebooks/federated_hierarchical_linear_regression.ipynb
# Title: notebooks/federated_hierarchical_linear_regression.ipynb (sequential federated inference over 100 simulated clients)
# Cut: cells 19 and 20 converted to a .py file and wrapped in a function; fed_data, weeks, FVC_obs, mask, GlobalPrior, prior specs and the model/posterior functions come from earlier cells and are passed in.
import numpy as np
import jax.numpy as jnp
from jax import random
from tqdm.auto import tqdm
from fedbmr.feds import InfFed, GenerativeModel, Posterior


def run(fed_data, weeks, FVC_obs, mask, GlobalPrior, prior_specs, default_param_vals,
        global_model, local_model, global_posterior, local_posterior):

    rng_key = random.PRNGKey(777)

    # create clients
    num_clients = 100
    num_patients = 2
    federation = {}
    for i in range(num_clients):
        select_patients = np.random.choice(len(fed_data), size=(num_patients,), replace=False)

        data = {
            'covariates': weeks[:, select_patients].astype(jnp.float32),
            'obs': FVC_obs[..., select_patients].astype(jnp.float32), 
            'mask': mask[..., select_patients]
        }

        global_prior = GlobalPrior(prior_specs, default_param_vals)
        gm = GenerativeModel(global_prior(), global_model, local_model)
        post = Posterior(global_posterior, local_posterior)
        inf_fed = InfFed(global_prior, gm, post)

        federation[i] = {'data': data, 'client': inf_fed}
    # sequential algorithm

    num_epochs = 1
    gp = federation[0]['client'].global_prior()
    posteriors = []
    for e in range(num_epochs):
        for n in tqdm(range(len(federation))):
            rng_key, _rng_key = random.split(rng_key)
            federation[n]['client'].recieve_prior(gp)
            data = federation[n]['data']
            federation[n]['client'].inference(_rng_key, data, num_steps=30_000, opt_kwargs={'learning_rate': 1e-2})
            gp = federation[n]['client'].send_posterior()
            posteriors.append( gp )
    return gp, posteriors
