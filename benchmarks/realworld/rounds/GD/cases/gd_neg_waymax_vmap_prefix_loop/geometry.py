# Source: https://github.com/waymo-research/waymax/blob/48b33d71aac20a22db7d25f2d3220596899d944a/waymax/utils/geometry.py
# Title: waymax/utils/geometry.py (Waymax driving simulator geometry helpers)
# Cut: kept pose_from_xy_yaw, _transform_points and transform_points (docstrings shortened); called from jitted observation code.
import chex
import jax
import jax.numpy as jnp

@jax.jit
def pose_from_xy_yaw(
    xy: jax.Array, yaw: jax.Array
) -> tuple[jax.Array, jax.Array]:
  """Gets 2D transformation matrix and delta yaw with any prefix shape."""
  def _pose_from_xy_yaw(
      local_xy: jax.Array, local_yaw: jax.Array
  ) -> tuple[jax.Array, jax.Array]:
    """Helper function for pose_from_xy_yaw without extra prefix shape."""
    pose_yaw = -jnp.array(local_yaw)  # rotate x-axis by yaw count-clockwise.
    c, s = jnp.cos(pose_yaw), jnp.sin(pose_yaw)
    rotation_matrix = jnp.array([[c, -s], [s, c]])
    translation_vector = -jnp.array([
        [c * local_xy[0] - s * local_xy[1]],
        [s * local_xy[0] + c * local_xy[1]],
    ])
    pose_matrix = jnp.concatenate(
        [rotation_matrix, translation_vector], axis=-1
    )
    pose_matrix = jnp.concatenate(
        [pose_matrix, jnp.array([[0.0, 0.0, 1.0]])], axis=0
    )
    return pose_matrix, pose_yaw

  prefix_len = xy.ndim - 1
  chex.assert_equal_shape_prefix((xy, yaw), prefix_len)
  func = _pose_from_xy_yaw
  for _ in range(prefix_len):
    # Vectorization, one vmap for one extra dimension.
    func = jax.vmap(func)

  return func(xy, yaw)


def _transform_points(matrix: jax.Array, pts: jax.Array) -> jax.Array:
  """Helper function for transform_points."""
  # Transform 2D points using a transformation matrix.
  dof = pts.shape[-1]
  pad_width = [(0, 1) if i == pts.ndim - 1 else (0, 0) for i in range(pts.ndim)]
  # Add homogeneous dimension.
  out_pts = jnp.pad(pts, pad_width, mode='constant', constant_values=1.0)
  # Explicitly set high precision (for TPU).
  out_pts = out_pts.dot(matrix.T, precision='float32')[..., :dof]
  chex.assert_equal_shape((pts, out_pts))
  return out_pts


@jax.named_scope('transform_points')
def transform_points(pose_matrix: jax.Array, pts: jax.Array) -> jax.Array:
  """Transforms points into new coordinates with any prefix shape.

  Args:
    pose_matrix: Matrix representing the transformation into the frame of some
      pose of shape (prefix, dof+1, dof+1).
    pts: Points to translate of shape (prefix, ..., dof).

  Returns:
    Points transformed by the `pose_matrix` of shape (prefix, ..., dof).
  """
  prefix_len = pose_matrix.ndim - 2
  chex.assert_equal_shape_prefix((pose_matrix, pts), prefix_len)
  func = _transform_points
  for _ in range(prefix_len):
    func = jax.vmap(func)

  return func(pose_matrix, pts)
