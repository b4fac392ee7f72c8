# Source: https://github.com/jax-ml/jax/issues/5071
# Title: jax-ml/jax#5071 "Need help understanding memory usage (CPU backend)"
# Cut: the author's single script is split in two modules (A defined in data.py, the jitted functions in
#      fit.py) to model a project layout; the RSS printing is dropped.
import numpy as np
import jax.numpy as jnp

use_jnp = True

A = np.ones((1000000, 100))
if use_jnp:
   A = jnp.asarray(A)
