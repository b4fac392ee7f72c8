# Source: https://github.com/HIPS/autograd/issues/389
# Title: HIPS/autograd#389 "Avoiding array assignment with for loop"
# Cut: kept the author's obj() loop; the per-row GP likelihood (elided as '...' in the thread) is written
#      out as a small function; the data set-up is ours.
import autograd.numpy as np
import autograd.numpy.random as npr
from autograd import grad

X = npr.randn(200, 3)
y = np.sin(X[:, 0]) + 0.1 * npr.randn(200)


def gp_log_likelihood(hypers):
    """Likelihood of the observations under a GP with this hyper-parameter setting."""
    lengthscale, noise = np.exp(hypers[0]), np.exp(hypers[1])
    sqdist = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    K = np.exp(-0.5 * sqdist / lengthscale**2) + noise * np.eye(len(y))
    return -0.5 * np.dot(y, np.linalg.solve(K, y)) - 0.5 * np.linalg.slogdet(K)[1]


def obj(theta):
    """
    Computes the objective function to be differentiated.

    Args:
        theta: np.array of shape (n, d)

    Return:
        res: np.array of shape (n,)
    """
    theta = np.atleast_2d(theta)
    n = theta.shape[0]

    res = np.zeros(n)  # Scores
    for i in range(n):
        res[i] = gp_log_likelihood(theta[i, :])  # Do some computations with theta[i, :]

    return res


grad_obj = grad(lambda theta: np.sum(obj(theta)))
