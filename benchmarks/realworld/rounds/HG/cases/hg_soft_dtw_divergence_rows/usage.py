# Source: https://github.com/SarthakYadav/jax-soft-dtw-div/blob/776738b8e1ebe532c1c7fb5134af87d3b3457015/README.md
# Title: README.md, section "Usage"
# Cut: the README's usage block as a script; import path pointed at the sibling module.
import jax
import numpy as np
import jax.numpy as jnp
from functools import partial
from dtw import soft_dtw, soft_dtw_divergence

# Two 3-dimensional time series of lengths 5 and 4, respectively.
X = np.random.randn(5, 3)
Y = np.random.randn(4, 3)

# compute Soft-DTW
value = soft_dtw(X, Y, gamma=1.)
# compute Soft-DTW and the gradient
sdtw_grad_fn = jax.value_and_grad(partial(soft_dtw, gamma=1.0))
value, grad = sdtw_grad_fn(X, Y)

# compute Soft-DTW-Divergence and the gradient
sdtw_div_grad_fn = jax.value_and_grad(partial(soft_dtw_divergence, gamma=1.0))
value, grad = sdtw_div_grad_fn(X, Y)
