# Source: https://github.com/KeithLin724/j-svm/blob/6e04aba53db3d8beec31a83a35658da2ad4ff4d8/JSVM/SupportVectorMachine.py
# Title: JSVM/SupportVectorMachine.py (parent of commit "make j-SVM use vmap speed up")
# Cut: poly/linear kernels, kernel registry, cvxpy solver body, load/save and printing dropped; the Gram matrix, bias and predict paths kept.
import jax
import jax.numpy as jnp
import numpy as np
import cvxpy as cp
from typing import Callable


def rbf(sigma: float) -> Callable[[jnp.ndarray, jnp.ndarray], jnp.ndarray]:

    @jax.jit
    def rbf_jit(x_1: jnp.ndarray, x_2: jnp.ndarray) -> jnp.ndarray:
        distance_squared = jnp.sum((x_1 - x_2) ** 2, axis=0)
        kernel_value = jnp.exp(-distance_squared / (2 * sigma**2))
        return kernel_value

    def run(x_1: jnp.ndarray, x_2: jnp.ndarray) -> jnp.ndarray:
        kernel_value = rbf_jit(x_1, x_2)
        if x_2.ndim != 1 and x_2.shape[1] == 1:
            kernel_value = kernel_value.reshape(-1, 1)
        return kernel_value

    _ = rbf_jit(jnp.zeros((1,)), jnp.zeros((1,))).block_until_ready()  # warm up
    return run


class SupportVectorMachine:
    def __init__(self, C: int, sigma: float = 1.0, threshold: float = 1e-20):
        self._c = C
        self._threshold = threshold
        self._a_y_x: jnp.ndarray = None
        self._b: float = None
        self._kernel = rbf(sigma)

    # TODO: use vmap to speed up
    def _build_k_matrix(self, x: jnp.ndarray) -> jnp.ndarray:
        size = x.shape[0]
        return jnp.array(
            [[self._kernel(x[i], x[j]) for j in range(size)] for i in range(size)]
        )

    def _find_alpha(self, K, x, y):
        ...  # cvxpy QP on the host (elided)

    @staticmethod
    @jax.jit
    def __find_bias(alpha, support_vectors, y, K):
        K_hat = K[support_vectors][:, support_vectors]
        alpha_hat = alpha[support_vectors]
        y_hat = y[support_vectors]
        res = y_hat - K_hat @ (alpha_hat * y_hat)
        return jnp.mean(res)

    def train(self, x, y):
        K = self._build_k_matrix(x)
        alpha, support_vector = self._find_alpha(K, x, y)
        self._b = SupportVectorMachine.__find_bias(alpha, support_vector, y, K)
        alpha, y = alpha.reshape(-1, 1), y.reshape(-1, 1)
        table = jnp.hstack((alpha, y, x))
        self._a_y_x = table[support_vector]

    @staticmethod
    @jax.jit
    def __cal_one_item_jit(ay: jnp.ndarray, pre_x_kernel: jnp.ndarray, b: float):
        return jnp.sum(ay * pre_x_kernel) + b

    def cal_one_item(self, ay, x_kernel, x_item):
        pre_x_kernel = self._kernel(x_kernel.T, x_item.reshape(-1, 1))
        return SupportVectorMachine.__cal_one_item_jit(ay, pre_x_kernel, self._b)

    def __call__(self, x: jnp.ndarray, with_sign: bool = False) -> jnp.ndarray:
        a, y, x_kernel = self._a_y_x[:, 0].reshape(-1, 1), self._a_y_x[:, 1].reshape(-1, 1), self._a_y_x[:, 2:]
        result = [
            self.cal_one_item(a * y, x_kernel=x_kernel, x_item=x_item) for x_item in x
        ]
        res = jnp.hstack(result)
        if with_sign:
            res = jnp.sign(res)
        return res
