# Source: https://github.com/michael-0brien/cryojax/blob/5d8eaf44d6537fe8ffb39c173f83e946aa3db246/src/cryojax/simulator/assembly/_assembly.py
# Title: src/cryojax/simulator/assembly/_assembly.py (parent of commit f7c02b08 "vmap over subunits in assembly")
# Cut: kept Assembly.poses and Assembly.subunits as written; Specimen/Pose reduced to stubs;
#      Helix.positions/rotations (lattice computation) reduced to stored arrays.
from functools import cached_property
from typing import Optional

import equinox as eqx
import jax.numpy as jnp
import jax.tree_util as jtu
from jaxtyping import Array


class Specimen(eqx.Module):
    density: eqx.Module
    pose: eqx.Module
    conformation: eqx.Module


class Assembly(eqx.Module):
    subunit: Specimen
    pose: eqx.Module
    conformations: Optional[Array] = None
    conformation_fn: Optional[object] = None

    @cached_property
    def n_subunits(self) -> int:
        raise NotImplementedError

    @cached_property
    def positions(self) -> Array:
        raise NotImplementedError

    @cached_property
    def rotations(self) -> Array:
        raise NotImplementedError

    @cached_property
    def poses(self) -> list:
        """Draw the poses of the subunits in the lab frame."""
        # Transform the subunit positions by pose of the helix
        transformed_positions = (
            self.pose.rotate(self.positions) + self.pose.offset
        )
        # Transform the subunit rotations by the pose of the helix
        transformed_rotations = jnp.einsum(
            "nij,jk->nik", self.rotations, self.pose.rotation.as_matrix()
        )
        # Generate a list of poses at each lattice site
        get_pose = lambda r, T: eqx.tree_at(
            lambda p: (p.offset_x, p.offset_y, p.offset_z, p.matrix),
            self.pose.as_matrix_pose(),
            (r[0, 0], r[0, 1], r[0, 2], T[0]),
        )
        poses = jtu.tree_map(
            get_pose,
            jnp.split(transformed_positions, self.n_subunits, axis=0),
            jnp.split(transformed_rotations, self.n_subunits, axis=0),
        )
        return poses

    @cached_property
    def subunits(self) -> list:
        """Draw a realization of all of the subunits in the lab frame."""
        # Compute a list of subunits, configured at the correct conformations
        if [self.conformations, self.conformation_fn] == [None, None]:
            subunits = [self.subunit for _ in range(self.n_subunits)]
        else:
            if self.conformation_fn is not None:
                cs = self.conformation_fn(self.positions)
            else:
                cs = self.conformations
            where = lambda s: s.conformation.coordinate
            subunits = jtu.tree_map(
                lambda c: eqx.tree_at(where, self.subunit, c[0]),
                jnp.split(cs, self.n_subunits, axis=0),
            )
        # Assign a pose to each subunit
        get_subunit = lambda subunit, pose: eqx.tree_at(
            lambda s: s.pose, subunit, pose
        )
        subunits = jtu.tree_map(
            get_subunit,
            subunits,
            self.poses,
            is_leaf=lambda s: isinstance(s, Specimen),
        )

        return subunits


class Helix(Assembly):
    n_start: int = eqx.field(static=True, default=1)
    n_subunits_per_start: int = eqx.field(static=True, default=1)

    @cached_property
    def n_subunits(self) -> int:
        """Get the number of subunits in the assembly"""
        return self.n_start * self.n_subunits_per_start
