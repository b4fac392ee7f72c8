# Source: https://github.com/makskliczkowski/pyqusolver/blob/604fb3d915ce8074523d9af6f0cb1150c747c8c0/Python/QES/NQS/src/nqs_entropy.py
# Title: Python/QES/NQS/src/nqs_entropy.py (Renyi entropy of a neural quantum state by the replica swap trick)
# Cut: exact-sum path, region parsing and the public compute_renyi_entropy wrapper cut; the replica
#      drawing, the batched swap over regions and the error statistics kept.
import warnings
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import jax
import jax.numpy as jnp


def _draw_replica_batches(nqs: "NQS", q: int, *, num_samples: Optional[int], num_chains: Optional[int], independent_replicas: bool) -> Tuple[jnp.ndarray, jnp.ndarray, int]:
    replicas_s_list   = []
    replicas_log_list = []

    for _ in range(q):
        try:
            (_, _), (s_r, log_r), _ = nqs.sample(num_samples=num_samples, num_chains=num_chains, reset=independent_replicas)
        except TypeError:
            raise RuntimeError("NQS sampler error: expected sample() to return ((s, log_psi), ...), got different format.")

        s_r = jnp.asarray(s_r)
        if s_r.ndim == 1:
            s_r = s_r.reshape(1, -1)
        replicas_s_list.append(s_r)
        replicas_log_list.append(jnp.asarray(log_r).reshape(-1))

    min_n               = min(s.shape[0] for s in replicas_s_list)
    replicas_s_list     = [s[:min_n] for s in replicas_s_list]
    replicas_log_list   = [log[:min_n] for log in replicas_log_list]
    replicas_s          = jnp.stack(replicas_s_list, axis=0)
    replicas_log        = jnp.stack(replicas_log_list, axis=0)
    return replicas_s, replicas_log, int(min_n)


def _maybe_recompute_replica_logs(nqs: "NQS", replicas_s: jnp.ndarray, replicas_log: jnp.ndarray, *, recompute_log_psi: bool) -> jnp.ndarray:
    ''' Optionally re-evaluate log(psi) on sampled configurations for ratio consistency. '''
    if not recompute_log_psi:
        return replicas_log
    q, n_samp, Ns   = replicas_s.shape
    s_flat          = replicas_s.reshape(q * n_samp, Ns)
    log_flat        = jnp.asarray(nqs.ansatz(s_flat)).reshape(-1)
    return log_flat.reshape(q, n_samp)


def _renyi_stats_from_log_ratio(log_ratio_sum: jnp.ndarray, *, q: int, n_chain: int, min_trace_value: float, compute_error: bool) -> Dict[str, Any]:
    ''' Compute Rényi entropy and error estimates from log ratio sums. '''
    log_ratio_sum = jnp.asarray(log_ratio_sum)
    if log_ratio_sum.ndim == 1:
        log_ratio_sum = log_ratio_sum.reshape(1, -1)

    shift           = jnp.max(jnp.real(log_ratio_sum), axis=1)
    swap_centered   = jnp.exp(log_ratio_sum - shift[:, None])
    mean_centered   = jnp.mean(swap_centered, axis=1)
    trace_complex   = jnp.exp(shift) * mean_centered
    trace_val       = jnp.maximum(jnp.real(trace_complex), min_trace_value)
    sq_val          = jnp.real((1.0 / (1.0 - q)) * jnp.log(trace_val))

    sq_np           = np.asarray(jax.device_get(sq_val), dtype=np.float64)
    trace_np        = np.asarray(jax.device_get(trace_val), dtype=np.float64)
    trace_err       = np.zeros_like(trace_np)
    sq_err          = np.zeros_like(trace_np)

    if compute_error:
        centered_np = np.asarray(jax.device_get(swap_centered))
        mean_np     = np.asarray(jax.device_get(mean_centered))
        n_total     = centered_np.shape[1]
        if n_total > 1:
            for idx in range(centered_np.shape[0]):
                if n_chain > 1 and (n_total % n_chain) == 0 and (n_total // n_chain) > 1:
                    per_chain       = centered_np[idx].reshape(n_chain, n_total // n_chain).mean(axis=1)
                    stderr_centered = float(np.std(per_chain, ddof=1) / np.sqrt(float(n_chain)))
                else:
                    stderr_centered = float(np.std(centered_np[idx], ddof=1) / np.sqrt(float(n_total)))
                mean_abs        = max(float(np.abs(mean_np[idx])), np.finfo(float).tiny)
                rel_err         = float(stderr_centered / mean_abs)
                trace_err[idx]  = float(abs(trace_np[idx]) * rel_err)
                if trace_np[idx] > 0.0:
                    sq_err[idx] = float(abs(trace_err[idx] / ((1.0 - q) * trace_np[idx])))

    return { "sq": sq_np, "sq_err": sq_err, "trace_rho_q": trace_np, "trace_err": trace_err }


def _log_ratio_for_region(nqs: "NQS", replicas_s: jnp.ndarray, replicas_log: jnp.ndarray, region: jnp.ndarray, q: int) -> jnp.ndarray:
    ''' Compute the log ratio sum for a single region using cyclic permutation of subsystem A across q replicas. '''
    replicas_s_q        = replicas_s[:q]
    replicas_log_q      = replicas_log[:q]
    next_indices        = (jnp.arange(q) + 1) % q
    s_swapped           = replicas_s_q.at[:, :, region].set(replicas_s_q[next_indices][:, :, region])
    q_eff, n_samp, Ns   = s_swapped.shape
    log_swapped_flat    = jnp.asarray(nqs.ansatz(s_swapped.reshape(q_eff * n_samp, Ns))).reshape(-1)
    log_swapped         = log_swapped_flat.reshape(q_eff, n_samp)
    return jnp.sum(log_swapped - replicas_log_q, axis=0)


def _log_ratio_for_regions(nqs: "NQS", replicas_s: jnp.ndarray, replicas_log: jnp.ndarray, regions: List[jnp.ndarray], q: int) -> jnp.ndarray:
    ''' Compute the log ratio sums for multiple regions in a batch by evaluating all cyclic permutations together and masking the appropriate sites for each region.  '''
    replicas_s_q        = replicas_s[:q]
    replicas_log_q      = replicas_log[:q]
    next_indices        = (jnp.arange(q) + 1) % q
    next_s              = replicas_s_q[next_indices]
    q_eff, n_samp, Ns   = replicas_s_q.shape

    masks_np = np.zeros((len(regions), Ns), dtype=bool)
    for idx, region in enumerate(regions):
        masks_np[idx, np.asarray(region, dtype=np.int32)] = True
    masks               = jnp.asarray(masks_np)
    swapped             = jnp.where(masks[:, None, None, :], next_s[None, :, :, :], replicas_s_q[None, :, :, :])
    log_swapped_flat    = jnp.asarray(nqs.ansatz(swapped.reshape(len(regions) * q_eff * n_samp, Ns))).reshape(-1)
    log_swapped         = log_swapped_flat.reshape(len(regions), q_eff, n_samp)
    return jnp.sum(log_swapped - replicas_log_q[None, :, :], axis=1)
