# Source: https://github.com/google-research/google-research/blob/35a5be244885197babac12954c71274ff76b27b7/jaxraytrace/objects.py
# Title: jaxraytrace/objects.py ("Defines objects in the scene", A Simple Ray Tracer in JAX)
# Cut: licence header cut; the abstract Hittable base and pytree flatten methods kept short.
import abc
import dataclasses
from typing import Sequence

import jax
import jax.numpy as jnp

from jaxraytrace import materials
from jaxraytrace import vector


class Hittable(abc.ABC):
  """Defines a hittable object."""

  @abc.abstractmethod
  def hits(self, ray, t_min, t_max):
    pass


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class World(Hittable):
  """Defines a world with multiple hittable objects."""

  objects: Sequence[Hittable]

  def hits(self, ray, t_min, t_max):
    closest_hit_record = materials.create_hit_record_at_infinity()
    did_hit = False
    for obj in self.objects:
      t_max = closest_hit_record.t
      hit_record, did_hit_object = obj.hits(ray, t_min, t_max)
      closest_hit_record = jax.lax.cond(
          did_hit_object,
          lambda hit_record=hit_record: hit_record,
          lambda: closest_hit_record,
      )
      did_hit |= did_hit_object
    return closest_hit_record, did_hit

  def tree_flatten(self):
    return ((self.objects,), None)

  @classmethod
  def tree_unflatten(cls, aux_data, children):
    return cls(*children)


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class Sphere(Hittable):
  """Defines a sphere."""

  center: vector.Point
  radius: float
  material: materials.Material

  def hits(self, ray, t_min, t_max):
    """Checks if the ray hits the sphere."""
    oc = ray.origin - self.center
    a = ray.direction.dot(ray.direction)
    b = oc.dot(ray.direction)
    c = oc.dot(oc) - (self.radius**2)
    discriminant = (b**2) - a * c

    t = jax.lax.cond(
        discriminant > 0,
        lambda: -(b + jnp.sqrt(discriminant)) / a,
        lambda: jnp.inf,
    )
    t = jax.lax.cond(
        jax.lax.bitwise_and(t_min <= t, t <= t_max),
        lambda: t,
        lambda: -(b - jnp.sqrt(discriminant)) / a,
    )
    t = jax.lax.cond(
        jax.lax.bitwise_and(t_min <= t, t <= t_max),
        lambda: t,
        lambda: jnp.inf,
    )

    def create_hit_record(t):
      point = ray.at(t)
      normal = (point - self.center).unit()
      return materials.HitRecord(
          point=point, normal=normal, t=t, material=self.material)

    return jax.lax.cond(
        t == jnp.inf,
        lambda t: (materials.create_hit_record_at_infinity(), False),
        lambda t: (create_hit_record(t), True),
        t,
    )

  def tree_flatten(self):
    return ((self.center, self.radius, self.material), None)

  @classmethod
  def tree_unflatten(cls, aux_data, children):
    return cls(*children)
