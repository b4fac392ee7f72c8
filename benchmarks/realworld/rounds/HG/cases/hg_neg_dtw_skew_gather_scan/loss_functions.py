# Source: https://github.com/khdlr/deep-acm/blob/e48217ebb4cdb9ce2fb72f42f3323449b41b8f9f/loss_functions.py
# Title: loss_functions.py (commit "Sakoe-Chiba Bands")
# Cut: kept AbstractDTW, DTW, the softmin and SoftDTW; helpers from utils.py inlined; the probabilistic DTW variants and the other losses dropped.
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp
from abc import ABC, abstractmethod
from einops import rearrange


def distance_matrix(a, b):
    a = rearrange(a, '(true pred) d -> true pred d', true=1)
    b = rearrange(b, '(true pred) d -> true pred d', pred=1)
    D = jnp.sum(jnp.square(a - b), axis=-1)
    return D


def pad_inf(inp, before, after):
    return jnp.pad(inp, (before, after), constant_values=jnp.inf)


class AbstractDTW(ABC):
    def __init__(self, bandwidth=None):
        self.bandwidth = bandwidth

    @abstractmethod
    def minimum(self, *args):
        pass

    def __call__(self, prediction, ground_truth):
        return self.dtw(prediction, ground_truth)

    def dtw(self, prediction, ground_truth):
        D = distance_matrix(prediction, ground_truth)
        # wlog: H >= W
        if D.shape[0] < D.shape[1]:
            D = D.T
        H, W = D.shape

        if self.bandwidth is not None:
            i, j = jnp.mgrid[0:H, 0:W]
            D = jnp.where(jnp.abs(i - j) > self.bandwidth,
                jnp.inf,
                D
            )

        y, x = jnp.mgrid[0:W+H-1, 0:H]
        indices = y - x
        model_matrix = jnp.where((indices < 0) | (indices >= W),
            jnp.inf,
            jnp.take_along_axis(D.T, indices, axis=0)
        )

        init = (
            pad_inf(model_matrix[0], 1, 0),
            pad_inf(model_matrix[1] + model_matrix[0, 0], 1, 0)
        )

        def scan_step(carry, current_antidiagonal):
            two_ago, one_ago = carry

            diagonal = two_ago[:-1]
            right    = one_ago[:-1]
            down     = one_ago[1:]
            best     = self.minimum(jnp.stack([diagonal, right, down], axis=-1))

            next_row = best + current_antidiagonal
            next_row = pad_inf(next_row, 1, 0)

            return (one_ago, next_row), next_row

        carry, ys = jax.lax.scan(scan_step, init, model_matrix[2:], unroll=4)
        return carry[1][-1]


class DTW(AbstractDTW):
    __name__ = 'DTW'

    def minimum(self, args):
        return jnp.min(args, axis=-1)


def make_softmin(gamma, custom_grad=True):
    def softmin_raw(array):
        return -gamma * logsumexp(array / -gamma, axis=-1)

    if not custom_grad:
        return softmin_raw

    softmin = jax.custom_vjp(softmin_raw)

    def softmin_fwd(array):
        return softmin(array), (array / -gamma, )

    def softmin_bwd(res, g):
        scaled_array, = res
        grad = jnp.where(jnp.isinf(scaled_array),
            jnp.zeros(scaled_array.shape),
            jax.nn.softmax(scaled_array) * jnp.expand_dims(g, 1)
        )
        return grad,

    softmin.defvjp(softmin_fwd, softmin_bwd)
    return softmin


class SoftDTW(AbstractDTW):
    __name__ = 'SoftDTW'

    def __init__(self, gamma=1.0, bandwidth=None):
        super().__init__(bandwidth)
        assert gamma > 0, "Gamma needs to be positive."
        self.gamma = gamma
        self.__name__ = f'SoftDTW({self.gamma})'
        self.minimum_impl = make_softmin(gamma)

    def minimum(self, args):
        return self.minimum_impl(args)
