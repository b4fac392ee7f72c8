# Source: https://github.com/birdflow-science/BirdFlowPy/blob/43a7840d9a6ce9be4cefdf7ed99421f906b91adf/flow_model.py
# Title: BirdFlowPy flow_model.py (project_density and shift_density helpers used by the demo notebook)
# Cut: kept imports and the two host-side helpers project_density and shift_density; the haiku model classes and sampling helpers cut

import haiku as hk

from jax.nn import softmax
import jax.numpy as jnp
from jax.random import categorical


def project_density(flow_params, init_dist, t_start=1, t_end=51):
    d = init_dist
    flow_amounts = []
    for week in range(t_start, t_end):
        z = flow_params[f'Flow_Model/Week_{week}']['z']
        trans_prop = softmax(z, axis=1)
        flow = trans_prop * d.reshape(-1, 1)
        flow_amounts.append(flow)
        d = flow.sum(axis=0)
    return (init_dist, jnp.array(flow_amounts))
  

def shift_density(pred_density, nan_mask, x_dim, y_dim):
    full_densities = []
    for p in pred_density:
        full_cells = jnp.full((x_dim * y_dim,), jnp.nan)
        full_cells = full_cells.at[~nan_mask].set(p)
        full_densities.append(full_cells)

    return jnp.array(full_densities)
