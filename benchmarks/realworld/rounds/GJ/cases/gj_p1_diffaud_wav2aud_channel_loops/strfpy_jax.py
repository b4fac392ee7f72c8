# Source: https://github.com/pirl-lab/diffAuditoryProcessing/blob/915c5366ee80a3b527287d10cf1794395642f253/strfpy_jax.py
# Title: diffAuditoryProcessing strfpy_jax.py (cochlear_filter_fft, leaky_integrator_fft, wav2aud_j)
# Cut: sigmoid_j, the time-domain cochlear_filter, cochleagram2aud, the inverse filter and the cortical STRF part
#      dropped; compression reduced to its 'identity' branch (the branch wav2aud_j takes by default).
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
def cochlear_filter_fft(b, a, x):
    '''
    Given cochlear filter coefficients b and a, apply the filter on signal x by 
    multiplying the transfer function in the fft domain (followed by ifft). 

    Modified from recursive_iir_jax for a and b strictly of duration 25.
    Assume that the initial condition is rest.
    
    x: length * dimensions. If the second dimension exists, the same filter 
    would be applied along each dimension.
    '''
    assert len(b) == 25
    assert len(a) == 25

    freqs = jnp.fft.fftfreq(len(x))*2*np.pi
    e_jw = jnp.cos(freqs) - 1j*jnp.sin(freqs)
    H = jnp.sum(jnp.array([b[i]*e_jw**i for i in range(25)]), axis=0) 
    H /= jnp.sum(jnp.array([a[i]*e_jw**i for i in range(25)]), axis=0)

    X = jnp.fft.fft(x)
    X = jnp.fft.ifft(H*X)
    #X = jnp.abs(X)
    return X


@jit
def leaky_integrator_fft(x, alpha):
    ''' 
    Apply the leaky integrator by filtering in fft domain. 
    Would this be faster if it were a convolution? 
    b = [1], a = [1, -alpha] '''
    #alpha = 0.98
    X = jnp.fft.fft(x)
    freqs = jnp.fft.fftfreq(len(x))*2*np.pi
    H = 1 / (1 - alpha * (jnp.cos(freqs) - 1j*jnp.sin(freqs)))
    return jnp.fft.ifft(H*X)


def wav2aud_j(x, frmlen, time_constant, fac, octave_shift, 
              As, Bs, filt_type='p', compression_method='identity',
              fft=True, return_stage=5, downsample='default'):
    '''
    Leslie: implementation of matlab wav2aud2.m in Ding et al., 2017
    
    WAV2AUD computes the auditory spectrogram for an acoustic waveform.
    This function takes the advantage of IIR filter's fast performance
    which not only reduces the computaion but also saves remarkable
    memory space.
    
    x: wavform input
    frmlen: frame length in ms, typical 8, 16, exponent of 2
    time_constant: time constant in ms, typically 4, 16, 64 etc.
    fac: nonlinear factor (critical level ratio), see sigmoid()
    octave_shift: shifted by # of octave, e.g. 0 for 16k, -1 for 8k.
    sf = 16k * 2^[octave_shift]
    filt_type: filter type. Currently only implemented 'p', Powen's IIR filter
    '''    
    assert As.shape == Bs.shape
    
    if filt_type != 'p': raise NotImplementedError
    L_frm = round(frmlen * 2**(4+octave_shift)) # frame length (points)
    N = ceil(len(x)/L_frm) # number of frames
    x = jnp.pad(x, (0, N*L_frm-len(x)), mode='constant') # zero-padding the signal
    
    if time_constant != 0: 
        alpha = jnp.exp( -1 / (time_constant * 2**(4+octave_shift)) )
    else:
        alpha = 0

    v5 = []
    for ch in range(len(As)):
        B, A = Bs[ch,:], As[ch,:]
        if fft:
            y = cochlear_filter_fft(B, A, x) # -> y1
        else:
            y = cochlear_filter(B, A, x) # -> y1
        #y = sigmoid_j(y, fac) # -> y2
        # Useless for now, since fac=-2, leading to linear operation
        v5.append(y)
    v5 = jnp.vstack(v5)
    if return_stage==1:return v5
    v5 = compression(v5, fac, method=compression_method)
    if return_stage==2: return v5
    
    # Apply a first difference filter -> y3
    v5 = v5[:-1, :] - v5[1:, :]
    if return_stage==3: return v5
    
    # Half wave rectifier -> y4
    v5 = v5.at[:,:].max(0)
    if return_stage==4: return v5
    
    if time_constant != 0: # leaky integration -> y5        
        out = []
        for i in range(len(v5)):
            out.append(leaky_integrator_fft(v5[i,:], alpha)) # This can be vectorized
        v5 = jnp.vstack(out)
        v5 = v5.real
        if downsample=='default':
            inds = jnp.arange(1, N+1)*L_frm-1
            v5 = v5[:,inds]
        else:
            v5 = v5[:, (L_frm - 1)::L_frm]
    elif L_frm == 1: 
        pass
    else:
        raise NotImplementedError
    if return_stage==5: return v5


def compression(mag, fac, method='identity'):
    return mag
