# Source: https://github.com/DrPaulBrewer/gridvoting-jax/blob/f84671ea1135802d74e6cfa6c5daa4bbb19c8598/src/gridvoting_jax/core/zimi_succession_logic.py
# Title: src/gridvoting_jax/core/zimi_succession_logic.py
# Cut: kept the ZI succession function; the MI variant is cut and finalize_transition_matrix reduced to the
#      ZI branch.
import jax.numpy as jnp


@jax.jit
def finalize_transition_matrix_zi_jit(cV, nfa, status_quo_indices, eligibility_mask=None):
    """
    Zero Intelligence (ZI) succession logic.
    
    Uniform random selection over ALL eligible alternatives.
    
    Mathematical formulation:
        - If j beats i: prob(i→j) = 1/N (or 1/eligible_count if masked)
        - If j loses to i: prob(i→j) = 0
        - prob(i→i) = (N - row_sum)/N
    
    Args:
        cV: (B, N) winner matrix where cV[b, j] = 1 if j beats status_quo_indices[b]
        nfa: int, number of feasible alternatives
        status_quo_indices: (B,) array of status quo state indices
        eligibility_mask: Optional (B, N) boolean mask for eligible challengers
    
    Returns:
        cP: (B, N) transition probability matrix
    """
    batch_size = cV.shape[0]
    
    if eligibility_mask is not None:
        cV = cV * eligibility_mask
        eligible_count = eligibility_mask.sum(axis=1).astype(float)
    else:
        eligible_count = jnp.full(batch_size, nfa, dtype=float)
    
    # Count winning alternatives for each status quo
    row_sums = cV.sum(axis=1)
    
    # Start with cV (winners get 1, losers get 0)
    # Use same float precision as eligible_count
    cP = cV.astype(eligible_count.dtype)
    
    # Add diagonal: status quo gets (eligible_count - row_sum)
    diag_values = eligible_count - row_sums
    cP = cP.at[jnp.arange(batch_size), status_quo_indices].add(diag_values)
    
    # Divide by eligible count
    cP = cP / eligible_count[:, jnp.newaxis]
    
    return cP




def finalize_transition_matrix(cV, zi, nfa, status_quo_indices, eligibility_mask=None):
    return finalize_transition_matrix_zi_jit(cV, nfa, status_quo_indices, eligibility_mask)
