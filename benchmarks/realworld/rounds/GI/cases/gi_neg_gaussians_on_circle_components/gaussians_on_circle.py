# Source: https://github.com/annalena-k/rhmc-jax/blob/7a2a362dc78aaff4d717c9d48670a04e07396bd2/rhmcjax/targets/gaussians_on_circle.py
# Title: rhmcjax/targets/gaussians_on_circle.py (ring-of-Gaussians target for reflective HMC on blackjax)
# Cut: the host-side sample() method and the constructor warnings removed.
import chex
import jax
import jax.numpy as jnp
import jax.scipy.stats as jsps

from rhmcjax.targets.target_util import check_restriction_to_unit_hypercube


class GaussiansOnCircle():
    """2D target with Gaussians on a circle restricted to [0,1]^2."""
    def __init__(
        self,
        n_gaussians: int = 6,
        radius: float = .48,
        variance: float = .1,
        center: chex.Array = jnp.array([.5, .5]),
        restrict_to_unit_hypercube: bool = True
    ):
        self.n_gaussians = n_gaussians
        self.radius = radius
        self.variance = variance
        radial_pos = jnp.linspace(0, jnp.pi*2, num=n_gaussians, endpoint=False)
        self.mean_pos = center + radius * jnp.column_stack((jnp.sin(radial_pos), jnp.cos(radial_pos)))
        self.restrict_to_unit_hypercube = restrict_to_unit_hypercube

    def prob(self, samples):
        if len(samples.shape) == 1:
            samples = jnp.expand_dims(samples, axis=0)
        probs = []
        for mean in self.mean_pos:
            standardized_samples = (samples - mean[None, :])/self.variance
            prob_vals = jsps.multivariate_normal.pdf(standardized_samples, mean=jnp.array([0,0]), cov=jnp.eye(2))
            probs.append(prob_vals)
        probs = jnp.sum(jnp.array(probs), axis=0)
        if self.restrict_to_unit_hypercube:
            mask = check_restriction_to_unit_hypercube(samples)
            probs = jnp.where(mask, probs, 0.)
        assert len(probs) == len(samples)

        return probs.squeeze()

    def log_prob(self, samples):
        return jnp.log(self.prob(samples))
