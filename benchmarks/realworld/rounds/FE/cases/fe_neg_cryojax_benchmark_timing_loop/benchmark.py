# Source: https://github.com/michael-0brien/cryojax/blob/55520b3df4ca4b521898266b58c7a8ec5d6cfe92/docs/examples/benchmark.py
# Title: docs/examples/benchmark.py (timing cryoJAX image simulation with and without jit)
# Cut: kept compute_image and benchmark_projection_microscope_noise_no_vmap as written;
#      setup() (PDB/STAR-file loading) imported from the same script; other benchmarks and __main__ removed.
from time import time

import cryojax.simulator as cxs
import equinox as eqx
import jax
import jax.numpy as jnp
from cryojax.dataset import RelionParticleParameterFile
from cryojax.io import read_atoms_from_pdb
from cryojax.ndimage import transforms as tf
from cryojax.rotations import SO3
from jaxtyping import PRNGKeyArray

from benchmark_setup import setup


def compute_image(particle_parameters, volume, volume_integrator, rng_key):
    # Build image model, including normalization within a circular mask
    # around each particle
    image_config, pose, transfer_theory = (
        particle_parameters["image_config"],
        particle_parameters["pose"],
        particle_parameters["transfer_theory"],
    )
    mask = tf.CircularCosineMask(
        coordinate_grid=image_config.coordinate_grid_in_angstroms,
        radius=150.0,
        rolloff_width=0.0,
        xy_offset=pose.offset_in_angstroms,
    )
    image_model = cxs.make_image_model(
        volume_parametrisation=volume,
        pose=pose,
        image_config=image_config,
        transfer_theory=transfer_theory,
        volume_integrator=volume_integrator,
        normalizes_signal=True,
        signal_region=mask.get() == 1.0,
    )
    # Build noise model at a randomly sampled SNR within a
    # uniform range, then simulate
    simulator_rng_key, snr_rng_key = jax.random.split(rng_key, 2)
    snr = jax.random.uniform(snr_rng_key, minval=0.01, maxval=0.1)
    noise_model = cxs.UncorrelatedGaussianNoiseModel(
        image_model,
        variance=1.0,
        signal_scale_factor=jnp.sqrt(snr),
    )

    return noise_model.sample(rng_key=simulator_rng_key)


def benchmark_projection_microscope_noise_no_vmap(
    n_iterations, path_to_pdb, path_to_starfile
):
    _, parameter_file, volume_gmm, volume_fourier_grid = setup(
        path_to_pdb, path_to_starfile
    )

    time_list = []
    for _ in range(n_iterations + 1):
        start_time = time()
        gmm_image = compute_image(
            parameter_file[0],
            volume_gmm,
            cxs.GaussianMixtureProjection(),
            jax.random.key(1234),
        )
        gmm_image.block_until_ready()
        end_time = time()
        time_list.append(end_time - start_time)
    gmm_avg_time = jnp.mean(jnp.array(time_list[1:]))
    gmm_std_time = jnp.std(jnp.array(time_list[1:]))
    print(f"GMM: {n_iterations}: {gmm_avg_time:.4f} +/- {gmm_std_time:.4f} s")

    time_list = []
    for _ in range(n_iterations + 1):
        start_time = time()
        gmm_image = eqx.filter_jit(compute_image)(
            parameter_file[0],
            volume_gmm,
            cxs.GaussianMixtureProjection(),
            jax.random.key(1234),
        )
        gmm_image.block_until_ready()
        end_time = time()
        time_list.append(end_time - start_time)
    jit_gmm_avg_time = jnp.mean(jnp.array(time_list[1:]))
    jit_gmm_std_time = jnp.std(jnp.array(time_list[1:]))
    print(
        f"JIT, GMM: {n_iterations}: {jit_gmm_avg_time:.4f} +/- {jit_gmm_std_time:.4f} s"
    )

    time_list = []
    for _ in range(n_iterations + 1):
        start_time = time()
        fs_image = compute_image(
            parameter_file[0],
            volume_fourier_grid,
            cxs.FourierSliceExtraction(),
            jax.random.key(1234),
        )
        fs_image.block_until_ready()
        end_time = time()
        time_list.append(end_time - start_time)
    fs_avg_time = jnp.mean(jnp.array(time_list[1:]))
    fs_std_time = jnp.std(jnp.array(time_list[1:]))
    print(f"Fourier Slice: {n_iterations}: {fs_avg_time:.4f} +/- {fs_std_time:.4f} s")

    time_list = []
    for _ in range(n_iterations + 1):
        start_time = time()
        fs_image = eqx.filter_jit(compute_image)(
            parameter_file[0],
            volume_fourier_grid,
            cxs.FourierSliceExtraction(),
            jax.random.key(1234),
        )
        fs_image.block_until_ready()
        end_time = time()
        time_list.append(end_time - start_time)
    fs_avg_time = jnp.mean(jnp.array(time_list[1:]))
    fs_std_time = jnp.std(jnp.array(time_list[1:]))
    print(f"Fourier Slice: {n_iterations}  it: {fs_avg_time:.4f} +/- {fs_std_time:.4f} s")

    return gmm_avg_time, gmm_std_time, fs_avg_time, fs_std_time, gmm_image, fs_image
