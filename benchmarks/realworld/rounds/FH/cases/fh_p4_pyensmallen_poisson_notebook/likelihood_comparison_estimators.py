# Source: https://github.com/apoorvalal/pyensmallen/blob/b7b46817cf5d3700b88d7df7f8644d784ed2389a/notebooks/likelihood_comparison_estimators.ipynb
# Title: notebooks/likelihood_comparison_estimators.ipynb (pyensmallen vs scipy/statsmodels/JAX: Poisson regression)
# Cut: code cells 2, 37 and 49 converted to a script (imports, Poisson data, JAX/optax fit);
#      the pyensmallen, scipy and statsmodels cells and the result tables removed; %%time dropped.
import time

import numpy as np
import jax
import jax.numpy as jnp
import optax
import functools
jax.config.update("jax_enable_x64", True)

n, k = 100_000, 10
# Poisson Regression Data
X_poisson = np.random.randn(n, k)
print(true_params_poisson := np.random.rand(k))
lambda_ = np.exp(X_poisson @ true_params_poisson)
y_poisson = np.random.poisson(lambda_)

start_time = time.time()
X_jnp, y_jnp = jnp.array(X_poisson), jnp.array(y_poisson)

def poisson_likelihood(beta):
    z = jnp.dot(X_jnp, beta)
    lambda_ = jnp.exp(z)
    loss = jnp.sum(lambda_ - y_jnp * z)
    return loss


solver = optax.adam(1e-2)
adam_params = jnp.array(jnp.zeros(X_poisson.shape[1]))
opt_state = solver.init(adam_params)

@jax.jit
def update_step(params, opt_state):
    loss, grads = jax.value_and_grad(poisson_likelihood)(params)
    updates, opt_state = solver.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


for i in range(1000):
    adam_params, opt_state, loss = update_step(adam_params, opt_state)

end_time = time.time()
jax_poisson_time = end_time - start_time
print(f"jax poisson regression time: {jax_poisson_time:.6f} seconds")
