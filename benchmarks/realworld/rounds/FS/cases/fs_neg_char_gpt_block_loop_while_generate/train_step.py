# Source: https://github.com/dieterichlawson/mingpt-jax/blob/3748fa7353a69be2a5cb6ec5ccfd14cc0444bf30/train.py
# Title: mingpt-jax: train.py (loss, jitted train step and sampling)
# Cut: body of train() with its arguments lifted into the signature: kept encode/decode, the per-sequence loss, the vmapped batch loss, the jitted generation and train step and the driver loop; dropped data loading, model construction and config
import jax
import jax.numpy as jnp
import optax


def train(cfg, model, ds_info, data_itr, opt, key):

  def encode(s: str):
    return [ds_info['stoi'][c] for c in s]

  def decode(a: jnp.ndarray) -> str:
    return "".join([ds_info['itos'][int(a[i])] for i in range(a.shape[0])])

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

  @jax.jit
  def summary_generate(key, model):
    prefix_str = "O god, O god!"
    prefix_enc = jnp.array(encode(prefix_str))
    generation = model.generate(key, prefix_enc)
    return generation

  def summarize(key, model, loss_val, step):
    print(f"Step {step} loss: {loss_val:0.4f}")
    generation = summary_generate(key, model)
    generated_str = decode(generation)
    print(generated_str)

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
    if t % cfg.summary.summarize_every == 0:
      summarize(subkey, model, loss_val, t)
