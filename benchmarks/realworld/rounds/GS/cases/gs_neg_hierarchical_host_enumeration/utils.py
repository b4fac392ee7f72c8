# Source: https://github.com/gshartnett/hierarchical/blob/9db5885f63154f4116be39f96eeed6e1bd91e29f/utils.py
# Title: utils.py (The Hierarchical Parity Model: A Computationally Tractable Spin-Glass)
# Cut: kept the exact-enumeration helpers (all 2**N states, recursive energies, spectrum) and the
#      dictionary-based parity recursion used for plots; docstrings dropped. These run in plain
#      Python/NumPy; the jitted versions live elsewhere in the file.
from itertools import product
from collections import Counter
import numpy as onp #o for "old" or "original"
import jax.numpy as np


def compute_states(n):
    N = 2**n
    return ["".join(str(bit) for bit in bits) for bits in product([0, 1], repeat=N)]


def compute_parity(state):
    if len(state) > 1:
        return -(2*(state.count('1') % 2) - 1)
    if state == '0':
        return -1
    return 1


def split_list(array):
    len_array = len(array)
    len_half = int(len_array/2)
    return array[:len_half], array[len_array-len_half:]


def split_state(state):
    len_array = len(state)
    len_half = int(len_array/2)
    return state[:len_half], state[len_array-len_half:]


def compute_energy(state, coupling):
    assert len(coupling) == 2*len(state) - 1
    if len(state) == 1:
        return -coupling[0]*compute_parity(state)
    coupling_left, coupling_right = split_list(coupling[1:])
    state_left, state_right = split_state(state)
    return (
        -coupling[0]*compute_parity(state)
        + compute_energy(state_left, coupling_left)
        + compute_energy(state_right, coupling_right)
    )


def compute_spectrum(couplings):
    num_spins = (len(couplings) + 1)//2
    n = int(np.log(num_spins)/np.log(2))
    states = compute_states(n)
    return Counter([compute_energy(s, couplings) for s in states])


def find_parities_dic(beta, couplings):
    num_spins = (len(couplings)+1)//2
    n = int(onp.log(num_spins)/onp.log(2))
    parities = {(k,p):0 for k in range(n+1) for p in range(1,2**(n-k)+1)}

    for k in range(0, n+1):
        for p in range(1,2**(n-k)+1):

            betaJ = beta*couplings[k,p]

            if k == 0:
                parities[k,p] = onp.tanh(betaJ)
            else:
                parities[k,p] = (onp.sinh(betaJ) + onp.cosh(betaJ)*parities[k-1,2*p-1]*parities[k-1,2*p])
                parities[k,p] /= (onp.cosh(betaJ) + onp.sinh(betaJ)*parities[k-1,2*p-1]*parities[k-1,2*p])

    return parities
