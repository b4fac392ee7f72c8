# Source: https://github.com/NTT123/a0-jax/blob/1badadf05a11a9ff358561cf18c239d0b4420102/games/dsu.py
# Title: games/dsu.py (Disjoint set union in JAX), NTT123/a0-jax
# Cut: kept the DSU module's find/get_all_roots/union; dropped masked_reset and pp; select_tree inlined as import.
"""Disjoint set union in JAX.

Reference: https://cp-algorithms.com/data_structures/disjoint_set_union.html
"""

import jax
import jax.numpy as jnp
import pax

from utils import select_tree


class DSU(pax.Module):
    """Fast union of disjoint sets."""

    def __init__(self, N, get_all_roots_freq=None):
        super().__init__()
        self.parent = jnp.arange(0, N, 1, dtype=jnp.int32)
        self.size = jnp.ones((N,), dtype=jnp.int32)
        self.N = N
        self.get_all_roots_freq = get_all_roots_freq

    def find_set_pure(self, element):
        """Find set but without updating parent.

        If `get_all_roots` method is called frequently,
        use python `for loop` for better performance on GPU.
        """

        if self.get_all_roots_freq is not None:
            for _ in range(self.get_all_roots_freq + 1):
                element = self.parent[element]
            return element

        def cond(u):
            return self.parent[u] != u

        def loop(u):
            return self.parent[u]

        return jax.lax.while_loop(cond, loop, element)

    def get_all_roots(self):
        """Find roots of all elements.
        Update the parent array to make later calls faster.
        """
        v = jnp.arange(0, self.N, 1, jnp.int32)
        roots = jax.vmap(lambda s, v: s.find_set_pure(v), in_axes=(None, 0))(self, v)
        self.parent = roots
        return roots

    def union_sets(self, a, b):
        """Union two sets a and b"""
        a = self.find_set_pure(a)
        b = self.find_set_pure(b)

        def if_true(x, y, parent, size):
            x, y = select_tree(size[x] < size[y], (y, x), (x, y))
            parent = parent.at[y].set(x)
            size = size.at[x].add(size[y])
            return parent, size

        parent, size = if_true(a, b, self.parent, self.size)
        self.parent, self.size = select_tree(
            a != b, (parent, size), (self.parent, self.size)
        )
