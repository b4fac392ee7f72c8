# Source: https://github.com/liusf15/iterative-gaussianization/blob/f87f6ff48c604e7bdcd933c28598f06f40e6f3a9/experiments/targets.py
# Title: experiments/targets.py (posteriordb targets written in numpyro)
# Cut: kept the ImproperUniform helper and the arK class; other target classes and param_constrain dropped.
import jax
import jax.numpy as jnp
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


class arK:
    def __init__(self, data_file):
        with open(data_file, 'r') as f:
            self.data = json.load(f)

        self.K = self.data['K']
        self.T = self.data['T']
        self.y = jnp.array(self.data['y'])
        self.d = 1 + self.K + 1

        def _numpyro_model():
            alpha = numpyro.sample("alpha", dist.Normal(0, 1))
            beta = numpyro.sample("beta", dist.Normal(0, 1).expand([self.K]))
            sigma_unc = numpyro.sample("sigma_unc", ImproperUniform())
            sigma = numpyro.deterministic("sigma", jnp.exp(sigma_unc))
            numpyro.factor("sigma_prior", dist.HalfNormal(1).log_prob(sigma) + sigma_unc)

            for t in range(self.K, self.T):
                mean_t = alpha + jnp.dot(beta, self.y[t-self.K:t])
                numpyro.sample(f"y_{t}", dist.Normal(mean_t, sigma), obs=self.y[t])

        self.numpyro_model = _numpyro_model
        self._seeded_model = numpyro.handlers.seed(_numpyro_model, jax.random.key(0))

    def _log_prob(self, x):
        params = {
            "alpha": x[0],
            "beta": x[1:self.K+1],
            "sigma_unc": x[self.K+1]
        }
        logp = log_density(self._seeded_model, (), {}, params)[0]
        return logp

    log_prob = jax.jit(_log_prob, static_argnums=(0,))
