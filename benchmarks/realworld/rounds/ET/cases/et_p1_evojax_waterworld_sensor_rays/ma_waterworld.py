# Source: https://github.com/google/evojax/blob/acf5252475e4fbf47e0e3f7994c03de11dd3c4ca/evojax/task/ma_waterworld.py
# Title: evojax/task/ma_waterworld.py (multi-agent WaterWorld task)
# Cut: kept the per-agent vmapped get_obs with its sensor-ray loop and the jit(vmap(step_fn)) that
#      traces it; the intersection helpers are imported from the single-agent file of this case
#      (the originals in this file are identical), bubble update/reward code dropped.
from functools import partial

import jax
import jax.numpy as jnp
from jax import random, tree_util

from evojax.task.ma_waterworld import BubbleStatus, State
from waterworld import get_line_seg_intersection, get_line_dot_intersection

SCREEN_W = 600
SCREEN_H = 600
MAX_RANGE = 120
NUM_RANGE_SENSORS = 30
DELTA_ANG = 2 * 3.14 / NUM_RANGE_SENSORS
TYPE_FOOD = 2
TYPE_POISON = 3


@partial(jax.vmap, in_axes=(0, None, None, None))
def get_obs(agent: BubbleStatus,
            agents: BubbleStatus,
            items: BubbleStatus,
            walls: jnp.ndarray) -> jnp.ndarray:
    sensor_obs = []
    agent_xy = jnp.array([agent.pos_x, agent.pos_y]).ravel()
    for i in jnp.arange(NUM_RANGE_SENSORS):
        ang = i * DELTA_ANG
        range_xy = jnp.array([agent.pos_x + MAX_RANGE * jnp.cos(ang),
                              agent.pos_y + MAX_RANGE * jnp.sin(ang)])
        # Check for intersections with the 4 walls.
        intersected_with_walls, wall_intersections = get_line_seg_intersection(
            jnp.ones(4) * agent_xy[0], jnp.ones(4) * agent_xy[1],
            jnp.ones(4) * range_xy[0], jnp.ones(4) * range_xy[1],
            walls[:, 0], walls[:, 1], walls[:, 2], walls[:, 3])
        dist_to_walls = jnp.where(
            intersected_with_walls,
            jnp.sqrt(jnp.square(wall_intersections[:, 1] - agent_xy[1]) +
                     jnp.square(wall_intersections[:, 0] - agent_xy[0])),
            MAX_RANGE,
        )
        ix_walls = jnp.argmin(dist_to_walls)
        # Check for intersections with the items and agents.
        items_and_agents = tree_util.tree_map(
            lambda x, y: jnp.concatenate([x, y], axis=0),
            items, agents)
        n_items = len(items_and_agents.valid)
        intersected_with_items, item_intersections = get_line_dot_intersection(
            jnp.ones(n_items) * agent_xy[0], jnp.ones(n_items) * agent_xy[1],
            jnp.ones(n_items) * range_xy[0], jnp.ones(n_items) * range_xy[1],
            items_and_agents.pos_x, items_and_agents.pos_y)
        dist_to_item = jnp.where(
            jnp.bitwise_and(items_and_agents.valid, intersected_with_items),
            jnp.sqrt(jnp.square(item_intersections[:, 1] - agent_xy[1]) +
                     jnp.square(item_intersections[:, 0] - agent_xy[0])),
            MAX_RANGE,
        )
        dist_to_item = jnp.where(dist_to_item == 0., MAX_RANGE, dist_to_item)
        ix_items = jnp.argmin(dist_to_item)
        # Fill in the sensor data.
        detected_xy = jnp.where(
            jnp.min(dist_to_walls) < jnp.min(dist_to_item),
            jnp.where(
                intersected_with_walls[ix_walls],
                jnp.array([
                    dist_to_walls[ix_walls], MAX_RANGE, MAX_RANGE, MAX_RANGE,
                    0, 0]),
                jnp.array([
                    MAX_RANGE, MAX_RANGE, MAX_RANGE, MAX_RANGE, 0, 0])),
            jnp.where(
                intersected_with_items[ix_items],
                jnp.where(
                    items.bubble_type[ix_items] == TYPE_FOOD,
                    jnp.array([
                        MAX_RANGE, dist_to_item[ix_items], MAX_RANGE, MAX_RANGE,
                        items.vel_x[ix_items], items.vel_y[ix_items]]),
                    jnp.where(
                        items.bubble_type[ix_items] == TYPE_POISON,
                        jnp.array([
                            MAX_RANGE, MAX_RANGE, dist_to_item[ix_items],
                            MAX_RANGE,
                            items.vel_x[ix_items], items.vel_y[ix_items]]),
                        jnp.array([
                            MAX_RANGE, MAX_RANGE, MAX_RANGE,
                            dist_to_item[ix_items],
                            items.vel_x[ix_items], items.vel_y[ix_items]]),
                    ),
                ),
                jnp.array([
                    MAX_RANGE, MAX_RANGE, MAX_RANGE, MAX_RANGE, 0, 0])),
            )
        sensor_obs.append(detected_xy)

    sensor_obs = jnp.stack(sensor_obs)
    sensor_obs = sensor_obs.at[:, :4].divide(MAX_RANGE)  # Normalized distances.
    vel_xy = jnp.array([agent.vel_x, agent.vel_y]).ravel()
    return jnp.concatenate([sensor_obs.ravel(), vel_xy], axis=0)


@jax.vmap
def select_direction(key: jnp.ndarray, action_prob: jnp.ndarray) -> jnp.int32:
    return random.choice(key, 4, replace=False, p=action_prob.ravel())




class MultiAgentWaterWorld:
    def __init__(self, num_agents: int = 16, num_items: int = 100, max_steps: int = 1000):
        walls = jnp.array([[0, 0, 0, SCREEN_H],
                           [0, SCREEN_H, SCREEN_W, SCREEN_H],
                           [SCREEN_W, SCREEN_H, SCREEN_W, 0],
                           [SCREEN_W, 0, 0, 0]])

        def step_fn(state, action):
            next_key, key = random.split(state.key)
            action_keys = random.split(key, num_agents)
            directions = select_direction(action_keys, action)
            agents = update_agent_state(state.agent_state, directions)
            items = update_item_state(state.item_state)
            agents, items, rewards = get_rewards(agents, items)
            # items_state.shape=(num_agents, num_items), merge to (num_items, ).
            items = BubbleStatus(
                pos_x=items.pos_x[0], pos_y=items.pos_y[0],
                vel_x=items.vel_x[0], vel_y=items.vel_y[0],
                bubble_type=items.bubble_type[0],
                poison_cnt=items.poison_cnt[0],
                valid=jnp.prod(items.valid, axis=0))
            steps = state.steps + 1
            done = jnp.where(steps >= max_steps, 1, 0)
            obs = get_obs(agents, agents, items, walls)
            return State(agent_state=agents, item_state=items, obs=obs,
                         steps=steps, key=next_key), rewards, done
        self._step_fn = jax.jit(jax.vmap(step_fn))
