# Source: https://github.com/PAIR-code/ai-explorables/blob/808a8eaf796c64d9df662ce26021c6fd707c8b92/server-side/grokking/MLP_Modular_Addition.ipynb
# Title: server-side/grokking/MLP_Modular_Addition.ipynb ("Do Machine Learning Models Memorize or Generalize?")
# Cut: notebook code cells converted to a module; plotting helpers, the hyperparameter dict (only the
#      keys used here kept), the untied/collapsed model variants, the l1-regulariser branch and the
#      web-export cells cut.
import math
import time
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
  'n_tokens': 67,
  'percent_train': .4,
  'embed_size': int(500),
  'hidden_size': int(24),
  'weight_decay': 1,
  'learning_rate': 1e-3,
  'max_steps': 50000,
  'seed': 165,
  'is_symmetric_input': True,
  'b1': .9,
  'b2': .98,
}
hyper['log_every'] = int(hyper['max_steps']/500)
hyper['save_every'] = int(hyper['max_steps']/100)
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

def forward(inputs):
  embed_init = hk.initializers.VarianceScaling(2)
  embed = hk.get_parameter('embed', [hyper['n_tokens'], hyper['embed_size']], init=embed_init)
  embed_a = embed
  embed_b = embed

  embedded_a = jnp.dot(jax.nn.one_hot(inputs[:, 0], hyper['n_tokens']), embed_a)
  embedded_b = jnp.dot(jax.nn.one_hot(inputs[:, 1], hyper['n_tokens']), embed_b)

  hidden_func = hk.Linear(hyper['hidden_size'], name='hidden', with_bias=False)
  hidden_a = hidden_func(embedded_a)
  hidden_b = hidden_func(embedded_b)

  hidden_activations = jax.nn.relu(hidden_a + hidden_b)

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
# initialise model parameters
state = init(jax.random.PRNGKey(hyper['seed']), train_batch)

all_metrics = []
saved_checkpoints = []
prev_time = time.time()
for step in range(hyper['max_steps'] + 1):
  if 'batch_size' in train_batch:
    indices = np.random.choice(len(train_batch[0]), size=hyper['batch_size'], replace=False)
    train_batch_tmp = train_batch[0][indices], train_batch[1][indices]
  else:
    train_batch_tmp = train_batch

  state, metrics = update(state, train_batch)
  if step % hyper['save_every'] == 0:
    saved_checkpoints.append({'step': step, 'state': state})
  if step % hyper['log_every'] == 0:
    steps_per_sec = hyper['log_every'] / (time.time() - prev_time)
    prev_time = time.time()

    l1_norm = 0
    l2_norm = 0
    for param in jax.tree_util.tree_leaves(state.params):
      l1_norm += jnp.sum(jnp.abs(param))
      l2_norm += jnp.sum(jnp.square(param))
    l2_norm = jnp.sqrt(l2_norm)

    metrics |= {
      'eval_loss': loss_fn.apply(state.params, state.rng, eval_batch),
      'train_acc': acc_fn.apply(state.params, state.rng, train_batch),
      'eval_acc': acc_fn.apply(state.params, state.rng, eval_batch),
      'l1_norm': l1_norm,
      'l2_norm': l2_norm,
      'steps_per_sec': steps_per_sec,
    }
    all_metrics.append(metrics)

    print({k: (v.item() if hasattr(v, 'item') else v) for k, v in metrics.items()})

p = hyper['n_tokens']
fourier_basis = []
fourier_basis.append(np.ones(p) / np.sqrt(p))
fourier_basis_names = ['Const']

# If p is even, we need to explicitly add a term for cos(kpi), ie alternating +1 and -1
for i in range(1, p // 2 + 1):
    fourier_basis.append(np.cos(2 * np.pi * np.arange(p) * i / p))
    fourier_basis.append(np.sin(2 * np.pi * np.arange(p) * i / p))
    fourier_basis[-2] /= np.linalg.norm(fourier_basis[-2])
    fourier_basis[-1] /= np.linalg.norm(fourier_basis[-1])
    fourier_basis_names.append(f'cos {i}')
    fourier_basis_names.append(f'sin {i}')

fourier_basis = jnp.stack(fourier_basis, axis=0)
