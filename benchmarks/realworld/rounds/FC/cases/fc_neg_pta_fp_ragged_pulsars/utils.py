# Source: https://github.com/gabefreedman/fastfp/blob/74b0ef8736c7a6d9c320f6b17c35bd0aec503d91/fastfp/utils.py
# Title: fastfp/utils.py (helpers for the JAX Fp-statistic)
# Cut: kept get_xCy and get_mats_fp; docstrings shortened; PTA construction and noise-marginalized helpers dropped.
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


@jax.jit
def get_xCy(Nvec, T, sigma, x, y):
    """Compute x^T C^-1 y, where C = N + TBT^T."""
    Nx = jnp.array(x / Nvec)
    Ny = jnp.array(y / Nvec)
    TNx = jnp.dot(T.T, Nx)
    TNy = jnp.dot(T.T, Ny)
    xNy = jnp.dot(x.T, Ny)
    return xNy - TNx @ jnp.linalg.solve(sigma, TNy)


def get_mats_fp(pta, noise):
    """Precompute a bunch of matrix products or vectors
    that are needed for the base Fp-statistic calculation"""

    phiinvs = pta.get_phiinv(noise)
    TNTs = pta.get_TNT(noise)
    Nvecs = pta.get_ndiag(noise)
    Ts = pta.get_basis(noise)
    sigmas = [(TNT + jnp.diag(phiinv)) for TNT, phiinv in zip(TNTs, phiinvs)]

    return Nvecs, Ts, sigmas
