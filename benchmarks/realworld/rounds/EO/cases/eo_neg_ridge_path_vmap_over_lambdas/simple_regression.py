# Source: https://github.com/zostaw/learning-regression-methods/blob/77b075169ff43ce27879c620ca4f8778dc206611/simple-regression.ipynb
# Title: simple-regression.ipynb (cells 1-4, 25-26, 31, 41-42)
# Cut: notebook converted to a .py file; plots, prints and the best-subset search dropped.
import jax.random as random
import jax.numpy as jnp
import jax

key = random.key(69)
key, key1, key2, key3 = random.split(key, 4)

N = 100
p = 6

arange = jnp.arange(0, N)
B_real = random.normal(key1, p)
X = random.uniform(key2, (N, p), minval=0, maxval=100)
y_ideal = jnp.inner(X, B_real)
# y real
y = y_ideal + 2*random.normal(key3, N)


def euclidean_distance(A, B):
    return jnp.sqrt(jnp.sum((A - B)**2))


def nearest_neighbour(a):
    euclidean_dist = jax.vmap(euclidean_distance,(0, None))(X, a)
    return X[jnp.argmin(euclidean_dist)]


def k_nn(a, k):
    x_abs_sq = jnp.sum(X**2, axis=1, keepdims=True)
    a_abs_sq = jnp.sum(a**2, axis=1, keepdims=True).T
    # law of cosines
    distances = x_abs_sq + a_abs_sq -2*jnp.dot(X, a.T)

    ids = jnp.argsort(distances, axis=0)[:k].T

    # results from training ds for closest-k
    return y[ids]


def solve_ridge(lambda_):
    #lambda_ = 10.9
    B_ridge = jnp.linalg.solve(jnp.dot(X.T, X) + lambda_ * jnp.eye(X.shape[1]), jnp.dot(X.T, y))
    y_hat_ridge = jnp.dot(B_ridge, X.T)
    return B_ridge, y_hat_ridge


B_ridge, y_hat_ridge = solve_ridge(0.9)
RSS_ridge = jnp.sum((y - y_hat_ridge)**2)

lambdas = jnp.linspace(0, 1000)
B_ridges, y_hats = jax.vmap(solve_ridge)(lambdas)
RSS_s = jax.vmap(lambda y_hat_ridge: jnp.sum((y - y_hat_ridge)**2))(y_hats)
