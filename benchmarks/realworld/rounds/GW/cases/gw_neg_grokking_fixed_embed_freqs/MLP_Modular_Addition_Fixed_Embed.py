# Source: https://github.com/PAIR-code/ai-explorables/blob/e39266de32c13d9ccd20308a935fc445f308e2b4/server-side/grokking/MLP_Modular_Addition_Fixed_Embed.ipynb
# Title: server-side/grokking/MLP_Modular_Addition_Fixed_Embed.ipynb
# Cut: notebook cells 11-15 converted to a module; plotting, the training loop and export cut; the
#      l1/l2 optimiser branch reduced to its l2 arm.
from typing import NamedTuple

import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np
import optax


class TrainingState(NamedTuple):
  """Container for the training state."""
  params: hk.Params
  opt_state: optax.OptState
  rng: jax.Array
  step: jax.Array


hyper = {
  'task': 'modular_addition',
  'sweep_slug': 'fixed-embed',

  'n_tokens': 67,
  'percent_train': .3,
  'is_symmetric_input': True,

  'embed_size': int(2),
  'hidden_size': int(5),
  'freqs': [1],

  'regularization': 'l2', # ['l1', 'l2'],
  'weight_decay': .001,

  'learning_rate': 1e-2,
  'b1': .9,
  'b2': .98,

  'save_every': 1000000,
  'max_steps': 15000,
  'seed': 86,
}
np.random.seed(hyper['seed'])

nums = list(range(hyper['n_tokens']))
if (hyper['is_symmetric_input']):
  inputs  = np.array([[a, b] for a in nums for b in nums if a <= b]).astype(np.int32)
else:
  inputs  = np.array([[a, b] for a in nums for b in nums]).astype(np.int32)
outputs = (inputs[:, 0] + inputs[:, 1]) % hyper['n_tokens']

indices = np.random.permutation(len(inputs))
split_idx = int(hyper['percent_train']*len(inputs))
train_batch = inputs[indices[:split_idx]], outputs[indices[:split_idx]]
eval_batch = inputs[indices[split_idx:]], outputs[indices[split_idx:]]
def gen_fixed_embed(freqs):
  p = hyper['n_tokens']
  fourier_basis = []
  for i in freqs:
    fourier_basis.append(np.cos(2 * np.pi * np.arange(p) * i / p))
    fourier_basis.append(np.sin(2 * np.pi * np.arange(p) * i / p))
    fourier_basis[-2] /= np.linalg.norm(fourier_basis[-2])
    fourier_basis[-1] /= np.linalg.norm(fourier_basis[-1])

  return jnp.stack(fourier_basis, axis=1)
def generate_circle_points(n, radius=1, rotation=0):
  angles = np.linspace(0, 2*np.pi, n+1)[:-1] + rotation
  x = radius * np.cos(angles)
  y = radius * np.sin(angles)
  return np.vstack((x,y)).T
def forward(inputs):
  embed = gen_fixed_embed(hyper['freqs'])
  embed_a = embed
  embed_b = embed

  embedded_a = jnp.dot(jax.nn.one_hot(inputs[:, 0], hyper['n_tokens']), embed_a)
  embedded_b = jnp.dot(jax.nn.one_hot(inputs[:, 1], hyper['n_tokens']), embed_b)

  # calculate hidden_activations
  hidden_func = hk.Linear(hyper['hidden_size'], name='hidden', with_bias=False)
  hidden_a = hidden_func(embedded_a)
  hidden_b = hidden_func(embedded_b)
  hidden_activations = jax.nn.relu(hidden_a + hidden_b)

  # calculate logits
  out = hk.Linear(hyper['embed_size'], name='out', with_bias=False)(hidden_activations)
  unembed = jnp.transpose(embed)
  logits = jnp.matmul(out, unembed)

  return {'logits': logits}
optimiser = optax.adamw(learning_rate=hyper['learning_rate'], weight_decay=hyper['weight_decay'], b1=hyper['b1'], b2=hyper['b2'],)

@hk.transform
def acc_fn(batch):
  inputs, targets = batch
  outputs = forward(inputs)
  predictions = jnp.argmax(outputs['logits'], axis=1)
  return jnp.mean(jnp.equal(predictions, targets))

@hk.transform
def loss_fn(batch):
  inputs, targets = batch

  logits = forward(inputs)['logits']
  log_probs = jax.nn.log_softmax(logits, axis=-1)
  targets = jax.nn.one_hot(targets, hyper['n_tokens'])

  return -jnp.mean(targets*log_probs)
  # l1_penalty = hyper['weight_decay_l1']*sum(jnp.sum(jnp.abs(p)) for p in jax.tree_leaves(params))

@jax.jit
def update(state, batch):
  rng, new_rng = jax.random.split(state.rng)
  loss_and_grad_fn = jax.value_and_grad(loss_fn.apply)
  loss, gradients = loss_and_grad_fn(state.params, rng, batch)

  updates, new_opt_state = optimiser.update(gradients, state.opt_state, state.params)
  new_params = optax.apply_updates(state.params, updates)

  new_state = TrainingState(
    params=new_params,
    opt_state=new_opt_state,
    rng=new_rng,
    step=state.step + 1,
  )
  metrics = {'step': state.step, 'train_loss': loss}

  return new_state, metrics

@jax.jit
def init(rng, batch):
  rng, init_rng = jax.random.split(rng)
  initial_params = loss_fn.init(init_rng, batch)
  return TrainingState(
    params=initial_params,
    opt_state=optimiser.init(initial_params),
    rng=rng,
    step=np.array(0),
  )
