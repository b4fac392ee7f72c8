# Source: https://github.com/flowersteam/autodiscjax/blob/863a4f947f8b722b6572cda73f0c987721ed4f7d/autodiscjax/modules/grnwrappers.py
# Title: autodiscjax/modules/grnwrappers.py (perturbation generators for gene regulatory network rollouts), WallPerturbationGenerator
# Cut: kept WallPerturbationGenerator (asserts shortened); other generators and interventions dropped.
import autodiscjax as adx
import equinox as eqx
import jax.numpy as jnp
import jax.random as jrandom
import jax.tree_util as jtu
from jaxtyping import Array


class WallPerturbationGenerator(adx.Module):
    """
    out_treedef: out_params.y[idx] = Array for idx in [node1, node2] where wall is defined
    out_shape: Array of shape (..., n_walls, 2, len(time_intervals))
    """
    n_walls: int
    intersection_windows: Array
    length_ranges: Array
    sigmas: Array

    def __init__(self, out_treedef, out_shape, out_dtype, n_walls, intersection_windows, length_ranges, sigmas):
        super().__init__(out_treedef, out_shape, out_dtype)
        assert len(self.out_shape.y.keys()) == 2  # wall is defined on two nodes
        self.n_walls = n_walls
        self.intersection_windows = intersection_windows
        self.length_ranges = jnp.array(length_ranges)
        self.sigmas = jnp.array(sigmas)

    @eqx.filter_jit
    def __call__(self, key, system_outputs_library):
        out_params = jtu.tree_map(lambda shape, dtype: jnp.empty(shape=shape, dtype=dtype), self.out_shape,
                           self.out_dtype, is_leaf=lambda node: isinstance(node, tuple))
        out_shape = jtu.tree_flatten(self.out_shape, is_leaf=lambda node: isinstance(node, tuple))[0][0] #..., n_walls, 2, len(time_intervals)

        node_ids = jnp.array(list(out_params.y.keys()))
        trajectories = system_outputs_library.ys[..., node_ids, 1:]
        trajectories_extent = jnp.nanmax(trajectories, -1) - jnp.nanmin(trajectories, -1)
        # trick to mask within jit
        trajectories_extent = jnp.concatenate([trajectories_extent, -1*jnp.ones_like(trajectories_extent[0])[jnp.newaxis]])
        mask = jnp.where(trajectories_extent == 0., size=len(trajectories_extent), fill_value=-1)
        trajectories_extent = trajectories_extent.at[mask].set(1.)[:-1]

        # sample random wall orientation (50% vertical, 50% horizontal)
        key, subkey = jrandom.split(key)
        target_node_rel_ids = jrandom.choice(subkey, jnp.arange(2), shape=(self.n_walls, ))
        other_node_rel_ids = 1-target_node_rel_ids

        # sample random wall length
        walls_length = []
        for wall_idx in range(self.n_walls):
            key, subkey = jrandom.split(key)
            walls_length.append(jrandom.uniform(subkey, shape=(1, ), minval=self.length_ranges[wall_idx][0], maxval=self.length_ranges[wall_idx][1]))
        walls_length = jnp.concatenate(walls_length)

        # sample random wall position
        distance_travelled = jnp.cumsum(jnp.sqrt(jnp.sum((jnp.diff(trajectories, axis=-1)/trajectories_extent[..., jnp.newaxis])** 2, axis=-2)), axis=-1)
        distance_travelled = distance_travelled / distance_travelled.max(-1)
        walls_target_intersection_step = []
        for wall_idx in range(self.n_walls):
            intersection_window_step_ids = jnp.where((distance_travelled > self.intersection_windows[wall_idx][0]) &
                                                     (distance_travelled < self.intersection_windows[wall_idx][1]), size=distance_travelled.shape[-1], fill_value=-1)[0]
            key, subkey = jrandom.split(key)
            walls_target_intersection_step.append(jrandom.choice(subkey, intersection_window_step_ids, shape=(1, ),
                                                                 p=jnp.ones_like(intersection_window_step_ids) * (intersection_window_step_ids>=0)))
        walls_target_intersection_step = jnp.concatenate(walls_target_intersection_step)

        walls_target_centers = (trajectories[..., target_node_rel_ids, walls_target_intersection_step]+trajectories[..., target_node_rel_ids, walls_target_intersection_step+1])/2.
        walls_other_centers = (trajectories[..., other_node_rel_ids, walls_target_intersection_step]+trajectories[..., other_node_rel_ids, walls_target_intersection_step+1])/2.
        walls_length = walls_length * trajectories_extent[..., other_node_rel_ids]
        walls_target = jnp.repeat(jnp.repeat(walls_target_centers[..., jnp.newaxis, jnp.newaxis], out_shape[-2], -2), out_shape[-1], -1)
        walls_other = jnp.stack([walls_other_centers - walls_length / 2., walls_other_centers + walls_length / 2.], axis=-1).reshape(out_shape) * jnp.ones(out_shape)
        for k, v in out_params.y.items():
            out_params.y[k] = jnp.where((node_ids[target_node_rel_ids] == k)[..., jnp.newaxis, jnp.newaxis], walls_target, walls_other)

        sigma = self.sigmas * jnp.stack([trajectories_extent[..., target_node_rel_ids], trajectories_extent[..., other_node_rel_ids]], axis=-1)
        out_params.sigma = jnp.repeat(sigma[..., jnp.newaxis], out_shape[-1], -1)

        return out_params, None
