# Source: https://github.com/aevive/blog/blob/76c25ccb281b962623bbf3bcbcd821af710d9ab3/chapters/1_linear_regression.ipynb
# Title: aevive blog, chapter 1 "Linear regression" (notebook cells 3, 9, 14, 21, 23)
# Cut: notebook cells converted to a script; plots and the for-loop "Option 1" cell removed.
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


def fit_beta(x, y):
    z = x.T @ y
    beta_hat = jnp.linalg.solve(x.T @ x, z)
    return beta_hat


def replicate(key, beta, sigma, x):
    y = sample_y(key, beta, sigma, x)
    beta_hat = fit_beta(x, y)
    return beta_hat


# Option 2: JAX vectorization / parallelism

n_replications = 100_000
key, skey = random.split(key)
skeys = random.split(skey, n_replications)

boostrap = jax.jit( # Enable JIT compilation
    jax.vmap( # Vectorize "replicate"
        replicate,
        in_axes=(0, None, None, None) # Only the first argument will be batched, on it's first (0th) axis
    )
)
beta_s = boostrap(skeys, beta, sigma, x)

beta_std_bootstrap = beta_s.std(axis=0)
