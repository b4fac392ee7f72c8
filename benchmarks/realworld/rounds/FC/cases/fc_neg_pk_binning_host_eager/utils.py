# Source: https://github.com/lucasmbll/diffNBody-for-bayesian-inference/blob/9c21ccb0891304bc9efae146f49bc8b25dac69fd/src/utils.py
# Title: src/utils.py (FFT and spherically averaged power spectrum of the simulated fields)
# Cut: only the two power-spectrum helpers; called eagerly from src/run.py after the simulation (lines 128-131), before plotting.
import jax.numpy as jnp


def compute_fft_and_power_spectrum_3d(field, box_size):
    # Get field dimensions
    nx, ny, nz = field.shape
    # Compute FFT
    fft_field = jnp.fft.fftn(field)
    # Compute k-space coordinates
    kx = jnp.fft.fftfreq(nx, d=box_size/nx) * 2 * jnp.pi
    ky = jnp.fft.fftfreq(ny, d=box_size/ny) * 2 * jnp.pi
    kz = jnp.fft.fftfreq(nz, d=box_size/nz) * 2 * jnp.pi
    # Create 3D k-grid
    kx_grid, ky_grid, kz_grid = jnp.meshgrid(kx, ky, kz, indexing='ij')
    k_mag = jnp.sqrt(kx_grid**2 + ky_grid**2 + kz_grid**2)

    # Compute power (|FFT|^2)
    power_3d = jnp.abs(fft_field)**2

    # Normalize by volume - Fix: ensure float division to prevent overflow
    volume = jnp.float32(box_size**3)
    normalization = jnp.float32(nx * ny * nz)**2
    power_3d = power_3d * volume / normalization

    # Create k-bins for spherical averaging
    k_max = jnp.min(jnp.array([kx.max(), ky.max(), kz.max()]))
    k_min = 2 * jnp.pi / box_size

    # Use logarithmic binning
    n_bins = min(50, nx//4)  # Reasonable number of bins
    k_bins = jnp.logspace(jnp.log10(k_min), jnp.log10(k_max), n_bins)

    # Spherically average the power spectrum
    power_spectrum = jnp.zeros(len(k_bins) - 1)
    k_centers = jnp.zeros(len(k_bins) - 1)

    for i in range(len(k_bins) - 1):
        mask = (k_mag >= k_bins[i]) & (k_mag < k_bins[i + 1]) & (k_mag > 0)
        if jnp.sum(mask) > 0:
            power_spectrum = power_spectrum.at[i].set(jnp.mean(power_3d[mask]))
            k_centers = k_centers.at[i].set(jnp.mean(k_mag[mask]))
        else:
            k_centers = k_centers.at[i].set((k_bins[i] + k_bins[i + 1]) / 2)

    return fft_field, k_centers, power_spectrum


def compute_fft_and_power_spectrum_3d_fields(fields, box_size):
    field_names = ['density', 'vx', 'vy', 'vz']
    fft_fields = []
    k_centers_list = []  # Changed from k_centers to k_centers_list
    power_specs = []
    for i, name in enumerate(field_names):
        field = fields[..., i]
        fft_field, k_centers, power_spec = compute_fft_and_power_spectrum_3d(field, box_size)
        fft_fields.append(fft_field)
        k_centers_list.append(k_centers)  # Now appending to k_centers_list
        power_specs.append(power_spec)
    fft_field = jnp.stack(fft_fields, axis=-1)
    power_spec = jnp.stack(power_specs, axis=-1)
    k_centers = jnp.stack(k_centers_list, axis=-1)  # Stack the list, assign to k_centers
    return fft_field, k_centers, power_spec


