# Source: https://github.com/mickey0226/freenerf-jax/blob/334cda542a74f96ec973db2877dd071f9019a054/FreeNeRF/internal/math.py
# Title: freenerf-jax FreeNeRF/internal/math.py (frequency-regularisation masks)
# Cut: kept get_freq_reg_mask and the fork's added get_freq_reg_mask_dir.
import jax.numpy as jnp
import numpy as np


def get_freq_reg_mask(pos_enc_length, current_iter, total_reg_iter, max_visible=None, type='submission'):
  if max_visible is None:
    # default FreeNeRF
    if current_iter < total_reg_iter:
      freq_mask = np.zeros(pos_enc_length)  # all invisible
      ptr = pos_enc_length / 3 * current_iter / total_reg_iter + 1 
      ptr = ptr if ptr < pos_enc_length / 3 else pos_enc_length / 3
      int_ptr = int(ptr)
      freq_mask[: int_ptr * 3] = 1.0  # assign the integer part
      freq_mask[int_ptr * 3 : int_ptr * 3 + 3] = (ptr - int_ptr)  # assign the fractional part
      return jnp.clip(jnp.array(freq_mask), 1e-8, 1-1e-8)  # for numerical stability
    else:
      return jnp.ones(pos_enc_length)
  else:
    # For the ablation study that controls the maximum visible range of frequency spectrum
    freq_mask = np.zeros(pos_enc_length)
    freq_mask[: int(pos_enc_length * max_visible)] = 1.0
    return jnp.array(freq_mask)


def get_freq_reg_mask_dir(pos_enc_length, current_iter, total_reg_iter, max_visible=None):
  
  def get_deg_view(pos_enc_length):
    # when max_deg = N, pos_enc_length is 2*N^2.
    # Solve the quadratic equation to get N.
    # if concat original direction, pos_enc_length is changed to 2*N^2 + 3. 
    C = float(pos_enc_length)
    return int(np.sqrt(C / 2))
    
  t = current_iter
  T = total_reg_iter
  N = get_deg_view(pos_enc_length)
  
  if max_visible is None:
    freq_mask = np.array([])
    for i in range(N):
        calc = (((N-1)*t-i*T) / T + 1) * np.ones(4 * i + 2,)
        calc = np.clip(calc, 0, 1)
        freq_mask = np.concatenate([freq_mask, calc], axis=-1)
  return jnp.clip(jnp.array(freq_mask), 1e-8, 1-1e-8)
