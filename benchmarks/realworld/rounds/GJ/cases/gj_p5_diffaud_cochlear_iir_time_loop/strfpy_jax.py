# Source: https://github.com/pirl-lab/diffAuditoryProcessing/blob/915c5366ee80a3b527287d10cf1794395642f253/strfpy_jax.py
# Title: diffAuditoryProcessing strfpy_jax.py (cochlear_filter)
# Cut: only the imports and cochlear_filter kept (wav2aud_j calls it when fft=False).
import time
import numpy as np

import jax
import jax.numpy as jnp
from jax import grad, jit, value_and_grad
from jax.scipy.signal import convolve as jconvolve
from jax import config
config.update("jax_enable_x64", True)

from math import ceil, floor


@jit
def cochlear_filter(b, a, x):
    '''
    Given cochlear filter coefficients b and a, apply the filter on signal x by 
    recursive computation using ARMA in the time domain. 
    When gradients are taken, this could be extremely slow due to how jax handles
    for-loops and the fact that for-loop is large in time domain. 

    Modified from recursive_iir_jax for a and b strictly of duration 25.
    Assume that the initial condition is rest.
    
    x: length * dimensions. If the second dimension exists, the same filter would be applied along each dimension.
    '''
    assert len(b) == 25
    assert len(a) == 25
    
    a1 = a[1:]
    ar = jconvolve(x, b) # AR part
    y = jnp.zeros(len(x)+24)
    
    for i in range(len(x)):
        t0 = time.time()
        if len(a) > 1:
            ma = jnp.sum(y[i:i+24] * a1[::-1])
        else:
            ma = 0
        y = y.at[i+24].set(ar[i] - ma)
    return y[24:]
