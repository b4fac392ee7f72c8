# Source: https://github.com/fancompute/ceviche/blob/dcb8587c46e8e64b281004c3dee02a8ecd139721/ceviche/utils.py
# Title: ceviche/utils.py (my_fft primitive with a forward-mode rule, used by the grating-coupler spectrum)
# Cut: everything except the FFT primitive removed.
import numpy as np
from autograd.extend import primitive, vspace, defvjp, defjvp

@primitive
def my_fft(x):    
    """ 
    Wrapper for numpy's FFT, so I can add a primitive to it
        FFT(x) is like a DFT matrix (D) dot with x
    """
    return np.fft.fft(x)


def fft_grad(g, ans, x):
    """ 
    Define the jacobian-vector product of my_fft(x)
        The gradient of FFT times g is the vjp
        ans = fft(x) = D @ x
        jvp(fft(x))(g) = d{fft}/d{x} @ g
                       = D @ g
        Therefore, it looks like the FFT of g
    """
    return np.fft.fft(g)

defjvp(my_fft, fft_grad)


