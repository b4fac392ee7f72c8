# Source: https://github.com/haeggee/bacadi/blob/b2c27d5fc560f7e0ec2aa282cd2e0a0e6e8637ea/bacadi/eval/metrics.py
# Title: bacadi/eval/metrics.py (haeggee/bacadi)
# Cut: only expected_sid kept with the imports it uses; evaluation metric computed after inference.
from asyncio import FastChildWatcher
import warnings
from cdt.metrics import get_CPDAG
import causaldag
from jax import vmap
warnings.filterwarnings("ignore", message="No GPU automatically detected")

import jax.numpy as jnp
from jax.scipy.special import logsumexp

import numpy as onp
import cdt

from bacadi.utils.func import bit2id, id2bit, pairwise_structural_hamming_distance
from bacadi.utils.tree import tree_mul, tree_select
from bacadi.utils.graph import elwise_acyclic_constr_nograd


from sklearn import metrics as sklearn_metrics


def expected_sid(*, dist, g, use_cpdag=False, interv_targets=None):
    """
    Expected structural _interventional_ distance. Note that we drop cyclic graphs!
    Defined as 
        expected_sid = sum_G p(G | D)  SID(G, G*)

    Args:
        dist: log distribution tuple
        g: ground truth graph [d, d]

    Returns: 
        [1, ]
    """
    n_vars = g.shape[0]

    # convert graph ids to adjacency matrices
    id_particles, log_weights = dist
    particles = id2bit(id_particles, n_vars)

    if use_cpdag:
        # the particles already are CPDAGs of I-MEC
        # use I-MEC of GT graph
        if interv_targets is not None:
            gt = causaldag.classes.dag.DAG.from_amat(g)
            g = gt.interventional_cpdag(interv_targets,
                                        cpdag=gt.cpdag()).to_amat()[0]
        # use MEC of GT graph
        else:
            g = onp.array(get_CPDAG(onp.array(g))).astype(g.dtype)
        sids = []
        for g_ in onp.array(particles):
            sid_ = cdt.metrics.SID_CPDAG(target=g, pred=g_)
            # mean between upper and lower bound
            sids.append((float(sid_[0]) + float(sid_[1])) / 2)
        sids = jnp.array(sids)
    else:
        # select acyclic graphsinterv_target_list
        is_dag = elwise_acyclic_constr_nograd(particles, n_vars) == 0
        if is_dag.sum() == 0:
            # score as "wrong completely"
            return n_vars * (n_vars - 1)
        
        particles = particles[is_dag, :, :]
        log_weights = log_weights[is_dag] - logsumexp(log_weights[is_dag])
        g = onp.array(g)
        # compute sid for each graph
        sids = jnp.array([
            float(cdt.metrics.SID(target=g, pred=g_))
            for g_ in onp.array(particles)
        ])

    # expected SID = sum_G p(G) SID(G)
    log_expected_sid, log_expected_sid_sgn = logsumexp(
        log_weights, b=sids.astype(log_weights.dtype), axis=0, return_sign=True)

    expected_shd = log_expected_sid_sgn * jnp.exp(log_expected_sid)
    return expected_shd

