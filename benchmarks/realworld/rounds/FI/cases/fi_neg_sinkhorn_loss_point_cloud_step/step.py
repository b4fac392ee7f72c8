# Source: https://github.com/ott-jax/ott/issues/338
# Title: Sinkhorn slower on GPU than CPU (user's minimal example moving a point cloud by minimising an OT loss)
# Cut: the code up to the start of `step`; the rest of `step` (optax update) and the driver loop are
#      reconstructed from the description ("move a source pointcloud x2 to a target pointcloud x1"); prints dropped.
import jax
from ott.solvers.linear import sinkhorn
from ott.geometry import pointcloud
import optax

# Generate a target and a source point cloud
key = jax.random.PRNGKey(0)
key1, key2 = jax.random.split(key)
x1 = jax.random.normal(key1, (15, 2))
x2 = jax.random.normal(key2, (15, 2))

# Define a loss function
def loss(y):
  geom_xy = pointcloud.PointCloud(x1, y)
  ot_cost = sinkhorn.solve(geom_xy).reg_ot_cost

  geom_yy = pointcloud.PointCloud(y, y)
  ot_cost -= 0.5 * sinkhorn.solve(geom_yy).reg_ot_cost

  return ot_cost

optimizer = optax.adam(1e-2)

@jax.jit
def step(y, opt_state):
  """A JITted step function"""
  loss_value, grads = jax.value_and_grad(loss)(y)
  updates, opt_state = optimizer.update(grads, opt_state, y)
  y = optax.apply_updates(y, updates)
  return y, opt_state, loss_value

y = x2
opt_state = optimizer.init(y)
for i in range(500):
  y, opt_state, loss_value = step(y, opt_state)
