# Source: https://github.com/jecampagne/jax-kalman-bucy/blob/9513f2b84ce044acc5d5e3224a16f69473cbc84c/jaxkalm/kalman_filter.py
# Title: jaxkalm/kalman_filter.py - KalmanFilterNonEquid (Kalman filter with non-equidistant time steps)
# Cut: kept KalmanFilterNonEquid's predict/correct/filter (coerce helpers simplified) and the driver lines of examples/test_predict_function.py that call filter eagerly; Result container reduced to lists
from typing import Callable

import jax.numpy as jnp
import jax.random as jaxrnd


def predict(mean, cov, trans_mat, trans_cov):
    return trans_mat @ mean, trans_mat @ cov @ trans_mat.T + trans_cov


def correct(mean, obs_mat, cov, obs_cov, y):
    S = obs_mat @ cov @ obs_mat.T + obs_cov
    gain = cov @ obs_mat.T @ jnp.linalg.inv(S)
    return mean + gain @ (y - obs_mat @ mean), cov - gain @ obs_mat @ cov, gain


class KalmanFilterNonEquid(object):
    def __init__(self, trans_mat_func: Callable, trans_cov_func: Callable, obs_mat, obs_cov,
                 init_mean=None, init_cov=None):
        self.trans_mat_func = trans_mat_func
        self.trans_cov_func = trans_cov_func
        self.obs_mat = jnp.atleast_2d(obs_mat)
        self.obs_cov = jnp.atleast_2d(obs_cov)
        n = self.trans_mat_func(0.).shape[-1]
        self.init_mean = jnp.zeros(n) if init_mean is None else init_mean
        self.init_cov = jnp.eye(n) if init_cov is None else init_cov

    def _initialize(self):
        return (self.init_mean, self.init_cov)

    def _predict(self, correction, dt):
        trans_mat = self.trans_mat_func(dt)
        trans_cov = self.trans_cov_func(dt)
        mean, cov = predict(correction[0], correction[1], trans_mat, trans_cov)
        return (mean, cov)

    def _correct(self, y, prediction):
        mean, cov, gain = correct(prediction[0], self.obs_mat, prediction[1], self.obs_cov, y)
        return (mean, cov, gain)

    #main for the user
    def filter(self, y, t):
        # array of differences t_{i+1}-t_i with the last to 0.
        # same size as y
        dT=jnp.ediff1d(jnp.insert(t, len(t),t[-1], axis=0))

        result = []

        p = self._initialize()
        for yt,dt in zip(y,dT):

            c = self._correct(yt, p)
            result.append((p, c))

            p = self._predict(c,dt)

        return result


def testNonEquid2():
    rng_key = jaxrnd.PRNGKey(10)
    rng_key, rng_key0 = jaxrnd.split(rng_key)

    tMes = jaxrnd.uniform(rng_key0,minval=0.,maxval=20.0,shape=(30,))
    tMes=jnp.sort(tMes)
    sigma_obs = 0.3
    yMes = 0.2 * tMes + 0.1 + sigma_obs * jaxrnd.normal(rng_key0,shape=tMes.shape)

    # transport matrix k-1 -> k of state vector
    def trans_mat_func(dt: float):
        return  jnp.array([[1., dt],[0.,1.]])

    def trans_cov_func(dt: float):
        return jnp.zeros(shape=(2,2))

    obs_mat = jnp.array([1.0,0.])              # projection matrix from mesurement to vector state (the measure is y_mes only)
    obs_cov = sigma_obs**2                     # error (here 1D) on mesurement

    kf = KalmanFilterNonEquid(trans_mat_func, trans_cov_func,
                              obs_mat, obs_cov) # prepare Kalman filter

    result = kf.filter(yMes,tMes)             # iterate the kalman filtering automatic init.
    return result
