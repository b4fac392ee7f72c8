# Source: https://github.com/ssec-jhu/flfm/blob/c2a5399895dace630bdb4a878173a7b2e0afb2c1/flfm/backend/jax.py
# Title: flfm/backend/jax.py (FLFM observation reconstruction using JAX)
# Cut: kept rl_step and JaxRestoration.export_model; dropped the other static helpers, JaxIO and docstrings.
"""FLFM observation reconstruction using JAX."""

from pathlib import Path

import jax


def rl_step(
    data: jax.numpy.ndarray,  # [k, n, n]
    image: jax.numpy.ndarray,  # [1, n, n]
    PSF_fft: jax.numpy.ndarray,  # [k, n, n/2+1]
    PSFt_fft: jax.numpy.ndarray,  # [k, n, n/2+1]
) -> jax.numpy.ndarray:
    """Single step of the multiplicative Richardson-Lucy deconvolution algorithm."""
    denominator = jax.numpy.fft.irfft2(PSF_fft * jax.numpy.fft.rfft2(data)).sum(axis=0, keepdims=True)  # [1, n, n]
    img_err = image / denominator
    return data * jax.numpy.fft.fftshift(
        jax.numpy.fft.irfft2(jax.numpy.fft.rfft2(img_err) * PSFt_fft), axes=(-2, -1)
    )  # [k, n, n]


class JaxRestoration:
    """JAX implementation of the restoration backend."""

    def __init__(self, *args, **kwargs):
        self.compiled_rl_step = jax.jit(rl_step)

    @staticmethod
    def export_model(
        out_path: str | Path,
        num_steps: int,
        img_size: tuple[int, int, int],
        psf_size: tuple[int, int, int],
    ) -> None:
        """Export a model for use elsewhere."""
        import tensorflow as tf
        from jax.experimental import jax2tf

        def rl(img, psf: jax.numpy.ndarray) -> jax.numpy.ndarray:
            psf_fft = jax.numpy.fft.rfft2(psf)  # [k, n, n/2+1]
            psft_fft = jax.numpy.fft.rfft2(jax.numpy.flip(psf))  # [k, n, n/2+1]
            data = jax.numpy.ones_like(psf) * 0.5  # [k, n, n]

            for _ in range(num_steps):
                data = rl_step(data, img, psf_fft, psft_fft)

            return data

        serialize_gpu = len(tf.config.list_physical_devices("GPU")) > 0
        exported_f = tf.Module()
        exported_f.f = tf.function(
            jax2tf.convert(
                rl,
                with_gradient=False,
                native_serialization_platforms=["cpu"] + serialize_gpu * ["cuda"],
            ),
            autograph=False,
            input_signature=[
                tf.TensorSpec(shape=img_size, dtype=tf.float32, name="image"),  # [1, n, n]
                tf.TensorSpec(shape=psf_size, dtype=tf.float32, name="psf"),  # [k, n, n]
            ],
        )

        exported_f.f(
            tf.ones(img_size, dtype=tf.float32, name="image"),
            tf.ones(psf_size, dtype=tf.float32, name="psf"),
        )

        tf.saved_model.save(exported_f, out_path)
