# Source: https://github.com/geomstats/geomstats/blob/4cb70b7cf49a785512479be69c941c297775c7e7/geomstats/geometry/riemannian_metric.py
# Title: geomstats/geometry/riemannian_metric.py (Riemannian and pseudo-Riemannian metrics)
# Cut: kept cometric_matrix, the autodiff metric derivative and christoffels; docstrings dropped

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
    def cometric_matrix(self, base_point=None):
        metric_matrix = self.metric_matrix(base_point)
        return gs.linalg.inv(metric_matrix)

    def inner_product_derivative_matrix(self, base_point=None):
        return gs.autodiff.jacobian_vec(self.metric_matrix)(base_point)

    def christoffels(self, base_point):
        cometric_mat_at_point = self.cometric_matrix(base_point)
        metric_derivative_at_point = self.inner_product_derivative_matrix(base_point)

        term_1 = gs.einsum(
            "...lk,...jli->...kij", cometric_mat_at_point, metric_derivative_at_point
        )
        term_2 = gs.einsum(
            "...lk,...lij->...kij", cometric_mat_at_point, metric_derivative_at_point
        )
        term_3 = -gs.einsum(
            "...lk,...ijl->...kij", cometric_mat_at_point, metric_derivative_at_point
        )

        return 0.5 * (term_1 + term_2 + term_3)
