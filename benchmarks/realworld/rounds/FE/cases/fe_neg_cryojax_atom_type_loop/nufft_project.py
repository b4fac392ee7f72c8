# Source: https://github.com/michael-0brien/cryojax/blob/5d8eaf44d6537fe8ffb39c173f83e946aa3db246/src/cryojax/simulator/scattering/_nufft_project.py
# Title: src/cryojax/simulator/scattering/_nufft_project.py (project atoms to the image plane with a NUFFT)
# Cut: kept project_atoms_with_nufft (loop over atom types, as written, including its missing return)
#      and project_with_nufft; the NufftProject dispatcher reduced; nufft imported from cryojax.utils.
from typing import Any

import jax.numpy as jnp
import numpy as np

from cryojax.utils import nufft


def project_atoms_with_nufft(
    weights,
    coordinates,
    variances,
    identity,
    resolution: float,
    shape: tuple[int, int],
    **kwargs: Any,
) -> ComplexImage:
    atom_types = jnp.unique(identity)
    img = jnp.zeros(shape, dtype=complex)
    for atom_type_i in atom_types:
        # Select the properties specific to that type of atom
        coords_i = coordinates[identity == atom_type_i]
        weights_i = weights[identity == atom_type_i]
        # kernel_i = atom_density_kernel[atom_type_i]

        # Build an
        atom_i_image = project_with_nufft(
            weights_i, coords_i, resolution, shape, **kwargs
        )

        # img += atom_i_image * kernel_i
        img += atom_i_image


def project_with_nufft(
    weights: RealCloud,
    coordinates: Union[CloudCoords2D, CloudCoords3D],
    resolution: float,
    shape: tuple[int, int],
    **kwargs: Any,
) -> ComplexImage:
    """
    Project and interpolate 3D volume point cloud
    onto imaging plane using a non-uniform FFT.

    See ``cryojax.utils.integration.nufft`` for more detail.

    Arguments
    ---------
    weights : shape `(N,)`
        Density point cloud.
    coordinates : shape `(N, 3)`
        Coordinate system of point cloud.
    resolution :
        The rasterization resolution.
    shape :
        Shape of the imaging plane in pixels.
        ``width, height = shape[0], shape[1]``
        is the size of the desired imaging plane.
    kwargs:
        Passed to ``cryojax.utils.integration.nufft``.

    Returns
    -------
    projection :
        The output image in fourier space.
    """
    weights, coordinates = jnp.asarray(weights), jnp.asarray(coordinates)
    M1, M2 = shape
    image_size = jnp.array(np.array([M1, M2]) * resolution)
    coordinates = jnp.flip(coordinates[:, :2], axis=-1)
    fourier_projection = nufft(
        weights, coordinates, image_size, shape, **kwargs
    )

    return fourier_projection
