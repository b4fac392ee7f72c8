# Source: https://github.com/kazukiosawa/ngd_in_wide_nn/blob/1da1a708f8486c16010856d4b43c640b86a14893/jax-based/utils.py
# Title: jax-based/utils.py (dataset creation for the NGD experiments)
# Cut: kept create_dataset; the tfds loader is passed in instead of defined here.
import os
import numpy as np


def create_dataset(name, _load_tf_dataset, n_train=None, n_test=None, do_flatten_and_normalize=True,
                   target_classes=None, save_dataset=False, save_dataset_dir='./datasets'):
  x_train, y_train, x_test, y_test = \
    _load_tf_dataset(name, n_train, n_test,
                     do_flatten_and_normalize=do_flatten_and_normalize,
                     target_classes=target_classes)
  n_classes = y_train.shape[-1]
  if n_classes == 2:
    # [1, 0] -> [0.5], [0, 1] -> [-0.5]
    y_train = np.array([[0.5 * (c1 - c2)] for c1, c2 in y_train])
    y_test = np.array([[0.5 * (c1 - c2)] for c1, c2 in y_test])

  if target_classes is None:
    target_classes = list(range(n_classes))

  # normalize ||x|| = 1
  for i in range(len(x_train)):
    x_train[i] /= np.linalg.norm(x_train[i])
  for i in range(len(x_test)):
    x_test[i] /= np.linalg.norm(x_test[i])

  if save_dataset:
    if not os.path.isdir(save_dataset_dir):
      os.makedirs(save_dataset_dir)
    filename = f'{name}_train{n_train}_test{n_test}_{n_classes}classes'
    path = os.path.join(save_dataset_dir, filename)
    np.savez(path, x_train, y_train, x_test, y_test, target_classes)

  return x_train, y_train, x_test, y_test, target_classes
