# Source: https://github.com/jacobe90/birdflow_mixture_of_products/blob/7166cd3e6cac282da1862cd8a001f91aadae4473/mixture_of_products_from_sampled_routes.py
# Title: birdflow_mixture_of_products: mixture_of_products_from_sampled_routes.py (initialise mixture components from routes sampled from a Markov chain)
# Cut: kept imports and the host-side helpers get_index_in_bigger_grid, conversion dict, coordinates, boxes, boxed/unboxed marginals and mop_from_routes; the argparse script (hdf5 loading, route sampling, loss evaluation, pickling) cut

from functools import partial
from mixture_of_products_model_training import loss_fn, train_model, Datatuple, mask_input, pad_input
import pickle
import argparse
import os
import h5py
import numpy as np
import jax.numpy as jnp
from jax.random import categorical
from scipy.stats import multivariate_normal
from jax import jit
import haiku as hk
import math
import time


def get_index_in_bigger_grid(cell, mask):
    true_count = -1
    new_cell = None
    for i, b in enumerate(mask):
        if b:
            true_count += 1
        if true_count == cell:
            new_cell = i
            break
    return new_cell


"""
cell: cell in grid of size len(mask)
mask: boolean array where true cells correspond to cells of a smaller grid
Returns: None if mask[cell] == False, index of cell in smaller grid (equals the number of True values in the mask before index cell)
"""



def get_overall_to_weekly_mask_conversion_dict(nan_mask, weekly_mask):
    overall_dict = {}
    idx = 0
    for i, b in enumerate(nan_mask):
        if b:
            overall_dict[i] = idx
            idx += 1
        if not b:
            overall_dict[i] = None
    weekly_dict = {None: None}
    idx = 0
    for i, b in enumerate(weekly_mask):
        if b:
            weekly_dict[i] = idx
            idx += 1
        if not b:
            weekly_dict[i] = None
    conversion_dict = {}
    for i in range(len(nan_mask)):
        conversion_dict[i] = weekly_dict[overall_dict[i]]
    return conversion_dict


def cell_to_xy(cell, x_dim, y_dim):
    x = cell % x_dim
    y = int(cell / x_dim)
    return x, y


def xy_to_cell(x, y, x_dim, y_dim):
    cell = y * x_dim + x
    return cell

"""
Arguments:
idx: index of the cell in the weekly mask
week: the weekly mask index to use
masks, nan_masks: array of weekly masks, ocean mask, respectively

Returns:
x-y coordinates of cell in the biggest mask
"""


def get_coords(cell, week, masks, nan_mask, x_dim, y_dim):
    medium_cell = get_index_in_bigger_grid(cell, masks[week])
    big_cell = get_index_in_bigger_grid(medium_cell, nan_mask)
    return cell_to_xy(big_cell, x_dim, y_dim)


"""
cell: grid cell index (center of the box)
week: week of the cell
masks: list of dynamic masks (we care about masks[week])
nan_mask: big mask used to eliminate oceans
x_dim, y_dim: dimensions of the overall grid
box_dim: number of cells from box center to edge (not counting the center)

Returns: box, a dictionary of idx, coords pairs, where idx is a cell index for given week, coords is a tuple of the coordinates for that cell 
"""


def get_box(cell, week, masks, nan_mask, x_dim, y_dim, box_dim, conversion_dict):
    if box_dim % 2 == 0 and box_dim > 2:
        raise Exception("even box dimension > 2 unsupported")

    # if we are in the 1x1 case, just return the original cell as the center of a box
    if box_dim == 1:
        return {cell: (0, 0)}

    # grid cell index in weekly grid -> grid cell index in medium grid -> grid cell index in big grid
    medium_cell = get_index_in_bigger_grid(cell, masks[week])
    big_cell = get_index_in_bigger_grid(medium_cell, nan_mask)
    x_c, y_c = cell_to_xy(big_cell, x_dim, y_dim)
    box_r = int(box_dim / 2)
    box = {}

    if box_dim == 2:
        for y in range(y_c, min(y_dim, y_c + box_dim)):
            for x in range(x_c, min(x_dim, x_c + box_dim)):
                big_xy_cell = xy_to_cell(x, y, x_dim, y_dim)
                small_xy_cell = conversion_dict[big_xy_cell]
                if small_xy_cell is not None:
                    box[small_xy_cell] = (x - x_c, y - y_c)
        return box

    for y in range(max(0, y_c - box_r), min(y_dim, y_c + box_r + 1)):
        for x in range(max(0, x_c - box_r), min(x_dim, x_c + box_r + 1)):
            # convert (x,y) in big grid -> cell in the big grid
            big_xy_cell = xy_to_cell(x, y, x_dim, y_dim)

            # convert big_xy_cell back to a cell in the small grid for week
            # store coordinates in box
            small_xy_cell = conversion_dict[big_xy_cell]
            if small_xy_cell is not None:
                box[small_xy_cell] = (x - x_c, y - y_c)
    return box


"""
Arguments:
box: the box to apply the mvn to
week: the week of the marginal

Returns: a vector such that applying softmax yields marginal with zeroes everywhere outside of the indices given by box (whose indices have probability values given by an MVN)
"""


def get_boxed_weekly_marginal(box_center, week, cells, masks, nan_mask, x_dim, y_dim, box_dim, conversion_dict, scale):
    box = get_box(box_center, week, masks, nan_mask, x_dim, y_dim, box_dim, conversion_dict)
    marginal = np.empty(cells[week])
    marginal.fill(-10)
    for idx, coords in box.items():
        marginal[idx] = max(math.log(multivariate_normal.pdf(coords, mean=[0, 0], cov=[[scale, 0], [0, scale]])), -10)
    return jnp.array(marginal)

def pdf_spherical_multivariate_normal(x_1, x_2, scale):
    part1 = 1 / (2*np.pi*scale)
    part2 = (-1/2) * (1/scale) * (x_1**2 + x_2**2)
    return float(part1 * np.exp(part2))

"""
Arguments:
center: index of the marginal probability center in the weekly max
week: the week of the marginal
scale: scale parameter of spherical gaussian used to generate probabilities
conversion_dict

Returns: a weekly marginal of a mixture component where cell probabilites come from a spherical gaussian centered at "center"
"""
def get_unboxed_weekly_marginal(center, week, cells, masks, nan_mask, x_dim, y_dim, conversion_dict, scale):
    x_c, y_c = get_coords(center, week, masks, nan_mask, x_dim, y_dim)
    marginal = np.empty(cells[week])
    marginal.fill(-10)
    mu = np.zeros((2, 1))
    for big_cell in range(len(nan_mask)):
        idx = conversion_dict[big_cell]
        if idx is not None:
            x_big_cell, y_big_cell = cell_to_xy(big_cell, x_dim, y_dim)
            try:
                marginal[idx] = max(math.log(pdf_spherical_multivariate_normal(x_big_cell - x_c, y_big_cell - y_c, scale)), -10)
            except:
                continue
    return jnp.array(marginal)

"""
Arguments:
routes: An n x T array of sampled routes (n sampled routes of T timesteps)
Returns:
mixture of products parameters, each components corresponds to one of the routes
"""
def mop_from_routes(routes, cells, masks, nan_mask, x_dim, y_dim, box_dim, scale, unboxed=False):
    n = routes.shape[0]
    mop_params = {'MixtureOfProductsModel': {'weights': jnp.ones(n)}}
    T = routes.shape[1]
    for t in range(T):
        week_t_components = jnp.empty((n, cells[t]))
        conversion_dict = get_overall_to_weekly_mask_conversion_dict(nan_mask, masks[t])
        for k in range(n):
            if not unboxed:
                week_t_components = week_t_components.at[k, :].set(
                    get_boxed_weekly_marginal(routes[k][t], t, cells, masks, nan_mask, x_dim, y_dim, box_dim, conversion_dict, scale))
            else:
                week_t_components = week_t_components.at[k, :].set(
                    get_unboxed_weekly_marginal(routes[k][t], t, cells, masks, nan_mask, x_dim, y_dim, conversion_dict, scale))
        mop_params['MixtureOfProductsModel'][f'week_{t}'] = week_t_components
    return mop_params
