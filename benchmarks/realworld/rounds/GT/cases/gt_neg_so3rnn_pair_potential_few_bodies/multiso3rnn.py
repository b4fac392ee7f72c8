# Source: https://github.com/oswinso/learning_non_euclidean_hamiltonian/blob/82ef24751841de8fac7bb2e572fe2c419b863c3b/models/multiso3rnn.py
# Title: models/multiso3rnn.py
# Cut: kept the mass table (which fixes n_bodies <= 3), the haiku module method that calls analytical_V,
#      the hk.grad of the potential and the hk.multi_transform wrapper; networks, inertia tensors and the
#      SO(3) update terms are reduced to what these calls need.
import haiku as hk
import jax.numpy as jnp

from mutliso3rnn_util import analytical_V


class MultiSO3RNN(hk.Module):
    def __init__(self, n_bodies: int, name=None):
        super().__init__(name=name)
        self.n_bodies = n_bodies

    @staticmethod
    def get_masses(n_bodies: int):
        # # TRAPPIST-1
        # positive_masses = jnp.array([0.08, 2.97733e-06])

        # # Sun-Earth-Moon
        # positive_masses = jnp.array([1.0, 3.00329789031572885969e-06, 3.69566879083389693169e-08])

        # Toy
        positive_masses = jnp.array([0.1, 5e-05])

        return positive_masses[:n_bodies]

    def get_Js(self, n_bodies: int):
        return jnp.tile(jnp.eye(3)[None], (n_bodies, 1, 1)) * 1e-6

    def analytical_V(self, q, R, rigid_trace: bool = False, rigid_full: bool = False):
        n_bodies, _ = q.shape
        mass = self.get_masses(n_bodies)
        Js = self.get_Js(n_bodies)
        return analytical_V(q, R, mass, Js, rigid_trace, rigid_full)

    def get_V(self, q, R):
        return self.analytical_V(q, R, rigid_trace=True, rigid_full=True)

    def get_dV_dq(self, q, R):
        n_bodies, _ = q.shape
        dV_dq = hk.grad(self.get_V, argnums=0)(q, R)
        assert dV_dq.shape == (n_bodies, 3)
        return dV_dq


def get_model(n_bodies: int):
    def _model():
        net = MultiSO3RNN(n_bodies)

        def init(q, R):
            return net.get_dV_dq(q, R)

        return init, (net.get_V, net.get_dV_dq)

    return hk.without_apply_rng(hk.multi_transform(_model))
