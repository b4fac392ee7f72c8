# Source: https://github.com/pulse2percept/pulse2percept/blob/e160abdaa73eb0552c25f61f5d5e458cc8958905/pulse2percept/models/granley2021.py
# Title: pulse2percept/models/granley2021.py (BiphasicAxonMapSpatial._predict_spatial)
# Cut: the host-side entry point that gathers per-electrode parameters from the Stimulus
#      metadata and calls the jitted jax prediction; serial/cython branch dropped.
import numpy as np


def _predict_spatial(self, earray, stim):
    """Predicts the percept"""
    elec_params = []
    x = []
    y = []
    try:
        for e in stim.electrodes:
            amp = stim.metadata['electrodes'][str(e)]['metadata']['amp']
            if amp == 0:
                continue
            freq = stim.metadata['electrodes'][str(e)]['metadata']['freq']
            pdur = stim.metadata['electrodes'][str(e)]['metadata']['phase_dur']
            elec_params.append([freq, amp, pdur])
            x.append(earray[e].x)
            y.append(earray[e].y)
    except KeyError:
        raise TypeError(f"All stimuli must be BiphasicPulseTrains with no " +
                        f"delay dur")
    elec_params = np.array(elec_params, dtype=np.float32)
    x = np.array(x, dtype=np.float32)
    y = np.array(y, dtype=np.float32)
    return self._predict_spatial_jax(elec_params[:, :3], x, y)
