# Source: https://github.com/ucl-exoplanets/taurex3/blob/7795d39584145ee8045e2a0adef14fa94eff01d8/examples/differentiability/diffproto.py
# Title: "Minimal differentiable TauREx-style transmission forward model" (numpy / torch / JAX prototype and benchmark)
# Cut: the JAX halves of gradient_report() and benchmark(); the finite-difference, numpy and
#      torch rows of both are dropped; the __main__ block is a two-line stand-in for main().
#      The model functions live in diffproto_model.py (same source file).
from __future__ import annotations

import time

import numpy as np

from diffproto_model import THETA0, _jax, _jax_arrays, chisq_jax, forward_jax


def gradient_report() -> dict:
    """Compare FD, torch and JAX gradients of the chi-squared."""
    jax = _jax()
    import jax.numpy as jnp

    jax_grad = np.asarray(
        jax.jit(jax.grad(lambda t: chisq_jax(t, arrays=_jax_arrays())))(
            jnp.asarray(THETA0)
        )
    )
    return {"jax": jax_grad}


def benchmark(repeats: int = 20) -> list[tuple[str, float]]:
    """Time forwards and gradients for numpy, torch and JAX."""
    jax = _jax()
    import jax.numpy as jnp

    results: list[tuple[str, float]] = []

    def timed(label: str, func, repeats: int = repeats) -> None:
        func()
        start = time.perf_counter()
        for _ in range(repeats):
            func()
        results.append((label, (time.perf_counter() - start) / repeats * 1e3))

    theta_j = jnp.asarray(THETA0)

    jax_arrays = _jax_arrays()  # built once, outside the traces
    jax_forward = jax.jit(lambda t: forward_jax(t, arrays=jax_arrays))
    jax_grad = jax.jit(jax.grad(lambda t: chisq_jax(t, arrays=jax_arrays)))
    jax_loop = jax.jit(lambda t: forward_jax(t, loop=True, arrays=jax_arrays))

    jax_forward(theta_j).block_until_ready()
    timed("jax    forward (jit)", lambda: jax_forward(theta_j).block_until_ready())
    jax_grad(theta_j).block_until_ready()
    timed("jax    forward+grad (jit)", lambda: jax_grad(theta_j).block_until_ready())
    jax_loop(theta_j).block_until_ready()
    timed("jax    forward loop (jit)", lambda: jax_loop(theta_j).block_until_ready())
    return results


if __name__ == "__main__":
    print(gradient_report())
    for label, ms in benchmark():
        print(f"{label:32s} {ms:9.3f} ms")
