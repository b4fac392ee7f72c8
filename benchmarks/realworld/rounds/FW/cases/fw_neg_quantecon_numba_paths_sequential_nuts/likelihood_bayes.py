# Source: https://github.com/QuantEcon/lecture-python.myst/blob/a48f0195a6edd39a6516a5126862328189886da6/lectures/likelihood_bayes.md
# Title: QuantEcon, Intermediate Quantitative Economics with Python, "Likelihood Ratio Processes and Bayesian Learning"
# Cut: imports, the beta densities, the Numba path simulators (simulate, simulate_mixture_path) and the NumPyro part of exercise 2 (mixture model, sequential NUTS over chunks); plots omitted
import numpy as np
from numba import vectorize, jit
from math import gamma

@jit
def set_seed():
    np.random.seed(142857)
set_seed()

F_a, F_b = 1, 1
G_a, G_b = 3, 1.2

@vectorize
def p(x, a, b):
    r = gamma(a + b) / (gamma(a) * gamma(b))
    return r * x** (a-1) * (1 - x) ** (b-1)

# The two density functions.
f = jit(lambda x: p(x, F_a, F_b))
g = jit(lambda x: p(x, G_a, G_b))

@jit
def simulate(a, b, T=50, N=500):
    '''
    Generate N sets of T observations of the likelihood ratio,
    return as N x T matrix.

    '''

    l_arr = np.empty((N, T))

    for i in range(N):

        for j in range(T):
            w = np.random.beta(a, b)
            l_arr[i, j] = f(w) / g(w)

    return l_arr

@jit
def simulate_mixture_path(x_true, T):
    """
    Simulate T observations under mixture timing protocol.
    """
    w = np.empty(T)
    for t in range(T):
        if np.random.rand() < x_true:
            w[t] = np.random.beta(F_a, F_b)
        else:
            w[t] = np.random.beta(G_a, G_b)
    return w

import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro.infer import NUTS, MCMC
import seaborn as sns

def mixture_model(w, α0=1.0, β0=1.0):
    x = numpyro.sample("x", dist.Beta(α0, β0))
    f_dist = dist.Beta(F_a, F_b)
    g_dist = dist.Beta(G_a, G_b)
    mix = dist.Mixture(
        dist.Categorical(probs=jnp.array([x, 1 - x])),
        [f_dist, g_dist]
    )
    with numpyro.plate("data", w.shape[0]):
        numpyro.sample("w", mix, obs=w)

def β_moment_match(samples, eps=1e-12):
    m = float(samples.mean())
    v = float(samples.var())
    v = max(v, eps)
    t = m * (1 - m) / v - 1.0
    α = max(m * t, eps)
    β = max((1 - m) * t, eps)
    return α, β


def sequential_update(w_all, α0=1.0, β0=1.0, 
                     chunk_size=100, 
                     num_warmup=1000, 
                     num_samples=2000, 
                     seed=0):
    n = len(w_all)

    # Create chunks
    chunks = [slice(i, min(i + chunk_size, n)) 
                    for i in range(0, n, chunk_size)]
    α, β = α0, β0
    
    keys = jax.random.split(
        jax.random.PRNGKey(seed), len(chunks))
    means = [α / (α + β)]
    posts = []
    
    # Run MCMC for each chunk
    for i, sl in enumerate(chunks):
        kernel = NUTS(mixture_model)
        mcmc = MCMC(kernel, 
                    num_warmup=num_warmup, 
                    num_samples=num_samples)
        mcmc.run(keys[i], w_all[sl], α, β)
        xs = mcmc.get_samples()["x"]
        
        posts.append(xs)

        # Posterior becomes prior for next chunk
        α, β = β_moment_match(xs)
        means.append(xs.mean())
    
    return np.array(means), posts, chunks


x_true = 0.5
T_total = 2000

set_seed()
w_mix = simulate_mixture_path(x_true, T_total)

means, posts, chunks = sequential_update(

    w_mix, α0=1.0, β0=2.0, chunk_size=200,
    num_warmup=2000, num_samples=1000, seed=123)
