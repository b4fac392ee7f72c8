# Source: https://github.com/symfluence-org/jXAJ/blob/034b0e0aa48b59ddd924c7e08fe9c2fd996a146e/tests/test_model.py
# Title: tests/test_model.py (Xinanjiang core simulation tests)
# Cut: kept imports, the synthetic forcing helper and the JAX test class (scan vs NumPy backend equivalence); NumPy, sensitivity and coupled tests cut
"""Tests for Xinanjiang model core simulation."""

import numpy as np
import pytest

from jsnow17.parameters import SNOW17_DEFAULTS
from jxaj.model import (
    HAS_JAX,
    XinanjiangState,
    create_initial_state,
    simulate,
    simulate_coupled_numpy,
)
from jxaj.parameters import DEFAULT_PARAMS


def _synthetic_forcing(n_days=730):
    """Create synthetic forcing for testing.

    Simple seasonal pattern: P peaks in summer, PET follows temperature.
    """
    t = np.arange(n_days)
    # Seasonal precipitation (mm/day), peak ~10 mm/day in summer
    precip = 3.0 + 7.0 * np.sin(2 * np.pi * t / 365.0 - np.pi / 2) ** 2
    precip = np.maximum(precip, 0.0)
    # Add some randomness
    rng = np.random.default_rng(42)
    precip = precip * rng.exponential(1.0, n_days)

    # PET (mm/day), seasonal
    pet = 1.0 + 3.0 * np.sin(2 * np.pi * t / 365.0) ** 2

    return precip, pet



class TestSimulateJAX:
    """Test JAX backend simulation."""

    def test_basic_simulation(self):
        """JAX simulation should produce valid output."""
        import jax.numpy as jnp

        precip, pet = _synthetic_forcing()
        precip_jax = jnp.array(precip)
        pet_jax = jnp.array(pet)

        runoff, state = simulate(precip_jax, pet_jax, use_jax=True)

        runoff_np = np.array(runoff)
        assert len(runoff_np) == len(precip)
        assert np.all(runoff_np >= 0.0)
        assert np.all(np.isfinite(runoff_np))

    def test_backend_equivalence(self):
        """JAX and NumPy backends should produce equivalent results."""
        import jax.numpy as jnp

        precip, pet = _synthetic_forcing()

        runoff_np, _ = simulate(precip, pet, use_jax=False)

        precip_jax = jnp.array(precip)
        pet_jax = jnp.array(pet)
        runoff_jax, _ = simulate(precip_jax, pet_jax, use_jax=True)

        np.testing.assert_allclose(
            np.array(runoff_jax), runoff_np,
            atol=1e-4, rtol=1e-4,
            err_msg="JAX and NumPy backends diverge"
        )


