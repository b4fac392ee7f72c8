# Source: https://github.com/JoeyTeng/jaxrenderer/blob/77d6677b54c4029b121f090463de941ba06f4051/tests.py
# Title: tests.py: test_flat_shading_simple_light_with_zbuffer (jaxrenderer, April 2023)
# Cut: the other tests cut; Model and make_model inlined from test_resources/utils.py of the same
#      commit; the final transpose kept, the image save cut.
import re
from dataclasses import dataclass
from typing import List, Tuple

import jax
import jax.numpy as jnp
from jax import lax

from original_implementation import Canvas, Triangle3D, Vec2i, Vec3f, ZBuffer, triangle3d


@dataclass()
class Model:
    verts: jax.Array
    faces: jax.Array

    @property
    def nfaces(self) -> int:
        return self.faces.shape[0]


def make_model(fileContent: List[str]) -> Model:
    verts = []
    faces = []
    _float = re.compile(r"(-?\d+\.?\d*(?:e[+-]\d+)?)")
    _integer = re.compile(r"\d+")
    _one_vertex = re.compile(r"\d+/\d*/\d*")
    for line in fileContent:
        if line.startswith("v "):
            verts.append(tuple(map(float, _float.findall(line, 2)[:3])))
        elif line.startswith("f "):
            faces.append([int(_integer.search(x)[0]) - 1 for x in _one_vertex.findall(line)])
    return Model(jnp.array(verts), jnp.array(faces))


def test_flat_shading_simple_light_with_zbuffer():
    file_path: str = "test_resources/obj/african_head.obj"
    model: Model = make_model(open(file_path, 'r').readlines())

    width: int = 800
    height: int = 800

    # 3 constants for world-to-screen coordinate conversions
    ws_add = jnp.array((1, 1, 0))
    ws_mul: Vec2i = jnp.array((width, height, 1))
    ws_div = jnp.array((2, 2, 1))
    # width, height since it will be transposed in final step
    canvas: Canvas = jnp.zeros((width, height, 3))
    zbuffer: ZBuffer = (jnp.ones(
        (width, height), dtype=jnp.single) * jnp.finfo(dtype=jnp.single).min)

    light_dir: Vec3f = jnp.array((0., 0., -1.))

    @jax.jit
    def f(i: int, state: Tuple[ZBuffer, Canvas]) -> Tuple[ZBuffer, Canvas]:
        _zbuffer: ZBuffer
        _canvas: Canvas
        _zbuffer, _canvas = state

        world_coords: Triangle3D = model.verts[model.faces[i]].astype(float)
        screen_coords: Triangle3D = ((world_coords + ws_add) * ws_mul //
                                     ws_div).at[:, 2].set(world_coords[:, 2])

        n: Vec3f = jnp.cross(
            world_coords[2, :] - world_coords[0, :],
            world_coords[1, :] - world_coords[0, :],
        )
        n = n / jnp.linalg.norm(n)
        intensity: float = jnp.dot(n, light_dir)
        colour: Vec3f = jnp.ones(3) * intensity

        # with back-face culling
        _zbuffer, _canvas = lax.cond(
            intensity > 0,
            lambda: triangle3d(screen_coords, _zbuffer, _canvas, colour),
            lambda: (_zbuffer, _canvas),
        )

        return _zbuffer, _canvas

    canvas = lax.fori_loop(0, model.nfaces, f, (zbuffer, canvas))[1]
    canvas = lax.transpose(canvas, (1, 0, 2))
    return canvas
