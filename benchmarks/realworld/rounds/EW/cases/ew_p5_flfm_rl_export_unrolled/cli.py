# Source: https://github.com/ssec-jhu/flfm/blob/c2a5399895dace630bdb4a878173a7b2e0afb2c1/flfm/cli.py
# Title: flfm/cli.py
# Cut: only the `export` command; the exception_handler decorator and backend import switch are replaced by a direct import of the JAX backend.
import io
from pathlib import Path

from jax_backend import JaxRestoration


def export(
    out: str | Path | io.BytesIO,
    n_steps: int,
    img_size: tuple[int, int, int] = (1, 2048, 2048),
    psf_size: tuple[int, int, int] = (41, 2048, 2048),
) -> None:
    """Export a model for use elsewhere.

    Args:
        out: Path to the output file.
        n_steps: Number of steps to unroll.
        img_size: Size of the image tensor, should be (1, h, w).
        psf_size: Size of the PSF tensor, should be (k, h, w).
    """
    JaxRestoration.export_model(
        Path(out),
        int(n_steps),
        img_size=img_size,
        psf_size=psf_size,
    )
