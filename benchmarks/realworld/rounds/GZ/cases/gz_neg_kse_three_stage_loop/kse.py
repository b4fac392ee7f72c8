# Source: https://github.com/schilln/research-data-assimilation/blob/879f2233341b06f3bb1ff59541a4aef9a493df0f/examples/kse.py
# Title: examples/kse.py (Kuramoto-Sivashinsky system and its semi-implicit RK3 nudging solver)
# Cut: kept the SemiImplicitRK3 step factory; the KSE System class is reduced to a stub.
from functools import partial

import jax

from jax import numpy as jnp
from jax.numpy import fft

from base_system import System
from base_solver import SinglestepSolver

jndarray = jnp.ndarray


class KSE(System):
    """Kuramoto-Sivashinsky system (N, L, L_coeffs, gs, μ, observed_slice); body cut."""


class SemiImplicitRK3(SinglestepSolver):
    def __init__(self, system: KSE):
        """
        Reference:
        https://journals.ametsoc.org/view/journals/mwre/134/10/mwr3214.1.xml
        """
        assert isinstance(system, KSE)

        super().__init__(system)

    def _step_factory(self):
        def step(i, vals):
            system = self.system
            L, N, s_ = system.L, system.N, system.observed_slice
            gs = system.gs

            (true, nudged), (dt, cs) = vals
            t = true[i - 1]
            n = nudged[i - 1]

            next_t = jnp.copy(t)
            next_n = jnp.copy(n)
            for k in range(3):
                dtt = dt / (3 - k)

                next_t = t + dtt * N(gs, next_t)
                next_t = (next_t + dtt / 2 * L(gs, t)) / (
                    1 + dtt / 2 * system.L_coeffs(gs)
                )

                next_n = n + dtt * N(cs, next_n)
                next_n = (next_n + dtt / 2 * L(cs, n)) / (
                    1 + dtt / 2 * system.L_coeffs(cs)
                )

            next_n = next_n.at[s_].subtract(
                dt * self.system.μ * (next_n[s_] - next_t[s_])
            )

            true = true.at[i].set(next_t)
            nudged = nudged.at[i].set(next_n)

            return (true, nudged), (dt, cs)

        return step
