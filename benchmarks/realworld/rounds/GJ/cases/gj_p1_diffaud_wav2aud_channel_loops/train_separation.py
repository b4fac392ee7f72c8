# Source: https://github.com/pirl-lab/diffAuditoryProcessing/blob/915c5366ee80a3b527287d10cf1794395642f253/STRF_SpeechSeparation_stft.py
# Title: diffAuditoryProcessing STRF_SpeechSeparation_stft.py (main: wav2aud_lin)
# Cut: argument parsing, model, data loading and the training loop dropped; the jitted, vmapped
#      wav2aud_lin wrapper kept (read_cochba_j from strfpy_jax loads the 128-channel filter coefficients).
import jax
import jax.numpy as jnp
from jax import jit, vmap

from strfpy_jax import wav2aud_j, read_cochba_j


def main():

  @jit
  def wav2aud_lin(x):
    '''Output size: 200 x 128'''    
    return wav2aud_j(x, 5, 8, -2, 0, As, Bs, fft=True, return_stage=5).T
  batch_wav2aud_lin = vmap(wav2aud_lin)
  return batch_wav2aud_lin
