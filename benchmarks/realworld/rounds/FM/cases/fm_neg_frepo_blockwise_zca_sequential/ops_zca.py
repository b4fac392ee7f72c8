# Source: https://github.com/yongchaoz/FRePo/blob/43e028a5839a5de367701b9e9544a08ffccb3166/lib/dataset/ops.py
# Title: lib/dataset/ops.py (block ZCA whitening for dataset distillation)
# Cut: kept imports and get_whitening_transform

import tqdm
import functools
from absl import logging

import jax
import jax.numpy as jnp
import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds


def get_whitening_transform(cov, n_train, zca_reg=1e-5, use_mean_block=False):
    def _get_whitening_transform(cov, n_train, zca_reg):
        """Returns 2D matrix that performs whitening transform.
        Whitening transform is a (d,d) matrix (d = number of features) which acts on
        the right of a (n, d) batch of flattened data.
        """
        reg_amount = zca_reg * jnp.trace(cov) / cov.shape[0]

        u, s, _ = jnp.linalg.svd(cov + reg_amount * jnp.eye(cov.shape[0]))
        sqrt_zca_eigs = s ** (1 / 2)
        inv_sqrt_zca_eigs = s ** (-1 / 2)

        # rank control
        if n_train < cov.shape[0]:
            sqrt_zca_eigs = sqrt_zca_eigs.at[n_train:].set(
                jnp.ones(sqrt_zca_eigs[n_train:].shape[0]))
            inv_sqrt_zca_eigs = inv_sqrt_zca_eigs.at[n_train:].set(
                jnp.ones(inv_sqrt_zca_eigs[n_train:].shape[0]))
        rev_whitening_transform = jnp.einsum('ij,j,kj->ik', u, sqrt_zca_eigs, u, optimize=True)
        whitening_transform = jnp.einsum('ij,j,kj->ik', u, inv_sqrt_zca_eigs, u, optimize=True)
        return whitening_transform, rev_whitening_transform, reg_amount, sqrt_zca_eigs, inv_sqrt_zca_eigs

    get_transform = functools.partial(_get_whitening_transform, n_train=n_train, zca_reg=zca_reg)
    jit_get_transform = jax.jit(get_transform)

    logging.info('Performing zca whitening preprocessing with reg: %.2e', zca_reg)
    if len(cov.shape) == 3 and use_mean_block:
        logging.info('Use mean block!')
        cov = jnp.mean(cov, axis=0)

    if len(cov.shape) == 3:
        whitening_transform = []
        rev_whitening_transform = []
        # Sequential form, otherwise may get OOM
        for i in range(cov.shape[0]):
            a, b, c, d, e = jit_get_transform(cov[i])
            whitening_transform.append(a)
            rev_whitening_transform.append(b)

            logging.info('Raw zca regularization strength: {}'.format(c))
            logging.info('sqrt_zca_eigs: {}, {}'.format(d.shape, d))
            logging.info('inv_sqrt_zca_eigs: {}, {}'.format(e.shape, e))

        whitening_transform = jnp.stack(whitening_transform)
        rev_whitening_transform = jnp.stack(rev_whitening_transform)
    else:
        whitening_transform, rev_whitening_transform, c, d, e = jit_get_transform(cov)
        logging.info('Raw zca regularization strength: {}'.format(c))
        logging.info('sqrt_zca_eigs: {}, {}'.format(d.shape, d))
        logging.info('inv_sqrt_zca_eigs: {}, {}'.format(e.shape, e))

    return whitening_transform, rev_whitening_transform
