# Source: https://github.com/lan13005/PyAmpTools/blob/680750ab414c57c3cff1d2fb35d5ed34f3f6ef1c/bin/run_momentInverter.py
# Title: bin/run_momentInverter.py (SVGD inversion of moments to partial-wave amplitudes)
# Cut: kept the host-side SVGD driver loop and the post-fit unpacking of particles into full amplitude
#      vectors, followed by the jit(vmap(...)) projection; dropped the model definition, config parsing
#      and result saving (process_particle body reduced to the projection call).
from functools import partial

import jax
from jax import vmap, jit
import jax.numpy as jnp
from tqdm import trange

from pyamptools.utility.moment_projector import project_to_moments_refl


def process_particle(amp_array, mask, l_max, cg_coeffs):
    amp_array = amp_array * mask
    proj = project_to_moments_refl(amp_array, mask=mask, l_max=l_max, cg_coeffs=cg_coeffs)
    n_m = proj.shape[0] // 3
    h0  = proj[:n_m:2] + 1j*proj[1:n_m:2]
    h1  = proj[n_m:2*n_m:2] + 1j*proj[n_m+1:2*n_m:2]
    h2  = proj[2*n_m:3*n_m:2] + 1j*proj[2*n_m+1:3*n_m:2]
    return jnp.array([h0, h1, h2])


def run_and_project(svgd, svgd_state, moment_samples, amplitude_scale, num_iterations,
                    n_flat_amplitudes, mask, l_max, cg_coeffs):

    @jax.jit
    def step(svgd_state, t, moment_samples, scale):
        return svgd.update(svgd_state, moment_samples=moment_samples, scale=scale)

    for t in trange(num_iterations):
        svgd_state_output = step(svgd_state, t, moment_samples, amplitude_scale)
        svgd_state = svgd_state_output[0]

    # NOTE: numpyro attaches auto_loc to the name for w.e. reason
    free_params = svgd.get_params(svgd_state)['free_params_auto_loc'] * amplitude_scale  # shape (num_particles, n_free_real_indices)

    # Reconstruct the full amplitude array for each particle
    num_particles = free_params.shape[0]
    inferred_amplitudes = []
    for i in range(num_particles):
        full_amps = jnp.zeros(n_flat_amplitudes)
        full_amps = full_amps.at[mask==1].set(free_params[i])

        # Check if masking is done correctly
        masked_indices = jnp.where(mask == 0)[0]
        assert jnp.all(full_amps[masked_indices] == 0), f"Masked indices {masked_indices} not zero in particle {i}"

        inferred_amplitudes.append(full_amps)
    inferred_amplitudes = jnp.stack(inferred_amplitudes)

    # Map processing function (projecting to moment basis) over all particles
    partial_process_particle = partial(process_particle, mask=mask, l_max=l_max, cg_coeffs=cg_coeffs)
    process_batch = jit(vmap(partial_process_particle))
    recovered_moments = process_batch(inferred_amplitudes)
    return recovered_moments
