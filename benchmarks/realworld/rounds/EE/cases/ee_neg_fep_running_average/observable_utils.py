# Source: https://github.com/google-deepmind/flows_for_atomic_solids/blob/293aecf87956ab7fae58afc36c38f2980f21a1eb/utils/observable_utils.py
# Title: utils/observable_utils.py (flows_for_atomic_solids)
# Cut: kept free_energy_fep and free_energy_fep_running with shortened docstrings; the other
#      observables (RDF, ESS, logZ) cut.
import jax
import jax.numpy as jnp


def free_energy_fep(forward, beta):
  """Returns the FEP estimate of the free energy difference."""
  log_sum_exp = jax.scipy.special.logsumexp(-beta * forward)
  log_average_exp = log_sum_exp - jnp.log(forward.size)
  return - log_average_exp / beta


def free_energy_fep_running(forward,
                            beta: float,
                            num_evals: int = 10):
  """Returns a running average of the FEP estimate.

  Returns an array with shape [num_evals, 2] where the first column corresponds to the
  number of samples and the second column to the estimated free energy difference.
  """
  num_samples = forward.size
  sample_increment = num_samples // num_evals
  running_average = []
  for i in range(num_evals):
    samples_i = sample_increment * (i + 1)
    df_i = free_energy_fep(forward[:samples_i], beta)
    running_average.append((samples_i, df_i))
  return jnp.array(running_average)
