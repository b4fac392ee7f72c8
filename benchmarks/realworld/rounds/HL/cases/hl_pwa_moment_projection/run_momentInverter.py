# Source: https://github.com/lan13005/PyAmpTools/blob/680750ab414c57c3cff1d2fb35d5ed34f3f6ef1c/bin/run_momentInverter.py
# Title: bin/run_momentInverter.py (SVGD inversion of moments to partial-wave amplitudes)
# Cut: kept calculate_likelihood, the numpyro model and the jitted SVGD step; dropped config parsing,
#      bandwidth schedule, result saving and multiprocessing.
import jax
from jax import vmap, jit
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro.contrib.einstein import SVGD, RBFKernel
from numpyro.optim import Adam

from moment_projector import project_to_moments_refl


def calculate_likelihood(flat_amps, moment_samples, mask, cg_coeffs, tightness, loss_exponent, l_max):
    projected = project_to_moments_refl(flat_amps, mask=mask, l_max=l_max, cg_coeffs=cg_coeffs)
    n_moments = projected.shape[0] // 3
    H0 = projected[:n_moments:2] + 1j*projected[1:n_moments:2]
    H1 = projected[n_moments:2*n_moments:2] + 1j*projected[n_moments+1:2*n_moments:2]
    H2 = projected[2*n_moments:3*n_moments:2] + 1j*projected[2*n_moments+1:3*n_moments:2]
    calc_moments = jnp.array([H0, H1, H2], dtype=jnp.complex128)

    def compute_sample_error(sample):
        return jnp.sum(jnp.abs(calc_moments - sample)**loss_exponent)
    batch_errors = jax.vmap(compute_sample_error)(moment_samples)
    avg_error = jnp.mean(batch_errors)

    likelihood = -avg_error * tightness
    return likelihood


def invert(moment_samples, n_flat_amplitudes, mask, l_max, cg_coeffs, tightness, loss_exponent,
           step_size, num_iterations, num_particles, amplitude_scale):

    def model(moment_samples, scale=1.0):
        free_params = numpyro.sample(
            "free_params",
            dist.Normal(0, 1).expand([int(sum(mask))])
        )
        flat_amps = jnp.zeros(n_flat_amplitudes, dtype=jnp.float64)
        flat_amps = flat_amps.at[mask==1].set(jnp.array(free_params, dtype=jnp.float64) * scale)
        likelihood = calculate_likelihood(flat_amps, moment_samples, mask, cg_coeffs, tightness, loss_exponent, l_max)
        numpyro.factor("likelihood", likelihood)

    kernel = RBFKernel()
    optimizer = Adam(step_size=step_size)
    svgd = SVGD(model, optimizer, kernel, num_stein_particles=num_particles)
    rng_key = jax.random.PRNGKey(0)
    svgd_state = svgd.init(rng_key, moment_samples=moment_samples, scale=amplitude_scale)

    @jax.jit
    def step(svgd_state, t, moment_samples, scale):
        return svgd.update(svgd_state, moment_samples=moment_samples, scale=scale)

    for t in range(num_iterations):
        svgd_state_output = step(svgd_state, t, moment_samples, amplitude_scale)
        svgd_state = svgd_state_output[0]
    return svgd
