# Source: https://github.com/jax-ml/jax/issues/9463
# Title: jax-ml/jax#9463 "Error upon compilation while using jax.jit"
# Cut: kept the function as quoted by hawkinsp; the sizes and the par_log/kvals set-up are ours; his vmap
#      rewrites are dropped.
import numpy as np
import jax
import jax.numpy as jnp

num_rows, num_cols = 500, 8
kvals = np.arange(0, (num_rows + 1) * num_cols, num_cols)
par_log = jnp.linspace(-3.0, 3.0, num_rows * num_cols)


@jax.jit
def compute(p):
    arr_1 = jnp.zeros(shape = (num_rows, num_cols))
    arr_2 = jnp.zeros(shape = (num_rows, num_cols))
    for i in range(num_rows):

        arr_1 = arr_1.at[i, :].set((par_log[kvals[i]:kvals[i+1]]))
        arr_2 = arr_2.at[i, :].set(10**par_log[kvals[i]:kvals[i+1]])

    return arr_1
