# Source: https://github.com/secretflow/spu/blob/84965d67d4737a81ff7ec96d214b927b7804b5a9/sml/sml/manifold/isomap.py
# Title: sml/sml/manifold/isomap.py (SPU sml)
# Cut: license header and docstrings dropped; the class reduced to the methods on the traced path.
import jax
import jax.numpy as jnp

from sml.manifold.floyd import floyd_opt
from sml.manifold.jacobi import Jacobi
from sml.manifold.kneighbors import mpc_kneighbors_graph


class ISOMAP:
    def __init__(self, n_components, n_neighbors, n_samples, n_features, max_iterations=5):
        self.n_components = n_components
        self.n_neighbors = n_neighbors
        self.n_samples = n_samples
        self.n_features = n_features
        self.max_iterations = max_iterations

    def _get_knn_matrix(self, X):
        self.nbrs_ = mpc_kneighbors_graph(X, self.n_neighbors)
        return self.nbrs_

    def _get_shortest_paths(self):
        self.nbrs_ = (self.nbrs_ == 0) * jnp.inf + self.nbrs_
        self.nbrs_ = jnp.where(jnp.eye(self.nbrs_.shape[0]), 0, self.nbrs_)
        flag = self.nbrs_ <= self.nbrs_.T
        self.nbrs_ = flag * self.nbrs_ + (1 - flag) * self.nbrs_.T

        # Compute the shortest path distances using the Floyd-Warshall algorithm
        self.dist_matrix_ = floyd_opt(self.nbrs_)
        return self.dist_matrix_

    def mds(self):
        D_2 = jnp.square(self.dist_matrix_)
        B = -0.5 * D_2
        dist_2_i = jnp.sum(B, axis=1) / self.n_samples
        dist_2_j = dist_2_i.T
        dist_2 = jnp.sum(dist_2_i) / (self.n_samples)
        B = B - dist_2_i[:, None] - dist_2_j[None, :] + dist_2

        # Compute eigenvalues and eigenvectors
        values, vectors = Jacobi(B, self.max_iterations)

        values = jnp.diag(values)
        vectors = vectors.T
        values_rows = jnp.tile(values, (self.n_samples, 1))
        values = jax.lax.sort(values)
        vectors = jax.lax.sort(
            operand=(values_rows, vectors), dimension=-1, num_keys=1
        )[1]
        vectors = vectors[:, self.n_samples - self.n_components : self.n_samples]
        values = values[self.n_samples - self.n_components : self.n_samples]
        values = jnp.diag(jnp.sqrt(values))
        self.embedding_ = jnp.dot(vectors, values)[:, ::-1]
        return self.embedding_

    def fit(self, X):
        self._get_knn_matrix(X)
        self._get_shortest_paths()
        self.mds()
        return self

    def fit_transform(self, X):
        self.fit(X)
        return self.embedding_
