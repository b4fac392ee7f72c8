# Source: https://github.com/Artur-Galstyan/notes.arturgalstyan.dev/blob/25e6dba8de52ce310460ca16276dc486b6d2f519/src/pages/posts/gnn-quickstart.md
# Title: Graph Neural Netwroks - Quickstart (DRAFT)
# Cut: the post's code blocks (imports, collate_batch, GraphLayer) concatenated into one file; prose removed.
import typing

import deepchem as dc
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from deepchem.data import DiskDataset
from deepchem.models.graph_models import ConvMol
from jaxtyping import Array, Float, Int, PRNGKeyArray, PyTree


def collate_batch(
    batch_of_mols: list[ConvMol], in_size: int, max_atoms: int
) -> tuple[
    Float[Array, "batch_size max_atoms in_size"],
    Float[Array, "batch_size max_atoms max_atoms"],
    Float[Array, "batch_size max_atoms 1"],
]:
    batch_size = len(batch_of_mols)

    batch_nodes = jnp.zeros((batch_size, max_atoms, in_size))
    batch_adj = jnp.zeros((batch_size, max_atoms, max_atoms))
    batch_mask = jnp.zeros((batch_size, max_atoms))

    for i, mol in enumerate(batch_of_mols):
        n_atoms = mol.get_num_atoms()
        batch_nodes = batch_nodes.at[i, :n_atoms].set(mol.get_atom_features())

        adj_matrix = jnp.zeros(shape=(max_atoms, max_atoms))
        for j, atom in enumerate(mol.get_adjacency_list()):
            adj_matrix = adj_matrix.at[j, atom].set(1)

        A_tilde = adj_matrix + jnp.zeros_like(adj_matrix).at[:n_atoms, :n_atoms].set(
            jnp.identity(n_atoms)
        )
        batch_adj = batch_adj.at[i].set(A_tilde)

        batch_mask = batch_mask.at[i].set(
            jnp.concat((jnp.ones(shape=(n_atoms)), jnp.zeros(max_atoms - n_atoms)))
        )
    batch_mask = jnp.expand_dims(batch_mask, axis=-1)

    return batch_nodes, batch_adj, batch_mask


class GraphLayer(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, in_size, out_size, key):
        self.linear = eqx.nn.Linear(in_size, out_size, key=key)

    def __call__(
        self,
        nodes: Float[Array, "max_atoms in_size"],
        adj: Float[Array, "max_atoms max_atoms"],
        mask: Float[Array, "max_atoms 1"],
    ) -> Float[Array, "max_atoms out_size"]:
        degree = jnp.sum(adj, axis=1, keepdims=True)

        safe_degree = jnp.where(degree == 0, 1.0, degree)
        norm_adj = adj / safe_degree

        aggs = norm_adj @ nodes
        weighted = eqx.filter_vmap(self.linear)(aggs)
        return jax.nn.relu(weighted) * mask


tasks, datasets, transformers = dc.molnet.load_tox21(featurizer="GraphConv")
train_dataset, valid_dataset, test_dataset = datasets
train_dataset = typing.cast(DiskDataset, train_dataset)
MAX_ATOMS = 150
