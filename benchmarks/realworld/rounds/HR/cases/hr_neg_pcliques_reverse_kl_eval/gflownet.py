# Source: https://github.com/CristianManta/partial-cliques/blob/5346e30dbc79d29824bab41bdcdea6a5f347a765/dag_gflownet/gflownet.py
# Title: dag_gflownet/gflownet.py (CristianManta/partial-cliques)
# Cut: only compute_reverse_kl kept (an evaluation metric called from the training script after sampling, outside jit).
import jax.numpy as jnp
import jax
import haiku as hk
import optax
import numpy as np

from functools import partial
from jax import grad, random, jit, nn


class DAGGFlowNet:
    def compute_reverse_kl(
        self, full_observations, full_cliques, traj_pf, log_marginal, ugm_model
    ):
        # compute the reverse KL(GFN || GT)
        assert full_observations.shape[0] == traj_pf.shape[0]
        assert full_observations.shape[0] == log_marginal.shape[0]
        factors = ugm_model.get_factors()
        # for every sample, compute the likelihood under the ugm_model
        kl_terms = []
        for i in range(full_observations.shape[0]):
            # for every factor, compute the associated clique potential
            total_log_potential = 0
            for c_ind, factor in enumerate(factors):
                total_log_potential += np.log(
                    factor.values[
                        tuple(
                            full_observations[i][
                                np.array(sorted(list(full_cliques[c_ind])))
                            ]
                        )
                    ]
                )
            # store the KL term
            kl_terms.append(traj_pf[i] + log_marginal - total_log_potential)
            # + np.log(ugm_model.get_partition_function())
        return jnp.mean(jnp.array(kl_terms))

