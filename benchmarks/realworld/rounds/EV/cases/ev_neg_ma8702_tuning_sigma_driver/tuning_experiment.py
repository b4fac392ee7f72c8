# Source: https://github.com/ellingsvee/MA8702/blob/8c1f19d8824db1289db62261af9c5e58773978dd/project_1_MCMC_techniques/code/src/mcmc/tuning_experiment.py
# Title: tuning_experiment.py
# Cut: the scatter figure and the figure saving removed; imports pointed at sibling modules (autocorr.py not reproduced)

from os import PathLike
from typing import Callable

import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt

from autocorr import autocorr
from inference import inference_loop


def run_tuning_experiment(
    init_fn: Callable,
    build_kernel_fn: Callable,
    logdensity_fn: Callable,
    filename: PathLike[str],
    sigma_values=[0.1, 0.5, 1.0, 1.5],
) -> None:
    """Run RWMH tuning experiment with different proposal stddev (sigma) values
    and plot the results.
    """
    # Run with different sigma values
    num_steps = 10000
    burnin = 1000

    key = jax.random.key(42)
    initial_pos = jnp.array([0.0, 0.0])

    fig, axes = plt.subplots(len(sigma_values), 3, figsize=(15, 4 * len(sigma_values)))

    initial_state = init_fn(initial_pos, logdensity_fn)
    for i, sigma in enumerate(sigma_values):
        kernel = build_kernel_fn(logdensity_fn, sigma)

        # Run chain
        key, subkey = jax.random.split(key)
        samples, infos = inference_loop(subkey, kernel, initial_state, num_steps)

        # Remove burnin
        positions = samples.position[burnin:]
        accept = infos.is_accepted[burnin:]

        # Acceptance rate
        acc_rate = float(jnp.mean(accept))

        row_title = rf"$\sigma = {sigma}$, Accept rate: {acc_rate:.3f}"

        # Trace plots
        axes[i, 0].plot(positions[:, 0], linewidth=0.5)
        axes[i, 0].set_ylabel("Trace x")

        axes[i, 1].plot(positions[:, 1], linewidth=0.5)
        axes[i, 1].set_ylabel("Trace y")
        axes[i, 1].set_title(row_title)

        # Autocorrelation
        acf = autocorr(positions[:, 0])
        axes[i, 2].bar(range(len(acf)), acf, width=1.0)
        axes[i, 2].set_ylabel("ACF")
        axes[i, 2].set_ylim([-0.2, 1.0])

