# Source: https://github.com/pwhofman/probly/blob/90d88fc4b5f9db17789a31d684b42c9d7a1811a7/tests/probly/method/ensemble/test_flax.py
# Title: tests/probly/method/ensemble/test_flax.py (Test ensemble flax nnx ensemble generation)
# Cut: kept the first attribute test; the skipped reset test and the parametrised generation tests dropped.
"""Test ensemble flax nnx ensemble generation."""

from __future__ import annotations

import pytest

from probly.method.ensemble import ensemble

pytest.importorskip("flax")
from flax import nnx
import jax
import jax.numpy as jnp

from tests.probly.flax_utils import count_layers


class TestEnsembleAttributes:
    """Test class for Ensemble attribute tests."""

    def test_ensemble_attributes_without_reset(self, flax_model_small_2d_2d) -> None:
        """Tests if the member attributes are inherited from the base model."""
        num_members = 2
        ensemble_model = ensemble(flax_model_small_2d_2d, num_members=2, reset_params=False)

        assert ensemble_model is not None
        assert isinstance(ensemble_model, nnx.List)
        assert len(ensemble_model) == num_members

        original_params = jax.tree_util.tree_leaves(flax_model_small_2d_2d)

        for member in ensemble_model:
            member_params = jax.tree_util.tree_leaves(member)

            assert original_params is not None
            assert member_params is not None
            assert jax.tree.structure(original_params) == jax.tree.structure(member_params)

            assert jax.tree_util.tree_reduce(
                lambda a, b: a & b,
                jax.tree_util.tree_map(jnp.array_equal, original_params, member_params),
            )  # no difference

