# Source: https://github.com/haeggee/bacadi/blob/b2c27d5fc560f7e0ec2aa282cd2e0a0e6e8637ea/bacadi/models/linearGaussian.py
# Title: bacadi/models/linearGaussian.py (haeggee/bacadi)
# Cut: LinearGaussian (igraph reference used to simulate data and check the JAX version) keeps sample_obs and the likelihoods;
#      its parameter samplers and prior removed. LinearGaussianJAX keeps __init__, _log_interv_lik and the marginal likelihood;
#      parameter initialisation and the joint likelihoods removed.
from jax.scipy.special import logsumexp
import scipy
from scipy.stats import multivariate_normal

import jax.numpy as jnp
from jax import random, vmap
from jax.ops import index, index_update
from jax.scipy.stats import norm as jax_normal
from jax.scipy.stats import multivariate_normal as jax_multivar_normal
from jax.scipy.stats import gamma as jax_gamma
from jax.lax import fori_loop

from .basic import BasicModel


class LinearGaussian(BasicModel):
    """
    Linear Gaussian BN model (continuous variables)
    corresponding to linear structural equation model (SEM) with Gaussian noise

    Each variable distributed as Gaussian with mean being the linear combination of its parents 
    weighted by a Gaussian parameter vector (i.e., with Gaussian-valued edges).
    """

    def __init__(self, *, g_dist, obs_noise=.1, mean_edge=0., sig_edge=1., verbose=False):
        super().__init__(g_dist=g_dist, verbose=verbose)

        self.obs_noise = obs_noise
        self.mean_edge = mean_edge
        self.sig_edge = sig_edge

    def sample_obs(self, *, key, n_samples, g, theta, toporder=None, interv={}):
        """Samples `n_samples` observations given graph and parameters
        Args:
            key: rng
            n_samples (int): number of samples
            g (igraph.Graph): graph
            theta : parameters
            interv: {intervened node : clamp value} or {intervened node : {'mean': val, 'noise': val}}

        Returns:
            x : [n_samples, d] 
        """
        if toporder is None:
            toporder = g.topological_sorting()

        x = jnp.zeros((n_samples, len(g.vs)))

        key, subk = random.split(key)
        z = jnp.sqrt(self.obs_noise) * random.normal(subk, shape=(n_samples, len(g.vs)))

        # ancestral sampling
        for j in toporder:

            # intervention
            if j in interv.keys():
                if type(interv[j]) is dict:
                    # z = z.at[:, j].set(z[:,j] + 10) 
                    key, subk = random.split(key)
                    z_ = jnp.sqrt(interv[j]['noise']) * random.normal(
                        subk, shape=(n_samples,))
                    x = index_update(x, index[:, j], interv[j]['mean'] + z_)
                else:
                    x = index_update(x, index[:, j], interv[j])    
                continue
            
            # regular ancestral sampling
            parent_edges = g.incident(j, mode='in')
            parents = list(g.es[e].source for e in parent_edges)

            if parents:
                mean = x[:, jnp.array(parents)] @ theta[jnp.array(parents), j]
                x = index_update(x, index[:, j], mean + z[:, j])
            else:
                x = index_update(x, index[:, j], z[:, j])

        return x

    def log_likelihood(self, *, x, theta, g):
        """log p(x | theta, G)
        Assumes N(mean_obs, obs_noise) distribution for any given observation
        
        Args:
            g (igraph.Graph): graph
            theta : parameters
            x : [n_samples, d] 

        Returns:
            [1, ]
        """
        n_vars = x.shape[-1]    
        logp = 0.0

        for j in range(n_vars):
            parent_edges = g.incident(j, mode='in')
            parents = list(g.es[e].source for e in parent_edges)
            
            if parents:
                mean = x[:, jnp.array(parents)] @ theta[jnp.array(parents), j]
            else:
                mean = jnp.zeros(x.shape[0])

            # since observations iid, faster not to use multivariate_normal
            logp += scipy.stats.norm.logpdf(x=x[..., j], loc=mean, scale=jnp.sqrt(self.obs_noise)).sum()

        return logp

    def log_marginal_likelihood_given_g_single(self, g, x, j, interv_targets):
        """Computes log p(x | G) in closed form for a single node 
        using conjugacy properties of Gaussian

        Args:
            g (igraph.Graph): graph
            x : [n_samples, d] 
            j (int): node index for score
            interv_targets: [n_samples, d] or [1, d]

        Returns:
            [1, ]
        """
        parent_edges = g.incident(j, mode='in')
        parents = list(g.es[e].source for e in parent_edges)
        n_parents = len(parents)

        # mask data that has not been intervened on
        x = x[~interv_targets[..., j]]
        n_samples_left, _ = x.shape

        # mean
        mean_theta_j = self.mean_edge * jnp.ones(n_parents)
        mean_j = x[..., parents] @ mean_theta_j

        # cov
        # Note: `cov_j` is a NxN cov matrix, which can be huge for large N
        cov_theta_j = self.sig_edge**2.0 * jnp.eye(n_parents)
        cov_j = self.obs_noise * jnp.eye(n_samples_left) + \
            x[..., parents] @ cov_theta_j @ x[..., parents].T

        # log prob
        return multivariate_normal.logpdf(x=x[..., j], mean=mean_j, cov=cov_j)

    def log_marginal_likelihood_given_g(self, g, x, interv_targets=None):
        """Computes log p(x | G) in closed form using properties of Gaussian

        Args:
            g (igraph.Graph): graph
            x : [n_samples, d] 
            interv_targets: [n_samples, d] or [1, d]

        Returns:
            [1, ]
        """
        _, n_vars = x.shape
        if interv_targets is None:
            interv_targets = jnp.zeros(n_vars).astype(bool)
        logp = 0.0
        for j in range(n_vars):
            logp += self.log_marginal_likelihood_given_g_single(
                g=g, x=x, j=j, interv_targets=interv_targets)
        return logp


"""	
+++++   JAX implementation +++++	
"""


class LinearGaussianJAX:
    """	
    LinearGaussians above but using JAX and adjacency matrix representation	
    """

    def __init__(self,
                 *,
                 obs_noise,
                 mean_edge,
                 sig_edge,
                 init_sig_edge=0.3,
                 interv_prior_mean=0,
                 interv_prior_std=10,
                 interv_mean=None,
                 interv_noise=None,
                 verbose=False):
        super().__init__()

        self.obs_noise = obs_noise
        self.mean_edge = mean_edge
        self.sig_edge = sig_edge
        self.init_sig_edge = init_sig_edge
        self.verbose = verbose
        self.interv_mean = interv_mean or 0.
        self.interv_prior_mean = interv_prior_mean
        self.interv_prior_std = interv_prior_std
        self.interv_noise = interv_noise or 1.0

    def _log_interv_lik(self, data):
        if self.interv_noise is not None and self.interv_noise != 0:
            return jax_normal.logpdf(x=data,
                                     loc=self.interv_mean,
                                     scale=jnp.sqrt(self.interv_noise))
        else:
            return jnp.zeros(shape=data.shape)


    def log_marginal_likelihood_given_g_single(self, w, data, j, interv_targets):
        """ Computes log p(x | G) in closed form using properties of Gaussian
            for a fixed node j

        Args:
            data : [n_samples, n_vars]	
            w:     [n_vars, n_vars]
            interv_targets : [n_samples, n_vars]

        Returns:
            [1, ]
        """
        n_samples, n_vars = data.shape
        
        # mask data depending on interventions ?
        mask_data = data * (1 - interv_targets[..., j])[..., None]
        # mean
        # [n_vars,]
        mean_theta = self.mean_edge * w[:, j]
        # [n_samples, 1]
        mean = (1 - interv_targets[..., j]) * (data @ mean_theta) # + interv_targets[..., j] * self.interv_mean 
        
        # cov
        # Note: `cov` is a NxN cov matrix, which can be huge for large N
        cov_theta = w[:, j] * self.sig_edge**2.0
        # [n_samples, n_samples]
        cov = self.obs_noise * jnp.eye(n_samples) + \
            mask_data @ jnp.diag(cov_theta) @ mask_data.T
        return jax_multivar_normal.logpdf(x=mask_data[..., j],
                                          mean=mean,
                                          cov=cov)

    def log_marginal_likelihood_given_g(self, *, w, data, interv_targets=None):
        """Computes log p(x | G) in closed form using properties of Gaussian

        Args:
            data :          [n_samples, n_vars]	
            w:              [n_vars, n_vars]	
            interv_targets: [n_samples, n_vars]

        Returns:
            [1, ]        
        """
        n_samples, n_vars = data.shape
        if interv_targets is None:
            interv_targets = jnp.zeros(n_vars).astype(bool)

        # [n_vars,]
        scores = vmap(
            lambda j: self.log_marginal_likelihood_given_g_single(
                w=w, data=data, j=j, interv_targets=interv_targets), (0, ),
            0)(jnp.arange(n_vars))

        # sum scores for all nodes
        return jnp.sum(scores)

