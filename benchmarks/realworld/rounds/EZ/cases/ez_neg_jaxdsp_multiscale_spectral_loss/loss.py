# Source: https://github.com/khiner/jaxdsp/blob/c82e0b998f987b51e4270851a78ad84e7c8a67ef/jaxdsp/loss.py
# Title: jaxdsp/loss.py
# Cut: kept stft, magnitude spectrogram, distance, two loss labels and loss_fn; LossOptions reduced to its fields.
import jax.numpy as jnp
import jax.scipy.signal as signal

DEFAULT_STFT_WINDOW = 'hann'


def stft(audio, sample_rate=16000, frame_size=2048, overlap=0.75, window=DEFAULT_STFT_WINDOW):
    assert frame_size * overlap % 2.0 == 0.0

    return signal.stft(
        audio,
        nperseg=int(frame_size),
        noverlap=int(overlap),
        window=window,
        padded=True,
    )


def magnitute_spectrogram(audio, size=2048, overlap=0.75, window=DEFAULT_STFT_WINDOW):
    return jnp.abs(stft(audio, frame_size=size, overlap=overlap, window=window)[2])


def distance(X, Y, kind="L1"):
    kind = kind.upper()
    if kind == "L1":
        return jnp.mean(jnp.abs(Y - X))
    elif kind == "L2":
        return jnp.mean((Y - X) ** 2)
    else:
        raise ValueError(f"Distance type ({kind}), must be 'L1, 'L2', or 'COSINE'")


loss_fn_for_label = {
    "sample": lambda X, Y, distance_type: distance(X, Y, distance_type),
    "magnitude": lambda X_mag, Y_mag, distance_type: distance(X_mag, Y_mag, distance_type),
}


class LossOptions:
    def __init__(self, fft_sizes=(1024, 512, 256)):
        self.fft_sizes = fft_sizes
        self.sample_distance_type = "L1"
        self.frequency_distance_type = "L1"
        self.sample_weights = [("sample", 1.0)]
        self.frequency_weights = [("magnitude", 1.0)]
        self.stft_window = DEFAULT_STFT_WINDOW


def loss_fn(X, Y, opts):
    loss = sum(
        weight * loss_fn_for_label[label](X, Y, opts.sample_distance_type)
        for label, weight in opts.sample_weights
    )
    if len(opts.frequency_weights) > 0:
        for fft_size in opts.fft_sizes:
            if len(X.shape) == 1:
                X = jnp.expand_dims(X, 0)
            if len(Y.shape) == 1:
                Y = jnp.expand_dims(Y, 0)
            X_mag = magnitute_spectrogram(X, size=fft_size, window=opts.stft_window)
            Y_mag = magnitute_spectrogram(Y, size=fft_size, window=opts.stft_window)
            loss += sum(
                weight
                * loss_fn_for_label[label](X_mag, Y_mag, opts.frequency_distance_type)
                for label, weight in opts.frequency_weights
            )
    return loss
