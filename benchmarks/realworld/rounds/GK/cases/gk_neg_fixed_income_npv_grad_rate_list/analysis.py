# Source: https://github.com/AdityaMaheshwariYOW/fixed-income-modelling/blob/1618469753f25ffb0b1375aa84b499325a372c49/notebooks/analysis.ipynb
# Title: fixed-income-modelling - notebooks/analysis.ipynb (cells 16 and 20)
# Cut: two notebook cells converted to a script; the Colab %run of the scripts replaced by an import.
import jax.numpy as jnp
from financial import evaluate_npv_and_gradients


def run(data):
    rates_to_test = [0.00, 0.05, 0.10]

    # Combine all cashflows and times from your dataset
    cf_all = jnp.array(data['total_cf'].values)
    t_all = jnp.array(data['time'].values)

    # Rates to evaluate
    rates = [0.00, 0.05, 0.10]

    # Run evaluation
    return evaluate_npv_and_gradients(cf_all, t_all, rates)
