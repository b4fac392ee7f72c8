# Source: https://github.com/lucasmbll/diffNBody-for-bayesian-inference/blob/9c21ccb0891304bc9efae146f49bc8b25dac69fd/src/run.py
# Title: src/run.py (experiment driver: simulation mode)
# Cut: lines 119-131 wrapped in a function; config parsing and plotting dropped.
from utils import compute_fft_and_power_spectrum_3d_fields


def summarize_simulation(model_fn, data_params, data_key, length):
    result = model_fn(
        data_params,
        data_key
    )

    initial_field, final_field, final_observable_field, sol_ts, sol_ys, masses = result

    print('Compute FFT and Power Spectrum of the simulation outputs')

    fft_initial, k_center_initial, power_spectrum_initial = compute_fft_and_power_spectrum_3d_fields(initial_field, length)
    fft_final, k_center_final, power_spectrum_final = compute_fft_and_power_spectrum_3d_fields(final_field, length)
    return power_spectrum_initial, power_spectrum_final
