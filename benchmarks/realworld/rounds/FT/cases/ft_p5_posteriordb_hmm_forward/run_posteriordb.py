# Source: https://github.com/liusf15/iterative-gaussianization/blob/f87f6ff48c604e7bdcd933c28598f06f40e6f3a9/experiments/posteriordb_experiment/run_posteriordb.py
# Title: experiments/posteriordb_experiment/run_posteriordb.py
# Cut: kept the evaluate() function that differentiates and vmaps target.log_prob; fitting, IO and argparse dropped; the module-level `target = ...` line is reconstructed (the script builds it from argparse).
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

import experiments.targets as Targets
from projection_vi.utils import median_heuristic, compute_ksd, compute_mmd

target = Targets.hmm("x.json")


def evaluate(mcmc_samples_unc, flow_samples, log_q):
    bandwidth = median_heuristic(mcmc_samples_unc)
    metrics = {}
    metrics['ksd_imq'] = compute_ksd(flow_samples, jax.grad(target.log_prob), bandwidth=bandwidth, kernel_type='imq')
    metrics['ksd_rbf'] = compute_ksd(flow_samples, jax.grad(target.log_prob), bandwidth=bandwidth, kernel_type='rbf')
    log_weights = jax.vmap(target.log_prob)(flow_samples) - log_q
    metrics['ess'] = jnp.exp(2 * logsumexp(log_weights) - logsumexp(2 * log_weights))
    metrics['elbo'] = jnp.nanmean(log_weights)
    return metrics
