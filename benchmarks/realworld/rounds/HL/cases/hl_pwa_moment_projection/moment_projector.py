# Source: https://github.com/lan13005/PyAmpTools/blob/680750ab414c57c3cff1d2fb35d5ed34f3f6ef1c/src/pyamptools/utility/moment_projector.py
# Title: src/pyamptools/utility/moment_projector.py (partial-wave amplitudes -> angular moments)
# Cut: kept build_reflectivity_amplitudes, compute_moments_refl and project_to_moments_refl; dropped the
#      logger set-up, long docstrings, the spin-density-matrix body (replaced by a call) and helper functions.
from functools import partial

import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

n_k_values = 1

gbl_ctype = jnp.complex128
gbl_ftype = jnp.float64


@partial(jax.jit, static_argnames=['l_max'])
def build_reflectivity_amplitudes(flat_amplitudes, mask=None, l_max=3):
    """Reshape flattened real-valued amplitude array into sturctured complex amplitude array"""
    if mask is not None:
        flat_amplitudes = flat_amplitudes * mask

    l_max = int(l_max)
    n_l_values = l_max + 1
    n_m_max = 2 * l_max + 1
    n_eps = 2

    complex_amplitudes = flat_amplitudes[::2] + 1j * flat_amplitudes[1::2]
    total_m = sum(2 * l + 1 for l in range(n_l_values))
    assert complex_amplitudes.shape[0] == total_m * n_eps * n_k_values

    T = jnp.zeros((n_l_values, n_m_max, n_eps, n_k_values), dtype=gbl_ctype)
    flat_idx = 0

    # Ordering: k (slowest) -> epsilon -> l -> m (fastest)
    for k in range(n_k_values):
        for eps in range(n_eps):
            for l in range(n_l_values):
                m_range = 2 * l + 1
                for m_offset in range(m_range):
                    m = m_offset - l   # Convert offset to actual m value (-l to +l)
                    m_idx = m + l_max  # Adjust to array index (0 to 2*l_max)
                    T = T.at[l, m_idx, eps, k].set(complex_amplitudes[flat_idx])
                    flat_idx += 1

    return T


@partial(jax.jit, static_argnames=['l_max', 'L_max'])
def compute_moments_refl(rho0, rho1, rho2, l_max=3, L_max=None, cg_coeffs=None):
    """Compute all three sets of moments (H0, H1, H2) from density matrix components with reflection symmetry."""
    if L_max is None:
        L_max = 2 * l_max

    num_moments_per_type = sum(L + 1 for L in range(L_max + 1))
    H0 = jnp.zeros(num_moments_per_type, dtype=gbl_ctype)
    H1 = jnp.zeros(num_moments_per_type, dtype=gbl_ctype)
    H2 = jnp.zeros(num_moments_per_type, dtype=gbl_ctype)

    # Loop through all moment indices (L,M) with M >= 0
    moment_idx = 0
    for L in range(L_max + 1):
        for M in range(0, L + 1):
            h0_val = jnp.array(0.0, dtype=gbl_ctype)
            h1_val = jnp.array(0.0, dtype=gbl_ctype)
            h2_val = jnp.array(0.0, dtype=gbl_ctype)

            # Get the CG coefficients for this (L,M)
            entries = cg_coeffs[(L, M)]

            # Loop through all relevant CG coefficient entries
            for i in range(entries.shape[0]):
                entry = entries[i]
                l, m, l_prime, m_prime, cg = entry

                l_idx = jnp.array(l, dtype=jnp.int32)
                l_prime_idx = jnp.array(l_prime, dtype=jnp.int32)
                m_idx = jnp.array(m + l_max, dtype=jnp.int32)
                m_prime_idx = jnp.array(m_prime + l_max, dtype=jnp.int32)

                # Sum over both epsilon values (0=+1, 1=-1)
                for eps_idx in range(2):
                    epsilon = 1 - 2 * eps_idx
                    rho0_element = rho0[eps_idx, l_idx, l_prime_idx, m_idx, m_prime_idx]
                    rho1_element = rho1[eps_idx, l_idx, l_prime_idx, m_idx, m_prime_idx]
                    rho2_element = rho2[eps_idx, l_idx, l_prime_idx, m_idx, m_prime_idx]

                    h0_val += cg * rho0_element
                    h1_val += cg * epsilon * rho1_element
                    h2_val += cg * epsilon * rho2_element  # Note rho2 includes the i factor

            H0 = H0.at[moment_idx].set(h0_val)
            H1 = H1.at[moment_idx].set(h1_val)
            H2 = H2.at[moment_idx].set(h2_val)
            moment_idx += 1

    return jnp.concatenate([H0, H1, H2])


def compute_spin_density_matrices_refl(T, l_max=3):
    ...  # einsum-based in the source


def flatten_moments(H):
    ...  # interleaves real and imaginary parts in the source


@partial(jax.jit, static_argnames=['l_max', 'L_max'])
def project_to_moments_refl(flat_amplitudes, mask=None, l_max=3, L_max=None, cg_coeffs=None):
    l_max_int = int(l_max)
    if L_max is None:
        L_max = 2 * l_max_int
    L_max_int = int(L_max)
    T = build_reflectivity_amplitudes(flat_amplitudes, mask=mask, l_max=l_max_int)
    rho0, rho1, rho2 = compute_spin_density_matrices_refl(T, l_max=l_max_int)
    H = compute_moments_refl(rho0, rho1, rho2, l_max=l_max_int, L_max=L_max_int, cg_coeffs=cg_coeffs)
    return flatten_moments(H)
