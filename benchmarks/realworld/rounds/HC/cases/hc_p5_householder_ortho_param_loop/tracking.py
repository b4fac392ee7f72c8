# Source: https://github.com/spenrich/Learning-Control-Oriented-Structure/blob/654c78e16ef1c1e97418f87fa719fc8743a69a01/utils/tracking.py
# Title: utils/tracking.py (NeuralCCMController)
# Cut: kept the fields, the metric network, ccm() and loss_auxiliary(); the controller, caf and
#      closed-loop methods are shortened; eigvalh_max comes from utils/misc.py.
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array

from matrix_params import params_to_posdef, tri_size


def eigvalh_max(M):
    return jnp.linalg.eigvalsh(M)[-1]


class NeuralCCMController(eqx.Module):
    state_dim:              int = eqx.static_field()
    control_dim:            int = eqx.static_field()
    nn_metric:              eqx.nn.MLP
    nn_controller:          eqx.nn.MLP
    contraction_rate:       float = eqx.static_field()
    eig_lower:              float = eqx.static_field()
    eig_upper:              float = eqx.static_field()
    hard_eig_bound:         bool = eqx.static_field()

    def __init__(self, state_dim, control_dim, hidden_width, hidden_depth,
                 hidden_activation, contraction_rate=1., overshoot=10.,
                 eig_lower=0.1, hard_eig_bound=False, *, key):
        self.state_dim = state_dim
        self.control_dim = control_dim
        self.contraction_rate = contraction_rate
        self.eig_lower = eig_lower
        self.eig_upper = (max(1., overshoot)**2) * eig_lower
        self.hard_eig_bound = hard_eig_bound
        n, m = state_dim, control_dim
        key_metric, key_ctrl = jax.random.split(key, 2)
        output_dim = tri_size(n) if hard_eig_bound else n**2
        self.nn_metric = eqx.nn.MLP(n, output_dim, hidden_width,
                                    hidden_depth, hidden_activation,
                                    key=key_metric)
        self.nn_controller = eqx.nn.MLP(2*n, n*m, hidden_width, hidden_depth,
                                        hidden_activation, key=key_ctrl)

    def __call__(self, x: Array, x_ref: Array, u_ref: Array) -> Array:
        y = self.nn_controller(jnp.concatenate([x, x_ref]))
        K = jnp.reshape(y, (self.control_dim, self.state_dim))
        return u_ref + K@(x - x_ref)

    def closed_loop(self, x, x_ref, u_ref):
        return -x + jnp.pad(self.__call__(x, x_ref, u_ref),
                            (0, self.state_dim - self.control_dim))

    def ccm(self, x: Array) -> Array:
        """Evaluate the estimated CCM `M(x)` at state `x`."""
        x = jnp.atleast_1d(x)
        y = self.nn_metric(x)
        if self.hard_eig_bound:
            M = params_to_posdef(y, method='householder',
                                 eig_lower=self.eig_lower,
                                 eig_upper=self.eig_upper)
        else:
            L = jnp.reshape(y, (self.state_dim, self.state_dim))
            M = L@L.T + self.eig_lower*jnp.eye(self.state_dim)
        return M

    def loss_auxiliary(self, x: Array, u: Array, x_ref: Array, u_ref: Array):
        """Compute the loss for training this controller."""
        x_dot = self.closed_loop(x, x_ref, u_ref)
        M, M_dot = jax.jvp(self.ccm, (x,), (x_dot,))
        A = jax.jacfwd(self.closed_loop)(x, x_ref, u_ref)
        MA = M@A
        C = M_dot + (MA + MA.T) + 2*self.contraction_rate*M
        loss = jnp.maximum(0., eigvalh_max(C))
        if not self.hard_eig_bound:
            loss += jnp.maximum(0., eigvalh_max(M) - self.eig_upper)
        return loss
