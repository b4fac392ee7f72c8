# Source: https://github.com/NTT123/wavegru-vocoder/blob/78ff204c3b018c72a29e1c06e1e6ca7bedde6d66/extract_mel_mu.py
# Title: extract_mel_mu.py — Extract mel-spectrogram features and mu-law encoded waveforms from wav files
# Cut: argument parsing and config loading replaced by plain values.
import os
from pathlib import Path

import jax
import librosa
import numpy as np
from tqdm.cli import tqdm

from dsp import MelFilter


def extract_mel_mu(
    mel_filter, wav_file, sample_rate, maxlen, window_length, hop_length
):
    """
    We use np.float16 to save memory.
    """
    y, _ = librosa.load(wav_file, sr=sample_rate, res_type="soxr_hq")
    scale = max(1, np.max(np.abs(y)))
    y = y / scale  # rescale to avoid overflow [-1, 1] interval
    num_frames = len(y) // hop_length + 1
    padded_y = np.pad(y, [(0, maxlen - len(y))])
    # scale by 0.5 to avoid overflow when doing preemphasis
    y = librosa.effects.preemphasis(y * 0.5, coef=0.86)
    mu = librosa.mu_compress(y, mu=255, quantize=True) + 127
    mel = mel_filter(padded_y[None])[0].astype(np.float16)
    return mel[:num_frames], mu


wav_dir, out_dir = Path("wavs"), Path("features")
wav_files = sorted(wav_dir.glob("*.wav"))
out_dir.mkdir(parents=True, exist_ok=True)
sr, n_fft, window_length, hop_length, mel_dim, mel_min = 24000, 2048, 1200, 300, 80, 1e-5

mel_filter = MelFilter(
    sr,
    n_fft,
    window_length,
    hop_length,
    mel_dim,
    0,
    sr // 2,
    mel_min,
)
mel_filter = jax.jit(mel_filter)

sorted_files = sorted(wav_files, key=os.path.getsize)
y, _ = librosa.load(sorted_files[-1], sr=sr)
maxlen = len(y)

for wav_file in tqdm(wav_files):
    mel, mu = extract_mel_mu(
        mel_filter, wav_file, sr, maxlen, window_length, hop_length
    )
    mel_file = out_dir / (wav_file.stem + ".mel")
    mu_file = mel_file.with_suffix(".mu")
    np.save(mel_file, mel)
    np.save(mu_file, mu)


print(f"Preprocessed data is located at {out_dir}")
