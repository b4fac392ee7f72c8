# Source: https://github.com/jobovy/galpy/blob/709c3980c80b012ad7303cae4898d72082ca5bbf/tests/test_backend_special.py
# Title: tests/test_backend_special.py (test_bessel_k_grad_vs_fd, test_iv_grad_vs_analytic)
# Cut: jax branches only; torch branches and pytest parametrisation removed. The
#      router sends jax k0/k1/iv to the fallbacks (jax is listed in _NATIVE_MISSING
#      for "k0", "k1", "kn", "iv"); RazorThinExponentialDiskPotential forces and
#      _R2deriv call them under the user's jax.grad / jax.jit.
import jax
import jax.numpy as jnp
import numpy
import scipy.special as scipy_special

from galpy.backend import special as gsp

jax.config.update("jax_enable_x64", True)


def test_bessel_k_grad_vs_fd():
    eps = 1e-6
    for name, fn, sp_fn in [
        ("k0", gsp.k0, scipy_special.k0),
        ("k1", gsp.k1, scipy_special.k1),
    ]:
        for x0 in (0.7, 1.5, 4.0, 25.0):
            fd = (float(sp_fn(x0 + eps)) - float(sp_fn(x0 - eps))) / (2 * eps)
            ad = float(jax.grad(lambda xx: fn(xx))(jnp.asarray(x0)))
            numpy.testing.assert_allclose(ad, fd, rtol=1e-5)


def test_iv_grad_vs_analytic():
    x0 = 2.0  # d/dx I2 = I1 - (2/x) I2
    ref = scipy_special.iv(1, x0) - 2.0 / x0 * scipy_special.iv(2, x0)
    ad = float(jax.grad(lambda x: gsp.iv(2, x))(jnp.asarray(x0)))
    numpy.testing.assert_allclose(ad, ref, rtol=1e-6)
