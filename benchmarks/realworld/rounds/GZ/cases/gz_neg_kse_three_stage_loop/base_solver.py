# Source: https://github.com/schilln/research-data-assimilation/blob/879f2233341b06f3bb1ff59541a4aef9a493df0f/base_solver.py
# Title: base_solver.py (Solver base classes: jitted step functions driven by lax.fori_loop)
# Cut: kept Solver.__init__ (jit of the step) and SinglestepSolver.solve; multistep solvers dropped;
#      _init_solve reconstructed in two lines.
from collections.abc import Callable

import jax
from jax import lax, numpy as jnp

jndarray = jnp.ndarray


class Solver:
    def __init__(self, system):
        self._system = system
        self._step = self._step_factory()
        self.step = jax.jit(self._step)

    def _step_factory(self) -> Callable:
        raise NotImplementedError()

    def _init_solve(self, true0, nudged0, t0, tf, dt):
        tls = jnp.arange(t0, tf, dt)
        true = jnp.full((len(tls), *true0.shape), jnp.inf, dtype=true0.dtype).at[0].set(true0)
        nudged = jnp.full((len(tls), *nudged0.shape), jnp.inf, dtype=nudged0.dtype).at[0].set(nudged0)
        return true, nudged, tls

    system = property(lambda self: self._system)


class SinglestepSolver(Solver):
    def solve(
        self,
        true0: jndarray,
        nudged0: jndarray,
        t0: float,
        tf: float,
        dt: float,
    ) -> tuple[jndarray, jndarray, jndarray]:
        true, nudged, tls = self._init_solve(true0, nudged0, t0, tf, dt)

        (true, nudged), _ = lax.fori_loop(
            1, len(true), self.step, ((true, nudged), (dt, self.system.cs))
        )

        return true, nudged, tls
