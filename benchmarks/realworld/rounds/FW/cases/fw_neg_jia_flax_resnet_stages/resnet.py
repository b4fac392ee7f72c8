# Source: https://github.com/che-shr-cat/JAX-in-Action/blob/343815364f77d5646a78965495e88ef341536bf0/Chapter-11/Chapter_11.2_Flax_Cats_vs_Dogs_ResNet.ipynb
# Title: JAX in Action (G. Sapunov), Chapter 11.2: Flax ResNet on Cats vs Dogs
# Cut: imports, ResNetBlock, ResNet, ResNet18, the jitted update step and the epoch loop; BottleneckResNetBlock, data pipeline, TrainState/metrics cells omitted
from functools import partial
from typing import Any, Callable, Sequence, Tuple

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

ModuleDef = Any
class ResNetBlock(nn.Module):
  """ResNet block."""
  filters: int
  conv: ModuleDef
  norm: ModuleDef
  act: Callable
  strides: Tuple[int, int] = (1, 1)

  @nn.compact
  def __call__(self, x,):
    residual = x
    y = self.conv(self.filters, (3, 3), self.strides)(x)
    y = self.norm()(y)
    y = self.act(y)
    y = self.conv(self.filters, (3, 3))(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)

    if residual.shape != y.shape:
      residual = self.conv(self.filters, (1, 1),
                           self.strides, name='conv_proj')(residual)
      residual = self.norm(name='norm_proj')(residual)

class ResNet(nn.Module):
  """ResNetV1."""
  stage_sizes: Sequence[int]
  block_cls: ModuleDef
  num_classes: int
  num_filters: int = 64
  dtype: Any = jnp.float32
  act: Callable = nn.relu
  conv: ModuleDef = nn.Conv

  @nn.compact
  def __call__(self, x, train: bool = True):
    conv = partial(self.conv, use_bias=False, dtype=self.dtype)
    norm = partial(nn.BatchNorm,
                   use_running_average=not train,
                   momentum=0.9,
                   epsilon=1e-5,
                   dtype=self.dtype)
                   #axis_name='batch')


    x = conv(self.num_filters, (7, 7), (2, 2),
             padding=[(3, 3), (3, 3)],
             name='conv_init')(x)
    x = norm(name='bn_init')(x)
    x = nn.relu(x)
    x = nn.max_pool(x, (3, 3), strides=(2, 2), padding='SAME')
    for i, block_size in enumerate(self.stage_sizes):
      for j in range(block_size):
        strides = (2, 2) if i > 0 and j == 0 else (1, 1)
        x = self.block_cls(self.num_filters * 2 ** i,
                           strides=strides,
                           conv=conv,
                           norm=norm,
                           act=self.act)(x)
    x = jnp.mean(x, axis=(1, 2))
    x = nn.Dense(self.num_classes, dtype=self.dtype)(x)
    x = jnp.asarray(x, self.dtype)
    return x

ResNet18 = partial(ResNet, stage_sizes=[2, 2, 2, 2],
                   block_cls=ResNetBlock)

@jax.jit
def update(train_state, x, y):
  """A single training step"""
  def loss(params):
    """Categorical cross entropy loss function."""
    logits, new_model_state = train_state.apply_fn(
        {'params': params, **train_state.model_state},
        x,
        mutable=list(model_state.keys()),
        train=True)
    loss_ce = optax.softmax_cross_entropy_with_integer_labels(
          logits=logits, labels=y).mean()
    return loss_ce, (logits, new_model_state)

  grad_fn = jax.value_and_grad(loss, has_aux=True)
  (loss_value, (logits, new_model_state)), grads = grad_fn(train_state.params)

  train_state = train_state.apply_gradients(grads=grads, model_state=new_model_state)
  return train_state, loss_value

num_epochs = 25
for epoch in range(num_epochs):
  state = state.replace(metrics=state.metrics.empty())
  for x, y in train_data:
    state, loss_value = update(state, x, y)
