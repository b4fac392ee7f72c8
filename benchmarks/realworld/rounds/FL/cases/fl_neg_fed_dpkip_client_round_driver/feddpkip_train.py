# Source: https://github.com/Justinyangjy/FL-DP-KIP/blob/1bb853efa115567e8237fbd2ee6baac8453184f0/feddpkip_inf_ntk.py
# Title: feddpkip_inf_ntk.py (federated DP-KIP: per-client noise calibration and the client/round training loop)
# Cut: kept per-client autodp calibration, the per-client data streams, the jitted update/private_update and the epoch x client loop; private_grad, eval_acc and client_eval_acc are defined in the same file in the original and imported here; dataset partitioning and plotting dropped.
import itertools
import time
import gc

import jax
from jax import grad, jit, random
from jax.example_libraries import optimizers
import numpy as np
import numpy.random as npr
from absl import flags

from autodp.calibrator_zoo import generalized_eps_delta_calibrator
from autodp.mechanism_zoo import SubsampleGaussianMechanism

from dpkip import loss, private_grad, shape_as_image, client_eval_acc

FLAGS = flags.FLAGS


def train(client_num_train, client_num_batches, client_train_X, client_train_y,
          init_params, y_init, kernel_fn, key):
  if FLAGS.dpsgd:
    client_dp_params = [{} for _ in range(FLAGS.n_clients)]
    client_dp_sigma = {}
    for c in range(FLAGS.n_clients):
        general_calibrate = generalized_eps_delta_calibrator()
        client_dp_params[c]['sigma'] = None
        client_dp_params[c]['coeff'] = FLAGS.epochs * client_num_train[c] / FLAGS.batch_size
        client_dp_params[c]['prob'] = FLAGS.batch_size / client_num_train[c] 
        mech = general_calibrate(SubsampleGaussianMechanism, FLAGS.epsilon, FLAGS.delta, [0, 1000], params=client_dp_params[c],
                                para_name='sigma', name='Subsampled_Gaussian')
        print("SIGMA WITH AUTODP: ", client_dp_params[c]['sigma'])
        client_dp_sigma[c] = client_dp_params[c]['sigma']

  def data_stream(c):
    rng = npr.RandomState(FLAGS.seed)
    while True:
        perm = rng.permutation(client_num_train[c])
        for i in range(client_num_batches[c]):
            batch_idx = perm[i * FLAGS.batch_size:(i + 1) * FLAGS.batch_size]
            yield client_train_X[c][batch_idx], client_train_y[c][batch_idx]

  client_batches = [data_stream(c) for c in range(FLAGS.n_clients)]

  opt_init, opt_update, get_params = optimizers.adam(FLAGS.learning_rate)

  @jit
  def update(_, i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)

  @jit
  def private_update(rng, i, opt_state, batch, y_support, sigma_value):
    params = get_params(opt_state)
    rng = random.fold_in(rng, i)  # get new key for new random numbers
    return opt_update(
        i,
        private_grad(params, batch, rng, FLAGS.l2_norm_clip,
                     sigma_value, FLAGS.batch_size, y_support, kernel_fn, FLAGS.microbatches, FLAGS.reg), opt_state)

  opt_state = opt_init(init_params)
  itercount = itertools.count()

  print('\nStarting training...')
  for epoch in range(1, FLAGS.epochs + 1):
    start_time = time.time()
    for c in range(FLAGS.n_clients):
      opt_state_c = opt_state
      for _ in range(client_num_batches[c]):
        if FLAGS.dpsgd:
          gc.collect()
          opt_state_c = \
              private_update(
                  key, next(itercount), opt_state_c,
                  shape_as_image(*next(client_batches[c]), FLAGS.dataset, dummy_dim=True), y_init,
                    client_dp_sigma[c])
        else:
          opt_state_c = update(
              key, next(itercount), opt_state_c, shape_as_image(*next(client_batches[c])).shape)
      if c == 0:
          params_next = get_params(opt_state_c)
      else:
          params_next += get_params(opt_state_c)
      mse_loss, acc = client_eval_acc(get_params(opt_state_c), y_init, c, kernel_fn, FLAGS.reg)
      print(f"Client {c} test loss: ", mse_loss)
      print(f"Client {c} test acc: ", acc)

    epoch_time = time.time() - start_time
    print(f'Epoch {epoch} in {epoch_time:0.2f} sec')

    params_next = np.true_divide(params_next, FLAGS.n_clients)
    params_next[np.isnan(params_next)] = 0
    params = params_next
  return params
