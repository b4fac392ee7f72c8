# Source: https://github.com/pirl-lab/diffAuditoryProcessing/blob/915c5366ee80a3b527287d10cf1794395642f253/supervisedSTRF.py
# Title: diffAuditoryProcessing supervisedSTRF.py (supervisedSTRF.wav2aud) with strfpy_jax.compression
# Cut: compression, root_norm and power_norm pasted from strfpy_jax.py (same commit); encode reduced to its
#      audio branch (the STRF/CNN cortical stage dropped), conv dropped; setup and wav2aud kept whole.
import numpy as np
from jax import numpy as jnp
from jax import vmap

import flax.linen as nn
from strfpy_jax import wav2aud_j, leaky_integrator_fft


def root_norm(x, p):
    norm_constant = jnp.sum(x**p)/len(x)
    return (x/norm_constant)**(1/p)

def power_norm(x, alpha):
    return jnp.abs(x)**alpha * jnp.sign(x)

def compression(mag, fac, method='identity'):
    '''
    y: auditory spectrogram. n_channels x n_timebins
    '''
    # Insert dummy dimension of 1 if y and fac has only one channel
    if len(mag.shape) == 1:
        y = jnp.expand_dims(mag, axis=0)
    else:
        y = mag

    #print(y.shape)
    if method=='logistic':
        for i in range(y.shape[0]):
            y = y.at[i,:].set(1/(1+jnp.exp(y[i,:]/fac[i])))
    elif method == 'root':
        for i in range(y.shape[0]):
            # norm_factor = jnp.sum(y[i,:]**fac[i])**(1/fac[i])
            # y = y.at[i,:].set(y[i,:]/norm_factor)
            y = y.at[i,:].set(root_norm(y[i,:], p=fac[i]))
    elif method == 'power':
        for i in range(y.shape[0]):
            y = y.at[i,:].set(power_norm(y[i,:], alpha=fac[i]))
    elif method == 'identity':
        pass
    else:
        raise KeyError
    return y



class supervisedSTRF(nn.Module):
  '''
  A STRF model that takes in a time-frequency representation (e.g. 
  Auditory Spectrogram) and outputs a series of phone labels, 
  time-aligned with the time-frequency representation. 

  It uses a STRF layer followed by a CNN. 
  '''
  n_phones: int
  input_type: str
  
  encoder_type: str
  decoder_type: str
  conv_feats: int
  compression_method: str
  update_lin: bool
  pooling_stride: int = 3
  use_class: bool = False

  def setup(self):
    if self.input_type=='audio':
      if self.use_class:
        self.audspec = AuditorySpectrogram(input_length=16000)
      else:
        with np.load('cochlear_filter_params.npz') as data:
          self.Bs, self.As = jnp.array(data['Bs']), jnp.array(data['As'])
        self.LIN = nn.Conv(features=1, kernel_size=(2,), strides=(1,))


  def wav2aud(self, x, fac, alpha):
    '''
    Takes waveform in and output the auditory spectrogram in a differentiable
    manner. 

    Output size: 200 x 128
    '''
    if self.update_lin == False:
      x = wav2aud_j(x, 5, 8, fac, 0, As=self.As, Bs=self.Bs, 
                      compression_method=self.compression_method).T
    else:
      x = wav2aud_j(x, 5, 8, fac, 0, As=self.As, Bs=self.Bs, 
                    return_stage=1)
      x = compression(x, fac, method=self.compression_method)
      x = jnp.expand_dims(x, axis=-1)
      x = self.LIN(x)
      x = x.squeeze()
      x = nn.relu(x)

      # leaky integration here
      out = []
      #print(x.shape)
      for i in range(len(x)):
          out.append(leaky_integrator_fft(x[i,:], alpha)) # This can be vectorized
      x = jnp.vstack(out)
      x = x.real
      L_frm = 80
      x = x[:, (L_frm - 1)::L_frm].T
    
    return x

  def encode(self, x, params):
    out = self.wav2aud(x, params['compression_params'], alpha=params['alpha'])
    return out


vSupervisedSTRF = nn.vmap(
    supervisedSTRF,
    in_axes=(0, None), out_axes=0,
    variable_axes={'params': None},
    split_rngs={'params': False},
    methods=["__call__", "conv", "encode"])

