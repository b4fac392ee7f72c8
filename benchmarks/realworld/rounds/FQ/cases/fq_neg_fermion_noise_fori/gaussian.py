# Source: https://github.com/Sattwik/Quantum-circuit-bounds/blob/4753ac8aeac878b51a71b1fbe08f22792d43785b/fermions/gaussian.py
# Title: fermions/gaussian.py
# Cut: the noisy primal (depolarising noise on every fermionic mode, layer by layer) and the
#      Hamiltonian-side noise channel kept; unitary_on_fgstate is imported from the rest of the
#      module; everything else cut.
from typing import List, Tuple, Callable, Dict
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

from gaussian_rest import unitary_on_fgstate, energy

def covariance_from_corr_major(Gamma_mjr: jnp.array):
    """
    Parameters
    ----------
    Gamma_mjr: Correlation matrix of f.g.s. (majorana rep.)
    """
    N = Gamma_mjr.shape[0]//2
    gamma = 1j * (2 * Gamma_mjr - jnp.identity(2 * N, dtype = complex))
    return gamma

def corr_major_from_covariance(gamma: jnp.array):
    """
    Parameters
    ----------
    gamma: Covariance matrix of f.g.s. (majorana rep.)
    """
    N = gamma.shape[0]//2
    Gamma_mjr = (jnp.identity(2 * N, dtype = complex) - 1j * gamma)/2.0
    return Gamma_mjr


def energy_after_circuit(params):
    Gamma_mjr = params.Gamma_mjr_init

    for i in range(params.local_d):
        Gamma_mjr = unitary_on_fgstate(Gamma_mjr, params.layer_hamiltonians.at[i, :, :].get())

    return jnp.real(energy(Gamma_mjr, params.h_parent))

def noise_on_kth_mode(k: int, args: Tuple):
    Gamma_mjr, p = args
    N = Gamma_mjr.shape[0]//2
    gamma = covariance_from_corr_major(Gamma_mjr)

    gamma_replaced = gamma.at[k, :].set(jnp.zeros(2 * N))
    gamma_replaced = gamma_replaced.at[:, k].set(jnp.zeros(2 * N))
    gamma_replaced = gamma_replaced.at[k + N, :].set(jnp.zeros(2 * N))
    gamma_replaced = gamma_replaced.at[:, k + N].set(jnp.zeros(2 * N))

    gamma_noisy = p * gamma_replaced + (1 - p) * gamma
    Gamma_mjr_noisy = corr_major_from_covariance(gamma_noisy)

    return (Gamma_mjr_noisy, p)

def noisy_primal_ith_layer(i: int, args: Tuple):
    Gamma_mjr, layer_hamiltonians, N, p = args
    Gamma_mjr = unitary_on_fgstate(Gamma_mjr, layer_hamiltonians.at[i, :, :].get())
    init_args = (Gamma_mjr, p)
    Gamma_mjr, _ = jax.lax.fori_loop(0, N, noise_on_kth_mode, init_args)
    return (Gamma_mjr, layer_hamiltonians, N, p)

def noisy_primal(params, p: float):
    Gamma_mjr = params.Gamma_mjr_init
    layer_hamiltonians = params.layer_hamiltonians
    N = params.N
    init_args = (Gamma_mjr, layer_hamiltonians, N, p)
    Gamma_mjr, _, _, _ = jax.lax.fori_loop(0, params.d, noisy_primal_ith_layer, init_args)

    return jnp.real(energy(Gamma_mjr, params.h_parent))

def noise_on_fghamiltonian_at_index(k: int, args: Tuple):
    s_prime, p = args
    N = s_prime.shape[0]//2

    s_prime_zeroed_out = s_prime.at[k, :].set(jnp.zeros(2 * N))
    s_prime_zeroed_out = s_prime_zeroed_out.at[:, k].set(jnp.zeros(2 * N))
    s_prime_zeroed_out = s_prime_zeroed_out.at[k + N, :].set(jnp.zeros(2 * N))
    s_prime_zeroed_out = s_prime_zeroed_out.at[:, k + N].set(jnp.zeros(2 * N))

    s_prime = (1 - p) * s_prime + p * (s_prime_zeroed_out)

    return (s_prime, p)

# @partial(jit, static_argnums = (1,))
@jit
def noise_on_fghamiltonian(s: jnp.array, p: float):
    """
    Parameters
    ----------
    s: Hamiltonian (from dual variable) to act on (Majorana representation)
    p: noise probability

    Returns
    -------
    Majorana rep after depol. noise on individual fermions
    """
    N = s.shape[0]//2
    s_prime = s

    init_args = (s_prime, p)
    s_prime, _ = jax.lax.fori_loop(0, N, noise_on_fghamiltonian_at_index, init_args)

    return s_prime
