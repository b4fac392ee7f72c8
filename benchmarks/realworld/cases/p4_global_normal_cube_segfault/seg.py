# Source: https://github.com/jax-ml/jax/issues/17222
# Title: jax-ml/jax#17222 "Segmentation fault in compiling function with large global variable"
# Cut: kept the author's script; the pip freeze output is dropped.
import jax
from jax import numpy as jnp, jit

key = jax.random.PRNGKey(42)
N = 1024

W = jax.random.normal(key, shape=(N, N, N))


def func():
    rho0 = jnp.zeros((N, N, N))
    return rho0 * W


func = jit(func)
print("compiler")
hlo = func.lower().compile().as_text()
print("run jit")
rho0 = func()
