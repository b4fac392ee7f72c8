# Source: https://github.com/gshartnett/hierarchical/blob/9db5885f63154f4116be39f96eeed6e1bd91e29f/utils.py
# Title: utils.py (The Hierarchical Parity Model: A Computationally Tractable Spin-Glass)
# Cut: kept index_dictionaries, the jitted parity and log-partition-function recursions and the
#      jitted derivatives built on them; dropped the exact-enumeration helpers, the ground-state
#      code and the long numpy-style docstrings.
import numpy as onp #o for "old" or "original"
import jax.numpy as np
import jax
from jax import grad, jit


def index_dictionaries(n):
    i = 0
    i_to_kp = {}
    kp_to_i = {}
    for k in range(0, n+1):
        for p in range(1, 2**(n-k)+1):
            i_to_kp[i] = (k,p)
            kp_to_i[(k,p)] = i
            i += 1
    return i_to_kp, kp_to_i


@jit
def find_parities(beta, couplings):
    """
    Using the recursion relation, compute the parities at
    all levels in the hierarchical tree.
    Note: this is rather slow
    """
    num_spins = (len(couplings)+1)//2
    n = int(onp.log(num_spins)/onp.log(2))
    _, kp_to_i = index_dictionaries(n)
    parities = np.zeros(len(couplings))

    ## loop over the (k,p) coordinates
    for k in range(0, n+1):
        for p in range(1,2**(n-k)+1):

            ## the traversal order index of the node (k,p)
            i = kp_to_i[(k,p)]

            betaJ = beta*couplings[i]

            if k == 0:
                new_value = np.tanh(betaJ)
                #parities = ops.index_update(parities, i, new_value)
                parities = parities.at[i].set(new_value)
            else:
                i_left = kp_to_i[(k-1,2*p-1)]
                i_right = kp_to_i[(k-1,2*p)]
                new_value = (np.sinh(betaJ) + np.cosh(betaJ)*parities[i_left]*parities[i_right])
                new_value /= (np.cosh(betaJ) + np.sinh(betaJ)*parities[i_left]*parities[i_right])
                #parities = ops.index_update(parities, i, new_value)
                parities = parities.at[i].set(new_value)

    return parities


@jit
def log_partition_function(beta, couplings):
    """
    Using the recursion relation, compute the log partition function.
    Note: this is rather slow.
    """
    num_spins = (len(couplings)+1)//2
    n = int(onp.log(num_spins)/onp.log(2))
    _, kp_to_i = index_dictionaries(n)
    parities = find_parities(beta, couplings)
    lnZ = np.zeros(len(parities))

    ## loop over the (k,p) node coordinates
    for k in range(0, n+1):
        for p in range(1, 2**(n-k)+1):

            i = kp_to_i[(k,p)]
            betaJ = beta*couplings[i]

            if k == 0:
                new_value = np.log(2*np.cosh(betaJ))
                #lnZ = ops.index_update(lnZ, i, new_value)
                lnZ = lnZ.at[i].set(new_value)
            else:
                i_left = kp_to_i[(k-1,2*p-1)]
                i_right = kp_to_i[(k-1,2*p)]
                new_value = (
                    lnZ[i_left] + lnZ[i_right]
                    + np.log(np.cosh(betaJ) + parities[i_left]*parities[i_right]*np.sinh(betaJ))
                )
                #lnZ = ops.index_update(lnZ, i, new_value)
                lnZ = lnZ.at[i].set(new_value)
    return lnZ


@jit
def dlnZ_by_dJ(beta, couplings):
    return grad(lambda x: log_partition_function(beta, x)[-1])(couplings)


@jit
def dlnZ_by_dbeta(beta, couplings):
    return grad(lambda x: log_partition_function(x, couplings)[-1])(beta)


@jit
def d2lnZ_by_dbeta(beta, couplings):
    return grad(lambda x: dlnZ_by_dbeta(x, couplings))(beta)


@jit
def free_energy(beta, couplings):
    return - log_partition_function(beta, couplings)[-1]/beta


@jit
def energy(beta, couplings):
    return - dlnZ_by_dbeta(beta, couplings)


@jit
def d2lnZ_by_dJ(beta, couplings):
    return jax.jacfwd(grad(lambda x: log_partition_function(beta, x)[-1]))(couplings)
