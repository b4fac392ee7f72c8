# Source: https://github.com/caillebotteAntoine/supplementary-numerical-material-nlmem-lasso/blob/7c21b664856af6244a1cb9a9fcf1625fd35cda3c/figure_1.py
# Title: figure_1.py (PhD supplementary numerical material, nonlinear mixed-effects lasso, Figure 1 linear mixed-effects model)
# Cut: LinearMixedEffectsModel reduced to a plain class with N, J, P attributes; the jitted log_likelihood_array and sample() verbatim; sdg4varselect base classes and parametrization dropped.
import functools
import jax.numpy as jnp
import jax.random as jrd
from jax import jit


class LinearMixedEffectsModel:
    def __init__(self, N=1, J=1, P=1):
        self.N, self.J, self.P = N, J, P

    @functools.partial(jit, static_argnums=0)
    def log_likelihood_array(self, theta_reals1d: jnp.ndarray, **kwargs):
        # params = self.parametrization.reals1d_to_params(theta_reals1d)

        X = kwargs["X"]
        Y = kwargs["Y"]
        b = kwargs["b"]
        # b = self._cst["_b"]
        var_residual = theta_reals1d[1]  # params.var_residual

        beta = theta_reals1d[2:]  # params.beta
        #
        pred = (X @ beta + jnp.repeat(b, self.J)).reshape(self.N, self.J)

        # Compute the log-likelihood for each observation
        # Log-likelihood of the observed data given b
        log_likelihoods = (
            # -0.5 * self.J * jnp.log(2 * jnp.pi * params.var_residual)
            -0.5
            * jnp.sum((Y - pred) ** 2, axis=1)
            / var_residual
        )

        # Log-density of the latent variable b (Gaussian)
        cov_latent = theta_reals1d[0]  # params.cov_latent[0, 0]

        log_density_b = (
            # -0.5 * jnp.log(2 * jnp.pi * cov_latent)
            -0.5
            * (b**2)
            / cov_latent
        )

        assert log_likelihoods.shape == (self.N,)
        assert log_density_b.shape == (self.N,)
        return log_likelihoods + log_density_b

    def sample(self, params_star, prngkey, **kwargs):
        (prngkey_cov, prngkey_mem) = jrd.split(prngkey, num=2)

        V = jnp.zeros((self.N * self.J, self.P))
        for i in range(self.N):
            prngkey_cov, prngkey_tmp = jrd.split(prngkey_cov)

            U = jrd.normal(prngkey_tmp, shape=(self.J, self.P))
            U -= U.mean(axis=0, keepdims=True)  # Centering the design matrix
            V = V.at[i * self.J : (i + 1) * self.J, :].set(U)

        # print(f"V.shape = {V.shape}")
        T = V.T @ V
        # print(f"T.shape = {T.shape}")
        L = jnp.linalg.cholesky(T, upper=False)
        # print(jnp.sum(jnp.abs(L @ L.T - T)))
        # print(f"L.shape = {L.shape}")
        X = V @ jnp.linalg.inv(L.T)
        # print(jnp.sum(jnp.abs(L.T @ jnp.linalg.inv(L.T) - jnp.eye(L.shape[0]))))
        # print(f"X.shape = {X.shape}")

        prngkey_mem, prngkey_tmp = jrd.split(prngkey_mem)
        b = jrd.normal(prngkey_tmp, shape=(self.N,))
        eps = jrd.normal(prngkey_mem, shape=(self.N * self.J,))

        Y = X @ params_star.beta + eps + jnp.repeat(b, self.J)

        Y = Y.reshape(self.N, self.J)
        return {"mem_obs_time": Y, "X": X, "Y": Y}, {"eps": eps, "_b": b}


myModel = LinearMixedEffectsModel(N=100, J=5, P=400)
