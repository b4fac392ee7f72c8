# Source: https://github.com/degregat/two-player-auctions/blob/46cc3da01a4ccebfb5f8ecbe339cdf2626c3519a/algnet.py
# Title: algnet.py (Two Player Auction Learner, 2021): Auctioneer and Misreporter modules
# Cut: kept permute_along_bidders and the two haiku modules; the driver calls
#      training(..., bidders=5, items=10, ...); TPAL (losses, update steps) is in tpal.py.
import functools
from typing import Any, NamedTuple

import haiku as hk
import jax
import optax
import jax.numpy as jnp

from haiku.nets import MLP
import jax.nn as nn

from chex import assert_shape, assert_equal_shape

# B = [b_i, b_0, ..., b_i-1, b_i+1, ..., b_n]
def permute_along_bidders(B, i):
    head = B[:, 0:i]  # all bid profiles up to b_i
    tail = B[:, i + 1 :]  # all bid profiles after b_i
    b_i = B[:, i : i + 1]  # b_i, slice this way to preserve shape
    permuted = jnp.concatenate([b_i, head, tail], axis=1)

    assert_equal_shape([B, permuted])
    return permuted


class Auctioneer(hk.Module):
    """Auctioneer network."""

    def __init__(self, bidders, items, net_width, net_depth, name=None):
        super().__init__(name=name)
        self.bidders = bidders
        self.items = items
        self.net_width = net_width  # TODO: unify this between auct and misr?
        self.net_depth = net_depth

        self.layers = [self.bidders * self.items, self.net_width, self.net_depth]
        self.layers_alloc = [*self.layers, self.items]
        self.layers_pay = [*self.layers, 1]

        # Initialize MLPs
        self.alloc_prob = MLP(self.layers_alloc, activation=jnp.tanh)
        self.alloc_which = MLP(self.layers_alloc, activation=jnp.tanh)
        self.pay_mlp = MLP(self.layers_pay, activation=jnp.tanh)

    def __call__(self, vals):
        """Computes auctions, consisting of an allocation and a payment matrix."""

        # rows are bidders
        # columns are items

        # probability to allocate an item
        alloc = self.alloc_prob(jnp.ravel(vals))
        alloc = nn.sigmoid(alloc)
        assert_shape(alloc, (self.items,))

        # probability to allocate item j to bidder i
        L = jnp.stack(  # stack bidder vectors to get matrix
            # compute bidder vectors
            [
                self.alloc_which(jnp.ravel(permute_along_bidders(vals, i)))
                for i in range(self.bidders)
            ],
            axis=0,
        )

        # softmax to ensure feasibility (allocate every item at most once).
        L = nn.softmax(L, axis=0)
        assert_shape(L, (self.bidders, self.items))

        alloc = alloc * L
        assert_shape(alloc, (self.bidders, self.items))

        # fraction of utility each bidder pays to the mechanism
        pay = jnp.squeeze(
            jnp.stack(
                [
                    nn.sigmoid(self.pay_mlp(jnp.ravel(permute_along_bidders(vals, i))))
                    for i in range(self.bidders)
                ],
                axis=1,
            )
        )

        # Fix shape for single bidder case.
        if self.bidders == 1:
            pay = jnp.stack([pay])

        assert_shape(pay, (self.bidders,))

        # fractions of utilities * sum of allocations of all items
        # per bidder for a given bid profile
        pay = pay * jnp.sum(jnp.squeeze(vals) * alloc, axis=1)
        # NOTE: squeeze vals, since they are in a batch of size one

        assert_shape(pay, (self.bidders,))
        return alloc, pay


class Misreporter(hk.Module):
    """Misreporter network."""

    def __init__(self, bidders, items, net_width, net_depth, name=None):
        super().__init__(name=name)
        self.bidders = bidders
        self.items = items
        self.net_width = net_width
        self.net_depth = net_depth

        self.layers = [
            self.bidders * self.items,
            self.net_width,
            self.net_depth,
            self.items,
        ]

        # Initialize MLP
        self.misr_mlp = MLP(self.layers, activation=jnp.tanh)

    def __call__(self, vals):
        """Computes (approximately) optimal misreports for a given auction."""

        # TODO: JAXize more?
        m_ = []
        for i in range(self.bidders):
            misr = self.misr_mlp(jnp.ravel(permute_along_bidders(vals, i)))
            m_.append(misr)

        misreports = jnp.stack(m_)
        assert_shape(misreports, (self.bidders, self.items))

        # NOTE: sigmoid for [0,1] valuations, should be e.g. softplus for positive valuations
        misreports = nn.sigmoid(misreports)
        return misreports


