# Source: https://github.com/flaviovdf/copulae/blob/dd519e69e3a9d27f29414762650257a42d33d2d0/copulae/input.py
# Title: copulae, copulae/input.py ("This module is used to generate inputs for copula neural networks")
# Cut: docstrings shortened to one line; the typing aliases imported from copulae.typing replaced by typing.
# -*- coding: utf8 -*-


from collections import namedtuple


from typing import Sequence
Tensor = object
from typing import Tuple


from scipy.stats import gaussian_kde


from statsmodels.distributions.empirical_distribution \
    import ECDF


import numpy as np


def __populate_conditionals(
    UV_batches, YdC_batches,
    probs, keys_v, keys_u, dim_v, dim_u
):
    for i in range(UV_batches.shape[0]):
        vs = UV_batches[i, dim_v]
        vs_idx = np.searchsorted(keys_v, vs)

        for k in range(UV_batches.shape[2]):
            u = UV_batches[i, dim_u, k]
            v_idx = vs_idx[k]

            if v_idx >= len(probs):
                c_vu = 1.0
            else:
                u_idx = np.searchsorted(keys_u[v_idx], u)
                if u_idx >= probs[v_idx].shape[0]:
                    u_idx = probs[v_idx].shape[0] - 1
                c_vu = probs[v_idx][u_idx]
            YdC_batches[i, dim_v, k] = c_vu


def __create_conditionals(vs, us):
    probs = []
    keys_u = []
    for i in range(vs.shape[0]):
        v = vs[i]
        idx = vs <= v
        to_kde = np.sort(us[idx])
        if to_kde.shape[0] >= 3:
            kde = gaussian_kde(to_kde)
            base = kde.pdf(to_kde)
            probs.append(base * v)
        else:
            probs.append(np.zeros(to_kde.shape[0]))
        keys_u.append(to_kde)

    keys_v_np = np.array(vs)
    order = np.argsort(keys_v_np)
    keys_v_np = keys_v_np[order]

    keys_u_np_unordered = list(map(np.array, keys_u))
    probs_np_unordered = list(map(np.array, probs))

    keys_u_np = [keys_u_np_unordered[i] for i in order]
    probs_np = [probs_np_unordered[i] for i in order]

    return probs_np, keys_v_np, keys_u_np


def __init_output(n_batches, n_features, batch_size):
    # UV is used for the copula training
    # M are the marginal CDFs
    # X are the dataset values related to M
    # Y is the expected copula output
    UV_batches = np.zeros(
        shape=(n_batches, n_features, batch_size),
    )
    M_batches = np.zeros(
        shape=(n_batches, n_features, batch_size),
    )
    X_batches = np.zeros(
        shape=(n_batches, n_features, batch_size),
    )
    YC_batches = np.zeros(
        shape=(n_batches, batch_size, 1),
    )
    return UV_batches, M_batches, X_batches, YC_batches


def __populate(
    D: Tensor,
    us: Tensor,
    vs: Tensor,
    bootstrap: bool,
    ecdfs: Sequence[Tuple[Tensor, Tensor]],
    min_val: float,
    max_val: float,
    n_batches: int,
    batch_size: int,
    conditionals: bool
) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:

    n_features = D.shape[0]
    UV_batches, M_batches, X_batches, YC_batches = \
        __init_output(n_batches, n_features, batch_size)

    for batch_i in range(n_batches):
        if bootstrap:
            Ub = np.random.uniform(
                size=(n_features, batch_size),
                low=min_val, high=max_val
            )
        else:
            Ub = np.zeros(
                shape=(n_features, batch_size),
            )
            Ub[0] = us
            Ub[1] = vs

        mask = True
        for j, xy in enumerate(ecdfs):
            pos = np.searchsorted(xy[1], Ub[j])
            vals_m = xy[1][pos]
            M_batches[batch_i, j, :] = vals_m

            vals_x = xy[0][pos]
            X_batches[batch_i, j, :] = vals_x

            lt = np.tile(
                D[j], batch_size
            ).reshape(
                batch_size,
                D.shape[1]
            ).T <= vals_x
            mask = mask & lt

        Yb = np.mean(mask, axis=0)
        Yb = Yb.reshape(batch_size, 1)

        UV_batches[batch_i, :, :] = Ub
        YC_batches[batch_i, :, :] = Yb

    R_batches = np.random.uniform(
        low=min_val, high=max_val - UV_batches,
        size=UV_batches.shape
    )

    YdC_batches = np.zeros_like(UV_batches)
    if conditionals:
        p_vu, keys_p_vu_v, keys_p_vu_u = \
            __create_conditionals(vs, us)
        p_uv, keys_p_uv_u, keys_p_uv_v = \
            __create_conditionals(us, vs)

        __populate_conditionals(
            UV_batches, YdC_batches,
            p_vu, keys_p_vu_v, keys_p_vu_u, 1, 0
        )
        __populate_conditionals(
            UV_batches, YdC_batches,
            p_uv, keys_p_uv_u, keys_p_uv_v, 0, 1
        )
        YdC_batches = np.clip(YdC_batches, 0, 1)
    else:
        YdC_batches = np.nan
    return UV_batches, M_batches, X_batches, R_batches, \
        YdC_batches, YC_batches


def generate_copula_net_input(
    D: Tensor,
    bootstrap: bool = True,
    n_batches: int = 128,
    batch_size: int = 64,
    conditionals: bool = True
) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    """Creates the input tensors needed to train neural"""

    if len(D.shape) != 2 or D.shape[0] != 2:
        raise ValueError('D must be of shape (2, n)')

    if not bootstrap:
        n_batches = 1
        batch_size = D.shape[1]

    D = np.asanyarray(D, dtype='f')
    ecdf_u = ECDF(D[0])
    ecdf_v = ECDF(D[1])

    ecdfs = []
    ecdfs.append((ecdf_u.x, ecdf_u(ecdf_u.x)))
    ecdfs.append((ecdf_v.x, ecdf_v(ecdf_v.x)))

    assert np.all(ecdfs[0][0][:-1] <= ecdfs[0][0][1:])
    assert np.all(ecdfs[0][1][:-1] <= ecdfs[0][1][1:])
    assert np.all(ecdfs[1][0][:-1] <= ecdfs[1][0][1:])
    assert np.all(ecdfs[1][1][:-1] <= ecdfs[1][1][1:])

    us = ecdf_u(D[0])
    vs = ecdf_v(D[1])

    TrainingTensors = namedtuple(
        'TrainingTensors',
        ['UV_batches', 'M_batches', 'X_batches',
         'R_batches', 'YdC_batches', 'YC_batches']
    )

    rv = __populate(
        D, us, vs, bootstrap, ecdfs, 0, 1.0,
        n_batches, batch_size, conditionals
    )

    import jax.numpy as jnp
    rv = map(lambda a: jnp.array(a, dtype=jnp.float32),
             rv)
    return TrainingTensors(*rv)

