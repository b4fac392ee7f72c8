# Source: https://github.com/sokrypton/laxy/blob/9a3312d2aa69f902351e5157c39f9b7612f38c2a/laxy.py
# Title: laxy.py (sokrypton's small JAX optimiser wrapper used for GREMLIN/MRF protein-family models)
# Cut: kept OPT (jitted value_and_grad update, host-side fit/_fit_batch loops) and KEY;
#      layer helpers (GRU/LSTM/conv) removed; the old jax.experimental.optimizers import kept.
import jax
import jax.numpy as jnp
import random
from jax.experimental.optimizers import adam

#################
# OPT function
#################

class OPT():
  def __init__(self, model, params, has_grad=False, lr=1e-3, optimizer=adam, seed=None):
    self._k = 0
    self.losses = []
    self._key = KEY(seed)
    self._opt_init, self._opt_update, self._opt_params = optimizer(step_size=lr)
    self._opt_state = self._opt_init(params)

    # split function into out, loss and grad
    self._fn_out = jax.jit(lambda p,i: model(p,i)[0])
    self._fn_loss = jax.jit(lambda p,i: model(p,i)[1])
    if has_grad: self._fn_grad = jax.jit(lambda p,i: model(p,i)[1:])
    else: self._fn_grad = jax.value_and_grad(lambda p,i: model(p,i)[1].sum())

    def update(k, state, inputs):      
      loss, grad = self._fn_grad(self._opt_params(state), inputs)
      state = self._opt_update(k, grad, state)
      return state, loss
    self._update = jax.jit(update)

  def train_on_batch(self, inputs):
    self._opt_state, loss = self._update(self._k, self._opt_state, self._add_key(inputs))
    self._k += 1
    return loss
    
  def set_params(self, params): self._opt_state = self._opt_init(params)
  def get_params(self): return self._opt_params(self._opt_state)
  def evaluate(self, inputs): return self._fn_loss(self.get_params(), self._add_key(inputs))
  def predict(self, inputs): return self._fn_out(self.get_params(), self._add_key(inputs))
  def grad(self, inputs): return self._fn_grad(self.get_params(), self._add_key(inputs))
  
  def fit(self, inputs, steps=100, batch_size=None, batch_inputs=None,
          verbose=True, return_losses=False, seed=None):
    if batch_size is not None:
      return self._fit_batch(inputs, steps, batch_size, batch_inputs,
                             verbose, return_losses, seed)
    for k in range(steps):
      loss = self.train_on_batch(inputs)
      if return_losses: self.losses.append(float(loss))
      if verbose and (k+1) % (steps//10) == 0: print(k+1, loss)
    if return_losses: return self.losses

  def _add_key(self, inputs):
    if isinstance(inputs, dict) and "key" not in inputs:
      return {**inputs,"key":self._key.get()}
    else: return inputs

  # TODO, clean up _fit_batch
  def _fit_batch(self, inputs, steps, batch_size, batch_inputs=None,
                 verbose=True, return_losses=False, seed=None):
    # spliting inputs into nonbatched and batched
    if batch_inputs is None: nonbatch_inputs, batch_inputs = type(inputs)(), inputs
    elif inputs is None: nonbatch_inputs = type(batch_inputs)()
    else: nonbatch_inputs = inputs
      
    N = len(jax.tree_util.tree_leaves(batch_inputs)[0])
    if N < batch_size:
      if verbose: print(f"WARNING: (N:{N} < batch_size:{batch_size})")
      return self.fit(inputs, steps, verbose=verbose, return_losses=return_losses)
    
    key, idx = KEY(seed=seed), jnp.arange(N)
    def subsample(inp, key):
      sub_idx = jax.random.choice(key, idx, shape=(batch_size,), replace=False)
      return jax.tree_util.tree_map(lambda x: x[sub_idx], inp)
    subsample = jax.jit(subsample)
    
    if verbose: loss_tot = 0
    for k in range(steps):
      inp = subsample(batch_inputs, key.get())
      if isinstance(inp, dict): inp.update(nonbatch_inputs)
      if isinstance(inp, list): inp += nonbatch_inputs
      if isinstance(inp, tuple): inp += nonbatch_inputs
      
      loss = self.train_on_batch(inp)
      if verbose: loss_tot += loss
      if return_losses: self.losses.append(float(loss))
      if verbose and (k+1) % (steps//10) == 0:
        print(k+1, loss_tot/(steps//10))
        loss_tot = 0
    if return_losses: return self.losses
      
#################
# UTILS
#################

def get_random_key(seed=None):
  '''get random key'''
  if seed is None: seed = random.randint(0,2147483647)
  return jax.random.PRNGKey(seed) 

class KEY():
  '''random key generator'''
  def __init__(self, seed=None):
    self.key = get_random_key(seed)    
  def get(self, num=1):
    if num > 1:
      self.key, *subkeys = jax.random.split(self.key, num=(num+1))
      return subkeys
    else:
      self.key, subkey = jax.random.split(self.key)
      return subkey

#################
# LAYERS
