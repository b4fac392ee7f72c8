# Source: https://github.com/Bwhiz/Modeling-Log-Gaussian-Cox-Process-Numpyro/blob/9aecdfa7708a1455bcb61ff15fcfef17843d20f7/numpyro_implementation.ipynb
# Title: numpyro_implementation.ipynb (Log-Gaussian Cox process for anemone counts in numpyro)
# Cut: code cells 1, 4, 9, 10, 13-17, 25-28 converted to a script; the %config magic, summary/trace-plot cells and the last two plots dropped.
import jax
import jax.numpy as jnp
import numpy as np
import matplotlib.pyplot as plt
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS, Predictive
import arviz as az
from jax import jit
from numpyro import sample, deterministic
import warnings
from itertools import product
import pandas as pd
from matplotlib import MatplotlibDeprecationWarning
from numpy.random import default_rng

warnings.filterwarnings(action="ignore");

# load data:
data = pd.read_csv('data/anemones.csv')

xy = data[["x", "y"]].values

# Jitter the data slightly so that none of the points fall exactly
# on cell boundaries
eps = 1e-3
rng = default_rng()
xy = xy.astype("float") + rng.standard_normal(xy.shape) * eps

resolution = 20

# Rescaling the unit of area so that our parameter estimates
# are easier to read
area_per_cell = resolution**2 / 100

cells_x = int(280 / resolution)
cells_y = int(180 / resolution)

# Creating bin edges for a 2D histogram
quadrat_x = np.linspace(0, 280, cells_x + 1)
quadrat_y = np.linspace(0, 180, cells_y + 1)

# Identifying the midpoints of each grid cell
centroids = np.asarray(list(product(quadrat_x[:-1] + 10, quadrat_y[:-1] + 10)))

cell_counts, _, _ = np.histogram2d(xy[:, 0], xy[:, 1], [quadrat_x, quadrat_y])
cell_counts = cell_counts.ravel().astype(int)

line_kwargs = {"color": "k", "linewidth": 1, "alpha": 0.5}

plt.figure(figsize=(6, 4.5))
[plt.axhline(y, **line_kwargs) for y in quadrat_y]
[plt.axvline(x, **line_kwargs) for x in quadrat_x]
plt.scatter(data["x"], data["y"], c=data["marks"], s=6)

for i, row in enumerate(centroids):
    shifted_row = row - 2
    plt.annotate(cell_counts[i], shifted_row, alpha=0.75)

plt.title("Anemone counts per grid cell"), plt.colorbar(label="Anemone size");

def matern52_kernel(x1, x2, sigma=1.0, lengthscale=1.0):
    """
    compute the Matérn-5/2 kernel matrix between two sets of points

    args:
    - x1 (array): array of shape (n1, d) representing the first set of points
    - x2 (array): array of shape (n2, d) representing the second set of points
    - sigma (float): variance
    - length_scale (float): length-scale

    returns:
    - K (array): kernel matrix of shape (n1, n2)
    """
    dist = jnp.sqrt(jnp.sum((x1[:, None] - x2) ** 2, axis=-1))
    arg = dist / lengthscale
    return sigma**2 * (1 + jnp.sqrt(5) * arg + 5/3 * arg**2) * jnp.exp(-jnp.sqrt(5) * arg)

# compile the kernel function for better performance
matern52_kernel = jit(matern52_kernel)

def constant_mean_function(mu):
    """
    defining the constant mean function to be used in the lgcp model
    """
    def mean_func(x):
        return jnp.full(x.shape[:-1] + (1,), mu)
    return mean_func

# defining the LGCP model in Numpyro:

def lgcp_model(x = centroids):
    # Prior for mean
    mu = sample("mu", dist.Normal(0, 3))
    # Prior for length scale
    rho = sample("rho", dist.Uniform(25, 300))
    # Prior for variance using InverseGamma directly
    variance = sample("variance", dist.InverseGamma(1.0, 1.0))
    # creating covariance function:
    kernel = matern52_kernel(x, x, sigma=2, lengthscale=rho)
    cov_func = variance * kernel
    mean_func = constant_mean_function(mu)

    mean = mean_func(x)

    log_intensity = sample("log_intensity", 
                           dist.MultivariateNormal(
                               loc=mean, covariance_matrix=cov_func
                               ))
    
    # Intensity and Poisson likelihood
    intensity = jnp.exp(log_intensity)
    rates = intensity * area_per_cell

    with numpyro.plate("observations", len(cell_counts)):
        sample("counts", 
               dist.Poisson(rates), 
               obs=cell_counts)

# MCMC sampling
kernel = NUTS(lgcp_model)
mcmc = MCMC(kernel, num_warmup=1000, num_samples=1000)

rng_key = jax.random.PRNGKey(0)
mcmc.run(rng_key)

# Create new grid points
x_new = jnp.linspace(5, 275, 20)
y_new = jnp.linspace(5, 175, 20)
xs, ys = jnp.meshgrid(x_new, y_new)
xy_new = jnp.stack([xs.ravel(), ys.ravel()], axis=-1)

def predictive_model(xy_new):
    # Get the first sample from each parameter to ensure consistent shapes
    mu = mcmc.get_samples()['mu'][0]  # Take first sample
    rho = mcmc.get_samples()['rho'][0]
    variance = mcmc.get_samples()['variance'][0]
    
    # def matern52_kernel(x1, x2, sigma, lengthscale):
    #     dist = jnp.sqrt(jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1))
    #     scaled_dist = jnp.sqrt(5) * dist / lengthscale
    #     kernel = (sigma ** 2) * (1 + scaled_dist + (scaled_dist ** 2) / 3) * jnp.exp(-scaled_dist)
    #     return kernel
    
    # def constant_mean_function(mu):
    #     def mean_func(x):
    #         return jnp.full(x.shape[0], mu)
    #     return mean_func

    # Compute kernel and mean for new points
    kernel_new = matern52_kernel(xy_new, xy_new, sigma=2, lengthscale=rho)
    cov_func_new = variance * kernel_new
    mean_func_new = constant_mean_function(mu)
    mean_new = mean_func_new(xy_new)

    # Sample log intensity for new points
    log_intensity_new = sample("log_intensity_new", 
                                dist.MultivariateNormal(
                                    loc=mean_new, 
                                    covariance_matrix=cov_func_new
                                ))
    return log_intensity_new


# Creating a Predictive object
rng_key = jax.random.PRNGKey(0)
predictive = Predictive(predictive_model, mcmc.get_samples())

# Sample posterior predictive
posterior_predictive = predictive(rng_key, xy_new=xy_new)

# Extract and convert log intensity to intensity
intensity_samples = jnp.exp(posterior_predictive['log_intensity_new'])

# Converting JAX array to NumPy for plotting
intensity_samples_np = np.array(intensity_samples)

fig, axes = plt.subplots(2, 3, figsize=(8, 5), constrained_layout=True)
axes = axes.ravel()

field_kwargs = {"marker": "o", "edgecolor": "None", "alpha": 0.5, "s": 80}

for i in range(6):
    field_handle = axes[i].scatter(
        xy_new[:, 0], xy_new[:, 1], 
        c=intensity_samples_np[0][i],  # Select the i-th draw
        **field_kwargs
    )

    obs_handle = axes[i].scatter(data["x"], data["y"], s=10, color="k")
    axes[i].axis("off")
    axes[i].set_title(f"Sample {i}")

plt.figlegend(
    (obs_handle, field_handle),
    ("Observed data", r"Posterior draws of $\lambda(s)$"),
    ncol=2,
    loc=(0.2, -0.01),
    fontsize=14,
    frameon=False
)

plt.show()

