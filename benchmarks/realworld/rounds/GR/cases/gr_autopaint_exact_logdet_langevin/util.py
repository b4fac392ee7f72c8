# Source: https://github.com/HIPS/autopaint/blob/acbe781a2a374af7604117b9ded71e00add5b926/autopaint/util.py
# Title: autopaint autopaint/util.py: WeightsParser, entropy helpers and log-determinant estimators
# Cut: kept WeightsParser, fast_array_from_list, the entropy helpers, approx_log_det, exact_log_det and
#      sum_entropy_lower_bound; dropped MNIST loading, test densities, KL helpers and plotting utilities.
import autograd.numpy as np


class WeightsParser(object):
    """A helper class to index into a parameter vector."""
    def __init__(self):
        self.idxs_and_shapes = {}
        self.num_weights = 0

    def add_shape(self, name, shape):
        start = self.num_weights
        self.num_weights += np.prod(shape)
        self.idxs_and_shapes[name] = (slice(start, self.num_weights), shape)

    def get(self, vect, name):
        idxs, shape = self.idxs_and_shapes[name]
        return np.reshape(vect[idxs], shape)

    def put(self, vect, name, val):
        idxs, shape = self.idxs_and_shapes[name]
        vect[idxs].reshape(shape)[:] = val

    def __len__(self):
        return self.num_weights


def fast_array_from_list(xs):
    return np.concatenate([np.expand_dims(x, axis=0) for x in xs], axis=0)


def entropy_of_diagonal_gaussians(stddevs_mat):
    #Returns entropy of several different diagonal gaussians
    if len(stddevs_mat.shape) == 1:
        stddevs_mat = np.atleast_2d(stddevs_mat)
    D = stddevs_mat.shape[1]
    return 0.5 * D * (1.0 + np.log(2*np.pi)) + np.sum(np.log(stddevs_mat), axis=1)


def entropy_of_a_diagonal_gaussian(stddevs):
    stddevs = stddevs.flatten()
    D = len(stddevs)
    assert 0.5 * D * (1.0 + np.log(2*np.pi)) + np.sum(np.log(stddevs)) == entropy_of_diagonal_gaussians(stddevs)
    return 0.5 * D * (1.0 + np.log(2*np.pi)) + np.sum(np.log(stddevs))


def entropy_of_a_spherical_gaussian(stddev, D):
    return 0.5 * D * (1.0 + np.log(2*np.pi)) + D * np.log(stddev)


def approx_log_det(mvp_vec, D, N, rs):
    # This should be an unbiased estimator of a lower bound on the log determinant
    # provided the eigenvalues are all greater than 0.317 (solution of
    # log(x) = (x - 1) - (x - 1)**2 = -2 + 3 * x - x**2
    # This vectorized version computes N independent bound estimates.
    R0 = rs.randn(N, D) # TODO: Consider normalizing R.
    R1 = mvp_vec(R0)
    R2 = mvp_vec(R1)
    return np.sum(R0 * (-2 * R0 + 3 * R1 - R2), axis=1)  # Row-wise dot products.


def exact_log_det(mvp_vec, D, N):
    """mvp_vec is a function that takes in a matrix of size N x D and returns another matrix of size N x D.
    This function builds N Jacobians explicitly, and returns a vector representing the logdets of these Jacobians."""
    eye = np.eye(D)
    matlist = []
    for i in xrange(D):
        cur_dir = eye[:, i]
        matlist.append(mvp_vec(np.tile(cur_dir, (N, 1))))
    mat = np.concatenate([np.expand_dims(x, axis=2) for x in matlist], axis=2)
    logdets = []
    for cur_mat in mat:  # Not vectorized, but could be if autograd supported vectorized calls to slogdet.  Does it?
        sign, logdet = np.linalg.slogdet(cur_mat)
        logdets.append(logdet)
    assert len(logdets) == N
    return fast_array_from_list(logdets)


def sum_entropy_lower_bound(entropy_a, entropy_b, D):
    """Returns lower bound of X + Y given the entropy of X and Y.
    Uses the entropy power inequality.
    https://en.wikipedia.org/wiki/Entropy_power_inequality"""
    return 0.5 * D * np.logaddexp(2.0 * entropy_a / D, 2.0 * entropy_b / D)


def log_normalizing_constant_of_a_guassian(cov):
    D = cov.shape[0]
    (sign, logdet) = np.linalg.slogdet(cov)
    return -0.5 * D * np.log(2*np.pi) - 0.5 * logdet


def build_logprob_mvn(mean, cov,pseudo_inv = True):
    if pseudo_inv == True:
        pinv = np.linalg.pinv(cov)
    else:
        pinv = np.linalg.inv(cov)
    const = log_normalizing_constant_of_a_guassian(cov)
    def logprob(z):
        """z is NxD."""
        z_minus_mean = z - mean
        if len(z.shape) == 1 or z.shape[0] == 1:
            return const - 0.5*np.dot(np.dot(z_minus_mean,pinv),z_minus_mean.T)
        else:
            return const - 0.5 * np.einsum('ij,jk,ik->i', z_minus_mean, pinv, z_minus_mean)

    return logprob
