# Source: https://github.com/google-deepmind/jax_verify/blob/fe8ea3c8da81350ca92203a5089d37c2b93f8583/jax_verify/extensions/sdp_verify/utils.py
# Title: jax_verify/extensions/sdp_verify/utils.py (forward passes)
# Cut: kept predict_mlp, fwd and predict_cnn with a shortened docstring; the ConvTranspose helper
#      is referenced but not reproduced.
import jax.numpy as jnp
from jax import lax
import numpy as np

def predict_mlp(params, inputs):
  for W, b in params[:-1]:
    outputs = jnp.dot(inputs, W) + b
    inputs = jnp.maximum(outputs, 0)
  W, b = params[-1]
  return jnp.dot(inputs, W) + b


def fwd(inputs, layer_params):
  """JAX forward pass of Linear, Conv, or ConvTranspose."""
  if isinstance(layer_params, dict):
    # Conv/ConvTranspose: Reshape input if necessary:
    if len(inputs.shape) < 4:
      w = h = int(np.sqrt(inputs.shape[-1]/layer_params['n_cin']))
      inputs = inputs.reshape(inputs.shape[0], h, w, layer_params['n_cin'])
    W, b = layer_params['W'], np.reshape(layer_params['b'], [1, 1, 1, -1])
    if 'transpose' in layer_params and layer_params['transpose']:
      # ConvTranspose
      return default_conv_transpose(
          inputs, W, (layer_params['stride'], layer_params['stride']),
          layer_params['padding']) + b
    else:
      # Normal Conv2D
      dn = lax.conv_dimension_numbers(inputs.shape, W.shape,
                                      ('NHWC', 'HWIO', 'NHWC'))
      return lax.conv_general_dilated(
          inputs, W, (layer_params['stride'], layer_params['stride']),
          layer_params['padding'], (1, 1), (1, 1), dn) + b
  elif isinstance(layer_params, tuple):
    # Linear fully-connected layer
    # TODO: Figure out why we were dropping batch dim before here
    inputs = (inputs.reshape(inputs.shape[0], -1)
              if len(inputs.shape) == 4 else inputs)
    (W, b) = layer_params
    return jnp.dot(inputs, W) + b
  elif callable(layer_params):
    # Most general way of specifying an affine layer is to provide its function.
    return layer_params(inputs)
  else:
    raise NotImplementedError('Unknown layer')



def predict_cnn(params, inputs, include_preactivations=False):
  """Forward pass for a CNN given parameters."""
  act = inputs
  layer_preacts = []
  for counter, layer_params in enumerate(params):
    act = fwd(act, layer_params)
    layer_preacts.append(act)
    if counter < len(params) - 1:
      # no relu on final layer
      act = jnp.maximum(act, 0)
  return act if not include_preactivations else (act, layer_preacts)

