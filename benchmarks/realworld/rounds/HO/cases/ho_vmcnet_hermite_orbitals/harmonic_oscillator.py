# Source: https://github.com/jeffminlin/vmcnet/blob/bd23bb3f6171e8b741a6bfd47a45ebf550060cd9/vmcnet/examples/harmonic_oscillator.py
# Title: vmcnet/examples/harmonic_oscillator.py
# Cut: long docstrings shortened; make_hermite_polynomials, the orbital module, the model
#      factory and the local-energy factory (whose kinetic term differentiates log|psi|) kept.
"""Harmonic oscillator model."""

import chex
import flax
import jax
import jax.numpy as jnp

import vmcnet.models as models
import vmcnet.physics as physics
from vmcnet.utils.typing import Array, LocalEnergyApply, ModelApply, P


def make_hermite_polynomials(x: Array) -> Array:
    """Compute the first n Hermite polynomials evaluated at n points.

    Because the Hermite polynomials are orthogonal, they have a three-term recurrence
    given by

        H_n(x) = 2 * x * H_{n-1}(x) - 2 * (n - 1) * H_{n-2}(x).

    When there are n particles x_1, ..., x_n, this function simply evaluates the first n
    Hermite polynomials at these positions to form an nxn matrix with the particle index
    along the first axis and the polynomials along the second.

    Args:
        x (Array): an array of shape (..., nparticles, 1)

    Returns:
        Array: an array of shape (..., nparticles, nparticles), where the
        (..., i, j)th entry corresponds to H_j(x_i).
    """
    nparticles = x.shape[-2]
    if nparticles == 1:
        return jnp.ones_like(x)

    H = [jnp.ones_like(x), 2 * x]
    for n in range(2, nparticles):
        H.append(2 * x * H[n - 1] - 2 * (n - 1) * H[n - 2])

    return jnp.concatenate(H, axis=-1)


class HarmonicOscillatorOrbitals(models.core.Module):
    """Create orbitals for a set of non-interacting quantum harmonic oscillators.

    psi_n(x) = C * exp(-omega * x^2 / 2) * H_n(sqrt(omega) * x); for a single spin the
    model evaluates the lowest n orbitals, n the number of particles for that spin.
    Each spin is a leaf in the input pytree x.
    """

    omega_init: chex.Scalar

    @flax.linen.compact
    def _single_leaf_call(self, x: Array) -> Array:
        # x and omega * x have shape (..., n, 1)
        sqrt_omega_x = models.core.Dense(
            1,
            kernel_init=lambda key, shape, **kwargs: jnp.array(
                [[jnp.sqrt(self.omega_init)]]
            ),
            use_bias=False,
        )(x)

        # hermite matrices are (..., n, n)
        hermite_polys = make_hermite_polynomials(sqrt_omega_x)
        # envelopes are (..., n, 1)
        gaussian_envelopes = jnp.exp(-jnp.square(sqrt_omega_x) / 2.0)

        # orbitals are (..., n, n)
        return gaussian_envelopes * hermite_polys

    def __call__(self, xs):
        """Compute the harmonic oscillator orbitals on each leaf of xs."""
        return jax.tree_map(self._single_leaf_call, xs)


def make_harmonic_oscillator_spin_half_model(
    nspin_first: int, model_omega_init: chex.Scalar
) -> models.core.Module:
    """Create a spin-1/2 quantum harmonic oscillator wavefunction (two spins)."""

    def split_spin_fn(x):
        return models.core.split(x, [nspin_first], axis=-2)

    orbitals = HarmonicOscillatorOrbitals(model_omega_init)
    logdet_fn = models.antisymmetry.logdet_product

    return models.core.ComposedModel([split_spin_fn, orbitals, logdet_fn])


def harmonic_oscillator_potential(omega: chex.Scalar, x: Array) -> chex.Numeric:
    """sum_i 0.5 * (omega * x_i)^2; vmapped over batches of configurations."""
    return 0.5 * jnp.sum(jnp.square(omega * x))


def make_harmonic_oscillator_local_energy(
    omega: chex.Scalar,
    log_psi_apply: ModelApply[P],
) -> LocalEnergyApply[P]:
    """Factory to create a local energy fn for the harmonic oscillator log|psi|."""

    def potential_fn(params: P, x: Array):
        del params
        return harmonic_oscillator_potential(omega, x)

    kinetic_fn = physics.kinetic.create_laplacian_kinetic_energy(log_psi_apply)

    return physics.core.combine_local_energy_terms([kinetic_fn, potential_fn])
