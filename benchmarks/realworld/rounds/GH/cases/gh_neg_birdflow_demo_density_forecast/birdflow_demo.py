# Source: https://github.com/birdflow-science/BirdFlowPy/blob/43a7840d9a6ce9be4cefdf7ed99421f906b91adf/birdflow_demo.ipynb
# Title: BirdFlowPy birdflow_demo.ipynb (forecast a bird's weekly location distribution from a trained model)
# Cut: the forecasting cell converted to a .py file; `params`, `dtuple` and `reverse_shifts` come from earlier cells (loading the trained parameters and data)

from flow_model import project_density, shift_density
import jax.numpy as jnp
from jax.ops import index_add, index_update, index

# We are going to forecast from this position
week1, loc1, row1, col1 = 4, 1751, 34, 17
week2 = 13

# Create an initial distribution
shifted_start = reverse_shifts[loc1]
init_dist = index_update(jnp.zeros(dtuple.cells), index[shifted_start], 1.0)

# Apply model transitions
init, flow = project_density(params, init_dist, t_start=week1, t_end=week2)
densities = jnp.array([init_dist] + [f.sum(axis=0) for f in flow])

# Shift to map indices
shifted_densities = shift_density(densities, dtuple.nan_mask, dtuple.x_dim, dtuple.y_dim)

# Isolate and reshape final distribution
shifted_final = shifted_densities[-1]
final = shifted_final.reshape(dtuple.y_dim, dtuple.x_dim)
