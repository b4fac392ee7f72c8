# Source: https://github.com/KachmanLab/NeuralMFG/blob/0f47be6901ff13f5ed79282855080ee58787b569/games/liars_dice/DiceGame/GameVariants.py
# Title: games/liars_dice/DiceGame/GameVariants.py
# Cut: kept the bid/challenge rule of a player's turn that calls jit_at_least_q; estimate_total_count and
#      quantity_from_array are passed in, the debug prints and the other game variants are cut, and the method
#      is reduced to a jitted function.
import jax
import jax.numpy as jnp

from probability import jit_at_least_q


def bid(previous_face, previous_count, remaining_dice, dice_outcome, dice_roll_probabilities, count_estimate,
        quantity_from_array, max_pips=6):
    # The new bid should exceed the previous bid (by one for simplicity, to learn the rest via bluffing)
    proposed_count = previous_count + 1

    # Check if the proposed count is less than or equal to the count estimate
    count_bool = jnp.less_equal(proposed_count, count_estimate)

    # If the proposed count exceeds the estimate, we increase the face. Else, we increase the count
    face = jnp.where(count_bool, previous_face, previous_face + 1,)
    count = jnp.where(count_bool, proposed_count, previous_count,)

    # If we wanted to increase the face, but we couldn't -> we challenge the previous bid!
    count = jnp.where(jnp.greater(face, max_pips), -1, count)

    # If the proposed count seems ridiculous -> we challenge the previous bid!
    required_quantity = jnp.maximum(previous_count - quantity_from_array(previous_face, dice_outcome), 1)
    bp = jit_at_least_q(required_quantity, remaining_dice, dice_roll_probabilities[previous_face-1])
    count = jnp.where(jnp.less(bp, 0.3), -1, count)

    # If the proposed count on our new face seems ridiculous -> we challenge the previous bid!
    required_quantity = jnp.maximum(count - quantity_from_array(face, dice_outcome), 1)
    bp = jit_at_least_q(required_quantity, remaining_dice, dice_roll_probabilities[face-1])
    count = jnp.where(jnp.less(bp, 0.3), -1, count)
    return face, count


bid_jit = jax.jit(bid, static_argnums=(2, 6, 7))
