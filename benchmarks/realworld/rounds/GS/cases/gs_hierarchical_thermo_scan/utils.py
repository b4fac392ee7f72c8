# Source: https://github.com/gshartnett/hierarchical/blob/9db5885f63154f4116be39f96eeed6e1bd91e29f/utils.py
# Title: utils.py (The Hierarchical Parity Model: A Computationally Tractable Spin-Glass)
# Cut: kept generate_couplings and the jitted thermodynamic and susceptibility functions the notebook calls;
#      the log-partition-function recursion they differentiate lives in another module here.
import numpy as onp #o for "old" or "original"
import jax.numpy as np
import jax
from jax import grad, jit

from hierarchical_lnz import log_partition_function


def generate_couplings(n, prob=0.5, sigma=0):
    couplings = {(k,p): (2**(k*sigma))*(2*onp.random.binomial(1, prob) - 1.0) for k in range(n+1) for p in range(1,2**(n-k)+1)}
    return np.asarray(list(couplings.values()))


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
def heat_capacity(beta, couplings):
    return beta**2 * d2lnZ_by_dbeta(beta, couplings)


@jit
def entropy(beta, couplings):
    return beta*(energy(beta, couplings) - free_energy(beta, couplings))


@jit
def d2lnZ_by_dJ(beta, couplings):
    return jax.jacfwd(grad(lambda x: log_partition_function(beta, x)[-1]))(couplings)


@jit
def chi_ij(beta, couplings):
    n = int(onp.log((len(couplings)+1)/2)/onp.log(2))
    return d2lnZ_by_dJ(beta, couplings)[0:2**n, 0:2**n]/beta**2
