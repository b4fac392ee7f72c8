# Source: https://github.com/JoeyTeng/jaxrenderer/blob/55999f65b6246e0ade71b37086f5b79662f1f8e6/renderer/model.py
# Title: renderer/model.py: MergedModel.merge_verts and merge_objects (jaxrenderer)
# Cut: pyright/jaxtyping annotations, asserts, add_tracing_name decorators, the map merging and
#      the per-object texture bookkeeping cut; merge_objects keeps the vertex, normal and uv merges;
#      Camera.apply_pos/apply_vec are short stand-ins for the ones in renderer/geometry.py.
from functools import partial
from typing import List, NamedTuple, Sequence

import jax
import jax.lax as lax
import jax.numpy as jnp
from jax import jit


class Camera:
    @staticmethod
    def apply_pos(points, matrix):
        homo = jnp.concatenate([points, jnp.ones((points.shape[0], 1))], axis=1)
        out = homo @ matrix.T
        return out[:, :3] / out[:, 3:]

    @staticmethod
    def apply_vec(vectors, matrix):
        return vectors @ matrix[:3, :3].T


class MergedModel(NamedTuple):
    verts: jax.Array
    norms: jax.Array
    uvs: jax.Array
    faces: jax.Array
    faces_norm: jax.Array
    faces_uv: jax.Array

    @staticmethod
    @partial(jit, inline=True)
    def merge_verts(vs, fs):
        """"""
        counts = [v.shape[0] for v in vs[:-1]]
        cumsum = [0]
        for count in counts:
            cumsum.append(cumsum[-1] + count)

        dtype = jax.dtypes.result_type(*vs)

        # merge vertices
        verts = lax.concatenate([v.astype(dtype) for v in vs], dimension=0)
        # merge faces
        faces = lax.concatenate([f + cumsum[i] for i, f in enumerate(fs)], dimension=0)

        return verts, faces


def merge_objects(objects: Sequence) -> MergedModel:
    """Merge objects into a single model.

    Parameters:
      - objects: a list of objects to merge.

    Returns: A model containing the merged objects into one single mesh.
    """
    models = [obj.model for obj in objects]

    @partial(jit, inline=True)
    def transform_vert(verts, local_scaling, transform):
        """Apply transforms defined in `ModelObject` to vertices."""
        return Camera.apply_pos(verts * local_scaling, transform)

    # merge verts
    verts, faces = MergedModel.merge_verts(
        [
            transform_vert(
                verts=obj.model.verts,
                local_scaling=obj.local_scaling,
                transform=obj.transform,
            )
            for obj in objects
        ],
        [m.faces for m in models],
    )

    @partial(jit, inline=True)
    def transform_normals(normals, transform):
        """Apply transforms defined in `ModelObject` to vertex normals."""
        return Camera.apply_vec(normals, jnp.linalg.inv(transform).T)

    norms, faces_norm = MergedModel.merge_verts(
        [transform_normals(obj.model.norms, obj.transform) for obj in objects],
        [m.faces_norm for m in models],
    )
    uvs, faces_uv = MergedModel.merge_verts(
        [m.uvs for m in models],
        [m.faces_uv for m in models],
    )

    return MergedModel(
        verts=verts,
        norms=norms,
        uvs=uvs,
        faces=faces,
        faces_norm=faces_norm,
        faces_uv=faces_uv,
    )
