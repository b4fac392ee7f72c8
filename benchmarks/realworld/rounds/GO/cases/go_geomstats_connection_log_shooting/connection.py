# Source: https://github.com/geomstats/geomstats/blob/fe0ca52fbaade469655a1194b6db58afac8e5a37/geomstats/geometry/connection.py
# Title: geomstats/geometry/connection.py (Affine connections)
# Cut: kept the geodesic equation, exp, log (shooting with value_and_grad) and geodesic; dropped docstrings, ladders and curvature

from scipy.optimize import minimize
import geomstats.backend as gs
import geomstats.errors
import geomstats.vectorization
from geomstats.integrator import integrate
N_STEPS = 10
EPSILON = 1e-3


class Connection:
    def geodesic_equation(self, position, velocity):
        gamma = self.christoffels(position)
        equation = gs.einsum(
            '...kij,...i->...kj', gamma, velocity)
        equation = - gs.einsum(
            '...kj,...j->...k', equation, velocity)
        return velocity, equation

    def exp(self, tangent_vec, base_point, n_steps=N_STEPS, step='euler',
            point_type=None, **kwargs):
        initial_state = (base_point, tangent_vec)
        flow, _ = integrate(self.geodesic_equation, initial_state,
                            n_steps=n_steps, step=step)

        exp = flow[-1]
        return exp

    def log(self, point, base_point, n_steps=N_STEPS, step='euler',
            max_iter=25, verbose=False, tol=1e-6):
        max_shape = point.shape if point.ndim == 3 else base_point.shape

        def objective(velocity):
            velocity = gs.array(velocity)
            velocity = gs.cast(velocity, dtype=base_point.dtype)
            velocity = gs.reshape(velocity, max_shape)
            delta = self.exp(velocity, base_point, n_steps, step) - point
            return gs.sum(delta ** 2)

        objective_with_grad = gs.autograd.value_and_grad(objective)
        tangent_vec = gs.flatten(gs.random.rand(*max_shape))
        res = minimize(
            objective_with_grad, tangent_vec, method='L-BFGS-B', jac=True,
            options={'disp': verbose, 'maxiter': max_iter}, tol=tol)

        tangent_vec = gs.array(res.x)
        tangent_vec = gs.reshape(tangent_vec, max_shape)
        return tangent_vec

    def geodesic(self, initial_point,
                 end_point=None, initial_tangent_vec=None,
                 point_type=None):
        if point_type is None:
            point_type = self.default_point_type
        geomstats.errors.check_parameter_accepted_values(
            point_type, 'point_type', ['vector', 'matrix'])

        if end_point is None and initial_tangent_vec is None:
            raise ValueError('Specify an end point or an initial tangent '
                             'vector to define the geodesic.')
        if end_point is not None:
            shooting_tangent_vec = self.log(
                point=end_point, base_point=initial_point)
            if initial_tangent_vec is not None:
                if not gs.allclose(shooting_tangent_vec, initial_tangent_vec):
                    raise RuntimeError(
                        'The shooting tangent vector is too'
                        ' far from the input initial tangent vector.')
            initial_tangent_vec = shooting_tangent_vec

        if point_type == 'vector':
            initial_point = gs.to_ndarray(initial_point, to_ndim=2)
            initial_tangent_vec = gs.to_ndarray(
                initial_tangent_vec, to_ndim=2)

        else:
            initial_point = gs.to_ndarray(initial_point, to_ndim=3)
            initial_tangent_vec = gs.to_ndarray(
                initial_tangent_vec, to_ndim=3)
        n_initial_conditions = initial_tangent_vec.shape[0]

        def path(t):
            t = gs.array(t, gs.float32)
            t = gs.to_ndarray(t, to_ndim=1)
            if point_type == 'vector':
                tangent_vecs = gs.einsum(
                    'i,...k->...ik', t, initial_tangent_vec)
            else:
                tangent_vecs = gs.einsum(
                    'i,...kl->...ikl', t, initial_tangent_vec)

            points_at_time_t = [
                self.exp(tv, pt) for tv,
                pt in zip(tangent_vecs, initial_point)]
            points_at_time_t = gs.stack(points_at_time_t, axis=1)

            return points_at_time_t[:, 0] if n_initial_conditions == 1 else \
                points_at_time_t
        return path
