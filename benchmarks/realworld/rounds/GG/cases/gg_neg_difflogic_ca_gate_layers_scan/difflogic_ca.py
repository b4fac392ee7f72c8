# Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/notebooks/diffLogic_CA.ipynb
# Title: notebooks/diffLogic_CA.ipynb (Differentiable Logic Cellular Automata)
# Cut: code cells 8, 10, 12 and 16 converted to a module; imports gathered from cell 5; the
#      initialisation (init_gates, connection wiring) and the plotting helpers dropped; docstrings dropped;
#      constants from cell 6.
from collections import namedtuple
from functools import partial

from einops import rearrange
import flax.linen as nn
import jax
from jax.lax import conv_general_dilated_patches
import jax.numpy as jnp
import optax

FIRE_RATE = 0.6
NUMBER_OF_GATES = 16


def bin_op_all_combinations(a, b):
  # Implementation of binary operations between two inputs for all the different operations
  return jnp.stack(
      [
          jnp.zeros_like(a),
          a * b,
          a - a * b,
          a,
          b - a * b,
          b,
          a + b - 2 * a * b,
          a + b - a * b,
          1 - (a + b - a * b),
          1 - (a + b - 2 * a * b),
          1 - b,
          1 - b + a * b,
          1 - a,
          1 - a + a * b,
          1 - a * b,
          jnp.ones_like(a),
      ],
      axis=-1,
  )



def bin_op_s(a, b, i_s):
  # Compute all possible operations
  combinations = bin_op_all_combinations(
      a, b
  )  # Shape: (n_gate, n_possible_gates, 16)
  result = jax.numpy.sum(combinations * i_s[None, ...], axis=-1)
  return result



def decode_soft(weights):
  # From the weights vector compute the probability distribution of choosing each gate using softmax
  return nn.softmax(weights, axis=-1)


def decode_hard(weights):
  return jax.nn.one_hot(
      jnp.argmax(weights, axis=-1), 16
  )  # Return the gate with maximum probability.


# Initialize gates as pass through gate

def run_layer(logits, wires, x, training):

  a = x[..., wires[0]]
  b = x[..., wires[1]]
  logits = jax.lax.cond(training, decode_soft, decode_hard, logits)
  out = bin_op_s(a, b, logits)
  return out


def run_update(params, wires, x, training):
  for g, c in zip(params, wires):
    x = run_layer(g, c, x, training)
  return x


def run_perceive(params, wires, x, training):

  # Apply each layer using vmap for kernel parallelism.
  run_layer_map = jax.vmap(run_layer, in_axes=(0, None, 0, None))
  x_prev = x
  x = x.T  # [channel_size, batch_size, patch_size]

  x = jnp.repeat(
      x[None, ...], params[0].shape[0], axis=0
  )  # [n_kernels, channel_size, batch_size, patch_size]

  # Iterate through layers, applying kernels and wire configurations.
  for g, c in zip(params, wires):
    x = run_layer_map(g, c, x, training)

  x = rearrange(
      x, 'k c s -> (c s k)'
  )  # [channel_size * patch_size * n_kernels]

  return jnp.concatenate(
      [x_prev[4, :], x], axis=-1
  )  # Concatenate the original input.


def run_circuit(params, wires, x, training):
  x = run_perceive(params['perceive'], wires['perceive'], x, training)
  x = run_update(params['update'], wires['update'], x, training)
  return x

# @title get_grid_patches

@partial(jax.jit, static_argnums=(1,2))
def get_grid_patches(grid, patch_size, channel_dim, periodic):
  # Given a grid NxN it creates a list of (patch_size x patch_size, channel_dim) patches.

  pad_size = (patch_size - 1) // 2

  # Two possible modes exist: with or without periodic boundary conditions.
  padded_grid = jax.lax.cond(
      periodic,
      lambda g: jnp.pad(
          g, ((pad_size, pad_size), (pad_size, pad_size), (0, 0)), mode="wrap"
      ),
      lambda g: jnp.pad(
          g,
          ((pad_size, pad_size), (pad_size, pad_size), (0, 0)),
          mode="constant",
          constant_values=0,
      ),
      grid,
  )
  padded_grid = jnp.expand_dims(padded_grid, axis=0)
  patches = conv_general_dilated_patches(
      padded_grid,
      filter_shape=(patch_size, patch_size),
      window_strides=(1, 1),
      padding="VALID",
      dimension_numbers=("NHWC", "OIHW", "NHWC"),
  )[0]

  # Rearrange to have (list, patch_size x patch_size, channel_dim)
  patches = rearrange(patches, "x y (c f) -> (x y) f c", c=channel_dim)
  return patches
# @title run iterations


# patches = [batch_size, n_patches, patch_size x patch_size, channels]
def v_run_circuit_patched(patches, params, wires, training):
  run_circuit_patch = jax.vmap(
      run_circuit, in_axes=(None, None, 0, None)
  )  # vmap over the patches
  x = run_circuit_patch(params, wires, patches, training)
  return x

@jax.jit
def run_async(grid, params, wires, training, periodic, key):
  patches = get_grid_patches(
      grid, patch_size=3, channel_dim=grid.shape[-1], periodic=periodic
  )
  x_new = v_run_circuit_patched(patches, params, wires, training)
  x_new = x_new.reshape(*grid.shape)
  update_mask_f32 = (
      jax.random.uniform(key, x_new[..., :1].shape) <= FIRE_RATE
  ).astype(jax.numpy.float32)
  x = grid * (1 - update_mask_f32) + x_new * update_mask_f32
  return x

@jax.jit
def run_sync(grid, params, wires, training, periodic):
  patches = get_grid_patches(
      grid, patch_size=3, channel_dim=grid.shape[-1], periodic=periodic
  )
  x_new = v_run_circuit_patched(patches, params, wires, training)
  x_new = x_new.reshape(*grid.shape)
  return x_new


@partial(jax.jit, static_argnames=['num_steps', 'periodic', 'async_training'])
def run_iter_nca(grid, params, wires, training, periodic, num_steps, async_training, key):
  def body_fn(carry, i):
    grid, key = carry
    if async_training:
      key, subkey = jax.random.split(key)
      x = run_async(grid, params, wires, training, periodic, subkey)
    else:
      x = run_sync(grid, params, wires, training, periodic)
    return (x, key), 0

  (grid, key), _ = jax.lax.scan(
      body_fn, (grid, key), jnp.arange(0, num_steps, 1)
  )
  return grid


v_run_iter_nca = jax.vmap(
    run_iter_nca, in_axes=(0, None, None, None, None, None, None, None)
)
TrainState = namedtuple('TrainState', 'param opt_state key')

# Create optimizer
opt = optax.chain(
    optax.clip(100.0),  # Clips by value
    optax.adamw(
        learning_rate=hyperparams['lr'], b1=0.9, b2=0.99, weight_decay=1e-2
    ),
)

def init_state(hyperparams, opt, seed):
  key = random.PRNGKey(seed)
  key, subkey = random.split(key, 2)
  params, wires = init_diff_logic_ca(hyperparams, subkey)
  opt_state = opt.init(params)
  return TrainState(params, opt_state, key), wires


def loss_f(params, wires, train_x, train_y, periodic, num_steps, async_training, key):
  def eval(params, training):
    y = v_run_iter_nca(
        train_x, params, wires, training, periodic, num_steps, async_training, key
    )
    return jax.numpy.square(y[..., 0] - train_y[..., 0]).sum()

  return eval(params, 1), {'hard': eval(params, 0)}

val_and_grad = jax.value_and_grad(loss_f, argnums=0, has_aux=True)

# Helper function that can be used for clipping parameters.
upd_f = lambda p: p

@partial(jax.jit, static_argnums=(4, 5, 6))
def train_step(
    train_state, train_x, train_y, wires, periodic, num_steps, async_training
):
  params, opt_state, key = train_state
  key, k1 = jax.random.split(key, 2)
  (loss, hard), dx = val_and_grad(
      params, wires, train_x, train_y, periodic, num_steps, async_training, k1
  )
  dx, opt_state = opt.update(dx, opt_state, params)
  new_params = optax.apply_updates(params, dx)
  new_params = upd_f(new_params)
  return TrainState(new_params, opt_state, key), loss, hard
