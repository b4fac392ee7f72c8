# Source: https://github.com/ucl-exoplanets/taurex3/blob/7795d39584145ee8045e2a0adef14fa94eff01d8/examples/differentiability/diffproto.py
# Title: "Minimal differentiable TauREx-style transmission forward model": framework_report() (PyTorch vs JAX, vmap throughput)
# Cut: the JAX half of framework_report(): dropped the torch timings and torch.vmap probe, the single-call
#      jax_forward/jax_grad rows (same lambdas as benchmark()) and the compile-time rows; `fastest` loses its
#      torch synchronise; theta0 comes from THETA0 instead of build_dataset(1). Model in diffproto_model.py.
from __future__ import annotations

import time

import numpy as np

from diffproto_model import THETA0, _jax, _jax_arrays, chisq_jax, forward_jax


def framework_report(batch_size: int = 256, repeats: int = 5) -> dict:
    """Compare PyTorch and JAX on the same model, device and batch.

    Args:
        batch_size: number of parameter sets in the batched measurements. 256
            fits a 4 GB card; 1024 exhausts it during the batched *gradient*
            (the reverse-mode tape of a 40-layer model is ~100 MB per saved
            activation), which is the report's memory caveat in miniature.
        repeats: timing repetitions; the fastest time is reported.
    """
    jax = _jax()
    import jax.numpy as jnp

    jax_arrays = _jax_arrays()
    theta0 = THETA0
    rng = np.random.default_rng(0)
    batch = theta0[None, :] * (
        1.0 + 1e-2 * rng.standard_normal((batch_size, theta0.size))
    )
    batch_jax = jnp.asarray(batch)

    def fastest(func, count: int = repeats) -> float:
        """Fastest of ``count`` calls, in milliseconds."""
        func()
        best = float("inf")
        for _ in range(count):
            start = time.perf_counter()
            func()
            best = min(best, time.perf_counter() - start)
        return 1e3 * best

    jax_vmap_forward = jax.jit(jax.vmap(lambda t: forward_jax(t, arrays=jax_arrays)))
    jax_vmap_grad = jax.jit(
        jax.vmap(jax.grad(lambda t: chisq_jax(t, arrays=jax_arrays)))
    )

    report = {
        "batch_size": batch_size,
        "jax_vmap_forward_ms": fastest(
            lambda: jax_vmap_forward(batch_jax).block_until_ready()
        ),
        "jax_vmap_grad_ms": fastest(
            lambda: jax_vmap_grad(batch_jax).block_until_ready()
        ),
    }
    report["jax_per_spectrum_us"] = 1e3 * report["jax_vmap_forward_ms"] / batch_size
    return report
