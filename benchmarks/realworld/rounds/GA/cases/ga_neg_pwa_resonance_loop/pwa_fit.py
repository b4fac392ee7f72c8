# Source: https://github.com/jax-ml/jax/issues/1763
# Title: Slow complex-valued einsum on GPU
# Cut: helper functions and random event arrays from the issue description; test_pw1 and the jit(grad(...)) line from the author's comment of 2019-11-28 (the real-valued BW variant); the module import line `tools` and %timeit lines dropped; the differentiated function renamed to test_pw1 consistently.
import numpy as onp
import jax.numpy as np
from jax import jit, grad


def invm_plus(Pb, Pc):
    Pbc = Pb + Pc
    _Pbc = Pbc * np.array([-1, -1, -1, 1])
    return np.sum(Pbc * _Pbc, axis=1)


def BW(m_, w_, Sbc):
    gamma = np.sqrt(m_ * m_ * (m_ * m_ + w_ * w_))
    k = np.sqrt(2 * np.sqrt(2) * m_ * np.abs(w_) * gamma / np.pi / np.sqrt(m_ * m_ + gamma))
    return k / (m_ * m_ - Sbc - m_ * w_)


def phase(theta, rho):
    i = complex(0, 1)
    return rho * np.exp(theta * i)


def _abs(bw_):
    conjbw = np.conj(bw_)
    return np.real(bw_ * conjbw)


Kp = onp.random.sample(80000 * 4).reshape(80000, 4)
Km = onp.random.sample(80000 * 4).reshape(80000, 4)
Pip = onp.random.sample(80000 * 4).reshape(80000, 4)
Pim = onp.random.sample(80000 * 4).reshape(80000, 4)
phif001 = onp.random.sample(80000 * 2).reshape(80000, 2)
phif021 = onp.random.sample(80000 * 2).reshape(80000, 2)

phi = invm_plus(Kp, Km)
f0 = invm_plus(Pip, Pim)

phim = np.array([2., 1., 1., 1., 2., 1., 1., 1.])
phiw = np.array([1., 2., 1., 1., 2., 1., 1., 1.])
f0m = np.array([1., 1., 1., 3., 1., 1., 1., 1.])
f0w = np.array([1., 1., 1., 1., 1., 1., 1., 1.])
const = np.ones((2, 8))
theta = np.zeros(8)
rho = np.ones(8)


def test_pw1(phim, phiw, f0m, f0w, theta, rho, const, phif001, phif021, phi, f0):
    temp = np.zeros(800000)
    for i in range(8):
        bw = BW(phim[i], phiw[i], phi) * BW(f0m[i], f0w[i], f0)
        _phif001 = phif001.T * bw * const[0, i]
        _phif021 = phif021.T * bw * const[1, i]
        _phif0 = (_phif001 + _phif021) * phase(theta[i], rho[i])
        temp = temp + _phif0
    data = np.real(np.sum(_abs(temp), axis=0))
    return -np.sum(np.log(data))


test_pw1_jit = jit(test_pw1)
grad_test_pw = jit(grad(test_pw1, argnums=0))
grad_test_pw(phim, phiw, f0m, f0w, theta, rho, const, phif001, phif021, phi, f0)
