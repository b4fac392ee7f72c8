# Source: https://github.com/salinelake/OpenFerro/blob/db544d28f121865e98d470ceef673ee316185131/tests/unit_tests/test_ewald.py
# Title: tests/unit_tests/test_ewald.py (test_ewald_matches_direct_reference)
# Cut: other tests and the sharding fixtures cut.
import jax.numpy as jnp
import numpy as np
import pytest

from openferro.lattice import BravaisLattice3D
from openferro.engine.ewald import build_dipole_dipole_ewald
from ewald import dipole_dipole_ewald_plain


@pytest.fixture(scope="module")
def reference_engines():
    return {
        shape: build_dipole_dipole_ewald(
            BravaisLattice3D(*shape), dtype=jnp.float64
        )
        for shape in ((2, 2, 2), (3, 2, 2))
    }


@pytest.mark.parametrize("shape", [(2, 2, 2), (3, 2, 2)])
@pytest.mark.parametrize("configuration", ["uniform", "nonsymmetric"])
def test_ewald_matches_direct_reference(reference_engines, shape, configuration):
    nvalues = int(np.prod(shape) * 3)
    if configuration == "uniform":
        field = jnp.ones(shape + (3,)) * jnp.array([0.2, -0.1, 0.3])
    else:
        field = jnp.sin(jnp.arange(nvalues).reshape(shape + (3,)) * 0.37)
    parameters = {
        "a1": 1.0,
        "a2": 1.0,
        "a3": 1.0,
        "Z_star": 1.0,
        "epsilon_inf": 1.0,
    }

    direct = dipole_dipole_ewald_plain(field, parameters)
    engine, UkGG = reference_engines[shape]
    fft = engine(field, UkGG, jnp.array([1.0]))
    np.testing.assert_allclose(fft, direct, rtol=2.0e-11, atol=2.0e-11)
