# Source: https://github.com/hlasco/rllbm/blob/08508c4eaa464c0f37068b431135e7c01988870a/rllbm/utils/tracer.py
# Title: rllbm/utils/tracer.py (passive tracers advected by the LBM flow)
# Cut: TracerCollection reduced to the methods used (iteration, indexing, add,
#      add_grid_tracers, pytree flattening); Tracer.random and flatten cut.
from collections import defaultdict
from collections.abc import Iterable
from functools import partial

import chex
import jax
from jax import numpy as jnp
from jax.tree_util import register_pytree_node_class

import numpy as np

from rllbm.lbm.simulation import Simulation


@chex.dataclass
class Tracer:
    stream: bool
    x: chex.Array
    obs: chex.Array = None


@register_pytree_node_class
class TracerCollection:
    def __init__(self, tracers=None):
        if tracers is None:
            self.tracers = defaultdict(list)
        else:
            self.tracers = tracers
        self.index_map = self._build_index_map()

    def _build_index_map(self):
        index_map = {}
        for tracer_type, tracer_list in self.tracers.items():
            for pos in range(len(tracer_list)):
                index_map[len(index_map)] = (tracer_type, pos)
        return index_map

    def __len__(self):
        return len(self.index_map)

    def __iter__(self):
        for tracer_list in self.tracers.values():
            for tracer in tracer_list:
                yield tracer

    def __setitem__(self, index: int, tracer: Tracer):
        tracer_type, pos = self.index_map[index]
        self.tracers[tracer_type][pos] = tracer

    def add(self, tracer_type: str, tracer: Tracer):
        self.tracers[tracer_type].append(tracer)
        idx = len(self.index_map)
        self.index_map[idx] = (tracer_type, len(self.tracers[tracer_type]) - 1)

    def add_grid_tracers(
        self,
        tracer_type: str,
        sim: Simulation,
        shape: Iterable[int],
        stream: bool = True,
        margin: float = 0.1,
    ):
        """Adds a grid of tracers to the tracer collection

        Args:
            tracer_type (str): The type of tracer.
            sim (Simulation): The simulation object.
            shape (Iterable[int]): The shape of the grid (e.g. (10, 10) for a 10x10 grid).
            stream (bool, optional): Whether the tracers should be streamed. Defaults to True.
        """
        if len(shape) != sim.dim:
            raise ValueError(f"Shape must be of length {sim.dim}")

        linspaces = []
        for i in range(sim.dim):
            margin_i = int(margin*sim.shape[i])
            start = sim.bounds[i * 2] + sim.dx * margin_i
            stop = sim.bounds[i * 2 + 1] - sim.dx * margin_i
            size = shape[i]
            linspaces.append(jnp.linspace(start, stop, size))

        for idx in np.ndindex(shape):
            x = jnp.array([linspaces[i][idx[i]] for i in range(sim.dim)])
            tracer = Tracer(stream=stream, x=x, obs=None)
            self.add(tracer_type, tracer)

    def set_tracer(self, tracer_type: str, idx: int, tracer: Tracer):
        self.tracers[tracer_type][idx] = tracer

    def tree_flatten(self):
        children = (self.tracers,)  # arrays / dynamic values
        aux_data = {}  # static values
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children, **aux_data)


@partial(jax.jit, static_argnums=(0))
def update_tracers(
    sim: Simulation, fluid_state: Iterable[chex.Array], tracers: TracerCollection
):
    xmin = jnp.array([_min + sim.dx for _min in sim.bounds[:: sim.dim]])
    xmax = jnp.array([_max - sim.dx for _max in sim.bounds[1:][:: sim.dim]])

    for i, tracer in enumerate(tracers):
        idx = jnp.floor(tracer.x / sim.dx).astype(int)

        u = fluid_state.u[idx[0], idx[1]]

        x = tracer.x + u * sim.dx * tracer.stream
        x = jnp.clip(x, a_min=xmin, a_max=xmax)

        obs = jnp.concatenate([state[tuple(idx)] for state in fluid_state])

        tracer.x = x
        tracer.obs = obs

        tracers[i] = tracer

    return tracers
