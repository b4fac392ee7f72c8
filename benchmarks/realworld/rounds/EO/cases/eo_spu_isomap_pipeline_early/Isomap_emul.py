# Source: https://github.com/secretflow/spu/blob/c18d77356c8112d4f23e4aae37cc50b1f81a333f/sml/manifold/emulations/Isomap_emul.py
# Title: sml/manifold/emulations/Isomap_emul.py (SPU, commit "problem_jacobi", 2024-11-12)
# Cut: license header, the commented-out Dijkstra variant, printing and the sklearn comparison dropped;
#      the traced pipeline and the emulator.run call (SPU traces the function with JAX and compiles it) kept.
import jax
import jax.numpy as jnp
import numpy as np

import sml.utils.emulation as emulation
from sml.manifold.kneighbors import mpc_kneighbors_graph
from sml.manifold.MDS import mds
from sml.manifold.floyd import floyd_opt


def emul_cpz(mode: emulation.Mode.MULTIPROCESS):
    try:
        emulator = emulation.Emulator(
            emulation.CLUSTER_ABY3_3PC, mode, bandwidth=300, latency=20
        )
        emulator.up()

        def mpc_isomap_floyd(
            sX,
            mpc_dist_inf,
            mpc_shortest_paths,
            num_samples,
            num_features,
            k,
            num_components,
        ):
            Knn = mpc_kneighbors_graph(sX, num_samples, num_features, k)
            mpc_shortest_paths = floyd_opt(Knn)
            B, ans, values, vectors = mds(
                mpc_shortest_paths, num_samples, num_components
            )
            return Knn, mpc_shortest_paths, B, ans, values, vectors

        num_samples = 6
        num_features = 3
        k = 3
        num_components = 2
        X = jnp.array(
            [
                [0.122, 0.114, 0.64],
                [0.136, 0.204, 0.25],
                [0.11, 0.145, 0.24],
                [0.16, 0.81, 0.91],
                [0.209, 0.122, 0.76],
                [0.148, 0.119, 0.15],
            ]
        )
        dist_inf = jnp.full(num_samples, np.inf)
        shortest_paths = jnp.zeros((num_samples, num_samples))

        sX, mpc_dist_inf, mpc_shortest_paths = emulator.seal(
            X, dist_inf, shortest_paths
        )
        Knn, mpc_shortest_paths, B, ans, values, vectors = emulator.run(
            mpc_isomap_floyd, static_argnums=(3, 4, 5, 6)
        )(
            sX,
            mpc_dist_inf,
            mpc_shortest_paths,
            num_samples,
            num_features,
            k,
            num_components,
        )
        return ans
    finally:
        emulator.down()


if __name__ == "__main__":
    emul_cpz(emulation.Mode.MULTIPROCESS)
