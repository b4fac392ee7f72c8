# Source: https://github.com/jax-ml/jax/issues/9463
# Cut from: benchmarks/realworld/cases/p5_row_scatter_loop_at_set
# Cut: the function as quoted by hawkinsp in the thread; the sizes and the par_log/kvals set-up are
#      ours (200 rows of 8); his rewrites (one vmap / broadcast builds the array) are dropped.
import numpy as np
import jax
import jax.numpy as jnp

num_rows, num_cols = 200, 8
kvals = np.arange(0, (num_rows + 1) * num_cols, num_cols)
par_log = jnp.linspace(-3.0, 3.0, num_rows * num_cols)


@jax.jit
def compute(p):
    arr_1 = jnp.zeros(shape = (num_rows, num_cols))
    arr_2 = jnp.zeros(shape = (num_rows, num_cols))
    for i in range(num_rows):

        arr_1 = arr_1.at[i, :].set((par_log[kvals[i]:kvals[i+1]]))  # cliff: unrolled-loop
        arr_2 = arr_2.at[i, :].set(10**par_log[kvals[i]:kvals[i+1]])

    return arr_1


out = compute(1.0)
print(f"{float(jnp.sum(out ** 2)):.4f} {float(out[-1, -1]):.4f}")
