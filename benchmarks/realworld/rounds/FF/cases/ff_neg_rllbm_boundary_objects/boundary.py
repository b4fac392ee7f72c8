# Source: https://github.com/hlasco/rllbm/blob/08508c4eaa464c0f37068b431135e7c01988870a/rllbm/lbm/boundary.py
# Title: rllbm/lbm/boundary.py
# Cut: kept Boundary base, BounceBackBoundary, BoundaryDict.__call__ and
#      apply_boundary_conditions; Inlet/Outlet boundaries, pytree flatten code and
#      dispatch overloads cut. Called from the jitted Simulation._step (simulation.py).
from __future__ import annotations

import abc
from typing import Dict, Union, Any

import chex
from jax import numpy as jnp
from jax.tree_util import register_pytree_node_class

from rllbm.lbm.lattice import Lattice, CoupledLattices


class Boundary(abc.ABC):
    def __init__(self, name: str, mask: chex.Array) -> None:
        self._name = name
        self._mask = mask
        self._size = jnp.sum(mask, dtype=jnp.int32)
        self._mask_id = jnp.where(self._mask, size=self._size)

    @abc.abstractmethod
    def __call__(self, lattice: Lattice, df: chex.Array, *args, **kwargs) -> chex.Array:
        pass


@register_pytree_node_class
class BounceBackBoundary(Boundary):
    def __call__(self, lattice: Lattice, df: chex.Array) -> chex.Array:
        idx, idy = self._mask_id
        bounced = df[:,:,lattice.stencil.opposite]
        df = df.at[idx,idy,:].set(bounced[idx, idy, :])
        return df


@register_pytree_node_class
class BoundaryDict:
    _boundary_dict: Dict[str, Boundary]

    def __init__(self, boundary=None):
        self._boundary_dict = dict()
        if boundary is not None:
            for bdy in boundary:
                self._boundary_dict[bdy.name] = bdy

    def __call__(self, lattice: Lattice, df: chex.Array) -> chex.Array:
        """Apply all the boundary conditions to the given distribution function."""
        for name, bdy in self._boundary_dict.items():
            df = bdy(lattice, df)
        return df


def apply_boundary_conditions(
    lattice: Union[Lattice, CoupledLattices],
    state_dict,
):
    """Apply all the boundary conditions to the given distribution function."""
    for name in state_dict.keys():
        if isinstance(lattice, CoupledLattices):
            l = lattice[name]
        else:
            l = lattice

        state_dict[name].df = state_dict[name].bc(l, state_dict[name].df)

    return state_dict
