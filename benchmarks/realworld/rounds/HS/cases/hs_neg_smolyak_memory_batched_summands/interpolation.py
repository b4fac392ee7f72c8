# Source: https://github.com/JoWestermann/smolyax/blob/64730f5912caec6af33b79644c50efce87d72c2d/src/smolyax/interpolation.py
# Title: smolyax src/smolyax/interpolation.py (Smolyak sparse-grid surrogate in JAX)
# Cut: kept imports, class header, __setup_eval_functions, __validate_input and __call__; constructor, set_f, gradient and integral dropped
import itertools as it
import string
from collections import defaultdict
from typing import Callable, Sequence, Union

import jax
import jax.numpy as jnp
import numpy as np

from . import barycentric, indices, nodes

jax.config.update("jax_enable_x64", True)


class SmolyakBarycentricInterpolator:
# ...
    def __setup_eval_functions(self) -> None:

        self.__compiled_tensor_product_evaluation = jax.jit(
            jax.vmap(barycentric.evaluate_tensor_product_interpolant, in_axes=(None, 0, 0, 0, 0, 0, 0))
        )
        self.__compiled_tensor_product_gradient = jax.jit(
            jax.vmap(barycentric.evaluate_tensor_product_gradient, in_axes=(None, 0, 0, 0, 0, 0, 0))
        )

        if self.__n_inputs is not None:
            _ = self(jax.random.uniform(jax.random.PRNGKey(0), (self.__n_inputs, self.__d_in)))

    def __validate_input(self, x: Union[jax.Array, np.ndarray]) -> Union[jax.Array, np.ndarray]:
        assert bool(self.__compiled_tensor_product_evaluation) == bool(
            self.__n_2_F
        ), "The operator has not yet been set up for a target function via `set_f`."
        x = jnp.asarray(x)
        if x.shape == (self.__d_in,):
            x = x[None, :]
        assert x.shape[1] == self.__d_in, f"{x.shape[1]} != {self.__d_in}"
        self.__n_inputs = x.shape[0]
        return x

    def __call__(self, x: Union[jax.Array, np.ndarray]) -> jax.Array:
        """@public
        Evaluate the Smolyak operator at points `x`.

        Parameters
        ----------
        x : Union[jax.Array, np.ndarray]
            Points at which to evaluate the Smolyak interpolant of the target function `f`.
            Shape: `(n_points, d_in)` or `(d_in,)`, where `n_points` is the number of evaluation points
            and `d_in` is the dimension of the input domain.

        Returns
        -------
        jax.Array
            The interpolant of the target function `f` evaluated at points `x`. Shape: `(n_points, d_out)`
        """
        x = self.__validate_input(x)
        I_Lambda_x = jnp.broadcast_to(self.__offset, (self.__n_inputs, self.__d_out))

        for n in self.__n_2_F.keys():

            n_summands = self.__n_2_F[n].shape[0]
            memory_per_summand = self.__n_inputs * self.__d_out * np.prod(self.__n_2_F[n].shape[3:]) * 8 / (1024**3)
            summands_batch_size = max(1, int(np.floor(self.__memory_limit / memory_per_summand)))

            # batched processing of tensor product interpolants with n active dimensions
            for start_s in range(0, n_summands, summands_batch_size):

                end_s = min(start_s + summands_batch_size, n_summands)
                res = self.__compiled_tensor_product_evaluation(
                    x,
                    self.__n_2_F[n][start_s:end_s],
                    self.__n_2_nodes[n][start_s:end_s],
                    self.__n_2_weights[n][start_s:end_s],
                    self.__n_2_sorted_dims[n][start_s:end_s],
                    self.__n_2_sorted_degs[n][start_s:end_s],
                    self.__n_2_zetas[n][start_s:end_s],
                )
                I_Lambda_x += jnp.sum(res, axis=0)

        return I_Lambda_x
