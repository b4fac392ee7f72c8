# Source: https://github.com/srush/annotated-s4/blob/f19e2464990f0c07943bb922894d6f2af65c9bd9/s4/s4d.py
# Title: s4/s4d.py (The Annotated S4D)
# Cut: the literate-programming prose, the conversion test and the RNN (decode) branch trimmed; the two
#      kernel functions and the convolution-mode layer kept; the helpers imported from s4.py are stubbed.
from functools import partial
import jax
import jax.numpy as np
from flax import linen as nn
from jax.nn.initializers import lecun_normal, normal
from .s4 import (
    causal_convolution,
    cloneLayer,
    hippo_initializer,
    log_step_initializer,
)


def discretize(A, B, step, mode="zoh"):
    if mode == "bilinear":
        num, denom = 1 + .5 * step*A, 1 - .5 * step*A
        return num / denom, step * B / denom
    elif mode == "zoh":
        return np.exp(step*A), (np.exp(step*A)-1)/A * B


def vandermonde_product(v, alpha, L):
    V = alpha[:, np.newaxis] ** np.arange(L)  # Vandermonde matrix
    return (v[np.newaxis, :] @ V)[0]


def s4d_kernel(C, A, L, step):
    Abar, Bbar = discretize(A, 1.0, step)
    return vandermonde_product(C * Bbar, Abar, L).real


@partial(jax.jit, static_argnums=2)
def s4d_kernel_zoh(C, A, L, step):
    kernel_l = lambda l: (C * (np.exp(step*A)-1)/A * np.exp(l*step*A)).sum()
    return jax.vmap(kernel_l)(np.arange(L)).real


class S4DLayer(nn.Module):
    N: int
    l_max: int
    decode: bool = False
    scaling: str = "hippo"

    def setup(self):
        # Learned Parameters
        if self.scaling == "hippo":
            init_A_re, init_A_im, _, _ = hippo_initializer(self.N)
            self.A_re = self.param("A_re", init_A_re, (self.N,))
            self.A_im = self.param("A_im", init_A_im, (self.N,))
        elif self.scaling == "linear":
            self.A_re = self.param("A_re", nn.initializers.constant(-0.5), (self.N,))
            def arange_initializer(scale):
                return lambda key, shape: scale * np.ones(shape) * np.arange(shape[-1])
            self.A_im = self.param("A_im", arange_initializer(np.pi), (self.N,))
        else: raise NotImplementedError
        self.A = np.clip(self.A_re, None, -1e-4) + 1j * self.A_im
        self.B_re = self.param("B_re", nn.initializers.ones, (self.N,))
        self.B_im = self.param("B_im", nn.initializers.zeros, (self.N,))
        self.B = self.B_re + 1j * self.B_im
        self.C = self.param("C", normal(stddev=0.5**0.5), (self.N, 2))
        self.C = self.C[..., 0] + 1j * self.C[..., 1]
        self.D = self.param("D", nn.initializers.ones, (1,))
        self.step = np.exp(self.param("log_step", log_step_initializer(), (1,)))
        self.K = s4d_kernel_zoh(self.C, self.A, self.l_max, self.step)

    def __call__(self, u):
        return causal_convolution(u, self.K) + self.D * u


S4DLayer = cloneLayer(S4DLayer)
