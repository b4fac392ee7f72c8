# Source: https://github.com/aevive/blog/blob/76c25ccb281b962623bbf3bcbcd821af710d9ab3/chapters/1_linear_regression.ipynb
# Title: aevive blog, chapter 1 "Linear regression" (notebook cells 3, 9, 14, 17, 20)
# Cut: notebook cells converted to a script; plots, %%timeit cells and the vmap "Option 2" cell removed.
import jax
import jax.numpy as jnp
import jax.random as random

key = random.PRNGKey(20220519)

n = 100
p = 4
sigma = .1

key, skey = random.split(key)
beta=random.normal(skey, (p,))

key, skey = random.split(key)
x = random.normal(skey, (n, p))

def sample_y(key, beta, sigma, x):
    eps = random.normal(key, (n,))
    return x @ beta + sigma * eps

key, skey = random.split(key)
y = sample_y(skey, beta, sigma, x)


def fit_beta(x, y):
    z = x.T @ y
    beta_hat = jnp.linalg.solve(x.T @ x, z)
    return beta_hat


def replicate(key, beta, sigma, x):
    y = sample_y(key, beta, sigma, x)
    beta_hat = fit_beta(x, y)
    return beta_hat


jit_replicate = jax.jit(replicate)
jit_replicate(key, beta, sigma, x) # Execute once to compile it

# Option 1: for loop
n_replications = 100_000
key, *skeys = random.split(key, n_replications + 1)
beta_s = []
for key in skeys:
    beta_s.append(jit_replicate(key, beta, sigma, x))
