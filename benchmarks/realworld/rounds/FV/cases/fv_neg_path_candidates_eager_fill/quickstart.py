# Source: https://github.com/jeertmans/DiffeRT/blob/a16762cf4befd8a11c64f1a11efd5b46b59cecf4/docs/source/notebooks/quickstart.ipynb
# Title: docs/source/notebooks/quickstart.ipynb (DiffeRT quickstart, Nov 2023)
# Cut: cells 1, 2, 4 and 7 converted to a script; plotly figure building cut.
from pathlib import Path

import jax.numpy as jnp

from differt.geometry import TriangleMesh
from differt.geometry.triangle_mesh import (
    triangles_contain_vertices_assuming_inside_same_plane,
)
from differt.rt.image_method import image_method
from utils import generate_path_candidates

mesh_file = Path("two_buildings.obj")
mesh = TriangleMesh.load_obj(mesh_file)

tx = jnp.array([0.0, 4.9352, 22.0])
rx = jnp.array([0.0, 10.034, 1.50])

num_triangles = mesh.triangles.shape[0]

for order in range(0, 3):
    # Prepare input arrays
    path_candidates = generate_path_candidates(num_triangles, order).T
    from_vertices = jnp.tile(tx, (path_candidates.shape[1], 1))
    to_vertices = jnp.tile(rx, (path_candidates.shape[1], 1))
    triangles = jnp.take(mesh.triangles, path_candidates, axis=0)
    triangle_vertices = jnp.take(mesh.vertices, triangles, axis=0)
    mirror_vertices = triangle_vertices[..., 0, :]  # Only one vertex per triangle is needed
    mirror_normals = jnp.take(mesh.normals, path_candidates, axis=0)

    # Trace paths
    paths = image_method(from_vertices, to_vertices, mirror_vertices, mirror_normals)

    # Remove paths with vertices outside triangles
    mask = triangles_contain_vertices_assuming_inside_same_plane(triangle_vertices, paths)
    mask = jnp.all(mask, axis=0)
