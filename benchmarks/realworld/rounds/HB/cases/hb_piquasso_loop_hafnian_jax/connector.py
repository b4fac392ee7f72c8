# Source: https://github.com/Budapest-Quantum-Computing-Group/piquasso/blob/2ec6e79588ebd00e60e142dc89e58502e657c629/piquasso/_simulators/connectors/jax_/connector.py
# Title: piquasso/_simulators/connectors/jax_/connector.py (JaxConnector, parent of PR #378)
# Cut: license header and most connector methods removed; the class docstring example (jit(grad(...))
#      over a whole simulation) and the loop_hafnian dispatch kept.
import numpy as np

from functools import partial

from ..connector import BuiltinConnector


class JaxConnector(BuiltinConnector):
    """The calculations for a simulation using JAX.

    Example usage::

        import numpy as np
        import piquasso as pq
        from jax import jit, grad

        def example_func(r, theta):
            jax_connector = pq.JaxConnector()

            simulator = pq.PureFockSimulator(
                d=2,
                config=pq.Config(cutoff=5, dtype=np.float32, normalize=False),
                connector=jax_connector,
            )

            with pq.Program() as program:
                pq.Q() | pq.Vacuum()

                pq.Q(0) | pq.Displacement(r=r)

                pq.Q(0, 1) | pq.Beamsplitter(theta)

            state = simulator.execute(program).state

            return state.fock_probabilities[0]

        compiled_func = jit(example_func)

        vacuum_probability = compiled_func(0.1, np.pi / 7)

        compiled_grad_func = jit(grad(compiled_func))

        vacuum_probability_grad = compiled_grad_func(0.2, np.pi / 11)

    Note:
        This feature is still experimental.

    Note:
        Currently JIT compilation only works with the config variable `normalize=False`.

    Note:
        Only CPU calculations are supported currently.
    """

    def loop_hafnian(self, matrix, diagonal, reduce_on):
        from piquasso._math.jax.hafnian import loop_hafnian_with_reduction

        return loop_hafnian_with_reduction(matrix, diagonal, reduce_on)
