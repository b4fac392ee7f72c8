# Source: https://github.com/jhtschultz/openspiel-jax-games/blob/db05872918b7c233d8bd1a46de4375969c6081c0/gin_rummy_jax.py
# Title: JAX-accelerated Gin Rummy for OpenSpiel (gin_rummy_jax.py)
# Cut: kept the run-score lookup-table builder run once at import, the precomputed index tables, and the jitted meld search that reads them (set-meld id helper and tie-breaking cut, marked); pyspiel import and game logic cut
from typing import List, Optional, Tuple
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial

def _build_run_lookup_table():
    """Build lookup table: suit bitmask (13 bits) -> max points from runs.

    Uses DP: for each position, either skip or start a run of length 3/4/5/...
    """
    card_values = [min(i + 1, 10) for i in range(13)]  # A=1, 2-9, 10/J/Q/K=10
    lut = []

    for bits in range(8192):  # 2^13 configurations
        held = [(bits >> i) & 1 for i in range(13)]

        # DP: dp[i] = max points using cards from position i onwards
        dp = [0] * 14  # dp[13] = 0 (base case)

        for i in range(12, -1, -1):  # Process right to left
            best = dp[i + 1]  # Option 1: skip this position

            # Option 2: start a run at position i (if possible)
            for length in range(3, 14 - i):  # runs of length 3, 4, 5...
                if all(held[i + k] for k in range(length)):
                    run_points = sum(card_values[i + k] for k in range(length))
                    best = max(best, run_points + dp[i + length])
                else:
                    break

            dp[i] = best

        lut.append(dp[0])

    return jnp.array(lut, dtype=jnp.int16)

# Precomputed tables for LUT-based deadwood
RUN_SCORE_LUT = _build_run_lookup_table()
RANK_VALUES = jnp.array([min(i + 1, 10) for i in range(13)], dtype=jnp.int32)
RANK_VALUES_16 = RANK_VALUES.astype(jnp.int16)
POWERS_OF_2_16 = (2 ** jnp.arange(13, dtype=jnp.int32)).astype(jnp.int16)
SUIT_POWERS = jnp.array([1, 2, 4, 8], dtype=jnp.int32)
NIBBLE_POPCOUNTS = jnp.array([bin(i).count('1') for i in range(16)], dtype=jnp.int32)
RUN_MEMBER_LUT = None  # _build_run_member_table(), (8192,) (cut)
RUN_DECOMP_LUT = None  # _build_run_decomposition_table(), (8192, 5) (cut)
SUBSET_TABLE = None  # (16, 6) (cut)
# Precompute the 216 scenario indices
_idx6 = jnp.arange(6)
_grid_A_216, _grid_B_216, _grid_C_216 = jnp.meshgrid(_idx6, _idx6, _idx6, indexing='ij')
SCENARIO_IDX_A = _grid_A_216.flatten()  # (216,)
SCENARIO_IDX_B = _grid_B_216.flatten()  # (216,)
SCENARIO_IDX_C = _grid_C_216.flatten()  # (216,)

@jax.jit
def hand_to_4x13(hand):
    """Convert 52-card binary mask to (4, 13) suit×rank matrix."""
    return hand.reshape(4, 13)

@jax.jit
def _compute_optimal_meld_info(hand_4x13):
    """Compute optimal meld decomposition and return melded cards mask.

    Returns:
        max_meld_points: Total points from optimal melds
        melded_cards: (52,) int8 mask of cards used in optimal decomposition
    """
    rank_nibbles = jnp.dot(SUIT_POWERS, hand_4x13.astype(jnp.int32))  # (13,)
    rank_counts = NIBBLE_POPCOUNTS[rank_nibbles]

    is_candidate = rank_counts >= 3
    set_indices = jnp.argsort(~is_candidate)[:3]  # Top 3 ranks
    set_nibbles = rank_nibbles[set_indices]  # (3,) held cards per candidate

    # Get options per candidate (6 options each: skip, 4 3-card subsets, 4-card)
    options = SUBSET_TABLE[set_nibbles]  # (3, 6)

    # Build 216 scenarios using precomputed indices
    mask_A = options[0, SCENARIO_IDX_A]  # (216,)
    mask_B = options[1, SCENARIO_IDX_B]  # (216,)
    mask_C = options[2, SCENARIO_IDX_C]  # (216,)

    # Set points per scenario
    pts_A = NIBBLE_POPCOUNTS[mask_A].astype(jnp.int16) * RANK_VALUES_16[set_indices[0]]
    pts_B = NIBBLE_POPCOUNTS[mask_B].astype(jnp.int16) * RANK_VALUES_16[set_indices[1]]
    pts_C = NIBBLE_POPCOUNTS[mask_C].astype(jnp.int16) * RANK_VALUES_16[set_indices[2]]
    scenario_set_pts = pts_A + pts_B + pts_C  # (216,)

    # Build removal masks for runs
    def to_suit_removal(mask, rank_idx):
        bits = jnp.stack([((mask >> i) & 1) for i in range(4)], axis=-1).astype(jnp.int16)
        return bits * (jnp.int16(1) << rank_idx)

    rem_A = to_suit_removal(mask_A, set_indices[0])  # (216, 4)
    rem_B = to_suit_removal(mask_B, set_indices[1])
    rem_C = to_suit_removal(mask_C, set_indices[2])
    total_removal = rem_A | rem_B | rem_C  # (216, 4)

    # Base suit bitmasks
    base_suits = jnp.dot(hand_4x13.astype(jnp.int16), POWERS_OF_2_16)  # (4,)

    # Apply removal to get scenario suit configs
    scenario_suits = base_suits[None, :] & (~total_removal)  # (216, 4)

    # Lookup run scores for each scenario
    run_scores = RUN_SCORE_LUT[scenario_suits]  # (216, 4)
    run_total = jnp.sum(run_scores, axis=1)  # (216,)

    # Total meld points per scenario
    total_meld_pts = scenario_set_pts + run_total  # (216,)

    # ... best scenario / set meld ids (cut)
    best_idx = jnp.argmax(total_meld_pts)
    max_meld_points = total_meld_pts[best_idx]
    best_scenario_suits = scenario_suits[best_idx]
    optimal_meld_mask = jnp.zeros(185, dtype=jnp.bool_)
    # Mark run melds by properly decomposing runs into valid meld combinations
    # RUN_DECOMP_LUT contains meld IDs for suit 0; adjust for actual suit
    for suit in range(4):
        suit_mask = best_scenario_suits[suit]
        run_meld_ids = RUN_DECOMP_LUT[suit_mask]  # (5,) meld IDs for suit 0
        for j in range(5):
            base_meld_id = run_meld_ids[j]  # Meld ID for suit 0, or -1
            # Adjust for suit:
            # 3-card runs (65-75 for suit 0): add suit*11
            # 4-card runs (109-118 for suit 0): add suit*10
            # 5-card runs (149-157 for suit 0): add suit*9
            is_3card = (base_meld_id >= 65) & (base_meld_id < 109)
            is_4card = (base_meld_id >= 109) & (base_meld_id < 149)
            is_5card = (base_meld_id >= 149) & (base_meld_id < 185)
            suit_offset = jnp.where(is_3card, suit * 11,
                                   jnp.where(is_4card, suit * 10,
                                            jnp.where(is_5card, suit * 9, 0)))
            meld_id = base_meld_id + suit_offset
            is_valid = base_meld_id >= 0
            optimal_meld_mask = jnp.where(is_valid,
                                          optimal_meld_mask.at[meld_id].set(True),
                                          optimal_meld_mask)

    return max_meld_points, optimal_meld_mask

@jax.jit
def calculate_deadwood_lut(hand):
    """Calculate exact deadwood using LUT + 3-set enumeration.

    Handles up to 3 set candidates using 216-scenario approach.
    This is the fast version using lookup tables.
    """
    hand_4x13 = hand_to_4x13(hand)
    max_meld_points, _ = _compute_optimal_meld_info(hand_4x13)
    total_hand_value = jnp.sum(hand_4x13.astype(jnp.int32) * RANK_VALUES[None, :])
    return total_hand_value - max_meld_points
