# Source: https://github.com/pirl-lab/diffAuditoryProcessing/blob/915c5366ee80a3b527287d10cf1794395642f253/STRF_SpeechSeparation_stft.py
# Title: diffAuditoryProcessing STRF_SpeechSeparation_stft.py (audioSTRFAE, forward_loss_batch, update_batch_sr)
# Cut: encode/conv bodies after the auditory front end, data set class and the training loop dropped;
#      the loss/grad functions are lifted out of main() with model and loss passed in.
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, value_and_grad
import flax.linen as nn
import optax

from model.frontend import AuditorySpectrogram


class audioSTRFAE(nn.Module):
  """Convolutional Decoder."""
  encoder_type: str
  conv_features: int
  input_type: str
  
  def setup(self):
    if self.input_type == 'audio':
      self.audspec = AuditorySpectrogram(input_length=16000)
    elif self.input_type == 'spec':
      with np.load('cochlear_filter_params.npz') as data:
        self.Bs, self.As = jnp.array(data['Bs']), jnp.array(data['As'])
    else: raise KeyError

  def __call__(self, x, sr):
    x_spec = stft_wav2spec(x)[:,:200]
    y = self.conv(self.encode(x, sr))
    #print("When applying mask:", x_spec.shape, y.shape)
    y = istft_spec2wav(x_spec * y)
    y = jnp.pad(y, (0, 80))
    return y

  def encode(self, x, sr):
    '''Use STRFs to encode stimuli'''
    # Audio to spectrogram
    if self.input_type == 'audio':
      x = self.audspec(x)[:-1, :].T
    elif self.input_type == 'spec':
      x = wav2aud_j(x, 5, 8, -2, 0, self.As, self.Bs).T
    #print('After wav2aud', x.shape)

    return x


def make_update(model, vbsrnn_loss, config):
  @jit
  def forward_loss_batch(variables, xn, xc, sr):
    '''shape of input: batch is in the first (0) dimension'''
    s_hat = model.apply(variables, xn, sr)
    #print('Before entering loss function:', xc.shape, s_hat.shape)
    return jnp.mean(vbsrnn_loss(xc, s_hat))
  
  def update_batch_sr(variables, sr, ov, osr, opt_state_v, opt_state_sr, xn, xc): 
    loss, (g_v, g_sr) = value_and_grad(forward_loss_batch, (0, 3))(variables, xn, xc, sr)
    u_v, opt_state_v = ov.update(g_v, opt_state_v)

    if config.update_sr==1:
      u_sr, opt_state_sr = osr.update(g_sr, opt_state_sr)
      return optax.apply_updates(variables, u_v), optax.apply_updates(sr, u_sr), opt_state_v, opt_state_sr, loss
    elif config.update_sr==0:
      return optax.apply_updates(variables, u_v), sr, opt_state_v, opt_state_sr, loss

  return update_batch_sr
