# Source: https://github.com/renecotyfanboy/jaxspec/blob/2466c4fe63cb4691782c31225f52f53723c5a66b/src/jaxspec/model/abc.py
# Title: src/jaxspec/model/abc.py (X-ray spectral model as a graph of additive and multiplicative components)
# Cut: kept imports, set_parameters (body elided), _find_multiplicative_components, root_nodes, turbo_flux and the
#      jitted photon_flux; class reduced to the methods used, docstrings shortened, graph building and mermaid export dropped.
from __future__ import annotations

from functools import partial

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import networkx as nx


def set_parameters(params, state: nnx.State) -> nnx.State:
    """Set the parameters of a spectral model using `nnx'` routines."""
    ...


class SpectralModel(nnx.Module):
    def _find_multiplicative_components(self, node_id):
        """
        Recursively finds all the multiplicative components connected to the node with the given ID.
        """
        node = self.graph.nodes[node_id]
        multiplicative_nodes = []

        if node.get("type") == "mul_operation":
            # Recursively find all the multiplicative components using the predecessors
            predecessors = self.graph.pred[node_id]
            for node_id in predecessors:
                if "multiplicative_component" == self.graph.nodes[node_id].get("type"):
                    multiplicative_nodes.append(node_id)
                elif "mul_operation" == self.graph.nodes[node_id].get("type"):
                    multiplicative_nodes.extend(self._find_multiplicative_components(node_id))

        return multiplicative_nodes

    @property
    def root_nodes(self) -> list[str]:
        return [
            node_id
            for node_id, in_degree in self.graph.in_degree(self.graph.nodes)
            if in_degree == 0 and ("additive" in self.graph.nodes[node_id].get("type"))
        ]

    def turbo_flux(self, e_low, e_high, energy_flux=False, n_points=2, return_branches=False):
        continuum = {}

        ## Evaluate the expected contribution for each component
        for node_id in nx.dag.topological_sort(self.graph):
            node = self.graph.nodes[node_id]

            if node["type"] == "additive_component":
                node_name = node["name"]
                runtime_modules = self.modules[node_name]

                if not energy_flux:
                    continuum[node_name] = runtime_modules._photon_flux(
                        e_low, e_high, n_points=n_points
                    )

                else:
                    continuum[node_name] = runtime_modules._energy_flux(
                        e_low, e_high, n_points=n_points
                    )

            elif node["type"] == "multiplicative_component":
                node_name = node["name"]
                runtime_modules = self.modules[node_name]
                continuum[node_name] = runtime_modules.factor((e_low + e_high) / 2)

            else:
                pass

        ## Propagate the absorption for each branch
        root_nodes = self.root_nodes

        branches = {}

        for root_node_id in root_nodes:
            root_node_name = self.graph.nodes[root_node_id].get("name")
            root_continuum = continuum[root_node_name]

            path = nx.shortest_path(self.graph, source=root_node_id, target="out")
            multiplicative_components = []

            # Search all multiplicative components connected to this node
            # and apply them at mean energy
            for node_id in path[::-1]:
                multiplicative_components.extend(
                    [node_id for node_id in self._find_multiplicative_components(node_id)]
                )

            branch = ""

            for multiplicative_node_id in multiplicative_components:
                multiplicative_node_name = self.graph.nodes[multiplicative_node_id].get("name")
                root_continuum *= continuum[multiplicative_node_name]
                branch += f"{multiplicative_node_name}*"

            branch += f"{root_node_name}"
            branches[branch] = root_continuum

        if return_branches:
            return branches

        return sum(branches.values())

    @partial(jax.jit, static_argnums=0, static_argnames=("n_points", "split_branches"))
    def photon_flux(self, params, e_low, e_high, n_points=2, split_branches=False):
        r"""
        Compute the expected counts between $E_\min$ and $E_\max$ by integrating the model.
        """

        graphdef, state = nnx.split(self)
        state = set_parameters(params, state)

        return nnx.call((graphdef, state)).turbo_flux(
            e_low, e_high, n_points=n_points, return_branches=split_branches
        )[0]

