# Source: https://github.com/Cerlog/02477_Bayesian_Machine_Learning_DTU/blob/ed35dfafaf5398f29294b76fb16759515a11942a/random_numbers_in_jax.ipynb
# Title: random_numbers_in_jax.ipynb (DTU 02477 Bayesian Machine Learning, note on random numbers in JAX)
# Cut: code cell 23 only (three Monte Carlo implementations compared); earlier key-splitting cells dropped
# %% cell 23
import jax.numpy as jnp
from jax import random

N = 1000

############################################################
# implementation 1: update the key iteratively
############################################################
key = random.PRNGKey(1)
values = []
for i in range(N):
    key, subkey_x, subkey_y = random.split(key, num=3)
    x = 1 + 2*random.normal(subkey_x)
    y = random.normal(subkey_y)
    values.append(x**2 + y**2)
print(f'Monte Carlo estimator for the mean of X^2 + Y^2: {jnp.mean(jnp.array(values)):4.3f}')

############################################################
# implementation 2: prepare list of keys beforehand
############################################################
key = random.PRNGKey(1)
key_x, key_y = random.split(key, num=2)
keys_x = random.split(key_x, num=N)
keys_y = random.split(key_y, num=N)
values = []
for i in range(N):
    x = 1 + 2*random.normal(keys_x[i])
    y = random.normal(keys_y[i])
    values.append(x**2 + y**2)
print(f'Monte Carlo estimator for the mean of X^2 + Y^2: {jnp.mean(jnp.array(values)):4.3f}')


############################################################
# implementation 3: vectorized implementation
############################################################
key = random.PRNGKey(1)
key_x, key_y = random.split(key, num=2)
x = 1 + 2*random.normal(key_x, shape=(N, ))
y = random.normal(key_y, shape=(N, ))
print(f'Monte Carlo estimator for the mean of X^2 + Y^2: {jnp.mean(x**2 + y**2):4.3f}')




