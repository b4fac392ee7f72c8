# Source: https://github.com/haeggee/bacadi/blob/b2c27d5fc560f7e0ec2aa282cd2e0a0e6e8637ea/bacadi/models/sobolev.py
# Title: bacadi/models/sobolev.py (haeggee/bacadi)
# Cut: SobolevGaussianJAX keeps __init__, the basis functions and sample_obs (used to simulate the data sets from an igraph
#      graph before inference); parameter init, priors and likelihoods removed, docstring shortened.
import jax.numpy as jnp
from jax import vmap
from jax import random
from jax.ops import index, index_update
from jax.scipy.stats import norm as jax_normal


class SobolevGaussianJAX:
    """	
    Non-linear Gaussian BN with interactions modeled
    with a orthogonal basis expansion with the Sobolev basis.
    """
    def __init__(self,
                 *,
                 obs_noise,
                 n_vars,
                 n_exp,
                 mean_param,
                 sig_param,
                 init_sig_param=1.0,
                 init='normal',
                 interv_mean=None,
                 interv_noise=None,
                 verbose=False):
        super().__init__()

        self.n_vars = n_vars
        self.n_exp = n_exp

        self.obs_noise = obs_noise
        self.mean_param = mean_param
        self.sig_param = sig_param
        self.init_sig_param = init_sig_param
        self.verbose = verbose

        self.init = init

        self.interv_mean = interv_mean or 0.
        self.interv_noise = interv_noise

    def _log_interv_lik(self, data):
        if self.interv_noise is not None and self.interv_noise != 0:
            return jax_normal.logpdf(x=data,
                                     loc=self.interv_mean,
                                     scale=jnp.sqrt(self.interv_noise))
        else:
            return jnp.zeros(shape=data.shape)

    def sobolev_basis(self, x):
        """
        TODO docstring
        Args:
            x: [n_obs, ]
        Returns:
            Sobolev basis of shape [n_obs, n_exp]
        """

        # [n_exp, ]
        mu = 2.0 / (2 * jnp.arange(self.n_exp) + 1) / jnp.pi
        # x: [n_obs,]
        psi = mu * jnp.sin(x[..., None] / mu)
        # [n_obs, n_exp]
        return psi

    def eltwise_sobolev_basis(self, x):
        """
        TODO docstring
        Args:
            x: [n_obs, n_vars]
        Returns:
            Sobolev basis of shape [n_obs, n_vars, n_exp]
        """
        psi = vmap(self.sobolev_basis, (1, ), 1)(x)
        return psi

    def sample_obs(self,
                   *,
                   key,
                   n_samples,
                   g,
                   theta,
                   toporder=None,
                   interv={}):
        """
        Samples `n_samples` observations by doing single forward
        passes in topological order
        Args:
            key: rng
            n_samples (int): number of samples
            g (igraph.Graph): graph
            theta : parameters [n_vars, n_vars, n_exp]
            interv: {intervened node : clamp value} or {intervened node : {'mean': val, 'noise': val}}

        Returns:
            x : [n_samples, d] 
        """
        if toporder is None:
            toporder = g.topological_sorting()

        x = jnp.zeros((n_samples, len(g.vs)))

        key, subk = random.split(key)
        z = jnp.sqrt(self.obs_noise) * random.normal(
            subk, shape=(n_samples, len(g.vs)))

        # ancestral sampling
        for j in toporder:

            # intervention
            if j in interv.keys():
                if type(interv[j]) is dict:
                    key, subk = random.split(key)
                    z_ = jnp.sqrt(interv[j]['noise']) * random.normal(
                        subk, shape=(n_samples, ))
                    x = index_update(x, index[:, j], interv[j]['mean'] + z_)
                else:
                    x = index_update(x, index[:, j], interv[j])
                continue

            # regular ancestral sampling
            parent_edges = g.incident(j, mode='in')
            parents = list(g.es[e].source for e in parent_edges)

            if parents:
                # [n_samples, n_pars, n_exp]
                sobolev_basis = self.eltwise_sobolev_basis(
                    x[:, jnp.array(parents)])
                # [n_samples, n_pars, n_exp], [n_pars, n_exp] -> [n_samples,]
                mean = jnp.einsum('nik,ik->n', sobolev_basis,
                                  theta[jnp.array(parents), j])
                x = index_update(x, index[:, j], mean + z[:, j])
            else:
                x = index_update(x, index[:, j], z[:, j])

        return x
