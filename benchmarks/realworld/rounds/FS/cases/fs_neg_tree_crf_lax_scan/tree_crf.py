# Source: https://github.com/Jeevesh8/relational-pt/blob/9a652c77265ec79f41440d5f8f8b7289fe3806e6/src/models/tree_crf.py
# Title: relational-pt: src/models/tree_crf.py (tree CRF, after 'Use jax.lax.scan() for faster compilation of loops')
# Cut: kept _mst, mst, _score_tree, score_tree and disc_loss verbatim without docstrings (the original keeps the old for-loops inside string literals, kept here); appended add_garbage_dims/remove_garbage_dims from src/models/utils.py of the same commit
from typing import Optional, Union, List, Tuple
import jax
import jax.numpy as jnp
import haiku as hk

from .utils import add_garbage_dims, remove_garbage_dims


class tree_crf(hk.Module):
    def __init__(
        self,
        prior: Optional[Union[List[List[List[float]]], jnp.ndarray]] = None,
        name: Optional[str] = None,
    ):
        super(tree_crf, self).__init__(name=name)
        self.prior = prior
        if self.prior is not None:
            raise NotImplementedError(
                "The prior functionality will be implemented in future.")

    @staticmethod
    def _mst(log_energies: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        M, n_rel_types = log_energies.shape[1], log_energies.shape[2]
        partitions = jnp.eye(M, dtype=jnp.bool_)
        mst_energy = jnp.array([0.0])
        edges = []
        """
        def scan_fn(carry, x):
            _ = x
            mst_energy, log_energies, partitions = carry

            max_index = jnp.unravel_index(jnp.argmax(log_energies),
                                          jnp.shape(log_energies))
            max_energy = log_energies[max_index]
            updatable_sample = jnp.logical_not(jnp.isneginf(max_energy))
            mst_energy += jnp.where(updatable_sample, max_energy, 0.0)
            max_link = jnp.where(
                jnp.stack([updatable_sample] * n_rel_types, axis=-1),
                jnp.squeeze(jnp.transpose(jnp.array(max_index))),
                0.0,
            )

            link_from, link_to, unused_rel_type = max_index
            from_partition = jnp.where(partitions[link_from, :] == 1,
                                       jnp.arange(M), -1)
            to_partition = jnp.where(partitions[link_to, :] == 1,
                                     jnp.arange(M), -1)

            log_energies = add_garbage_dims(log_energies)
            log_energies = jax.ops.index_update(
                log_energies,
                (
                    from_partition,
                    jnp.expand_dims(to_partition, axis=-1),
                    jnp.arange(n_rel_types),
                ),
                -jnp.inf,
            )
            log_energies = jax.ops.index_update(
                log_energies,
                (
                    to_partition,
                    jnp.expand_dims(from_partition, axis=-1),
                    jnp.arange(n_rel_types),
                ),
                -jnp.inf,
            )
            log_energies = remove_garbage_dims(log_energies)

            temp = jnp.logical_or(partitions[link_from, :],
                                  partitions[link_to, :])
            temp_idx = jnp.where(temp, jnp.arange(M), -1)

            partitions = add_garbage_dims(partitions)
            partitions = jax.ops.index_update(
                partitions,
                (jnp.expand_dims(temp_idx, axis=-1), jnp.arange(M)), temp)
            partitions = remove_garbage_dims(partitions)

            return (mst_energy, log_energies, partitions), max_link

        (mst_energy, _,
         _), edges = jax.lax.scan(scan_fn,
                                  init=(mst_energy, log_energies, partitions),
                                  xs=jnp.arange(M),
                                  unroll=M)
        return mst_energy, edges
        """  # FOR-LOOP equivalent
        for _ in range(M):
            max_index = jnp.unravel_index(jnp.argmax(log_energies),
                                          jnp.shape(log_energies))
            max_energy = log_energies[max_index]
            updatable_sample = jnp.logical_not(jnp.isneginf(max_energy))
            mst_energy += jnp.where(updatable_sample, max_energy, 0.0)
            max_link = jnp.where(
                jnp.stack([updatable_sample] * n_rel_types, axis=-1),
                jnp.squeeze(jnp.transpose(jnp.array(max_index))),
                0,
            )

            edges.append(max_link)

            link_from, link_to, unused_rel_type = max_index
            from_partition = jnp.where(partitions[link_from, :] == 1,
                                       jnp.arange(M), -1)
            to_partition = jnp.where(partitions[link_to, :] == 1,
                                     jnp.arange(M), -1)

            log_energies = add_garbage_dims(log_energies)
            log_energies = jax.ops.index_update(
                log_energies,
                (
                    from_partition,
                    jnp.expand_dims(to_partition, axis=-1),
                ),
                -jnp.inf,
            )
            log_energies = jax.ops.index_update(
                log_energies,
                (
                    to_partition,
                    jnp.expand_dims(from_partition, axis=-1),
                ),
                -jnp.inf,
            )
            log_energies = remove_garbage_dims(log_energies)

            temp = jnp.logical_or(partitions[link_from, :],
                                  partitions[link_to, :])
            temp_idx = jnp.where(temp, jnp.arange(M), -1)

            partitions = add_garbage_dims(partitions)
            partitions = jax.ops.index_update(
                partitions,
                (jnp.expand_dims(temp_idx, axis=-1), jnp.arange(M)), temp)
            partitions = remove_garbage_dims(partitions)

        return mst_energy, jnp.stack(edges)

    def mst(self,
            log_energies: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        return jax.vmap(self._mst)(log_energies)

    @staticmethod
    def _score_tree(log_energies: jnp.ndarray,
                    tree: jnp.ndarray) -> jnp.ndarray:
        new_log_energies = jax.ops.index_update(log_energies, (0, 0, 0), 0.0)

        def scan_fn(carry, x):
            edge = x
            score = carry
            return score + new_log_energies[edge[0], edge[1], edge[2]], None

        score, _ = jax.lax.scan(scan_fn, init=jnp.array([0.0]), xs=tree)
        """FOR-LOOP equivalent
        score = jnp.array([0.0])
        for edge in tree:
            score += new_log_energies[edge[0], edge[1], edge[2]]
        """
        return score

    def score_tree(self, log_energies: jnp.ndarray,
                   tree: jnp.ndarray) -> jnp.ndarray:
        return jax.vmap(self._score_tree)(log_energies, tree)

    def disc_loss(self, log_energies: jnp.ndarray,
                  label_tree: jnp.ndarray) -> jnp.ndarray:
        mst_energies, _ = self.mst(log_energies)
        label_tree_scores = self.score_tree(log_energies, label_tree)
        return jnp.mean(mst_energies - label_tree_scores)

# ---- src/models/utils.py (same commit) ----
def add_garbage_dims(array):
    """Adds extra slice at last of every dimension, filled with zeros."""
    """FOR-LOOP equivalent
    for i, _ in enumerate(array.shape):
        array = jnp.concatenate(
            [
                array,
                jnp.expand_dims(
                    jnp.zeros(array.shape[:i] + array.shape[i + 1:],
                              dtype=array.dtype),
                    axis=i,
                ),
            ],
            axis=i,
        )
    return array
    """
    return jnp.pad(array, pad_width=tuple((0, 1) for _ in jnp.shape(array)))


def remove_garbage_dims(array):
    """Removes extra slice at last of every dimension, filled with zeros,
    which were added by add_garbage_dims()"""
    for i, _ in enumerate(array.shape):
        array = jnp.take(array, jnp.arange(array.shape[i] - 1), axis=i)
    return array
