# Source: https://github.com/ExpectationMax/sklearn-jax-kernels/blob/6a351b7d9406de26439918af77b330259127e254/sklearn_jax_kernels/gpc.py
# Title: sklearn_jax_kernels/gpc.py (Subclass of sklearn Gaussian process classifier using JAX)
# Cut: docstrings shortened; the multi-class wrapper class cut; Newton mode finding and the GPML
#      Algorithm 5.1 gradient kept as written (old JAX: jax.ops.index_update).
from functools import partial
from sklearn.gaussian_process._gpc import (
    _BinaryGaussianProcessClassifierLaplace)

import numpy

import jax.numpy as np
from jax.scipy.linalg import cholesky, cho_solve, solve
from jax.scipy.special import expit
from jax import ops
from jax import jit


@partial(jit, static_argnums=0)
def _newton_iteration(y_train, K, f):
    pi = expit(f)
    W = pi * (1 - pi)
    # Line 5
    W_sr = np.sqrt(W)
    W_sr_K = W_sr[:, np.newaxis] * K
    B = np.eye(W.shape[0]) + W_sr_K * W_sr
    L = cholesky(B, lower=True)
    # Line 6
    b = W * f + (y_train - pi)
    # Line 7
    a = b - W_sr * cho_solve((L, True), W_sr_K.dot(b))
    # Line 8
    f = K.dot(a)

    # Line 10: Compute log marginal likelihood in loop and use as
    #          convergence criterion
    lml = -0.5 * a.T.dot(f) \
        - np.log1p(np.exp(-(y_train * 2 - 1) * f)).sum() \
        - np.log(np.diag(L)).sum()
    return lml, f, (pi, W_sr, L, b, a)


class BinaryGaussianProcessClassifier(_BinaryGaussianProcessClassifierLaplace):
    def _posterior_mode(self, K, return_temporaries=False):
        """Mode-finding for binary Laplace GPC and fixed kernel."""
        if self.warm_start and hasattr(self, "f_cached") \
           and self.f_cached.shape == self.y_train_.shape:
            f = self.f_cached
        else:
            f = np.zeros_like(self.y_train_, dtype=np.float32)

        # Use Newton's iteration method to find mode of Laplace approximation
        log_marginal_likelihood = -np.inf
        newton_iteration = partial(_newton_iteration, self.y_train_, K)

        for _ in range(self.max_iter_predict):
            lml, f, (pi, W_sr, L, b, a) = newton_iteration(f)
            # Check if we have converged (log marginal likelihood does
            # not decrease)
            if lml - log_marginal_likelihood < 1e-10:
                break
            log_marginal_likelihood = lml

        self.f_cached = f  # Remember solution for later warm-starts
        if return_temporaries:
            return log_marginal_likelihood, (pi, W_sr, L, b, a)
        else:
            return log_marginal_likelihood

    def log_marginal_likelihood(self, theta=None, eval_gradient=False,
                                clone_kernel=False):
        """Returns log-marginal likelihood of theta for training data."""
        if theta is None:
            if eval_gradient:
                raise ValueError(
                    "Gradient can only be evaluated for theta!=None")
            return self.log_marginal_likelihood_value_

        kernel_matrix_fn = self.kernel_.get_kernel_matrix_fn(eval_gradient)

        if eval_gradient:
            K, K_gradient = kernel_matrix_fn(theta, self.X_train_, None)
        else:
            K = kernel_matrix_fn(theta, self.X_train_, None)

        Z, (pi, W_sr, L, b, a) = \
            self._posterior_mode(K, return_temporaries=True)

        if not eval_gradient:
            return Z

        # Compute gradient based on Algorithm 5.1 of GPML

        d_Z = np.empty(theta.shape[0])
        # XXX: Get rid of the np.diag() in the next line
        R = W_sr[:, np.newaxis] * cho_solve((L, True), np.diag(W_sr))  # Line 7
        C = solve(L, W_sr[:, np.newaxis] * K)  # Line 8
        # Line 9: (use einsum to compute np.diag(C.T.dot(C))))
        s_2 = -0.5 * (np.diag(K) - np.einsum('ij, ij -> j', C, C)) \
            * (pi * (1 - pi) * (1 - 2 * pi))  # third derivative

        for j in range(d_Z.shape[0]):
            C = K_gradient[:, :, j]   # Line 11
            # Line 12: (R.T.ravel().dot(C.ravel()) = np.trace(R.dot(C)))
            s_1 = .5 * a.T.dot(C).dot(a) - .5 * R.T.ravel().dot(C.ravel())

            b = C.dot(self.y_train_ - pi)  # Line 13
            s_3 = b - K.dot(R.dot(b))  # Line 14

            d_Z = ops.index_update(d_Z, j, s_1 + s_2.T.dot(s_3))  # Line 15

        return (
            numpy.asarray(Z, dtype=numpy.float64),
            numpy.asarray(d_Z, dtype=numpy.float64)
        )
