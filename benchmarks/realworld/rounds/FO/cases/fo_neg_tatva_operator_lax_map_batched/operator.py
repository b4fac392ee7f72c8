# Source: https://github.com/smec-ethz/tatva/blob/9272edac889134bdc2d2b973c9054850325a712d/tatva/operator.py
# Title: tatva/operator.py (Operator for FEM assembly)
# Cut: kept the Operator fields, the batch_size default, the lax.map helpers (_vmap_over_elements_and_quads, map), integrate and grad; dropped cached weights, interpolation, projection and type aliases. The plain @dataclass stands in for the library pytree dataclass; make_total_energy is reconstructed from the README usage (operator.integrate(energy_density)(u)) under jax.jit/jax.grad.
from dataclasses import dataclass, field
from functools import partial

import jax
import jax.numpy as jnp
from jax import Array

from tatva.element import Element
from tatva.mesh import Mesh


@dataclass(frozen=True)
class Operator:
    mesh: Mesh
    element: Element = field(metadata=dict(static=True))
    batch_size: int | None = field(metadata=dict(static=True), default=None)

    def __post_init__(self) -> None:
        if self.batch_size is None:
            object.__setattr__(self, "batch_size", self.mesh.elements.shape[0])

    def _vmap_over_elements_and_quads(self, nodal_values, func):
        def _at_each_element(args: tuple[Array, Array]) -> Array:
            el_nodal_values, el_nodal_coords = args
            return jax.vmap(
                partial(
                    func,
                    el_nodal_values=el_nodal_values,
                    el_nodal_coords=el_nodal_coords,
                )
            )(self.element.quad_points)

        return jax.lax.map(
            _at_each_element,
            xs=(nodal_values[self.mesh.elements], self.mesh.coords[self.mesh.elements]),
            batch_size=self.batch_size,
        )

    def map(self, func, *, element_quantity=()):
        def _mapped(*values, **kwargs):
            _values = values

            def _at_each_element(el_values: tuple):
                def _at_each_quad(xi: jax.Array):
                    return func(xi, *el_values, **kwargs)

                return jax.vmap(_at_each_quad)(self.element.quad_points)

            # Construct the tuple of inputs (xs) by iterating over _values
            # and gathering nodal values to elements where necessary.
            xs = tuple(
                v[self.mesh.elements] if i not in element_quantity else v
                for i, v in enumerate(_values)
            )

            return jax.lax.map(
                _at_each_element,
                xs=xs,
                batch_size=self.batch_size,
            )

        return _mapped

    def integrate_per_element(self, quad_values):
        return jnp.einsum("eq...,eq->e...", quad_values, self.get_integration_weights())

    def integrate(self, arg):
        res = self.integrate_per_element(arg)
        return jnp.sum(res, axis=(0,))  # Sum over elements and quadrature points

    def grad(self, nodal_values):
        def _gradient_quad(xi, el_nodal_values, el_nodal_coords):
            """Calls the function (gradient) on a quad point."""
            u_grad = self.element.gradient(xi, el_nodal_values, el_nodal_coords)
            return u_grad

        return self._vmap_over_elements_and_quads(nodal_values, _gradient_quad)


def make_total_energy(op: Operator, energy_density):
    # usage as in the README: energy = operator.integrate(energy_density)(u)
    @jax.jit
    def total_energy(u):
        return op.integrate(energy_density(op.grad(u)))

    return jax.jit(jax.grad(total_energy))
