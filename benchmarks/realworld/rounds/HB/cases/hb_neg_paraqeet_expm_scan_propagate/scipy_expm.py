# Source: https://github.com/FZJ-PGI-12/paraqeet/blob/ae5e7df7b56a70ac6864208160e4cab2f1160de5/paraqeet/propagation/scipy_expm.py
# Title: paraqeet/propagation/scipy_expm.py (piecewise matrix exponential propagation)
# Cut: state-shape checking and density-matrix reshaping helpers removed; docstrings shortened;
#      _propagate_in_time, _propagate_psi and propagate kept. (Stored file version read through the
#      code index; the commit is the one the index lists for this path.)
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, vmap
from jax.lax import scan
from jax.scipy.linalg import expm

from paraqeet.exceptions import ConfigurationException
from paraqeet.propagation.propagation import Propagation

jax.config.update("jax_enable_x64", True)


class ScipyExpm(Propagation):
    """Piecewise matrix exponential propagation system."""

    def __init__(self, model, resolution: float):
        super().__init__(model, resolution)
        self.resolution = resolution

    @partial(jit, static_argnums=(0,))
    def _propagate_in_time(self, psis_t, eom, steps_arr):
        """Iteratively propagate state/states (psis_t) according to the equation of
        motion (eom). The iterations use `jax.lax.scan` to avoid compilation overhead."""

        def propagate_body(psis_t, index):
            psis_t = ScipyExpm._propagate_psi(eom[index], psis_t)
            return psis_t, psis_t

        psis_t, _ = scan(propagate_body, psis_t, steps_arr)

        return psis_t

    @staticmethod
    @jit
    def _propagate_psi(eom_matrix, psis_t):
        return expm(eom_matrix) @ psis_t

    def propagate(self, time):
        """Loop over all desired times in time at set resolution."""
        if len(time) < 2:
            raise ValueError("ScipyExpm.propagate needs at least two time points.")

        if self._initial_state is None:
            raise ConfigurationException("Initial state is not set")

        init_state = jnp.array(self._initial_state, dtype=jnp.complex128)

        if self._model is not None:
            eom_func = self._model.get_value
        else:
            raise ConfigurationException("No equation of motion is configured.")
        psis = [init_state]

        for ti in range(1, len(time)):
            times, dt = self._construct_times(time, ti)
            psis_t = psis[ti - 1]
            eom = eom_func(times + dt / 2) * dt
            psis_t = self._propagate_in_time(psis_t, eom, jnp.arange(0, len(times), 1))
            psis.append(psis_t)

        psis_arr = jnp.array(psis)
        if self.is_open:
            dim = int(jnp.sqrt(eom.shape[-1]))
            psis_arr = vmap(ScipyExpm._convert_vec_to_dm, in_axes=(0, None))(psis_arr, dim)
        return psis_arr
