# Source: https://github.com/jguerra-astro/dynamicall/blob/02b2d56d0f69423043bbdf4bed5c693f4bb26d86/src/dynamicAll/base.py
# Title: src/dynamicAll/base.py (Dynamicall: spherical mass modelling with JAX and NumPyro), dispersion()
# Cut: the binned velocity-dispersion method, lifted out of its class (self.global_dispersion passed in); plotting branch dropped.
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from jax import random
from numpyro.infer import MCMC, NUTS
from scipy.stats import binned_statistic
from astropy.stats import histogram


def dispersion(ri, vi, d_vi, global_dispersion, component="r", binfunc=histogram, bins="blocks", plot=False):

    N, bin_edges = binfunc(ri, bins=bins)

    r_center = (
        0.5 * (bin_edges[:-1] + bin_edges[1:])
    )  # Using the center of the bins seems like an ok method -- a mean or median might be better though

    # Next get global dispersion and mean velocity
    meanv, sigma = global_dispersion(vi, d_vi, component, plot=plot)

    N, _, binnumber = binned_statistic(ri, vi, statistic="count", bins=bin_edges)

    num_bins = len(bin_edges) - 1

    def velocity_dispersion_model(ri, vi, error, global_dispersion, bin_edges):
        # Number of bins
        num_bins = len(bin_edges) - 1

        # Dispersion hyperprior based on global dispersion
        with numpyro.plate("dispersion_hyperprior", num_bins):
            dispersion = numpyro.sample(
                "dispersion", dist.HalfNormal(global_dispersion)
            )

        # Use binnumber to assign data to bins
        for i in range(1, num_bins + 1):
            bin_mask = binnumber == i
            bin_vi = vi[bin_mask]
            bin_error = error[bin_mask]

            with numpyro.plate(f"bin_{i}", len(bin_vi)):
                obs_name = f"obs_{i}"
                numpyro.sample(
                    obs_name,
                    dist.Normal(
                        meanv, jnp.sqrt(dispersion[i - 1] ** 2 + bin_error**2)
                    ),
                    obs=bin_vi,
                )

    # MCMC
    rng_key = random.PRNGKey(0)
    kernel = NUTS(velocity_dispersion_model)
    mcmc = MCMC(kernel, num_warmup=500, num_samples=1000, num_chains=1)
    mcmc.run(rng_key, ri, vi, d_vi, sigma, bin_edges)
    mcmc.print_summary()
    samples = mcmc.get_samples()
    # Assuming 'mcmc' is your MCMC object after running the sampling
    samples = mcmc.get_samples()
    dispersion_samples = samples["dispersion"]
    # mean_velocity_samples = samples['mean_velocity']
    return samples["dispersion"]
