# Source: https://github.com/Cerlog/02477_Bayesian_Machine_Learning_DTU/blob/ed35dfafaf5398f29294b76fb16759515a11942a/WEEK_11_and_12/ex12_solution(2).ipynb
# Title: ex12_solution(2).ipynb (DTU 02477 Bayesian Machine Learning, exercise 12 solution: mean-field VI for linear regression)
# Cut: code cells 1 and the VariationalInference class only; docstrings, posterior sampling, plots and timing prints dropped
import jax.numpy as jnp
from jax import random
from time import time
from jax import grad, value_and_grad

from exercise12 import AdamOptimizer

log_npdf = lambda x, m, v: -(x-m)**2/(2*v) - 0.5*jnp.log(2*jnp.pi*v)


class VariationalInference(object):
    def __init__(self, num_params, step_size=1e-2, max_itt=2000, verbose=False, name='VariationalInference'):
        self.name = name
        self.verbose = verbose
        self.X, self.y, self.ELBO = None, None, None
        # Optimization settings
        self.num_params = num_params  # D
        self.step_size = step_size
        self.max_itt = max_itt
        # Number of variational parameters: mean and log-variance for each parameter
        self.num_var_params = 2 * self.num_params  # 2*D
        # q(w) = N(w | m, diag(v))
        self.m = jnp.zeros(num_params)  # Mean vector, shape (D,)
        self.v = jnp.ones(num_params) / self.num_params  # Variance vector, shape (D,)
        self.lam = self.pack(self.m, self.v)  # Packed vector, shape (2*D,)
        # Prepare optimizer and gradient function
        self.optimizer = AdamOptimizer(initial_param=self.lam, num_params=self.num_var_params, step_size=self.step_size)
        self.compute_ELBO_and_gradient = value_and_grad(self.compute_ELBO)

    def pack(self, m, v):
        lam = jnp.zeros(self.num_var_params)
        lam = lam.at[:self.num_params].set(m)
        lam = lam.at[self.num_params:2*self.num_params].set(jnp.log(v))
        return lam
    def unpack(self, lam):
        mean = lam[:self.num_params]
        var = jnp.exp(lam[self.num_params:2*self.num_params])
        return mean, var
    def compute_entropy(self, v=None):
        if v is None:
            v = jnp.exp(self.lam[self.num_params:2*self.num_params])
        # 0.5*log(2*pi*v) + 0.5 for each dimension
        return jnp.sum(0.5 * jnp.log(2 * jnp.pi * v) + 0.5)
    def compute_ELBO(self, lam, key=None):
        # Unpack parameters
        m, v = self.unpack(lam)
        # Model hyperparameters
        sigma2 = 20.0  # Observation noise variance
        kappa2 = 10.0  # Prior variance
        # E_q[log p(y | X, w)]
        # log N(y | X m, sigma^2) - 0.5/sigma^2 * sum_n x_n^T diag(v) x_n
        # log_npdf(y, X@m, sigma2): shape (N,)
        expected_log_lik = jnp.sum(log_npdf(self.y, self.X @ m, sigma2)) \
            - 1/(2 * sigma2) * jnp.sum(self.X ** 2 @ v)
        # E_q[log p(w)]
        # log N(m | 0, kappa^2) - 0.5/kappa^2 * sum_d v_d
        expected_log_prior = jnp.sum(log_npdf(m, 0, kappa2) - 1/(2 * kappa2) * v)
        # Entropy term
        entropy = self.compute_entropy(v)
        # Total ELBO
        return expected_log_lik + expected_log_prior + entropy

    def fit(self, X, y, seed=0):
        self.X, self.y, self.N = X, y, len(X)
        self.ELBO_history, self.lam_history = [], []

        # Fix random seed
        key = random.PRNGKey(seed)

        print('Fitting approximation using %s' % self.name)
        t0 = time()
        for itt in range(self.max_itt):
            key, ELBO_key = random.split(key)

            # Evaluate ELBO and its gradient
            self.ELBO, g = self.compute_ELBO_and_gradient(self.lam, key=ELBO_key)

            # Store current values for plotting
            self.ELBO_history.append(self.ELBO)
            self.lam_history.append(self.lam)

            # Take gradient step
            self.lam = self.optimizer.step(g)

            # Verbose output
            if self.verbose:
                if (itt + 1) % 250 == 0:
                    print('\tItt: %5d, ELBO = %3.2f' % (itt, jnp.mean(jnp.array(self.ELBO_history[-250:]))))

        t1 = time()
        print('\tOptimization done in %3.2fs\n' % (t1 - t0))

        # Track quantities through iterations for visualization
        return self
