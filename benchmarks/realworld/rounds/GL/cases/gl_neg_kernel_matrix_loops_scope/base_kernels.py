# Source: https://github.com/ExpectationMax/sklearn-jax-kernels/blob/f327e242e03b59141da16edaf70c283580be0d5e/sklearn_jax_kernels/base_kernels.py
# Title: sklearn_jax_kernels/base_kernels.py ("Improve memory efficiency by not vectorizing kernel matrix computation")
# Cut: the commented-out vectorised variant shortened; RBF and other kernel classes cut; the two
#      loops.Scope kernel-matrix builders and their jit wrapper kept (old JAX: jax.experimental.loops, jax.ops).
import abc
from functools import partial
from sklearn.gaussian_process.kernels import Kernel as sklearn_kernel
from jax import jit, vmap, value_and_grad
import jax.numpy as np
import jax.ops as ops
from jax.experimental import loops


class Kernel(sklearn_kernel, metaclass=abc.ABCMeta):
    """Kernel object similar to sklearn implementation but supporting JAX."""

    @property
    @abc.abstractmethod
    def pure_kernel_fn(self):
        """fn(theta, x1, x2)."""

    @staticmethod
    def _kernel_matrix_without_gradients(kernel_fn, theta, X, Y):
        kernel_fn = partial(kernel_fn, theta)
        if Y is None:
            n = len(X)
            with loops.Scope() as s:
                s.scattered_values = np.empty((n, n))
                index1, index2 = np.tril_indices(n, k=0)
                for i in s.range(index1.shape[0]):
                    i1, i2 = index1[i], index2[i]
                    value = kernel_fn(X[i1], X[i2])
                    s.scattered_values = ops.index_update(
                        s.scattered_values,
                        (np.stack([i1, i2]), np.stack([i2, i1])),
                        value
                    )
            return s.scattered_values
            # Here more vectorized version with higher memory overhead
            # values_scattered = np.empty((n, n))
            # index1, index2 = np.tril_indices(n, k=-1)
            # inst1, inst2 = X[index1], X[index2]
            # values = vmap(kernel_fn)(inst1, inst2)
            # ...
        else:
            return vmap(
                lambda x: vmap(lambda y: kernel_fn(x, y))(Y))(X)

    @staticmethod
    def _kernel_matrix_with_gradients(kernel_fn, theta, X, Y):
        kernel_fn = value_and_grad(kernel_fn)
        kernel_fn = partial(kernel_fn, theta)
        if Y is None:
            n = len(X)
            with loops.Scope() as s:
                s.scattered_values = np.empty((n, n))
                s.scattered_grads = np.empty((n, n, len(theta)))
                index1, index2 = np.tril_indices(n, k=0)
                for i in s.range(index1.shape[0]):
                    i1, i2 = index1[i], index2[i]
                    value, grads = kernel_fn(X[i1], X[i2])
                    indexes = (np.stack([i1, i2]), np.stack([i2, i1]))
                    s.scattered_values = ops.index_update(
                        s.scattered_values,
                        indexes,
                        value
                    )
                    s.scattered_grads = ops.index_update(
                        s.scattered_grads, indexes, grads)
            return s.scattered_values, s.scattered_grads
        else:
            return vmap(
                lambda x: vmap(lambda y: kernel_fn(x, y))(Y))(X)

    def get_kernel_matrix_fn(self, eval_gradient):
        """Return pure function for computing kernel matrix and gradients."""
        cache_name = (
            '_cached_kernel_matrix_fn' + '_grad' if eval_gradient else '')
        if not hasattr(self, cache_name):
            pure_kernel_fn = self.pure_kernel_fn

            if eval_gradient:
                kernel_matrix_fn = jit(partial(
                    self._kernel_matrix_with_gradients,
                    pure_kernel_fn
                ))
            else:
                kernel_matrix_fn = jit(partial(
                    self._kernel_matrix_without_gradients,
                    pure_kernel_fn
                ))
            setattr(self, cache_name, kernel_matrix_fn)
        return getattr(self, cache_name)
