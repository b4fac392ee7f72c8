# Source: https://github.com/probml/pyprobml/blob/a45c2a928f02cd768bd23f32b836d1f70e559481/notebooks/book2/08/ugm_inf_autodiff.ipynb
# Title: pyprobml, book2 (Probabilistic Machine Learning: Advanced Topics) ch. 8, ugm_inf_autodiff.ipynb "inference for UGM by autodiff"
# Cut: the second code cell, without the brute-force joint/sanity-check part
# inference for UGM by autodiff
# we consider a length 3 HMM with K states
# h1 - h2 - h3

import numpy as np  # original numpy
import jax.numpy as jnp
from jax import grad, jit, vmap

K = 2
nnodes = 3
edges = [[0, 1], [1, 2]]
nedges = len(edges)
np.random.seed(0)
nodePots = []
nodePotsLog = []
for i in range(nnodes):
    nodePot = np.random.rand(K)
    nodePots.append(nodePot)
    nodePotsLog.append(np.log(nodePot))
edgePots = []
edgePotsLog = []
for i in range(nedges):
    edgePot = np.random.rand(K, K)
    edgePots.append(edgePot)
    edgePotsLog.append(np.log(edgePot))


def compute_Z(nodePots):
    factors = [nodePots[0], nodePots[1], nodePots[2], edgePots[0], edgePots[1]]
    str = "A,B,C, AB,BC"
    Z = jnp.einsum(str, *factors)
    return Z


# Computes A(eta), where A=logZ and eta=logPot
def compute_logZ(nodePotsLog):
    nodePots = []
    for i in range(len(nodePotsLog)):
        nodePots.append(jnp.exp(nodePotsLog[i]))
    return jnp.log(compute_Z(nodePots))


# gg = grad(jnp.log())
g = grad(compute_logZ)(nodePotsLog)
margProbs = []
for i in range(nnodes):
    margProbs.append(np.array(g[i]))

# Super short version
logZ_fun = lambda logpots: jnp.log(jnp.einsum("A,B,C,AB,BC", *[jnp.exp(lp) for lp in logpots]))
logpots = nodePotsLog + edgePotsLog
logZ = logZ_fun(logpots)
probs = grad(logZ_fun)(logpots)
