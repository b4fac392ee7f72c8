# Source: https://github.com/nipunbatra/pml2022/blob/c32102b9b6229721ffb32bd65ccb922267fc9c8d/notebooks/MCMC_Sampling_RMH_algorithm.ipynb
# Title: MCMC_Sampling_RMH_algorithm.ipynb (random-walk Metropolis-Hastings with BlackJAX)
# Cut: cells 19, 20 and 25 as a module (density on a plotting grid, then a hand-written MH chain);
#      contour and histogram plots dropped.
import jax
import jax.numpy as jnp

from target import log_target, mu, sigma, tfd

x = jnp.linspace(-7,7,50)
y = jnp.linspace(-7,7,50)
XX, YY = jnp.meshgrid(x,y)
likel = []
for i in range(XX.shape[0]):
    prob = []
    for j in range(XX.shape[1]):
        prob.append(jnp.exp(log_target(
            jnp.array([XX[i][j],YY[i][j]])
            )))
    likel.append(prob)

likel = jnp.array(likel)

norm = tfd.MultivariateNormalFullCovariance(mu,sigma)
grid = jax.tree_map(lambda x,y: jnp.array([x,y]),XX,YY)
likel = jnp.exp(norm.prob(grid.T).T)

samples = [jnp.array([-3.,-3])]
num_accept = 0
num_samples = 1000
seed = jax.random.PRNGKey(1)
prop_width = 1.0
for _ in range(num_samples):

    #sample candidate from normal distribution
    proposal = tfd.Normal(samples[-1], prop_width)
    candidate = proposal.sample(seed= seed)
    seed, _ = jax.random.split(seed)

    #calculate probability of accepting this candidate
    prob = min(1, jnp.exp(log_target(candidate)) / jnp.exp(log_target(samples[-1])))

    #accept with the calculated probability
    if jax.random.uniform(seed) < prob:
        samples.append(candidate)
        num_accept += 1

    #otherwise report current sample again
    else:
        samples.append(samples[-1])

samples = jnp.array(samples)
