# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/motion.py
# Title: jaxoccoli/motion.py — Rigid-body motion correction for 3-D fMRI volumes
# Cut: kept RigidBodyRegistration (constructor, affine builder, apply_transform, loss_fn,
#      register_volume); dropped _precompute_grid, the Gauss-Newton class and long docstrings.
import jax
import jax.numpy as jnp
from jax.scipy.ndimage import map_coordinates
from functools import partial
import optax


class RigidBodyRegistration:
    """First-order (Adam) rigid-body motion correction.

    Args:
        template: (X, Y, Z) reference volume.
        vol_shape: Tuple (X, Y, Z) spatial dimensions.
    """

    def __init__(self, template, vol_shape, step_size=0.1, n_iter=50):
        self.template = template # (X, Y, Z)
        self.vol_shape = vol_shape # (X, Y, Z)
        self.center = jnp.array(vol_shape) / 2.0
        self.n_iter = n_iter

        # Optimizer
        self.optimizer = optax.adam(learning_rate=step_size)

    @staticmethod
    def make_affine_matrix(params):
        tx, ty, tz, rx, ry, rz = params
        Rx = jnp.array([[1, 0, 0, 0], [0, jnp.cos(rx), -jnp.sin(rx), 0],
                        [0, jnp.sin(rx), jnp.cos(rx), 0], [0, 0, 0, 1]])
        Ry = jnp.array([[jnp.cos(ry), 0, jnp.sin(ry), 0], [0, 1, 0, 0],
                        [-jnp.sin(ry), 0, jnp.cos(ry), 0], [0, 0, 0, 1]])
        Rz = jnp.array([[jnp.cos(rz), -jnp.sin(rz), 0, 0], [jnp.sin(rz), jnp.cos(rz), 0, 0],
                        [0, 0, 1, 0], [0, 0, 0, 1]])
        T = jnp.array([[1, 0, 0, tx], [0, 1, 0, ty], [0, 0, 1, tz], [0, 0, 0, 1]])
        return T @ Rz @ Ry @ Rx

    @partial(jax.jit, static_argnums=(0,))
    def apply_transform(self, image, params):
        matrix = self.make_affine_matrix(params)
        x = jnp.arange(self.vol_shape[0])
        y = jnp.arange(self.vol_shape[1])
        z = jnp.arange(self.vol_shape[2])
        grid = jnp.meshgrid(x, y, z, indexing='ij')
        coords = jnp.stack(grid)
        coords_centered = coords - self.center[:, None, None, None]
        coords_flat = coords_centered.reshape(3, -1)
        coords_homo = jnp.vstack([coords_flat, jnp.ones((1, coords_flat.shape[1]))])
        inv_matrix = jnp.linalg.inv(matrix)
        transformed_coords_homo = inv_matrix @ coords_homo
        transformed_coords = transformed_coords_homo[:3, :]
        transformed_coords = transformed_coords + self.center[:, None]
        sampled_coords = transformed_coords.reshape(3, *self.vol_shape)
        resampled = map_coordinates(image, sampled_coords, order=1, mode='nearest')
        return resampled

    @partial(jax.jit, static_argnums=(0,))
    def loss_fn(self, params, moving_image):
        """Mean squared error between the template and the transformed moving image."""
        transformed = self.apply_transform(moving_image, params)
        return jnp.mean((self.template - transformed) ** 2)

    @partial(jax.jit, static_argnums=(0,))
    def register_volume(self, moving_image, init_params=None):
        if init_params is None:
            init_params = jnp.zeros(6) # Identity

        params = init_params
        opt_state = self.optimizer.init(params)

        # Optimization Loop (unrolled with scan)
        def step(carrier, _):
            p, state = carrier
            grads = jax.grad(self.loss_fn)(p, moving_image)
            updates, new_state = self.optimizer.update(grads, state)
            new_params = optax.apply_updates(p, updates)
            return (new_params, new_state), None

        (best_params, _), _ = jax.lax.scan(step, (params, opt_state), None, length=self.n_iter)

        registered = self.apply_transform(moving_image, best_params)

        return best_params, registered
