# Source: https://github.com/jax-ml/jax/issues/14185
# Title: jax-ml/jax#14185 "JAX is much slower than autograd for 1-d functions on CPU"
# Cut: kept the author's benchmark.
import numpy as np
import time
import autograd
import jax

def eval(df, method):
    start_time = time.time()
    [df(i) for i in np.arange(0, 1, 0.001)]
    print(f"{method}: {(time.time() - start_time)} s")

def f(x): return x**2 + x

@jax.jit
def f_jit(x): return x**2 + x

eval(jax.grad(f), "jax")
eval(jax.grad(f_jit), "jax + jit")
eval(autograd.grad(f), "autograd")
eval(lambda x: 2*x + 1., "analytic")
