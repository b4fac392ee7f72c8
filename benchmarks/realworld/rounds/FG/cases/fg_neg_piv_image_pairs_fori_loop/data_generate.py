# Source: https://github.com/antonioterpin/synthpix/blob/93f7d918732627943326e225436c53e4641303aa/src/sym/data_generate.py
# Title: src/sym/data_generate.py (generate PIV image pairs from a flow field; commit "chore: add todo and comment to choice of foriloop")
# Cut: kept generate_images_from_flow; dropped the DEBUG_JIT input-check branches and the input-check functions after it.
"""Processing module for generating images from flow fields."""
from typing import Tuple

import jax
import jax.numpy as jnp

from src.sym.apply import apply_flow_to_particles, input_check_apply_flow

# Import existing modules
from src.sym.generate import img_gen_from_data, input_check_img_gen_from_data
from src.utils import DEBUG_JIT, is_int, logger


def generate_images_from_flow(
    key: jax.random.PRNGKey,
    flow_field: jnp.ndarray,
    position_bounds: Tuple[int, int] = (512, 512),
    image_shape: Tuple[int, int] = (256, 256),
    num_images: int = 300,
    img_offset: Tuple[int, int] = (128, 128),
    num_particles: int = 10000,
    p_hide_img1: float = 0.01,
    p_hide_img2: float = 0.01,
    diameter_range: Tuple[float, float] = (0.1, 1.0),
    intensity_range: Tuple[float, float] = (50, 200),
    rho_range: Tuple[float, float] = (-0.99, 0.99),
    dt: float = 1.0,
):
    """Generates a batch of image pairs from a flow field.

    Args:
        key: jax.random.PRNGKey
            Random key for reproducibility.
        flow_field: jnp.ndarray
            Array of shape (H, W, 2) containing the velocity field
            at each grid_step, in grid_steps per second.
        position_bounds: Tuple[int, int]
            (height, width) of the output big image in pixels.
        image_shape: Tuple[int, int]
            (height, width) of the output image in pixels.
        num_images: int
            Number of image pairs to generate.
        img_offset: Tuple[int, int]
            Offset to apply to the generated images.
        num_particles: int
            Number of particles to generate in each image.
        p_hide_img1: float
            Probability of hiding particles in the first image.
        p_hide_img2: float
            Probability of hiding particles in the second image.
        diameter_range: Tuple[float, float]
            Minimum and maximum particle diameter in pixels.
        intensity_range: Tuple[float, float]
            Minimum and maximum peak intensity (I0).
        rho_range: Tuple[float, float]
            Minimum and maximum correlation coefficient (rho).
        dt: float
            Time step for the simulation, used to scale the velocity
            to compute the displacement.

    Returns:
        tuple: Two image batches (num_images, H, W) each.
    """
    # scale factors for particle positions
    alpha1 = flow_field.shape[0] / position_bounds[0]
    alpha2 = flow_field.shape[1] / position_bounds[1]

    def bodyfun(i, state):
        first_imgs, second_imgs, key = state

        # Split the key for randomness
        key_i = jax.random.fold_in(key, i)
        subkey1, subkey2, subkey3, subkey4, subkey5 = jax.random.split(key_i, 5)

        # generate random masks
        mask_img1 = jax.random.bernoulli(
            subkey1, 1.0 - p_hide_img1, shape=(num_particles,)
        )
        mask_img2 = jax.random.bernoulli(
            subkey2, 1.0 - p_hide_img2, shape=(num_particles,)
        )

        H, W = position_bounds
        # Generate random particle positions
        particle_positions = jax.random.uniform(
            subkey3, (num_particles, 2), minval=0.0, maxval=1.0
        ) * jnp.array([H, W])

        # First image generation
        first_img = img_gen_from_data(
            key=subkey4,
            particle_positions=particle_positions * mask_img1[:, None],
            image_shape=position_bounds,
            diameter_range=diameter_range,
            intensity_range=intensity_range,
            rho_range=rho_range,
        )

        # Divide the x coordinates by 2 to match the flow field
        particle_positions = jnp.array(
            [
                particle_positions[:, 0] * alpha1,
                particle_positions[:, 1] * alpha2,
            ]
        ).T

        # Apply flow field to particle positions
        final_positions = apply_flow_to_particles(
            particle_positions=particle_positions, flow_field=flow_field, dt=dt
        )

        # Rescale the x coordinates back to the original scale
        final_positions = jnp.array(
            [
                final_positions[:, 0] / alpha1,
                final_positions[:, 1] / alpha2,
            ]
        ).T

        # Second image generation
        second_img = img_gen_from_data(
            key=subkey5,
            particle_positions=final_positions * mask_img2[:, None],
            image_shape=position_bounds,
            diameter_range=diameter_range,
            intensity_range=intensity_range,
            rho_range=rho_range,
        )

        # Crop the images to image_shape
        first_img = first_img[
            img_offset[0] : image_shape[0] + img_offset[0],
            img_offset[1] : image_shape[1] + img_offset[1],
        ]
        second_img = second_img[
            img_offset[0] : image_shape[0] + img_offset[0],
            img_offset[1] : image_shape[1] + img_offset[1],
        ]

        # Update the images
        first_imgs = first_imgs.at[i].set(first_img)
        second_imgs = second_imgs.at[i].set(second_img)

        return first_imgs, second_imgs, key

    # Initialize state: empty arrays to collect images and the RNG key
    first_imgs = jnp.zeros((num_images, *image_shape))
    second_imgs = jnp.zeros((num_images, *image_shape))

    # fix the key shape
    key = jnp.reshape(key, (-1, key.shape[-1]))[0]

    # Initialize the state
    init_state = (first_imgs, second_imgs, key)

    # Generate images using a for loop
    # For some reason, even if the different indices are independent, vmap is slower
    # TODO: try jax.lax.map
    final_imgs, final_imgs2, _ = jax.lax.fori_loop(0, num_images, bodyfun, init_state)

    return final_imgs, final_imgs2

