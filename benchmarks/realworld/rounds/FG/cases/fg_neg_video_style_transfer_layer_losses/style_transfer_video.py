# Source: https://github.com/ZeshengLiu22/StyleTransfer/blob/ff8a306dc3261fea2bb68ed4a721384cc21ce175/Style_Transfer_Jax_V6_Video.ipynb
# Title: Style_Transfer_Jax_V6_Video.ipynb (CIS5810 final project: neural style transfer in JAX, video version)
# Cut: notebook code cells converted to a script: imports, the StyleTransfer class (jitted losses, step, per-frame-pair training driver) and the driver call; dropped pip/drive/wget cells, frame loading and video writing.
from PIL import Image
import jax
import jax.numpy as jnp
import flaxmodels as fm
import matplotlib.pyplot as plt
from jax import jit, random, grad
import numpy as np
import optax
from functools import partial
from tqdm import trange

class StyleTransfer:
  def __init__(self, input_content, input_style, content_layers, style_layers):
    self.origin_content = input_content
    self.origin_style = input_style

    self.vgg19 = fm.VGG16(output='activations', pretrained='imagenet', include_head=False)
    self.init_rngs = {'params': jax.random.PRNGKey(0)}#, 'dropout': jax.random.PRNGKey(1)}
    self.vggparams = self.vgg19.init(self.init_rngs, img_content)
    self.fn_out = jit(self.vgg19.apply)

    self.activation_style_origin = self.fn_out(self.vggparams, self.origin_style, train=False)
    self.activation_content_origin = self.fn_out(self.vggparams, self.origin_content, train=False)

    self.layer_style = style_layers
    self.layer_content = content_layers

    self.style_weight=1000000000
    self.content_weight=1
    self.temporal_weight = 1000

    self.lr = 1e-2
    self.optimizer = optax.adam(learning_rate = self.lr)

    self.generate_img = self.origin_content.copy()
    self.opt_state = self.optimizer.init(self.generate_img)

  def reinit(self, input_content):
    self.origin_content = input_content

    self.vgg19 = fm.VGG19(output='activations', pretrained='imagenet', include_head=False)
    self.init_rngs = {'params': jax.random.PRNGKey(0)}#, 'dropout': jax.random.PRNGKey(1)}
    self.vggparams = self.vgg19.init(self.init_rngs, img_content)
    self.fn_out = jit(self.vgg19.apply)

    self.activation_style_origin = self.fn_out(self.vggparams, self.origin_style, train=False)
    self.activation_content_origin = self.fn_out(self.vggparams, self.origin_content, train=False)

    self.style_weight=1000000000
    self.content_weight=1
    self.temporal_weight = 1000

    self.lr = 1e-3
    self.optimizer = optax.adam(learning_rate = self.lr)

    self.generate_img = self.origin_content.copy()
    self.opt_state = self.optimizer.init(self.generate_img)

  @partial(jit, static_argnums=(0,))
  def gram_matrix(self, input):
    input = jnp.transpose(input, axes=(0, 3, 1, 2))
    a, b, c, d = input.shape #a=1, batchsize, b=3 number of feature maps, (c,d) size of feature map
    features = input.reshape(a * b, c * d)
    G = features @ features.T
    return G / (a * b * c * d)

  @partial(jit, static_argnums=(0,))
  def content_loss(self, input_content, img_generated):
    return jnp.mean((input_content.flatten()-img_generated.flatten()) ** 2)

  @partial(jit, static_argnums=(0,))
  def temporal_loss(self, input_content, img_generated):
    return jnp.mean((img_generated[0].flatten()-img_generated[1].flatten()) ** 2)
  
  @partial(jit, static_argnums=(0,))
  def style_loss(self, input_style, img_generated):
    return jnp.mean((input_style - img_generated) ** 2)

  @partial(jit, static_argnums=(0,))
  def loss(self, img_generated):
    out_generated = self.fn_out(self.vggparams, img_generated, train=False)
    
    style_score = 0
    content_score = 0
    temporal_score = 0

    for cont_layer in self.layer_content:
      content_score += self.content_loss(self.activation_content_origin[cont_layer], out_generated[cont_layer])
      temporal_score += self.temporal_loss(self.activation_content_origin[cont_layer], out_generated[cont_layer])
    
    for sty_layer in self.layer_style:
      gram_sty = self.gram_matrix(self.activation_style_origin[sty_layer])
      gram_gen = self.gram_matrix(out_generated[sty_layer])
      style_score += self.style_loss(gram_sty, gram_gen)

    print("*****")
    print(temporal_score)
    print(content_score)
    print(style_score)
    
    loss = self.style_weight * style_score + self.content_weight * content_score + self.temporal_weight * temporal_score
    return loss
  
  @partial(jit, static_argnums=(0,))
  def step(self, optimizer_state, img_generated):
    grads = grad(self.loss)(img_generated)
    updates, opt_state = self.optimizer.update(grads, optimizer_state, img_generated)
    return optax.apply_updates(img_generated, updates), opt_state

  def train(self, imgs, iter = 5000):
    retArray = []

    for i in trange(imgs.shape[0]-1):
      self.reinit(imgs[i:i+2,:,:,:])
      for iter in range(5000):
        self.generate_img, self.opt_state = self.step(self.opt_state, self.generate_img)
        self.generate_img = jnp.clip(self.generate_img, 0, 1)

      retArray.append(jnp.clip(self.generate_img, 0, 1))

    return retArray

content_layers_default = ['conv2_2']
style_layers_default = ['conv1_1', 'conv1_2', 'conv2_1', 'conv2_2', 'conv3_1']
sty_trans = StyleTransfer(img_content[:2], img_style, content_layers_default, style_layers_default)
output = sty_trans.train(img_content)
