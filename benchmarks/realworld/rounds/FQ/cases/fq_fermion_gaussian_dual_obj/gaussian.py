# Source: https://github.com/Sattwik/Quantum-circuit-bounds/blob/9a4d53b4e7306a659fb068e7fb127f0c51699579/fermions/gaussian.py
# Title: fermions/gaussian.py (commit "... Still have slow compilation at large N")
# Cut: the scipy optimize wrapper, random Hamiltonian generators, correlation-matrix conversions
#      and the primal circuit methods cut; the dual objective, its gradient and the helpers it
#      calls kept as written. N is the number of fermionic modes (20..100 in the sweeps).
from typing import List, Tuple, Callable, Dict
from functools import partial

import numpy as np
import jax.numpy as jnp
import jax.scipy.linalg
from jax import jit, grad, vmap, value_and_grad

#--------------- Primal methods ---------------#
def energy(Gamma_mjr: jnp.array, h: jnp.array):
    """
    Parameters
    ----------
    Gamma_mjr: Correlation matrix of f.g.s. (majorana rep.)
    h: Hamiltonian of which to calculate expectation (majorana rep.)

    Returns
    -------
    Expected energy
    """
    return -1j * jnp.trace(jnp.matmul(h, Gamma_mjr))

#--------------- Dual methods ---------------#
class DualParams():
    def __init__(self, circ_params, theta_opt: jnp.array, p: float):
        self.circ_params = circ_params
        self.theta_opt = theta_opt
        self.p = p

        self.total_num_dual_vars = self.circ_params.d + \
        (2*self.circ_params.N - 1) * self.circ_params.N * self.circ_params.d

@partial(jit, static_argnums = (1,2))
def unvec_and_process_dual_vars(dual_vars: jnp.array, d: int, N: int):
    utri_indices = jnp.triu_indices(2*N, 1)
    ltri_indices = (utri_indices[1], utri_indices[0])

    sigmas = jnp.zeros((2 * N, 2 * N, d))

    a_vars = dual_vars.at[:d].get()
    lambdas = jnp.log(1 + jnp.exp(a_vars))

    dual_vars_split = jnp.split(dual_vars.at[d:].get(), d)

    for i in range(d):
        sigma_layer = jnp.zeros((2*N, 2*N))
        sigma_layer = sigma_layer.at[utri_indices].set(dual_vars_split[i])
        sigma_layer = sigma_layer.at[ltri_indices].set(-dual_vars_split[i])
        sigmas = sigmas.at[:,:,i].set(sigma_layer)

    return lambdas, sigmas

@partial(jit, static_argnums = (2,))
def noisy_dual_layer(h_layer: jnp.array, sigma_layer: jnp.array, p: float):
    """
    h_layer: Generating Hamiltonian (majorana rep.) of the unitary layer of the
    circuit. Intended to be already scaled by circuit params.
    """
    sigma = noise_on_fghamiltonian(sigma_layer, p)
    sigma = unitary_on_fghamiltonian(sigma, -h_layer) # -ve because dual

    return sigma

@partial(jit, static_argnums = (1,))
def dual_obj(dual_vars: jnp.array, dual_params: DualParams):
    N = dual_params.circ_params.N
    d = dual_params.circ_params.d
    h_target = dual_params.circ_params.h_target
    layer_hamiltonians = dual_params.circ_params.layer_hamiltonians
    theta_opt = dual_params.theta_opt
    p = dual_params.p
    Gamma_mjr_init = dual_params.circ_params.Gamma_mjr_init

    lambdas, sigmas = unvec_and_process_dual_vars(dual_vars, d, N)

    cost = 0
    # log Tr exp terms
    for i in range(d):
        if i == d-1:
            hi = h_target + sigmas.at[:,:,i].get()
        else:
            hi = sigmas.at[:,:,i].get() - \
                 noisy_dual_layer(theta_opt[i+1] * layer_hamiltonians[i+1],
                                  sigmas.at[:,:,i+1].get(), p)

        cost += -lambdas[i] * jnp.log(trace_fgstate(-hi/lambdas[i]))

    # init. state term
    epsilon_1_dag_sigma1 = \
    noisy_dual_layer(theta_opt[0] * layer_hamiltonians[0], sigmas.at[:,:,0].get(), p)

    cost += -energy(Gamma_mjr_init, epsilon_1_dag_sigma1)

    # entropy term
    q = 1 - p
    q_powers = jnp.array([q**i for i in range(d)])

    entropy_bounds = N * p * jnp.log(2) * \
             jnp.array([jnp.sum(q_powers.at[:i+1].get()) for i in range(d)])

    cost += jnp.dot(lambdas, entropy_bounds)

    return -jnp.real(cost)

@partial(jit, static_argnums = (1,))
def dual_grad(dual_vars: jnp.array, dual_params: DualParams):
    return grad(dual_obj, argnums = 0)(dual_vars, dual_params)

def optimize_dual(dual_vars_init: jnp.array, dual_params: DualParams,
                  bnds = None):

    return optimize(np.array(dual_vars_init),
                    dual_params, dual_obj, dual_grad,
                    num_iters = 50, bounds = bnds)

@jit
def trace_fgstate(parent_h: jnp.array):
    """
    Parameters
    ----------
    parent_h: Parent Hamiltonian of the f.g.s (Majorana rep.)

    Returns
    -------
    Trace of f.g.s.
    """
    N = parent_h.shape[0]//2
    w, v = jnp.linalg.eigh(1j * parent_h)

    positive_eigs = w[N:]

    return jnp.prod(jnp.exp(positive_eigs) + jnp.exp(-positive_eigs))

@jit
def unitary_on_fghamiltonian(s: jnp.array, h: jnp.array):
    """
    Parameters
    ----------
    s: Hamiltonian (from dual variable) to act on (Majorana representation)
    h: Generator of unitary (Majorana representation)

    Returns
    -------
    Majorana rep after unitary
    """
    w, v = jnp.linalg.eig(2 * h)

    exp_p2h = jnp.matmul(jnp.matmul(v, jnp.diag(jnp.exp(w))), jnp.conj(jnp.transpose(v)))
    exp_m2h = jnp.matmul(jnp.matmul(v, jnp.diag(jnp.exp(-w))), jnp.conj(jnp.transpose(v)))

    return jnp.matmul(jnp.matmul(exp_p2h, s), exp_m2h)

@partial(jit, static_argnums = (1,))
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

    for k in range(N):
        s_prime_zeroed_out = s_prime.at[k, :].set(jnp.zeros(2 * N))
        s_prime_zeroed_out = s_prime_zeroed_out.at[:, k].set(jnp.zeros(2 * N))
        s_prime_zeroed_out = s_prime_zeroed_out.at[k + N, :].set(jnp.zeros(2 * N))
        s_prime_zeroed_out = s_prime_zeroed_out.at[:, k + N].set(jnp.zeros(2 * N))

        s_prime = (1 - p) * s_prime + p * (s_prime_zeroed_out)

    return s_prime
