# Source: https://github.com/liusf15/iterative-gaussianization/blob/f87f6ff48c604e7bdcd933c28598f06f40e6f3a9/experiments/targets.py
# Title: experiments/targets.py (posteriordb targets written in numpyro)
# Cut: kept the ImproperUniform helper and the hmm class; other target classes and param_constrain dropped.
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp
import numpyro
import numpyro.distributions as dist
from numpyro.infer.util import log_density
import json


class ImproperUniform(dist.Distribution):
    support = numpyro.distributions.constraints.real
    has_rsample = True

    def __init__(self):
        super().__init__(batch_shape=(), event_shape=())

    def sample(self, key, sample_shape=()):
        return dist.Normal(0, 1).sample(key, sample_shape)

    def log_prob(self, value):
        return jnp.zeros_like(value)


class hmm:
    def __init__(self, data_file):
        with open(data_file, 'r') as f:
            self.data = json.load(f)
        
        self.N = self.data['N']
        self.y = jnp.array(self.data['y'])
        self.d = 4

        def _numpyro_model():
            theta_unc = numpyro.sample("theta_unc", ImproperUniform().expand([2]))
            theta = numpyro.deterministic("theta", jax.nn.sigmoid(theta_unc))  # Ensures 0 < theta < 1
            numpyro.factor("theta_prior", jnp.sum(jnp.log(theta) + jnp.log(1 - theta)))

            mu_unc = numpyro.sample("mu_unc", ImproperUniform().expand([2]))  # Unconstrained
            mu = jnp.array([jnp.exp(mu_unc[0]), jnp.exp(mu_unc[0]) + jnp.exp(mu_unc[1])]) 

            numpyro.factor("mu_prior", dist.Normal(jnp.array([3., 10.0]), 1.0).log_prob(mu).sum() + mu_unc.sum())

            log_theta = jnp.log(jnp.array([
                [theta[0], theta[1]],
                [1 - theta[0], 1 - theta[1]]
            ]))
            
            gamma = jnp.zeros((self.N, 2))
            
            for k in range(2):
                gamma = gamma.at[0, k].set(dist.Normal(mu[k], 1.0).log_prob(self.y[0]))
            
            for t in range(1, self.N):
                for k in range(2):
                    norm_lpdf = dist.Normal(mu[k], 1.0).log_prob(self.y[t])
                    acc = jnp.array([gamma[t - 1, j] + log_theta[j, k] + norm_lpdf for j in range(2)])
                    gamma = gamma.at[t, k].set(logsumexp(acc))
            
            numpyro.factor("log_prob", logsumexp(gamma[self.N - 1]))

        self.numpyro_model = _numpyro_model
        self._seeded_model = numpyro.handlers.seed(_numpyro_model, jax.random.key(0))

    def _log_prob(self, x):
        params = {
            "theta_unc": x[:2],
            "mu_unc": x[2:]
        }
        logp = log_density(self._seeded_model, (), {}, params)[0]
        return logp

    log_prob = jax.jit(_log_prob, static_argnums=(0,))
