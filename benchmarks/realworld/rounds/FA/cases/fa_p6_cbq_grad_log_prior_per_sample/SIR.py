# Source: https://github.com/hudsonchen/conditional_bayesian_quadrature/blob/9cf901971b9c6f25f4b99401ebbdb73555fcacf5/SIR.py
# Title: SIR.py (conditional Bayesian quadrature for the SIR model)
# Cut: kept log_prior and the sample-collection loops of SIR(); the simulator call is kept as in the source, plotting, CBQ and baselines dropped.
from functools import partial

import jax
import jax.numpy as jnp
from tqdm import tqdm

import SIR_utils


@jax.jit
def log_prior(X, theta, rate, rng_key):
    """
    Computes log p(x | theta) for importance sampling.
    """
    scale = 1. / rate
    logpdf = -jnp.log(scale) + jax.scipy.stats.gamma.logpdf(X / scale, a=1 + rate * theta)
    return logpdf


def peak_infected_number(infections):
    return infections.max(-1)


def SIR(args, rng_key):
    N_array = jnp.array([10, 20, 30, 40, 50])
    T_array = jnp.array([5, 25, 35])
    population = float(1e5)
    X_real, gamma_real = 0.25, 0.05
    rate = 10.0
    scale = 1. / rate
    Time = 150
    dt = 1.0
    SamplesNum = 10
    f = peak_infected_number

    for T in T_array:
        Theta_array = jnp.linspace(0.1, 0.8, T)
        for N in N_array:
            X_array = jnp.zeros([T, N])
            f_X_array = jnp.zeros([T, N])
            d_log_pX_array = jnp.zeros([T, N, 1])

            for j in tqdm(range(T)):
                theta = Theta_array[j]
                a = 1 + rate * theta

                rng_key, _ = jax.random.split(rng_key)
                samples = jax.random.gamma(rng_key, a, shape=(SamplesNum,))
                samples = samples * scale
                rng_key, _ = jax.random.split(rng_key)
                indices = jax.random.permutation(rng_key, jnp.arange(SamplesNum))[:N]
                X = samples[indices]

                log_prior_fn = partial(log_prior, theta=theta, rate=rate, rng_key=rng_key)
                grad_log_prior_fn = jax.grad(log_prior_fn)

                f_X = jnp.zeros([N])
                d_log_pX = jnp.zeros([N, 1])

                for i in range(N):
                    x = X[i]
                    rng_key, _ = jax.random.split(rng_key)
                    D = SIR_utils.generate_data(x, gamma_real, Time, dt, population, rng_key)
                    f_x = f(D)
                    d_log_x = grad_log_prior_fn(x)
                    f_X = f_X.at[i].set(f_x)
                    d_log_pX = d_log_pX.at[i, :].set(d_log_x)

                X_array = X_array.at[j, :].set(X)
                f_X_array = f_X_array.at[j, :].set(f_X)
                d_log_pX_array = d_log_pX_array.at[j, :, :].set(d_log_pX)
    return X_array, f_X_array, d_log_pX_array
