# Source: https://github.com/jax-ml/jax/issues/7009
# Title: jax.lax.scan for recurrent models on very long sequences: can it be done?
# Cut: the two functions from the issue description; imports, the flax model stub and a jitted caller added
#      so the snippet stands alone (the issue runs it inside its training step).
import jax
import numpy as np
import flax.linen as nn

sample_length = 10_000
receptive_field = 50


class Model(nn.Module):
  @nn.compact
  def __call__(self, memory_slice, t):
    return nn.Dense(1)(memory_slice)[0]


model = Model()


def recurrent_forward(args, t):
  [nkey, memory, params] = args
  memory_slice = jax.lax.dynamic_slice(memory, [t], [receptive_field])
  x = model.apply({'params': params}, memory_slice, t)
  memory = jax.lax.dynamic_update_index_in_dim(memory, x, t, 0)
  return [nkey, memory, params]

def unroll_recurrent_forward(nkey, memory, params):
  [nkey, memory, params], _ = jax.lax.scan(recurrent_forward, [nkey, memory, params],
                                           np.arange(sample_length))
  return memory


unroll_jit = jax.jit(unroll_recurrent_forward)
