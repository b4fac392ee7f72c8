# Source: https://github.com/Madsen-s-research-group/neuralil-public-releases/blob/bba5e2cc48c14bd3e8835f329b7e9dae93edb35d/src/neuralil/bessel_descriptors.py
# Title: src/neuralil/bessel_descriptors.py (PowerSpectrumGenerator, spherical Bessel descriptors)
# Cut: kept center_at_* helpers, the constructor, process_data/process_some_data (lax.map over
#      atoms with jax.checkpoint) and _process_center; RadialBasis/Legendre builders imported; docs trimmed.
import jax
import jax.lax
import jax.nn
import jax.numpy as jnp

from neuralil.bessel_descriptors import RadialBasis, build_Legendre_polynomials, _sqrt


def center_at_point(
    coordinates: jnp.ndarray, reference: jnp.ndarray, cell_size: jnp.ndarray
):
    delta = coordinates - reference
    delta -= jnp.round(delta @ jnp.linalg.pinv(cell_size)) @ cell_size
    radius = _sqrt(jnp.sum(delta**2, axis=-1))
    return (delta, radius)


def center_at_points(
    coordinates: jnp.ndarray, centers: jnp.ndarray, cell_size: jnp.ndarray
):
    delta = coordinates - centers[:, jnp.newaxis, :]
    delta -= jnp.einsum(
        "ijk,kl",
        jnp.round(jnp.einsum("ijk,kl", delta, jnp.linalg.pinv(cell_size))),
        cell_size
    )
    radius = _sqrt(jnp.sum(delta**2, axis=-1))
    return (delta, radius)


def center_at_atoms(coordinates: jnp.ndarray, cell_size: jnp.ndarray):
    delta = coordinates - coordinates[:, jnp.newaxis, :]
    delta -= jnp.einsum(
        "ijk,kl",
        jnp.round(jnp.einsum("ijk,kl", delta, jnp.linalg.pinv(cell_size))),
        cell_size
    )
    radius = _sqrt(jnp.sum(delta**2, axis=-1))
    return (delta, radius)


@jax.jit

class PowerSpectrumGenerator:
    def __init__(
        self, max_order: int, cutoff: float, n_types: int, max_neighbors: int
    ):
        self._n_max = max_order
        self._r_c = cutoff
        self._n_types = n_types
        self._max_neighbors = max_neighbors
        self._radial = RadialBasis(self._n_max, cutoff)
        self._too_many_neighbors = False
        self._angular = build_Legendre_polynomials(self._n_max)
        self._n_coeffs = (self._n_max + 1) * (self._n_max + 2) // 2
        self._inner_shape = (self._n_types, self._n_coeffs)
        self._outer_shape = (self._n_types, self._n_types, self._n_coeffs)
        self._n_desc = (
            self._n_types * (self._n_types + 1) * self._n_coeffs
        ) // 2
        self._triu_indices = jnp.triu_indices(self._n_types)
        # Number of angular descriptors for each l.
        self._degeneracies = jnp.arange(self._n_max + 1, 0, -1)


    def process_data(
        self,
        coordinates: jnp.ndarray,
        a_types: jnp.ndarray,
        cell_size: jnp.ndarray
    ) -> jnp.ndarray:
        deltas, radii = center_at_atoms(coordinates, cell_size)
        weights = jax.nn.one_hot(a_types, self._n_types)
        nruter = jax.lax.map(
            jax.checkpoint(
                lambda args: self.
                _process_center(args[0], args[1], a_types, weights)
            ), (deltas, radii)
        )
        return nruter

    def process_some_data(
        self,
        all_coordinates: jnp.ndarray,
        all_types: jnp.ndarray,
        some_coordinates: jnp.array,
        cell_size: jnp.ndarray
    ) -> jnp.ndarray:
        deltas, radii = center_at_points(
            all_coordinates, some_coordinates, cell_size
        )
        weights = jax.nn.one_hot(all_types, self._n_types)
        nruter = jax.lax.map(
            jax.checkpoint(
                lambda args: self.
                _process_center(args[0], args[1], all_types, weights)
            ), (deltas, radii)
        )
        return nruter

    def _process_center(
        self,
        deltas: jnp.ndarray,
        radii: jnp.ndarray,
        a_types: jnp.ndarray,
        weights: jnp.ndarray
    ) -> jnp.ndarray:
        inner_shape = self._inner_shape
        outer_shape = self._outer_shape
        prefactors = (2. * jnp.arange(self._n_max + 1.) + 1.) / 4. / jnp.pi

        neighbors = jnp.lexsort((radii, a_types < 0))[1:self._max_neighbors + 1]
        deltas = jnp.take(deltas, neighbors, axis=0)
        radii = jnp.take(radii, neighbors, axis=0)
        weights = jnp.take(weights, neighbors, axis=0)

        # Compute the values of the radial part for all particles.
        all_gs = jnp.atleast_2d(jnp.squeeze(self._radial(radii)).T)
        # Use the one-hot encoding to classify the radial parts according to
        # the type of the second atom.
        all_gs = weights[:, :, jnp.newaxis] * all_gs[:, jnp.newaxis, :]

        # Everything that follows is the equivalent of a double for loop over
        # particles, with short-circuits when a distance is longer than the
        # cutoff. It's expressed in a functional style to keep it JIT-able and
        # differentiable, which makes a difference of orders of magnitude
        # in performance.

        def calc_contribution(args):
            delta, radius, delta_p, radius_p, gs_p = args
            denominator = radius * radius_p
            cos_theta = (delta * delta_p).sum() / (
                jnp.where(jnp.isclose(denominator, 0.), 1., denominator)
            )
            cos_theta = jnp.where(jnp.isclose(denominator, 0.), 0., cos_theta)
            legendre = self._angular(cos_theta)
            kernel = jnp.repeat(prefactors * legendre, self._degeneracies)
            nruter = gs_p * kernel
            return nruter

        def inner_function(delta, radius, delta_p, radius_p, gs_p):
            # yapf: disable
            args = (delta, radius, delta_p, radius_p, gs_p)
            contribution = jax.lax.cond(
                radius_p < self._r_c,
                lambda x: calc_contribution(x),
                lambda _: jnp.zeros(inner_shape),
                args)
            # yapf: enable
            return contribution

        inner_function = jax.vmap(inner_function, in_axes=[None, None, 0, 0, 0])

        @jax.checkpoint
        def outer_function(delta, radius, gs):
            subtotal = jax.lax.cond(
                radius < self._r_c,
                lambda x: gs[:, jnp.newaxis, :] * inner_function(
                    delta, radius, x[0], x[1], x[2]
                ).sum(axis=0)[jnp.newaxis, :, :],
                lambda _: jnp.zeros(outer_shape), (deltas, radii, all_gs)
            )
            return subtotal

        outer_function = jax.vmap(outer_function, in_axes=[0, 0, 0])
        nruter = outer_function(deltas, radii, all_gs).sum(axis=0)

        # Avoid redundancy (and possible problems at a later point) by removing
        # the lower triangle along the "atom type" axes.
        return nruter[self._triu_indices[0], self._triu_indices[1], :]
