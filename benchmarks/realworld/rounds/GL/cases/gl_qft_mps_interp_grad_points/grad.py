# Source: https://github.com/mipt-alexa/quantum_comp/blob/e32f5648b7086561ce965557e420d24a91516677/grad.py
# Title: grad.py (trigonometric interpolation of a QFT-transformed MPS and its derivative)
# Cut: TT-cross and QFT construction of phi replaced by a parameter (phi built by the caller);
#      plotting cut; the evaluation and derivative loops kept as written.
import jax
import jax.numpy as jnp

import numpy as np

from classes import MPS

n = 4
N = 2 ** n

powers = jnp.array([jnp.power(2., -i - 1) for i in range(n)])
j = complex(0, 1)


def make_curves(phi: MPS, x0_last: float):
    x = np.linspace(0, x0_last, 100)

    f_interp = np.empty_like(x)

    def interpolation(x, fft_mps=phi):
        interp_mps = MPS([jnp.array([[[1], [jnp.exp(-2 * jnp.pi * x * j * 2 ** k)]]]) for k in range(0, n)])
        interp_mps.components[-1] = jnp.array([[[1], [jnp.exp(2 * jnp.pi * j * N / 2 * x)]]])

        return jnp.real(fft_mps.dot(interp_mps)) / jnp.sqrt(N)

    for i in range(len(x)):
        f_interp[i] = interpolation(x[i])

    grad = jax.grad(interpolation, argnums=0)

    derivative = [grad(x) for x in x]
    return x, f_interp, derivative
