# Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/flow/integrators.py
# Title: flow/integrators.py (act65/flow)
# Cut: kept Integrator.solve/trajectory and the Euler step; RK4 and Euler-Maruyama cut.
import jax.numpy as jnp
from jax import lax, random, jit

from utils import scan_with_init_state

class Integrator():
    def __init__(self, ode, diffusion=None):
        self.ode = ode
        self.diffusion = diffusion

    def step(self, x, *args, **kwargs):
        raise NotImplementedError

    def solve(self, x_0, t0, t1, n_steps, key, *args):
        ts = jnp.linspace(t0, t1, n_steps + 1)
        dt = ts[1] - ts[0]
        if key is not None:
            keys = random.split(key, n_steps)
        else:
            keys = jnp.zeros((n_steps, 2), dtype=jnp.uint32)

        def step_fn(i, x):
            return self.step(x, ts[i], dt, keys[i], *args)

        return lax.fori_loop(0, n_steps, step_fn, x_0)

    def trajectory(self, x_0, t0, t1, n_steps, key, *args):
        ts = jnp.linspace(t0, t1, n_steps + 1)
        dt = ts[1] - ts[0]
        if key is not None:
            keys = random.split(key, n_steps)
        else:
            keys = jnp.zeros((n_steps, 2), dtype=jnp.uint32)

        def step_fn(x, i):
            return self.step(x, ts[i], dt, keys[i], *args)

        def scan_fn(acc, i):
            y = step_fn(acc, i)
            return y, y

        return scan_with_init_state(scan_fn, x_0, jnp.arange(n_steps + 1), length=n_steps + 1)


class Euler(Integrator):
    def step(self, x, t, dt, key, *args):
        return x + dt * self.ode(x, t, *args)


def get_integrator(name):
    if name == 'euler':
        return Euler
