# Source: https://github.com/dieterichlawson/mingpt-jax/blob/3748fa7353a69be2a5cb6ec5ccfd14cc0444bf30/train.py
# Title: mingpt-jax: train.py (character-level GPT on shakespeare_char)
# Cut: kept config, load_dataset and train; inlined make_model into train; dropped summaries (summary_generate/summarize), the absl main and config flags
from absl import app
from pathlib import Path
import pickle

from ml_collections import config_dict
from ml_collections import config_flags

import jax
import jax.numpy as jnp

import numpy as onp
import optax

from model import Transformer, make_weight_decay_mask

config = config_dict.ConfigDict()
config.seed = 42

config.model = config_dict.ConfigDict()
config.model.num_layers = 6
config.model.num_heads = 6
config.model.embed_dim = 192
config.model.mlp_hdim = None # Defaults to 4 * embd_dim
config.model.block_size = 128

config.train = config_dict.ConfigDict()
config.train.batch_size = 64
config.train.lr = 5e-4
config.train.beta1 = 0.9
config.train.beta2 = 0.95
config.train.weight_decay = 0.1
config.train.grad_norm_clip = 1.


def load_dataset(cfg, split):
  path_prefix = Path("data") / "shakespeare_char"
  meta_path = path_prefix / "meta.pkl"
  with open(meta_path, "rb") as f:
    dataset_info = pickle.load(f)
  data_path = path_prefix / f"{split}.npy"
  data = onp.load(data_path)
  data = jnp.array(data, dtype=jnp.uint8)
  num_tokens = data.shape[0]
  # Add one because we don't want the targets to run off the end.
  num_blocks = num_tokens - (cfg.model.block_size + 1)
  batches_per_epoch = num_blocks // cfg.train.batch_size

  @jax.jit
  def index_fn(i):
    seq = jax.vmap(jax.lax.dynamic_slice_in_dim, in_axes=(None, 0, None)
           )(data, i, cfg.model.block_size + 1)
    # Split data into inputs and targets
    return seq[:, :cfg.model.block_size], seq[:, 1:]

  def gen(key):
    inds = jax.random.permutation(key, num_blocks)
    inds = inds[:batches_per_epoch * cfg.train.batch_size]
    inds = inds.reshape([batches_per_epoch, cfg.train.batch_size])

    for i in range(batches_per_epoch):
      yield index_fn(inds[i])

  return gen, dataset_info

def train(cfg):
  key = jax.random.PRNGKey(cfg.seed)
  data_itr, ds_info = load_dataset(cfg, 'train')

  def encode(s: str):
    return [ds_info['stoi'][c] for c in s]

  def decode(a: jnp.ndarray) -> str:
    return "".join([ds_info['itos'][int(a[i])] for i in range(a.shape[0])])

  key, subkey = jax.random.split(key)
  model = Transformer(key=subkey, vocab_size=ds_info['vocab_size'], embed_dim=cfg.model.embed_dim,
                      block_size=cfg.model.block_size, num_layers=cfg.model.num_layers,
                      num_heads=cfg.model.num_heads, mlp_hdim=cfg.model.mlp_hdim, causal_mask=True)

  def loss(model, inputs, targets):
    # (block_size, vocab_size)
    logits = model(inputs)
    # (block_size, vocab_size)
    log_probs = jax.nn.log_softmax(logits, axis=1)
    ce_loss = - jnp.mean(jnp.take_along_axis(log_probs, targets[:, None], axis=1))
    return ce_loss

  def batch_loss(model, batch_inputs, batch_targets):
    batch_loss = jax.vmap(loss, in_axes=(None, 0, 0))(model, batch_inputs, batch_targets)
    return jnp.mean(batch_loss)

  opt = optax.adamw(cfg.train.lr,
                    b1=cfg.train.beta1, b2=cfg.train.beta2,
                    weight_decay=cfg.train.weight_decay, mask=make_weight_decay_mask)

  opt_state = opt.init(model)

  @jax.jit
  def train_step(model, batch_inputs, batch_targets, cur_opt_state):
    loss, grads = jax.value_and_grad(batch_loss)(model, batch_inputs, batch_targets)
    updates, new_opt_state = opt.update(grads, cur_opt_state, model)
    model = optax.apply_updates(model, updates)
    return loss, model, new_opt_state

  for t, (inps, targs) in enumerate(data_itr(key)):
    loss_val, model, opt_state = train_step(model, inps, targs, opt_state)
    key, subkey = jax.random.split(key)
