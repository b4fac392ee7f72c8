# Source: https://github.com/florianbohnes/diff-sim-jax/blob/83e7d8a74a741c2d2efaecccc29f3e332bb420e1/planning/planner_utils.py
# Title: planning/planner_utils.py (pure-pursuit helpers of a JAX port of the F1TENTH vehicle simulator)
# Cut: kept the jitted nearest_point_on_trajectory and the un-jitted first_point_on_trajectory_intersecting_circle (marked "TODO: remove for_loop to jit");
#      docstrings shortened, the wrap-around branch dropped.
import jax.numpy as jnp
import jax
from jax import jit


@jit
def nearest_point_on_trajectory(point, trajectory):
    """Return the nearest point along the given piecewise linear trajectory."""
    diffs = trajectory[1:, :] - trajectory[:-1, :]
    # Equivalent to dot product
    t = jnp.sum((point - trajectory[:-1, :]) * diffs, axis=1) / (diffs[:, 0] ** 2 + diffs[:, 1] ** 2)
    t = jnp.clip(t, 0.0, 1.0)
    projections = trajectory[:-1, :] + (t * diffs.T).T
    temp = point - projections
    dists = jnp.sqrt(jnp.sum(temp * temp, axis=1))
    min_dist_segment = jnp.argmin(dists)
    return projections[min_dist_segment], dists[min_dist_segment], t[min_dist_segment], min_dist_segment



# TODO: remove for_loop to jit
def first_point_on_trajectory_intersecting_circle(point, radius, trajectory, t=0.0, wrap=False):
    """Return the first point along the given piecewise linear trajectory that intersects the given circle."""
    start_i = int(t)
    start_t = t % 1.0
    first_t = None
    first_i = None
    first_p = None
    #trajectory = jax.device_put(jnp.array([trajectory]))
    trajectory = jnp.array(trajectory)

    for i in range(start_i, trajectory.shape[0] - 1):
        start = trajectory[i, :]
        end = trajectory[i + 1, :] + 1e-6
        # V has been stored ascontigouuous array in legacy
        V = jnp.array(end - start)
        a = jnp.dot(V, V)
        b = 2.0 * jnp.dot(V, start - point)
        c = jnp.dot(start, start) + jnp.dot(point, point) - 2.0 * jnp.dot(start, point) - radius * radius
        discriminant = b * b - 4 * a * c

        if discriminant < 0:
            continue
        #   print "NO INTERSECTION"
        # else:
        # if discriminant >= 0.0:
        discriminant = jnp.sqrt(discriminant)
        t1 = (-b - discriminant) / (2.0 * a)
        t2 = (-b + discriminant) / (2.0 * a)
        if i == start_i:
            if t1 >= 0.0 and t1 <= 1.0 and t1 >= start_t:
                first_t = t1
                first_i = i
                first_p = start + t1 * V
                break
            if t2 >= 0.0 and t2 <= 1.0 and t2 >= start_t:
                first_t = t2
                first_i = i
                first_p = start + t2 * V
                break
        elif t1 >= 0.0 and t1 <= 1.0:
            first_t = t1
            first_i = i
            first_p = start + t1 * V
            break
        elif t2 >= 0.0 and t2 <= 1.0:
            first_t = t2
            first_i = i
            first_p = start + t2 * V
    return first_p, first_i, first_t
