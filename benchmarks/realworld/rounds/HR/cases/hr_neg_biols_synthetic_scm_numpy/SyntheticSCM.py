# Source: https://github.com/jithendaraa/biols/blob/11ee50da0c2b7087083b7dc273669e020c073609/modules/SyntheticSCM.py
# Title: modules/SyntheticSCM.py (jithendaraa/biols)
# Cut: SyntheticSCM keeps simulate_sem, sample_z_given_noise and intervene_sem; __init__, DAG simulation, nonlinear-SCM set-up
#      and LinearGaussianColorSCM removed. Data generation run once before training.
import logging
import numpy as np
import networkx as nx
import haiku as hk
import jax
import jax.numpy as jnp
import pdb

class SyntheticSCM(object):
    _logger = logging.getLogger(__name__)
    def simulate_sem(
        W, n,
        sem_type,
        sigmas=None,
    ) -> np.ndarray:
        """Simulate samples from SEM withsample specified type of noise.
        Args:
            W: weigthed DAG
            n: number of samples
            sem_type: {linear-gauss,linear-exp,linear-gumbel}
        Returns:
            X: [n,d] sample matrix
        """
        G = nx.DiGraph(W)
        d = W.shape[0]
        X = np.zeros([n, d], dtype=np.float64)

        ordered_vertices = list(nx.topological_sort(G))
        assert len(ordered_vertices) == d
        
        for j in ordered_vertices:
            parents = list(G.predecessors(j))
            eta = X[:, parents].dot(W[parents, j])
            if sem_type == "linear-gauss":
                X[:, j] = eta + np.random.normal(scale=sigmas[j], size=n)

        return X

    def sample_z_given_noise(self, noise, W, sem_type, interv_targets=None, interv_noise=None, interv_values=None, 
        edge_threshold=0.3):
        """
            TODO
        """
        assert edge_threshold == 0.3

        if interv_targets is None:
            interv_targets = np.zeros_like(noise)
        
        if interv_noise is None:
            interv_noise = np.zeros_like(noise)
        
        if interv_values is None:
            interv_values = np.zeros_like(noise)

        graph_structure = np.where(np.abs(W) < edge_threshold, 0, 1)
        W = np.multiply(W, graph_structure)
        rng_key = jax.random.PRNGKey(self.data_seed)

        G = nx.DiGraph(W)
        n, d = noise.shape
        Z = np.zeros([n, d], dtype=np.float64)
        ordered_vertices = list(nx.topological_sort(G))
        assert len(ordered_vertices) == d

        for j in ordered_vertices:
            Z[:, j] = (interv_values[:, j] + interv_noise[:, j]) * interv_targets[:, j].astype(int) 
            parents = list(G.predecessors(j))
            if sem_type == "linear-gauss":
                eta = Z[:, parents].dot(W[parents, j]) # (n, )
            elif sem_type == 'nonlinear-gauss':
                # For each sample, retain values of the parents of node j and zero out the rest
                masked_z = jnp.multiply(Z, graph_structure[:, j][None, :]) # (n, d)

                if len(parents) == 0:
                    eta = jnp.zeros_like(noise[:, j])
                else:
                    nonlinear_scm_mlp_params = self.nonlinear_scm_params[j]
                    nonlinear_scm_mlp = self.nonlinear_scm_layers[j]
                    eta = nonlinear_scm_mlp.apply(nonlinear_scm_mlp_params, rng_key, rng_key, masked_z).squeeze() # (n, )
            else:
                raise ValueError

            # For unintervened nodes j, set their value as z_j = f(parents(z_j)) + noise
            # Here, f can be linear or nonlinear
            non_interventions_mask = 1.0 - interv_targets[:, j].astype(int)
            Z[:, j] += (eta + noise[:, j]) * non_interventions_mask
        
        return Z

    @staticmethod
    def intervene_sem(
        W, n, sem_type, sigmas=None, idx_to_fix=None, values_to_fix=None,
    ):
        """Simulate samples from SEM with specified type of noise.
        Args:
            W: weigthed DAG
            n: number of samples
            sem_type: {linear-gauss,linear-exp,linear-gumbel}
            idx_to_fix: intervened node or list of intervened nodes
            values_to_fix: intervened values
        Returns:
            X: [n,d] sample matrix
        """
        G = nx.DiGraph(W)
        d = W.shape[0]
        X = np.zeros([n, d])
        if len(sigmas) == 1:
            sigmas = np.ones(d) * sigmas

        ordered_vertices = list(nx.topological_sort(G))
        assert len(ordered_vertices) == d

        for j in ordered_vertices:
            parents = list(G.predecessors(j))

            if isinstance(idx_to_fix, int) and j == idx_to_fix:
                X[:, j] = values_to_fix[:, j]
            elif len(np.argwhere(idx_to_fix == j)) > 0:
                X[:, j] = values_to_fix[:, j]
            else:
                eta = X[:, parents].dot(W[parents, j])
                if sem_type == "linear-gauss":
                    X[:, j] = eta + np.random.normal(scale=sigmas[j], size=n)
                elif sem_type == "linear-exp":
                    X[:, j] = eta + np.random.exponential(scale=sigmas[j], size=n)
                elif sem_type == "linear-gumbel":
                    X[:, j] = eta + np.random.gumbel(scale=sigmas[j], size=n)
                else:
                    raise ValueError("Unknown sem type")

        return X


