# Source: https://github.com/dominicrufa/aquaregia/blob/d190f8417f97ff7454f369e5dc9cf0baba29a2e7/aquaregia/fec.py
# Title: aquaregia/fec.py (replica exchange sampler for free energy calculations)
# Cut: kept the jitted lax.scan swap kernel, the vmapped propagate/energy-matrix calls and the
#      host-side execute loop; reporter/timing bookkeeping trimmed, base class reduced.
import time
from typing import Callable

import jax
import jax.numpy as jnp
import tqdm
import warnings
import numpy as np

Array = jnp.array


def is_nan_safe(arr : Array):
    if jnp.isnan(arr).any():
        out=False
    else:
        out=True
    return out

def metropolize_bool(reduced_work : float, # unitless
                     seed: Array # random seed
                     ) -> bool:
    """from a (unitless) work value and a seed, return accept/reject"""
    log_acceptance_prob = jnp.min(Array([0., -reduced_work]))
    lu = jnp.log(jax.random.uniform(seed))
    accept = (lu <= log_acceptance_prob)
    return accept

def accept_metr_bool_fn(accept_reporter, xs, energy_matrix, i,j):
    out_accept_reporter = accept_reporter.at[([i,j], [j,i])].add(1)
    out_xs = xs.at[(i,j),:,:].set(xs[(j,i),:,:])
    out_energy_matrix = energy_matrix.at[(i,j),:].set(energy_matrix[(j,i),:])
    return out_accept_reporter, out_xs, out_energy_matrix

def reject_metr_bool_fn(accept_reporter, xs, energy_matrix, i,j):
    return accept_reporter, xs, energy_matrix

def _uniform_replica_mix_scanner(carry, _xs):
    energy_matrix, xs, accept_reporter, total_mix_reporter, seed = carry
    num_states = energy_matrix.shape[0] # get the number of states
    run_seed, met_seed, seed = jax.random.split(seed, num=3)
    i,j = jax.random.randint(run_seed, shape=(2,), minval=0, maxval = num_states) # max is exclusive
    u_ii, u_jj, u_ij, u_ji = energy_matrix[i,i], energy_matrix[j,j], energy_matrix[i,j], energy_matrix[j,i]
    out_total_mix_reporter = total_mix_reporter.at[([i,j], [j,i])].add(1)
    reduced_work = (u_ij - u_ii) + (u_ji - u_jj)
    accept_bool = metropolize_bool(reduced_work, met_seed)
    out_accept_reporter, out_xs, out_energy_matrix = jax.lax.cond(accept_bool,
                                                                  accept_metr_bool_fn, # true_fn
                                                                  reject_metr_bool_fn, # false_fn
                                                                  accept_reporter,
                                                                  xs,
                                                                  energy_matrix,
                                                                  i,
                                                                  j)
    return (out_energy_matrix, out_xs, out_accept_reporter, out_total_mix_reporter, seed), None


class NonCanonicalUniformLogPReplicaExchangeSampler(object):
    def __init__(self, num_states, canonical_u_fn, kT, mappable_u_params,
                 mappable_u_params_axes, propagator, neighbor_list_template):
        self._num_states = num_states
        self._kT = kT
        self._propagator = propagator
        self._mappable_u_params = mappable_u_params
        self._mappable_u_params_axes = mappable_u_params_axes
        self._u_fn = lambda x, y : canonical_u_fn(x, neighbor_list_template, y) # a simple partial out of neighbor_list
        self._row_u_fn = jax.vmap(self._u_fn, in_axes = (None, self._mappable_u_params_axes)) # give a single position array, get energy at all states
        self._matrix_u_fn = jax.jit(jax.vmap(self._row_u_fn, in_axes=(0,None))) # give array of positions, get energy at all states [i,j]
        self._scanner_fn = jax.jit(_uniform_replica_mix_scanner)
        self._iteration = 0

    def _propagate(self, batch_xs, seed):
        out_prop_dict = jax.vmap(self._propagator, in_axes=(0, self._mappable_u_params_axes,0))(batch_xs,
                                                                                                 self._mappable_u_params,
                                                                                                 jax.random.split(seed, num=self._num_states))
        xs, vs = out_prop_dict['xs'], out_prop_dict['vs']
        nan_safe = is_nan_safe(xs) and is_nan_safe(vs)
        return {'xs' : xs, 'vs' : vs, 'nan_safe' : nan_safe}


    def _mix_replicas(self, prop_dict, seed, num_swaps):
        # first compute energy matrix
        xs = prop_dict['xs']
        reference_energy_matrix = self._matrix_u_fn(xs, self._mappable_u_params) / self._kT # ixj where i is position @ j thermostate

        start_energy_matrix = jnp.nan_to_num(reference_energy_matrix, nan=np.inf) # make a manipulatable matrix

        # simple reporter
        accept_reporter, total_mix_reporter = jnp.zeros_like(start_energy_matrix), jnp.zeros_like(start_energy_matrix)
        carry = (start_energy_matrix, xs, accept_reporter, total_mix_reporter, seed)

        (out_energy_matrix, out_xs, out_accept_reporter, out_total_mix_reporter, _), _ = jax.lax.scan(self._scanner_fn, carry, jnp.arange(num_swaps))
        return {'xs': out_xs, 'total_mix_reporter': out_total_mix_reporter, 'accept_reporter': out_accept_reporter, 'energy_matrix': out_energy_matrix}


    def execute(self, xs, seed, num_iterations, num_swaps_per_mix_iteration):
        """execute"""
        if xs.shape[0] != self._num_states:
            raise ValueError(f"{xs.shape[0]} xs were provided, but this instance has {self._num_states} states")

        for _ in tqdm.trange(num_iterations):
            prop_seed, mix_seed, seed = jax.random.split(seed, num=3)
            propagation_dict = self._propagate(batch_xs=xs, seed=prop_seed)
            # check if nan_safe
            if not propagation_dict['nan_safe']:
                warnings.warn("iteration is not nan-safe; returning propagation dictionary")
                return propagation_dict
            mix_dict = self._mix_replicas(prop_dict=propagation_dict, seed=mix_seed, num_swaps=num_swaps_per_mix_iteration)
            xs = mix_dict['xs']
            self._iteration += 1
        return mix_dict
