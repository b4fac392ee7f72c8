# Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/flow/flow.py
# Title: flow/flow.py (act65/flow)
# Cut: kept the Flow constructor (jit/vmap wrapping), trajectories, accumulate and the
#      push-forward log-prob; push_backward and the backward variants cut.
import jax.numpy as jnp
from jax import lax, jit, vmap

from utils import divergence
from integrators import get_integrator

class Flow():
    # a deterministic flow
    def __init__(self, velocity, n_steps, integrator_name='euler', velocity_params=None):
        self.n_steps = n_steps
        self.velocity = velocity
        self.velocity_params = velocity_params if velocity_params is not None else ()
        integrator = get_integrator(integrator_name)

        self.integrator_f = integrator(self.velocity)
        self.integrator_b = integrator(lambda x, t, *p: -self.velocity(x, 1.0 - t, *p))

        self.div_v = divergence(self.velocity, argnums=1)

        self.push_forward = jit(self.push_forward)

        # the batch versions
        self.b_push_forward = jit(vmap(self.push_forward, in_axes=(0, 0)))
        self.b_push_forward_log_prob = jit(vmap(self.push_forward_log_prob, in_axes=(0, 0)))

        self.forward = jit(self.forward)
        self.b_forward = jit(vmap(self.forward))
        self.b_forward_trajectory = vmap(self.forward_trajectory, in_axes=0)

    def forward(self, x_0, *args):
        params = args if args else self.velocity_params
        return self.integrator_f.solve(x_0, 0.0, 1.0, self.n_steps, None, *params)

    def forward_trajectory(self, x_0, *args):
        params = args if args else self.velocity_params
        return self.integrator_f.trajectory(x_0, 0.0, 1.0, self.n_steps, None, *params)

    def accumulate(self, xts, ts):
        dt = ts[1] - ts[0]
        def _body(n, acc_p_t):
            acc_p_tp1 = acc_p_t + dt * self.div_v(xts[n], ts[n])
            return acc_p_tp1

        acc_p_t = lax.fori_loop(0, self.n_steps, _body, 0.0)

        return -acc_p_t

    def push_forward(self, p_x_0, x_0):
        xts = self.forward_trajectory(x_0)
        ts = jnp.linspace(0, 1, self.n_steps+1)
        acc = self.accumulate(xts, ts)
        return jnp.exp(acc)*p_x_0, xts[-1]

    def push_forward_log_prob(self, logp_x_0, x_0):
        xts = self.forward_trajectory(x_0)
        ts = jnp.linspace(0, 1, self.n_steps+1)
        acc = self.accumulate(xts, ts)
        return acc + logp_x_0, xts[-1]
