# Source: https://github.com/jax-ml/jax/issues/1832
# Title: jax-ml/jax#1832 "JAX performance can be better (comparison with PyTorch)"
# Cut: the Kaggle notebook is not reproduced: the loop is quoted from gnecula's reply and the function
#      around it follows mattjj's equivalent rewrite np.sum(np.cumsum(x[1:])); the PyTorch half is dropped.
import jax.numpy as np
from jax import grad, jit, ops

t = 1000  # input size (the notebook varies it; jit time grows with it)


def func_jax(x):
    f = np.zeros(t)
    for i in range(1, t):
        f = ops.index_update(f, i, x[i]+f[i-1])
    return np.sum(f)


grad_jax = jit(grad(func_jax))
