# Source: https://github.com/mlysy/pfjax/blob/8971222ede64c5c0952832b400ddd52077cbda7c/tests/utils.py
# Title: tests/utils.py (generic test methods for pfjax models)
# Cut: kept rel_err, the for-loop vs vmap loglik test and the jit/grad test of full_loglik; other tests
#      and setUp plumbing dropped.
import unittest
import jax
import jax.numpy as jnp
import pfjax as pf
import pfjax.mcmc


def rel_err(X1, X2):
    return jnp.max(jnp.abs((X1.ravel() - X2.ravel())/(0.1 + X1.ravel())))


class TestFor(unittest.TestCase):
    def test_loglik(self):
        key = self.key
        theta = self.theta
        x_init = self.x_init
        n_obs = self.n_obs
        model = self.Model(**self.model_args)
        # simulate without for-loop
        y_meas, x_state = pf.simulate(model, key, n_obs, x_init, theta)
        # joint loglikelihood with for-loop
        loglik1 = pf.mcmc.full_loglik_for(model,
                                          y_meas, x_state, theta)
        # joint loglikelihood with vmap
        loglik2 = pf.mcmc.full_loglik(model,
                                      y_meas, x_state, theta)
        self.assertAlmostEqual(rel_err(loglik1, loglik2), 0.0)


class TestJitBase(unittest.TestCase):
    def test_loglik(self):
        key = self.key
        theta = self.theta
        model = self.Model(**self.model_args)
        y_meas, x_state = pf.simulate(model, key, self.n_obs, self.x_init, theta)
        loglik1 = pf.mcmc.full_loglik(model, y_meas, x_state, theta)
        full_loglik_jit = jax.jit(pf.mcmc.full_loglik, static_argnums=0)
        loglik2 = full_loglik_jit(model, y_meas, x_state, theta)
        self.assertAlmostEqual(rel_err(loglik1, loglik2), 0.0)
        grad2 = jax.jit(jax.grad(pf.mcmc.full_loglik, argnums=(2, 3)),
                        static_argnums=0)(model, y_meas, x_state, theta)
