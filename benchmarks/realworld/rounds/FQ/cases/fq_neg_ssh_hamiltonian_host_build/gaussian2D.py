# Source: https://github.com/Sattwik/Quantum-circuit-bounds/blob/4753ac8aeac878b51a71b1fbe08f22792d43785b/fermions/gaussian2D.py
# Title: fermions/gaussian2D.py
# Cut: optimisation wrappers, circuit/dual classes and the other random Hamiltonian generators cut;
#      the neighbour tables, the 2D SSH Hamiltonian and one random nearest-neighbour generator kept.
from typing import List, Tuple, Callable, Dict

import numpy as np
import jax
import jax.numpy as jnp

def k_neighbors(k: int, M: int, N: int):
    """
    k: interaction range
    M, N: lattice dims
    """

    neighbors_list = []

    for s in range(M * N):
        i_0 = s//N
        j_0 = s%N

        neighbors_of_s = [s]

        for i in range(i_0 - k, i_0 + k + 1):
            for j in range(j_0 - k, j_0 + k + 1):
                if (np.abs(i - i_0) + np.abs(j - j_0) <= k) and \
                   0 <= i < M and \
                   0 <= j < N and \
                   s != N * i + j:
                    neighbors_of_s.append(N * i + j)

        neighbors_list.append(neighbors_of_s)

    return neighbors_list

def upper_tri_indices_to_fill(k: int, M: int, N: int):
    neighbors_list = k_neighbors(k, M, N)

    row_indices = []
    col_indices = []

    for neighbors in neighbors_list:
        s_0 = neighbors[0]

        for s in neighbors[1:]:
            if s > s_0:
                row_indices.append(s_0)
                col_indices.append(s)

            # row_indices.append(s)
            # col_indices.append(s_0)

    return (jnp.array(row_indices), jnp.array(col_indices))

#--------------------------------------------------#
#-------------------- FGS tools -------------------#
#--------------------------------------------------#

def ssh(N: int, alpha1: float, alpha2: float, beta1: float, beta2: float):

    hxp = jnp.zeros((N * N, N * N))

    for s in range(N * N):
        i = s//N
        j = s%N
        s_hor_neighbor = s + 1
        s_ver_neighbor = s + N

        if 0 <= j < N-1:
            if j % 2 == 0: 
                hxp = hxp.at[s, s_hor_neighbor].set(alpha1)
                hxp = hxp.at[s_hor_neighbor, s].set(alpha1)
            else:
                hxp = hxp.at[s, s_hor_neighbor].set(alpha2)
                hxp = hxp.at[s_hor_neighbor, s].set(alpha2)
        
        if 0 <= i < N-1:
            if i % 2 == 0: 
                hxp = hxp.at[s, s_ver_neighbor].set(beta1)
                hxp = hxp.at[s_ver_neighbor, s].set(beta1)
            else:
                hxp = hxp.at[s, s_ver_neighbor].set(beta2)
                hxp = hxp.at[s_ver_neighbor, s].set(beta2)

    zer = jnp.zeros((N * N, N * N))
    h = jnp.block([[zer, hxp],
                  [-hxp.T, zer]])
    
    return h

def random_2D_NN_ver_odd_normal_hamiltonian_majorana(N: int, key: jnp.array):
    """
    Parameters
    ----------
    N, N: size of lattice

    Returns
    -------
    A random k-local f.g.h. (2NN x 2NN) in Majorana representation
    """

    neighbors_list = []

    for s in range(0, N * N):
        i = s//N
        j = s%N

        if i%2 != 0 and i != N-1:
            neighbors_of_s = [s, N * (i + 1) + j]
            neighbors_list.append(neighbors_of_s)

    row_indices = []
    col_indices = []

    for neighbors in neighbors_list:
        s_0 = neighbors[0]
        for s in neighbors[1:]:
            if s > s_0:
                row_indices.append(s_0)
                col_indices.append(s)

    utri_indices = (jnp.array(row_indices), jnp.array(col_indices))
    utri_rows, utri_cols = utri_indices
    ltri_indices = (utri_cols, utri_rows)
    diag_indices = jnp.diag_indices(N * N)

    num_utri_elements = len(utri_indices[0])
    num_diag_elements = N * N

    hxx = jnp.zeros((N*N, N*N))
    key, subkey = jax.random.split(key)
    hxx = hxx.at[utri_indices].set(jax.random.normal(subkey, (num_utri_elements,)))
    hxx = hxx - hxx.T

    hpp = jnp.zeros((N*N, N*N))
    key, subkey = jax.random.split(key)
    hpp = hpp.at[utri_indices].set(jax.random.normal(subkey, (num_utri_elements,)))
    hpp = hpp - hpp.T

    hxp = jnp.zeros((N*N, N*N))
    key, subkey = jax.random.split(key)
    hxp = hxp.at[utri_indices].set(jax.random.normal(subkey, (num_utri_elements,)))
    key, subkey = jax.random.split(key)
    hxp = hxp.at[ltri_indices].set(jax.random.normal(subkey, (num_utri_elements,)))
    key, subkey = jax.random.split(key)
    hxp = hxp.at[diag_indices].set(jax.random.normal(subkey, (num_diag_elements,)))

    h = jnp.block([[hxx, hxp],
                  [-hxp.T, hpp]])

    return h, key

