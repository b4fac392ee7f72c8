# Source: https://github.com/geomstats/geomstats/blob/4cb70b7cf49a785512479be69c941c297775c7e7/geomstats/geometry/riemannian_metric.py
# Title: geomstats/geometry/riemannian_metric.py (Riemannian and pseudo-Riemannian metrics)
# Cut: kept the distance helpers (squared_dist, dist, dist_pairwise, diameter, closest_neighbor_index); docstrings dropped

from abc import ABC
import joblib
import geomstats.backend as gs
import geomstats.geometry as geometry
from geomstats.geometry.connection import Connection
from geomstats.vectorization import check_is_batch
EPSILON = 1e-4
N_CENTERS = 10
N_REPETITIONS = 20
N_MAX_ITERATIONS = 50000
N_STEPS = 10


class RiemannianMetric(Connection, ABC):
    def squared_dist(self, point_a, point_b, **kwargs):
        log = self.log(point=point_b, base_point=point_a, **kwargs)

        return self.squared_norm(vector=log, base_point=point_a)

    def dist(self, point_a, point_b, **kwargs):
        sq_dist = self.squared_dist(point_a, point_b, **kwargs)
        return gs.sqrt(sq_dist)

    def dist_pairwise(self, points, n_jobs=1, **joblib_kwargs):
        n_samples = points.shape[0]
        rows, cols = gs.triu_indices(n_samples)

        @joblib.delayed
        @joblib.wrap_non_picklable_objects
        def pickable_dist(x, y):
            return self.dist(x, y)

        pool = joblib.Parallel(n_jobs=n_jobs, **joblib_kwargs)
        out = pool(pickable_dist(points[i], points[j]) for i, j in zip(rows, cols))

        return geometry.symmetric_matrices.SymmetricMatrices.from_vector(gs.array(out))

    def diameter(self, points):
        diameter = 0.0
        n_points = points.shape[0]

        for i in range(n_points - 1):
            dist_to_neighbors = self.dist(points[i, :], points[i + 1 :, :])
            dist_to_farthest_neighbor = gs.amax(dist_to_neighbors)
            diameter = gs.maximum(diameter, dist_to_farthest_neighbor)

        return diameter

    def closest_neighbor_index(self, point, neighbors):
        n_points = point.shape[0] if gs.ndim(point) == gs.ndim(neighbors) else 1
        n_neighbors = neighbors.shape[0]

        if n_points > 1 and n_neighbors > 1:
            neighbors = gs.repeat(neighbors, n_points, axis=0)

            point = gs.concatenate([point for _ in range(n_neighbors)])

        closest_neighbor_index = gs.argmin(
            gs.transpose(
                gs.reshape(self.dist(point, neighbors), (n_neighbors, n_points)),
            ),
            axis=1,
        )

        if n_points == 1:
            return closest_neighbor_index[0]

        return closest_neighbor_index
