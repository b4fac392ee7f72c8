# Source: https://github.com/jax-ml/jax/issues/10596
# Title: jax-ml/jax#10596 "Extremely slow when I jit compile a function on GPU."
# Cut: kept the author's first script (global pulse); the second, fast script that passes pulse as an
#      argument is dropped.
import time
import jax
import numpy as np
import jax.numpy as jnp

pulse = jax.device_put(np.random.rand(8000))

def f():
    sigTx = jnp.fft.fft(pulse)
    return sigTx

t0 = time.time()
a = jax.jit(f, backend='gpu')()
t1 = time.time()
print('time cost on gpu:',t1-t0)


t0 = time.time()
a = jax.jit(f, backend='cpu')()
t1 = time.time()
print('time cost on cpu:',t1-t0)
