# Source: https://github.com/fasghq/ttax/blob/6e1888788ee354ca9e10f51b7aec471cbf2bca35/ttax/ops.py
# Title: ttax/ops.py (tt_vmap decorator, conversion of a TT-tensor to a full tensor)
# Cut: broadcasting branch of tt_vmap for two TT arguments cut; TT class reduced to a stub;
#      full_tt_tensor and the vmap-per-batch-dimension wrapper kept as written.
import functools
import jax
import jax.numpy as jnp


class TT:
  def __init__(self, tt_cores):
    self.tt_cores = list(tt_cores)

  @property
  def ndim(self):
    return len(self.tt_cores)

  @property
  def num_batch_dims(self):
    return len(self.tt_cores[0].shape) - 3

  @property
  def shape(self):
    return tuple(c.shape[-2] for c in self.tt_cores)


def tt_vmap(num_batch_args=None):
  """Decorator which makes a function support batch TT-inputs."""
  def tt_vmap_fixed_batching_pattern(func):
    @functools.wraps(func)
    def vectorized_func(*args, **kwargs):
      tt_arg = args[0]
      if tt_arg.num_batch_dims == 0:
        return func(*args, **kwargs)
      else:
        if num_batch_args is not None:
          num_non_batch_args = len(args) + len(kwargs) - num_batch_args
          in_axis = [0] * num_batch_args + [None] * num_non_batch_args
        else:
          num_args = len(args) + len(kwargs)
          in_axis = [0] * num_args
        new_args = args
        vmapped = func
        for _ in range(tt_arg.num_batch_dims):
          vmapped = jax.vmap(vmapped, in_axis)
        return vmapped(*new_args, **kwargs)
    return vectorized_func
  return tt_vmap_fixed_batching_pattern


def full_tt_tensor(tt: TT) -> jnp.array:
  """Converts TT into a regular tensor.
  """
  num_dims = tt.ndim

  dtype = tt.tt_cores[0].dtype  # TODO: make tt.dtype.
  res = jnp.ones((1, 1), dtype=dtype)
  for i in range(num_dims):
    curr_core = tt.tt_cores[i]
    right_rank = curr_core.shape[-1]
    res = jnp.einsum('pa,aib->pib', res, curr_core)
    res = res.reshape(-1, right_rank)

  return jnp.reshape(res, tt.shape)

