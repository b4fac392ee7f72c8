# Source: https://github.com/google/evojax/blob/acf5252475e4fbf47e0e3f7994c03de11dd3c4ca/evojax/task/waterworld.py
# Title: evojax/task/waterworld.py (WaterWorld agent simulation task)
# Cut: kept the ray-sensor observation loop and the jit(vmap(step_fn)) that traces it; dropped
#      bubble creation/update bodies, reward and rendering; update_agent_state/update_item_state/
#      get_reward/create_bubbles are referenced but not reproduced.
from typing import Tuple
from functools import partial

import jax
import jax.numpy as jnp
from jax import random

SCREEN_W = 600
SCREEN_H = 600
BUBBLE_RADIUS = 10
MAX_RANGE = 120
NUM_RANGE_SENSORS = 30
DELTA_ANG = 2 * 3.14 / NUM_RANGE_SENSORS
TYPE_FOOD = 2


@jax.vmap
def get_line_seg_intersection(x1, y1, x2, y2, x3, y3, x4, y4) -> Tuple[bool, jnp.ndarray]:
    denominator = (y4 - y3) * (x2 - x1) - (x4 - x3) * (y2 - y1)
    ua = jnp.where(
        jnp.isclose(denominator, 0.0), 0,
        ((x4 - x3) * (y1 - y3) - (y4 - y3) * (x1 - x3)) / denominator)
    mask1 = jnp.bitwise_and(ua > 0., ua < 1.)
    ub = jnp.where(
        jnp.isclose(denominator, 0.0), 0,
        ((x2 - x1) * (y1 - y3) - (y2 - y1) * (x1 - x3)) / denominator)
    mask2 = jnp.bitwise_and(ub > 0., ub < 1.)
    intersected = jnp.bitwise_and(mask1, mask2)
    x_intersection = x1 + ua * (x2 - x1)
    y_intersection = y1 + ua * (y2 - y1)
    up = jnp.where(intersected,
                   jnp.array([x_intersection, y_intersection]),
                   jnp.array([SCREEN_W, SCREEN_W]))
    return intersected, up


@jax.vmap
def get_line_dot_intersection(x1, y1, x2, y2, x3, y3) -> Tuple[bool, jnp.ndarray]:
    point_xy = jnp.array([x3, y3])
    v = jnp.array([y2 - y1, x1 - x2])
    v_len = jnp.linalg.norm(v)
    d = jnp.abs((x2 - x1) * (y1 - y3) - (x1 - x3) * (y2 - y1)) / v_len
    up = point_xy + v / v_len * d
    ua = jnp.where(jnp.abs(x2 - x1) > jnp.abs(y2 - y1),
                   (up[0] - x1) / (x2 - x1),
                   (up[1] - y1) / (y2 - y1))
    ua = jnp.where(d > BUBBLE_RADIUS, 0, ua)
    intersected = jnp.bitwise_and(ua > 0., ua < 1.)
    return intersected, up


def get_obs(agent, items, walls) -> jnp.ndarray:
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
        # Check for intersections with the items.
        n_items = len(items.valid)
        intersected_with_items, item_intersections = get_line_dot_intersection(
            jnp.ones(n_items) * agent_xy[0], jnp.ones(n_items) * agent_xy[1],
            jnp.ones(n_items) * range_xy[0], jnp.ones(n_items) * range_xy[1],
            items.pos_x, items.pos_y)
        dist_to_items = jnp.where(
            jnp.bitwise_and(items.valid, intersected_with_items),
            jnp.sqrt(jnp.square(item_intersections[:, 1] - agent_xy[1]) +
                     jnp.square(item_intersections[:, 0] - agent_xy[0])),
            MAX_RANGE,
        )
        ix_items = jnp.argmin(dist_to_items)
        # Fill in the sensor data.
        detected_xy = jnp.where(
            jnp.min(dist_to_walls) < jnp.min(dist_to_items),
            jnp.where(
                intersected_with_walls[ix_walls],
                jnp.array([dist_to_walls[ix_walls], MAX_RANGE, MAX_RANGE, 0, 0]),
                jnp.array([MAX_RANGE, MAX_RANGE, MAX_RANGE, 0, 0])),
            jnp.where(
                intersected_with_items[ix_items],
                jnp.where(
                    items.bubble_type[ix_items] == TYPE_FOOD,
                    jnp.array([MAX_RANGE, dist_to_items[ix_items], MAX_RANGE,
                               items.vel_x[ix_items], items.vel_y[ix_items]]),
                    jnp.array([MAX_RANGE, MAX_RANGE, dist_to_items[ix_items],
                               items.vel_x[ix_items], items.vel_y[ix_items]]),
                ),
                jnp.array([MAX_RANGE, MAX_RANGE, MAX_RANGE, 0, 0])),
        )
        sensor_obs.append(detected_xy)

    sensor_obs = jnp.stack(sensor_obs)
    sensor_obs = sensor_obs.at[:, :3].divide(MAX_RANGE)  # Normalized distances.
    vel_xy = jnp.array([agent.vel_x, agent.vel_y]).ravel()
    return jnp.concatenate([sensor_obs.ravel(), vel_xy], axis=0)


class WaterWorld:
    def __init__(self, num_items: int = 50, max_steps: int = 1000, test: bool = False):
        walls = jnp.array([[0, 0, 0, SCREEN_H],
                           [0, SCREEN_H, SCREEN_W, SCREEN_H],
                           [SCREEN_W, SCREEN_H, SCREEN_W, 0],
                           [SCREEN_W, 0, 0, 0]])

        def step_fn(state, action):
            next_key, key = random.split(state.key)
            direction = random.choice(key, 4, (), replace=False, p=action.ravel())
            agent = update_agent_state(state.agent_state, direction)
            items = update_item_state(state.item_state)
            agent, items, reward = get_reward(agent, items)
            steps = state.steps + 1
            done = jnp.where(steps >= max_steps, 1, 0)
            obs = get_obs(agent, items, walls)
            return state.replace(agent_state=agent, item_state=items, obs=obs,
                                 steps=steps, key=next_key), reward, done
        self._step_fn = jax.jit(jax.vmap(step_fn))
