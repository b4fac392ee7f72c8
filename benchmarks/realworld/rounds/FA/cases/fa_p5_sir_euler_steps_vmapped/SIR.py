# Source: https://github.com/hudsonchen/conditional_bayesian_quadrature/blob/9cf901971b9c6f25f4b99401ebbdb73555fcacf5/SIR.py
# Title: SIR.py (conditional Bayesian quadrature for the SIR model)
# Cut: kept the ground-truth part of SIR(); "from utils import SIR_utils" flattened to "import SIR_utils"; the simulator is vmapped over prior samples (Time=150, dt=1 gives 150 Euler steps).
from functools import partial

import jax
import jax.numpy as jnp
from tqdm import tqdm

import SIR_utils


def peak_infected_number(infections):
    return infections.max(-1)


def SIR(args, rng_key):
    T_test = 3
    population = float(1e5)
    X_real, gamma_real = 0.25, 0.05
    Theta_test = jnp.linspace(0.1, 0.8, T_test)
    rate = 10.0
    scale = 1. / rate
    Time = 150
    dt = 1.0
    SamplesNum = 10

    generate_data_fn = partial(SIR_utils.generate_data, gamma=gamma_real, population=population,
                               Time=Time, dt=dt, rng_key=rng_key)
    generate_data_vmap = jax.vmap(generate_data_fn)

    f = peak_infected_number

    ground_truth_array = jnp.zeros([T_test])
    for i in tqdm(range(T_test)):
        theta = Theta_test[i]
        a = 1 + rate * theta
        rng_key, _ = jax.random.split(rng_key)
        X_samples = jax.random.gamma(rng_key, a, shape=(SamplesNum,))
        X_samples = X_samples * scale
        temp = generate_data_vmap(X_samples)
        ground_truth_array = ground_truth_array.at[i].set(f(temp).mean())
    return ground_truth_array
