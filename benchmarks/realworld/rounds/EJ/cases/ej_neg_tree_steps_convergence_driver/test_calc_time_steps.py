# Source: https://github.com/SeanEaster/jax_russell/blob/2e23612a077610bb9d482b91dcc195ad5d0a0d28/tests/trees/test_calc_time_steps.py
# Title: jax_russell tests/trees/test_calc_time_steps.py
# Cut: reconstructed a minimal call of calc_time_steps on the jitted CRR tree (the test file's
#      fixtures are omitted); each candidate tree is a separately jitted pricer.
import jax.numpy as jnp

from jax_russell.trees import CRRBinomialTree
from trees import calc_time_steps


def test_calc_time_steps_converges():
    args = tuple(jnp.array([v]) for v in (100.0, 0.3, 0.5, 0.08, 0.08, 0.0, 95.0))
    steps = calc_time_steps(0.01, CRRBinomialTree, ("american",), args)
    assert steps > 1
