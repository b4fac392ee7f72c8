# Source: https://github.com/google/evojax/blob/acf5252475e4fbf47e0e3f7994c03de11dd3c4ca/evojax/task/flocking.py
# Title: evojax/task/flocking.py (boids flocking task)
# Cut: kept the pairwise energy (vmap of vmap), the state update, the PIL renderer and the
#      jit(vmap(step_fn)); pack/unpack helpers, cohesion term and reset are referenced, not shown.
from functools import partial

import jax
from jax import vmap
import jax.numpy as jnp
from PIL import Image, ImageDraw

DT = 0.2
SPEED = 0.12
J_ALIGN = 0.2
D_ALIGN = 0.15
J_AVOID = 0.1
D_AVOID = 0.12
ALPHA = 3
FISH_SIZE = 20.
BOIDS_NUM = 30


def displacement(p1, p2):
    dR = p1 - p2
    return jnp.mod(dR + 0.5, 1) - 0.5


def map_product(displacement):
    return vmap(vmap(displacement, (0, None), 0), (None, 0), 0)


def calc_distance(dR):
    dr = jnp.sqrt(jnp.sum(dR**2, axis=-1))
    return dr


def normal(theta):
    return jnp.concatenate([jnp.cos(theta), jnp.sin(theta)], axis=-1)


def align_fn(dR, N_1, N_2, J_align, D_align, alpha):
    dr = calc_distance(dR) / D_align
    energy = J_align / alpha * (1. - dr)**alpha * (1 - jnp.dot(N_1, N_2))**2
    return jnp.where(dr < 1.0, energy, 0.)


def avoid_fn(dR, J_avoid, D_avoid, alpha):
    dr = calc_distance(dR) / D_avoid
    energy = J_avoid / alpha * (1. - dr)**alpha
    return jnp.where(dr < 1.0, energy, 0.)


def calc_energy(position, theta):
    E_align = partial(align_fn, J_align=J_ALIGN, D_align=D_ALIGN, alpha=ALPHA)
    E_align = vmap(vmap(E_align, (0, None, 0)), (0, 0, None))

    E_avoid = partial(avoid_fn, J_avoid=J_AVOID, D_avoid=D_AVOID, alpha=ALPHA)
    E_avoid = vmap(vmap(E_avoid))

    dR = map_product(displacement)(position, position)
    N = normal(theta)
    return 0.5 * jnp.sum(E_align(dR, N, N) + E_avoid(dR))


def to_pillow_coordinate(position, width, height):
    return jnp.stack([position[:, 0] * width,
                      (1.0 - position[:, 1]) * height], axis=1)


def rotate(px, py, cx, cy, angle):
    R = jnp.array([[jnp.cos(angle), jnp.sin(angle)],
                   [-jnp.sin(angle), jnp.cos(angle)]])
    u = jnp.array([px - cx, py - cy])
    x, y = jnp.dot(R, u) + jnp.array([cx, cy])
    return x, y


def render_fishes(position, theta, width, height):
    position = to_pillow_coordinate(position, width, height)
    colors = [(88, 167, 210), (0, 153, 255), (56, 96, 123)]
    color_map = [i % len(colors) for i in range(BOIDS_NUM)]

    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)

    fish_size = FISH_SIZE
    fish_size_half = (fish_size + 1) // 2

    for i in range(BOIDS_NUM):
        x, y = position[i]
        angle = theta[i][0]

        polygon_xy = [
            (x - fish_size_half, y - fish_size_half / 3),
            (x - fish_size_half / 5 * 3, y - fish_size_half / 4),
            (x, y - fish_size_half / 2),
            (x + fish_size_half / 3 * 2, y - fish_size_half / 3),
            (x + fish_size_half, y),
            (x + fish_size_half / 3 * 2, y + fish_size_half / 3),
            (x, y + fish_size_half / 2),
            (x - fish_size_half / 5 * 3, y + fish_size_half / 4),
            (x - fish_size_half, y + fish_size_half / 3),
        ]

        polygon_xy = [rotate(px, py, x, y, angle) for px, py in polygon_xy]
        draw.polygon(xy=polygon_xy, fill=colors[color_map[i]])
    return image


class FlockingTask:
    def __init__(self, max_steps: int = 150, reward_type: int = 0, action_type: int = 0):
        def step_fn(state, action):
            new_state = update_state(state, action, action_type)
            new_obs = choose_neighbor(new_state)
            new_steps = jnp.int32(state.steps + 1)
            next_key, _ = jax.random.split(state.key)
            reward = get_reward(state, max_steps, reward_type)
            done = jnp.where(max_steps <= new_steps, True, False)
            return state.replace(obs=new_obs, state=new_state, steps=new_steps,
                                 key=next_key), reward, done
        self._step_fn = jax.jit(jax.vmap(step_fn))

    @staticmethod
    def render(state, task_id: int) -> Image:
        position, theta = unpack_obs(state.state[task_id])
        return render_fishes(position, theta, 800, 600)
