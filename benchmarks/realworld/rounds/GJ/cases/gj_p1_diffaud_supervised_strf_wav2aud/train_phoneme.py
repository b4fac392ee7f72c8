# Source: https://github.com/pirl-lab/diffAuditoryProcessing/blob/915c5366ee80a3b527287d10cf1794395642f253/STRF_phonemeRecognition.py
# Title: diffAuditoryProcessing STRF_phonemeRecognition.py (forward_loss_batch, update_batch_sr)
# Cut: lifted out of main(); model is vSupervisedSTRF with input_type='audio', so the waveform goes through
#      supervisedSTRF.wav2aud inside the differentiated forward pass.
import jax
import jax.numpy as jnp
from jax import jit, value_and_grad
import optax


def make_update(model, loss_fct, config):
  @jit
  def forward_loss_batch(nn_params, s, sr, y, ypad):
    '''shape of input: batch is in the first (0) dimension'''
    yh = model.apply(nn_params, s, sr)
    return jnp.mean(loss_fct(y, yh, ypad))
  
  def update_batch_sr(nn_params, params, ov, osr, oState_nn, oState_diff, x, y, ypad): 
    if config.input_type=='audio':
      s = x.copy()
    elif config.spec_type=='logAud':
      s = batch_wav2aud_log(x)
    elif config.spec_type=='linAud':
      s = batch_wav2aud_lin(x)
    elif config.spec_type=='logMel':
      s = batch_melspec(x)
    else: raise KeyError
    loss, (g_v, g_sr) = value_and_grad(forward_loss_batch, (0, 2))(nn_params, s, params, y, ypad)
    u_v, oState_nn = ov.update(g_v, oState_nn)
    if config.update_sr==1:
      u_sr, oState_diff = osr.update(g_sr, oState_diff)
      return optax.apply_updates(nn_params, u_v), optax.apply_updates(params, u_sr), oState_nn, oState_diff, loss, g_sr
    elif config.update_sr==0:
      return optax.apply_updates(nn_params, u_v), params, oState_nn, oState_diff, loss, g_sr
      
  return update_batch_sr
