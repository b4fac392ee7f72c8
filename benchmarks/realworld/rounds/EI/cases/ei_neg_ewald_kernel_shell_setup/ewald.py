# Source: https://github.com/salinelake/OpenFerro/blob/db544d28f121865e98d470ceef673ee316185131/openferro/engine/ewald.py
# Title: openferro/engine/ewald.py (get_UkGG: reciprocal Ewald kernel set-up)
# Cut: signature reconstructed from the body; sharding branch kept.
import jax
import jax.numpy as jnp
from jax import jit


def get_UkGG(l1, l2, l3, b, sigma, n1, n2, n3, dtype=jnp.float64, sharding=None):
    b = jnp.asarray(b, dtype=dtype)
    sigma = jnp.asarray(sigma, dtype=dtype)
    l1, l2, l3 = int(l1), int(l2), int(l3)

    G_grid_1stBZ = jnp.stack(jnp.meshgrid(
        jnp.arange(0, l1, dtype=dtype) / l1 * b[0],
        jnp.arange(0, l2, dtype=dtype) / l2 * b[1],
        jnp.arange(0, l3, dtype=dtype) / l3 * b[2],
        indexing='ij'), axis=-1)

    if sharding is not None:
        G_grid_1stBZ = jax.device_put(G_grid_1stBZ, sharding)

    def _get_Uk_coef(G_grid_1stBZ, offset):
        G_grid = G_grid_1stBZ + offset.reshape(1, 1, 1, 3)
        G2 = jnp.sum(G_grid**2, axis=-1)
        Uk_coef = jnp.where(
            G2 > 0.0,
            jnp.exp(-0.5 * sigma**2 * G2) / G2,
            jnp.zeros_like(G2),
        )
        return G_grid, Uk_coef

    def _modify_UkGG(UkGG, G_grid, Uk_coef):
        addition = jnp.stack(
            [G_grid[..., 0]**2 * Uk_coef,
             G_grid[..., 1]**2 * Uk_coef,
             G_grid[..., 2]**2 * Uk_coef,
             G_grid[..., 1] * G_grid[..., 2] * Uk_coef,
             G_grid[..., 0] * G_grid[..., 2] * Uk_coef,
             G_grid[..., 0] * G_grid[..., 1] * Uk_coef],
            axis=-1)
        return UkGG + addition

    get_Uk_coef = jit(_get_Uk_coef)
    modify_UkGG = jit(_modify_UkGG)
    UkGG = jnp.zeros((l1, l2, l3, 6), dtype=dtype)
    if sharding is not None:
        UkGG = jax.device_put(UkGG, sharding)

    for i1 in range(-n1, n1):
        for i2 in range(-n2, n2):
            for i3 in range(-n3, n3):
                offset = jnp.asarray([i1 * b[0], i2 * b[1], i3 * b[2]], dtype=dtype)
                G_grid, Uk_coef = get_Uk_coef(G_grid_1stBZ, offset)
                UkGG = modify_UkGG(UkGG, G_grid, Uk_coef)
    return UkGG
