# Source: https://github.com/RohanGautam/EIV_IGP_jax/blob/7bacd3121c1ed915a5868c2bf8e613b78276bcf8/main.py
# Title: main.py (runs NUTS on the EIV-IGP model for the NYC sea-level record)
# Cut: kept imports and the MCMC run; plotting cut
import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

from pathlib import Path

import jax
import matplotlib.pyplot as plt
import numpy as np
import numpyro
import pandas as pd

from src import data, eivigp
from src import plot as plot_utils


jax.config.update("jax_enable_x64", True)


def main(input_file):
    output_folder = Path("out")
    output_folder.mkdir(parents=True, exist_ok=True)

    df = pd.read_csv(input_file)
    eiv_input = data.preprocess(df, gia_rate=0)

    mcmc = numpyro.infer.MCMC(
        numpyro.infer.NUTS(
            eivigp.eiv_igp,
            dense_mass=True,
        ),
        num_warmup=200,
        num_samples=800,
        num_chains=2,
    )
    mcmc.run(
        jax.random.PRNGKey(1),
        **eiv_input,
    )
    mcmc.print_summary()

    ## post processing
    samples = mcmc.get_samples()
    derp, intp = eivigp.get_predictions_on_grid(samples, eiv_input)

    ## plot
