# Source: https://github.com/IanQS/numpy_to_jax/blob/1d0c4b8a72a338de4810c7de7858f37ea52f2a03/solutions/exe_05_profiling.ipynb
# Title: numpy_to_jax solutions/exe_05_profiling.ipynb (profile jax code: vmap vs hand-vectorised, unrolled loop vs fori_loop)
# Cut: code cells 1, 4, 5, 8 and 9 of the notebook, in order; markdown and the tensorboard instructions dropped.
import jax.numpy as jnp
from jax import grad, jit, vmap
import jax
from jax import random
import numpy as np


NUM_SAMPLES = 20_000
NUM_DIMS = 300


means = np.random.rand(NUM_DIMS)
sigma = np.random.rand(NUM_DIMS, NUM_DIMS)
sigma = sigma @ sigma.T
X = np.random.multivariate_normal(mean=means, cov=sigma, size=NUM_SAMPLES)

k = means.shape[0]
t1 = (2 * jnp.pi) ** (-k / 2)
t2 = jnp.linalg.det(sigma) ** (-0.5)
inv = jnp.linalg.inv(sigma)

@jax.jit
def gaussian_pdf_v(x_vec, mu_vec):
    # TODO: Reimplement the Gaussian PDF below
    #   Note: you already did this in exe_04_vmap :) 
    diff = x_vec - mu_vec
    to_exp = -0.5 * diff.T @ inv @ diff
    return t1 * t2 * jnp.exp(to_exp)


vmapped_gaussian = vmap(gaussian_pdf_v, in_axes=(0, None))

@jax.jit
def gaussian_pdf(x_mat, mu_mat) -> np.array:
    diff = x_mat - mu_mat
    ###############################################################
    to_exp = -0.5 * jnp.sum(diff @ inv * diff, axis=1)
    ###############################################################
    return t1 * t2 * jnp.exp(to_exp)


with jax.profiler.trace("/tmp/tensorboard/gauss"):
    # We run this 10 times to get an accurate idea of the time the `vmapped-res` takes. This is because there is some start-up time where we 
    #   jit the program
    for i in range(10):
        with jax.profiler.TraceAnnotation("manually-optimized"):
            normal_res = gaussian_pdf(X, means)
        
        with jax.profiler.TraceAnnotation("vmapped-res"):
            vmap_gauss_res = vmapped_gaussian(X, means)


@jax.jit
def slow_block(init_values):
    container = init_values
    for i in range(100):
        container = container + container
        for j in range(100):
            container = container + 5 / container
    return container


init_values = jnp.asarray(np.random.rand(5))

@jax.jit
def body_fun(_, container):
    return container + 5 / container

@jax.jit
def slow_block_equiv(_, container):
    container = container + container
    return jax.lax.fori_loop(0, 100, body_fun, container)
    
with jax.profiler.trace("/tmp/tensorboard/unroll"):
    # As before, we run this multiple times to get an accurate idea of the time from the jit
    for i in range(10):
        with jax.profiler.TraceAnnotation("first_call"):
            result = slow_block(init_values).block_until_ready()

        with jax.profiler.TraceAnnotation("for-loop-primitive"):
            result2 = jax.lax.fori_loop(0, 100, slow_block_equiv, init_values)

