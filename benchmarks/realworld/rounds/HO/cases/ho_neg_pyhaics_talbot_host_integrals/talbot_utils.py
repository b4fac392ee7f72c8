# Source: https://github.com/miguelfrndz/pyHaiCS/blob/2d14a082159429dd33ba1aa93a4dbe5f52fad5c3/examples/talbot_utils.py
# Title: examples/talbot_utils.py (Talbot-effect benchmark: Monte Carlo integrals of J1 integrands and field assembly)
# Cut: the ctypes/C-library branch, g_n, generate_coeffs body, resizing and plotting removed; the
#      pure-Python integration fallback and the chunked field assembly kept; docstrings shortened.
import jax
import numpy as np
from tqdm import tqdm
import jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
from BesselJAX import J1

USE_C_VERSION = False
ROUNDING_CORRECTION = 1e2


@jax.jit
def integrand_sin(tau, kn, z, omega, epsilon = 1e-6):
    u = jnp.sqrt(jnp.maximum(0, tau ** 2 - z ** 2))
    sin_term = jnp.sin(omega * tau)
    mask = u < epsilon
    result = jnp.where(mask, sin_term * kn * 1/2 * ROUNDING_CORRECTION, sin_term * J1(kn * u) / u * ROUNDING_CORRECTION)
    return result

@jax.jit
def integrand_cos(tau, kn, z, omega, epsilon = 1e-6):
    u = jnp.sqrt(jnp.maximum(0, tau ** 2 - z ** 2))
    cos_term = jnp.cos(omega * tau)
    mask = u < epsilon
    result = jnp.where(mask, cos_term * kn * 1/2 * ROUNDING_CORRECTION, cos_term * J1(kn * u) / u * ROUNDING_CORRECTION)
    return result

def perform_integrals(config):
    """Integrals in (4.8), computed on the host per (n, t, z) grid point. (docstring shortened)"""

    # We store the range of n, kn and gn in arrays of length N_max
    n_values = np.linspace(0, config.N_max-1, config.N_max, dtype=int)
    k_n_values = 2 * np.pi * n_values

    # We store the range of t, z in the arrays of dimension (N_t) and (N_z)
    t_values = np.linspace(config.z_T/config.c * config.initial_t_zT, config.z_T/config.c * config.final_t_zT, config.N_t)
    z_values = np.linspace(0, config.N_z*config.delta_z, config.N_z)

    # Preallocate the result arrays (shape: len(n_values) x len(z_values))
    x_min = np.zeros((len(t_values), len(z_values)))
    x_max = np.empty((len(t_values), len(z_values)))

    # Compute the values
    t1_values = np.roll(t_values, 1)
    t1_values[0] = 0.
    x_min = np.maximum(z_values[None, :], t1_values[:, None])  # Max between z_values[j] and t_values[i-1]
    x_max = np.maximum(z_values[None, :], t_values[:, None])  # Max between z_values[j] and t_values[i]
        
    # Prealocate the result arrays
    integral = np.zeros((len(n_values), len(t_values), len(z_values)), dtype = np.float64)

    partial_integral_sin = np.zeros((len(n_values),len(t_values),len(z_values)))
    partial_integral_cos = np.zeros((len(n_values),len(t_values),len(z_values)))

    if not USE_C_VERSION:  # upstream: `if USE_C_VERSION: lib.compute_integrals(...) else:`
        # Perform the integrals
        for n in tqdm(range(len(n_values))):
            for i in range(len(t_values)):
                for j in range(len(z_values)):
                    # Monte Carlo integration
                    samples = np.random.uniform(x_min[i, j], x_max[i, j], config.mc_samples)
                    integrand_sin_values = integrand_sin(samples, k_n_values[n], t_values[i], z_values[j], config.omega)
                    integrand_cos_values = integrand_cos(samples, k_n_values[n], t_values[i], z_values[j], config.omega)
                    partial_integral_sin[n, i, j] = np.mean(integrand_sin_values)
                    partial_integral_cos[n, i, j] = np.mean(integrand_cos_values)
                    partial_integral_sin[n, i, j] *= x_max[i, j] - x_min[i, j]
                    partial_integral_cos[n, i, j] *= x_max[i, j] - x_min[i, j]
                    partial_integral_sin[n, i, j] /= ROUNDING_CORRECTION
                    partial_integral_cos[n, i, j] /= ROUNDING_CORRECTION
    # Initialize the result array
    resummed_integral_sin = np.empty((len(n_values), len(t_values), len(z_values)))
    resummed_integral_cos = np.empty((len(n_values), len(t_values), len(z_values)))

    # Vectorized cumulative sum along the 't' axis (axis=1) to recover the full integrals
    resummed_integral_sin[:, :, :] = np.cumsum(partial_integral_sin[:, :, :], axis=1)
    resummed_integral_cos[:, :, :] = np.cumsum(partial_integral_cos[:, :, :], axis=1)


    # Initialize the result array
    result = np.empty((len(n_values), len(t_values), len(z_values)))
    result = np.sin(config.omega * t_values[None,:,None]) * resummed_integral_cos \
                - np.cos(config.omega * t_values[None,:,None]) * resummed_integral_sin # sin(tau-t) = cos(t)sin(tau) - sin(t)cos(tau)
    return result


def generate_coeffs(config):
    """c_n(t, z) for each n, t, z (body cut)."""
    raise NotImplementedError


def generate_amplitude_field(config):
    """u(t, x, z) on the grid. (docstring shortened)"""
    # We compute the coefficients $c_n (t,z)$
    coeffs = generate_coeffs(config)

    # We compute the wave numbers
    k_n = 2 * np.pi * np.arange(config.N_max)

    # Create the grid for the cosine terms
    x_grid = np.arange(config.N_x) * config.delta_x
    cos_values = np.cos(np.outer(k_n, x_grid))
    del x_grid, k_n

    field = np.zeros([config.N_t, config.N_x, config.N_z])

    # Iterate over chunks of n axis to avoid memory problems
    chunk_size = 2  # Choose a reasonable chunk size based on available memory
    for i in tqdm(range(0, coeffs.shape[0], chunk_size)):
        chunk_coeffs = coeffs[i:i+chunk_size]
        chunk_cos_values = cos_values[i:i+chunk_size]
        
        # Compute the chunk of the contribution to E from the cosine term. 
        # For this we expand dimensions of coeffs and cos_values to match the desired broadcast shape.
        # New shapes:       (N_max, N_t, 1, N_z)        (N_max, 1, N_x,1)
        field_update_chunk = chunk_coeffs[:, :, np.newaxis, :] * chunk_cos_values[:, np.newaxis, :, np.newaxis]
        
        # Sum over n (along axis 0) and add to the field
        field += np.sum(field_update_chunk, axis=0)
        del field_update_chunk
    del cos_values, coeffs, chunk_coeffs, chunk_cos_values

    return field
