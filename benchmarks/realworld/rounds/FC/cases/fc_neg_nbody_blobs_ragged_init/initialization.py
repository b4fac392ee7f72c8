# Source: https://github.com/lucasmbll/diffNBody-for-bayesian-inference/blob/9c21ccb0891304bc9efae146f49bc8b25dac69fd/src/initialization.py
# Title: src/initialization.py (Functions for initializing blob positions and velocities)
# Cut: only initialize_blobs; initialize_blob (per-blob Gaussian/NFW/Plummer sampling with its own n_part) is imported.
import jax
import jax.numpy as jnp

from blob_init import initialize_blob  # per-blob sampler of src/initialization.py; returns arrays of length n_part of that blob


def initialize_blobs(params, fixed_params, other_params, params_infos, length, G, softening, key):
    # Split the key for each blob
    num_blobs = len(other_params)
    keys = jax.random.split(key, num_blobs)

    # Initialize each blob
    all_positions = []
    all_velocities = []
    all_masses = []
    for i in range(num_blobs):
        pos, vel, masses = initialize_blob(params[i], fixed_params[i], other_params[i], params_infos[i], length, G, softening, keys[i])
        all_positions.append(pos)
        all_velocities.append(vel)
        all_masses.append(masses)

    # Concatenate all positions, velocities, and masses
    positions = jnp.concatenate(all_positions, axis=0)
    velocities = jnp.concatenate(all_velocities, axis=0)
    masses = jnp.concatenate(all_masses, axis=0)

    return positions, velocities, masses