# Source: https://github.com/schmidtdominik/jax-raytracing/blob/560b379fa21813995a2c4a77a0de7b41a67d85ef/example.ipynb
# Title: example.ipynb (Simple raytracing renderer in Jax)
# Cut: notebook cells 1, 3 and 4 converted to a script; the sphere list shortened to the five coloured
#      spheres plus the ground; the notebook's render_img calls ray_trace (an earlier name of
#      full_ray_trace), here full_ray_trace.
import colorsys
import jax
import jax.numpy as jnp
from tqdm.auto import trange

from raytrace import *

base_res = 256
x_persp, y_persp = 1.5 * 3, 1 * 3
res_x, res_y = int(base_res * x_persp), int(base_res * y_persp)
camera_persp = 12

n = 5
spheres = [
    {
        "pos": [5, -5 + l * 10, 0],
        "radius": 1,
        "mat_color": colorsys.hls_to_rgb(l * (1 - 1 / n), 0.5, 1),
        "em_color": colorsys.hls_to_rgb(l * (1 - 1 / n), 0.5, 1),
        "em_strength": 0,
        "mat": max(l, 0.01),
    }
    for l in jnp.linspace(0, 1, n)
] + [
    {
        "pos": [5, 0, 40000],
        "radius": 40000 - 1,
        "mat_color": [1, 1, 1],
        "em_color": [1, 1, 1],
        "em_strength": 0,
        "mat": 1,
    },
]


def render_img(spheres):
    sphere_pos, sphere_radius, mat_color, em_color, em_strength, mat = stack_dict_list(
        spheres
    )

    key = jax.random.PRNGKey(0)
    result_img = jnp.zeros((res_y, res_x, 3))

    k = 1000
    for i in trange(k):
        key, subkey = jax.random.split(key, 2)
        x_offset, y_offset = (jax.random.uniform(subkey, (2,)) - 0.5) * 0.005
        ray_pos, ray_dirs = get_init(
            res_x, res_y, x_persp, y_persp, camera_persp, x_offset, y_offset
        )
        key_grid = jax.random.split(subkey, res_x * res_y).reshape((res_x, res_y, -1))
        result_img += full_ray_trace(
            ray_pos.copy(),
            ray_dirs.copy(),
            key_grid,
            sphere_pos,
            sphere_radius,
            mat_color,
            em_color,
            em_strength,
            mat,
        )

    return result_img


result_img = render_img(spheres)
