# Source: https://github.com/trevor-harris/flowcp/blob/d3a00710aa8e0e4c0ce2745434d817af3dfdee3e/examples/example1.py
# Title: examples/example1.py
# Cut: second alpha sweep dropped; module imports adapted to the two files of this case.
import jax
import jax.numpy as jnp

from flow import flow
from score import l2_nonconf

jax.config.update("jax_enable_x64", True)

#### generate "data" and "predictions"
key = jax.random.key(0)
key, key_cal, key_hat, key_test = jax.random.split(key, 4)

ycal = jax.random.normal(key_cal, (500, 32))
ycal_hat = jax.random.normal(key_hat, (500, 32))
ytest_hat = jax.random.normal(key_test, (1, 32))

##### define score
l2_score = l2_nonconf()

#### sample at a fixed alpha level
alpha = 0.1
l2_score.fit(ycal, ycal_hat, alpha)

# sample
l2_samp = flow(l2_score, ycal, ytest_hat, 100)

# verify score error
print(jnp.max(l2_score.score(l2_samp, ytest_hat) - l2_score.tau))
