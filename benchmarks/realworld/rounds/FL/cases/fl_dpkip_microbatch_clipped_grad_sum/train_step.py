# Source: https://github.com/mvinaroz/DP-KIP/blob/d2efb62eb743f073ddaba319de0b92b2de7de809/dpkip_inf_ntk.py
# Title: dpkip_inf_ntk.py (main: flags, jitted private_update and the training loop)
# Cut: kept the microbatches/batch_size flags, the NTK kernel_fn, the jitted private_update and the epoch loop; dataset setup, autodp calibration and plotting dropped; the objects main() builds (dp_params, init_params, batches) are passed in as arguments.
import functools
import itertools

from absl import flags
import jax
from jax import jit
from jax import random
from jax.example_libraries import optimizers
from neural_tangents import stax
import numpy as np

from private_grad import private_grad

FLAGS = flags.FLAGS
flags.DEFINE_float('l2_norm_clip', 1.0, 'Clipping norm')
flags.DEFINE_integer('batch_size', 256, 'Batch size')
flags.DEFINE_integer(
    'microbatches', None, 'Number of microbatches '
    '(must evenly divide batch_size)')
flags.DEFINE_float('reg', 1e-6, 'Regularization parameter')
flags.DEFINE_integer('width', 200, 'NTK width')


def main(_, dp_params, init_params, y_init, batches, num_batches, key):
  init_random_params, predict, kernel_ntk = stax.serial(
    stax.Flatten(),
    stax.Dense(FLAGS.width, W_std = np.sqrt(2), b_std = 0.1, parameterization = 'ntk'),
    stax.Relu(),
    stax.Dense(10,  W_std = np.sqrt(2), b_std = 0.1, parameterization = 'ntk')
    )
  kernel_fn = jax.jit(functools.partial(kernel_ntk, get='ntk'))

  opt_init, opt_update, get_params = optimizers.adam(0.15)

  @jit
  def private_update(rng, i, opt_state, batch, y_support):
    params = get_params(opt_state)
    rng = random.fold_in(rng, i)  # get new key for new random numbers
    return opt_update(
        i,
        private_grad(params, batch, rng, FLAGS.l2_norm_clip,
                     dp_params['sigma'], FLAGS.batch_size, y_support, kernel_fn, FLAGS.microbatches, FLAGS.reg), opt_state)

  opt_state = opt_init(init_params)
  itercount = itertools.count()
  for epoch in range(1, 60 + 1):
    for _ in range(num_batches):
      opt_state = private_update(key, next(itercount), opt_state, next(batches), y_init)
  return get_params(opt_state)
