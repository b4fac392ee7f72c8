# Source: https://github.com/m9h/mrs-jax/blob/3220889281da83f49c618cc5cc623fb6b56b3a33/src/mrs_jax/mega_press.py
# Title: mrs_jax/mega_press.py — NumPy reference MEGA-PRESS pipeline (the JAX port lives in mega_press_jax.py)
# Cut: kept spectral_registration (grid search loop), apply_correction and align_edit_pairs (loop over
#      dynamics); coil combination, outlier rejection and the driver dropped.
import numpy as np


def spectral_registration(
    fid: np.ndarray,
    reference: np.ndarray,
    dwell_time: float,
    freq_range: tuple[float, float] = (1.8, 4.2),
    centre_freq: float = 123.0e6,
) -> tuple[float, float]:
    """Estimate frequency and phase shift of a single FID relative to reference.

    Uses spectral registration in the time domain (Near et al. 2015):
    minimize ||ref - fid * exp(i*(freq*t + phase))||^2 over a frequency range.

    Parameters
    ----------
    fid : ndarray, shape (n_spec,)
        Single FID to align.
    reference : ndarray, shape (n_spec,)
        Reference FID.
    dwell_time : float
        Dwell time in seconds.
    freq_range : tuple
        PPM range to use for alignment.
    centre_freq : float
        Spectrometer frequency in Hz.

    Returns
    -------
    freq_shift : float
        Frequency correction in Hz.
    phase_shift : float
        Phase correction in radians.
    """
    n = len(fid)
    t = np.arange(n) * dwell_time

    # Convert ppm range to frequency indices
    bw = 1.0 / dwell_time
    freq_axis = np.fft.fftshift(np.fft.fftfreq(n, dwell_time))
    ppm_axis = freq_axis / (centre_freq / 1e6) + 4.65  # relative to water

    mask = (ppm_axis >= freq_range[0]) & (ppm_axis <= freq_range[1])

    # Grid search over frequency shifts
    freq_grid = np.linspace(-20, 20, 201)  # ±20 Hz
    best_cost = np.inf
    best_freq = 0.0
    best_phase = 0.0

    ref_spec = np.fft.fftshift(np.fft.fft(reference))

    for df in freq_grid:
        shifted = fid * np.exp(2j * np.pi * df * t)
        shifted_spec = np.fft.fftshift(np.fft.fft(shifted))

        # Optimal phase for this frequency shift
        cross = np.sum(ref_spec[mask].conj() * shifted_spec[mask])
        phi = -np.angle(cross)

        # Cost: residual after phase correction
        corrected = shifted_spec * np.exp(1j * phi)
        cost = np.sum(np.abs(ref_spec[mask] - corrected[mask]) ** 2).real

        if cost < best_cost:
            best_cost = cost
            best_freq = df
            best_phase = phi

    return best_freq, best_phase


def apply_correction(
    fid: np.ndarray,
    freq_shift: float,
    phase_shift: float,
    dwell_time: float,
) -> np.ndarray:
    """Apply frequency and phase correction to a single FID."""
    t = np.arange(len(fid)) * dwell_time
    return fid * np.exp(2j * np.pi * freq_shift * t + 1j * phase_shift)


def align_edit_pairs(
    edit_on: np.ndarray,
    edit_off: np.ndarray,
    dwell_time: float,
    centre_freq: float = 123.0e6,
    freq_range: tuple[float, float] = (1.8, 4.2),
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Frequency-and-phase correction per edit pair.

    Estimates the correction from each OFF transient (more stable peaks)
    and applies the SAME correction to both ON[i] and OFF[i], preserving
    their relative phase relationship for clean subtraction.

    Parameters
    ----------
    edit_on : ndarray, shape (n_spec, n_dyn)
        Edit-ON FIDs.
    edit_off : ndarray, shape (n_spec, n_dyn)
        Edit-OFF FIDs.
    dwell_time : float
        Dwell time in seconds.
    centre_freq : float
        Spectrometer frequency in Hz.
    freq_range : tuple
        PPM range for alignment.

    Returns
    -------
    edit_on_aligned : ndarray, shape (n_spec, n_dyn)
    edit_off_aligned : ndarray, shape (n_spec, n_dyn)
    freq_shifts : ndarray, shape (n_dyn,)
        Per-pair frequency corrections in Hz.
    phase_shifts : ndarray, shape (n_dyn,)
        Per-pair phase corrections in radians.
    """
    n_spec, n_dyn = edit_off.shape

    # Reference: mean of all edit-OFF transients
    ref = edit_off.mean(axis=1)

    freq_shifts = np.zeros(n_dyn)
    phase_shifts = np.zeros(n_dyn)

    edit_on_out = edit_on.copy()
    edit_off_out = edit_off.copy()

    for i in range(n_dyn):
        # Estimate correction from OFF (more stable peaks)
        df, dp = spectral_registration(
            edit_off[:, i], ref, dwell_time,
            freq_range=freq_range, centre_freq=centre_freq,
        )
        freq_shifts[i] = df
        phase_shifts[i] = dp

        # Apply SAME correction to both ON and OFF
        edit_off_out[:, i] = apply_correction(edit_off[:, i], df, dp, dwell_time)
        edit_on_out[:, i] = apply_correction(edit_on[:, i], df, dp, dwell_time)

    return edit_on_out, edit_off_out, freq_shifts, phase_shifts


