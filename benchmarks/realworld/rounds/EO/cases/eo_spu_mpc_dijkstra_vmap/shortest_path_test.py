# Source: https://github.com/secretflow/spu/blob/84965d67d4737a81ff7ec96d214b927b7804b5a9/sml/sml/manifold/test/shortest_path_test.py
# Title: sml/sml/manifold/test/shortest_path_test.py (SPU sml)
# Cut: license header dropped; the Floyd half of the test removed; the vmapped Dijkstra traced by spsim.sim_jax kept.
import unittest

import jax
import jax.numpy as jnp
import numpy as np
from scipy.sparse.csgraph import shortest_path

import spu.libspu as libspu
import spu.utils.simulation as spsim
from sml.manifold.dijkstra import mpc_dijkstra


class UnitTests(unittest.TestCase):
    def test_shortest_path(self):
        sim = spsim.Simulator.simple(3, libspu.ProtocolKind.ABY3, libspu.FieldType.FM64)

        def dijkstra_all_pairs(D):
            num_samples = D.shape[0]

            def compute_distances_for_sample(i, D):
                return mpc_dijkstra(D, i)

            compute_distances = jax.vmap(
                compute_distances_for_sample, in_axes=(0, None)
            )

            indices = jnp.arange(num_samples)
            mpc_shortest_paths = compute_distances(indices, D)
            return mpc_shortest_paths

        num_samples = 20

        X = np.random.rand(num_samples, num_samples)
        X = (X + X.T) / 2
        X[X == 0] = np.inf
        np.fill_diagonal(X, 0)

        dijkstra_ans = spsim.sim_jax(sim, dijkstra_all_pairs)(X)


        # sklearn test
        sklearn_ans = shortest_path(X, method="D", directed=False)

        np.testing.assert_allclose(dijkstra_ans, sklearn_ans, rtol=0, atol=1e-3)


if __name__ == "__main__":
    unittest.main()
