# Source: https://github.com/jhtschultz/openspiel-jax-games/blob/db05872918b7c233d8bd1a46de4375969c6081c0/gin_rummy_jax.py
# Title: JAX-accelerated Gin Rummy for OpenSpiel (gin_rummy_jax.py), hand_total_points
# Cut: kept the constants, hand_total_points and the head of its jitted caller calculate_deadwood (meld search after it cut); pyspiel import cut
from typing import List, Optional, Tuple
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial

NUM_CARDS = 52
NUM_RANKS = 13
NUM_SUITS = 4
HAND_SIZE = 10
KNOCK_THRESHOLD = 10
GIN_BONUS = 25
UNDERCUT_BONUS = 25

# Card point values (A=1, 2-9=face, 10/J/Q/K=10)
CARD_POINTS = jnp.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=jnp.int32)


@jax.jit
def hand_total_points(hand):
    """Calculate total point value of all cards in hand.

    Uses C++ encoding: card = suit * 13 + rank, so rank = card % 13
    """
    card_vals = jnp.zeros(NUM_CARDS, dtype=jnp.int32)
    for i in range(NUM_CARDS):
        rank = i % NUM_RANKS  # C++ encoding
        card_vals = card_vals.at[i].set(CARD_POINTS[rank])
    return jnp.sum(hand * card_vals)


@jax.jit
def calculate_deadwood(hand):
    """Calculate minimum deadwood for a hand using exhaustive meld search."""
    total_points = hand_total_points(hand)
    valid = valid_melds_mask(hand)
    v_points = jnp.where(valid, MELD_POINTS, 0)
    return total_points - jnp.max(v_points)  # exhaustive meld search (cut)
