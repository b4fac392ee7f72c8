# Source: https://github.com/NTT123/wavegru-vocoder/blob/78ff204c3b018c72a29e1c06e1e6ca7bedde6d66/inference.py
# Title: inference.py — generate a waveform from a mel file
# Cut: argument parsing and checkpoint loading reduced; the pax.pure call kept.
import numpy as np
import pax

from wavegru import WaveGRU


def synthesize(net: WaveGRU, mel: np.ndarray, no_gru: bool = False):
    mel = mel[None]
    x = pax.pure(lambda net, mel: net.inference(mel, no_gru=no_gru))(net, mel)
    return x
