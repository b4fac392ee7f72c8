# Source: https://github.com/KeithLin724/j-svm/blob/325298cab5a75d1317ceda2985ffe556f4fa7dfb/JSVM/SupportVectorMachine.py
# Title: JSVM/SupportVectorMachine.py
# Cut: kernels other than rbf, registry, warm-up timing, solver and load/save dropped; Kernel.fast_build_jit_function kept (comments translated).
from dataclasses import dataclass
from functools import cache
from typing import Callable

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float


def rbf(sigma: float) -> Callable[[jnp.ndarray, jnp.ndarray], jnp.ndarray]:
    @jax.jit
    def rbf_jit(x_1: jnp.ndarray, x_2: jnp.ndarray) -> jnp.ndarray:
        distance_squared = jnp.sum((x_1 - x_2) ** 2, axis=0)
        return jnp.exp(-distance_squared / (2 * sigma**2))

    return rbf_jit


@dataclass(slots=True)
class KernelResult:
    kernel_function: Callable
    fast_forward_jit: Callable
    build_k_matrix: Callable
    approximate_k_matrix: Callable


class Kernel:
    @cache
    @staticmethod
    def fast_build_jit_function(name: str, config: tuple):

        kernel = rbf(**dict(config))

        @jax.jit
        def build_k_matrix(x: Float[Array, "N D"]) -> jnp.ndarray:
            # vmap over each row of x, then vmap over every element of that row
            # K[i, j] = kernel(x[i], x[j])
            return jax.vmap(lambda xi: jax.vmap(lambda xj: kernel(xi, xj))(x))(x)

        @jax.jit
        def cal_one_item(
            ay: jnp.ndarray, x_kernel: jnp.ndarray, x_item: jnp.ndarray, b: float
        ):
            return jnp.sum(ay * kernel(x_kernel.T, x_item.reshape(-1, 1))) + b

        @jax.jit
        def fast_forward_jit(
            a_y_x: jnp.ndarray, x: jnp.ndarray, b: float
        ) -> jnp.ndarray:

            a, y, x_kernel = (
                a_y_x[:, 0].reshape(-1, 1),
                a_y_x[:, 1].reshape(-1, 1),
                a_y_x[:, 2:],
            )

            process_x = jax.vmap(
                lambda x_item: cal_one_item(a * y, x_kernel, x_item, b)
            )

            result = process_x(x)
            res = jnp.hstack(result)

            return res

        @jax.jit
        def approximate_k_matrix(X: jnp.ndarray, landmarks: jnp.ndarray) -> jnp.ndarray:
            # Nystroem: kernel between X and the m landmarks, shape (N, m)
            pairwise = jax.vmap(
                lambda row: jax.vmap(lambda l: kernel(row, l))(landmarks)
            )(X)

            # kernel among the landmarks, shape (m, m)
            K_mm = jax.vmap(lambda l1: jax.vmap(lambda l2: kernel(l1, l2))(landmarks))(
                landmarks
            )

            U, S, Vt = jnp.linalg.svd(K_mm, full_matrices=False)
            S_sqrt_inv = jnp.diag(1.0 / jnp.sqrt(S + 1e-8))

            phi = pairwise @ U @ S_sqrt_inv  # shape (N, m)
            return phi

        return KernelResult(
            kernel_function=kernel,
            fast_forward_jit=fast_forward_jit,
            build_k_matrix=build_k_matrix,
            approximate_k_matrix=approximate_k_matrix,
        )
