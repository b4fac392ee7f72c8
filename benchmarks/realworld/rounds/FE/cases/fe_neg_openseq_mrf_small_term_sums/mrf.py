# Source: https://github.com/sokrypton/openseq/blob/f16389b39c5e5e3dc2f2ab899946bc541cd7ebe3/mrf.py
# Title: mrf.py (Markov random field / GREMLIN-style contact model of protein families in JAX)
# Cut: kept reg_loss and pll_loss as written (the MRF loss); MRF.__init__ reduced to its loss
#      closure and the value_and_grad/jit step built by laxy.OPT (laxy.py of the same repository);
#      ar_mask copied from utils.py.
import jax
import jax.numpy as jnp


def ar_mask(order, diag=True):
  '''compute autoregressive mask, given order of positions'''
  L = order.shape[0]
  r = order[::-1].argsort()
  tri = jnp.triu(jnp.ones((L,L)),k=not diag)
  return tri[r[None,:],r[:,None]]


def reg_loss(params, lam):
  reg_loss = []
  if "b" in params:
    reg_loss.append(lam * jnp.square(params["b"]).sum())
  if "w" in params:
    L,A = params["w"].shape[-2:]
    reg_loss.append(lam/2*(L-1)*(A-1) * jnp.square(params["w"]).sum())
  if "mb" in params:
    reg_loss.append(lam * jnp.square(params["mb"]).sum())
  if "mw" in params:
    L,A = params["mw"].shape[-2:]
    reg_loss.append(lam/2*(L-1)*(A-1) * jnp.square(params["mw"]).sum())
  return sum(reg_loss)

def pll_loss(params, inputs, order=None, labels=None):
  logits = []

  L = inputs["x"].shape[1]
  w_mask = 1-jnp.eye(L)
  if order is not None:
    w_mask *= ar_mask(order)

  if "b" in params:
    logits.append(params["b"])
  if "w" in params:
    w = params["w"]
    w = 0.5 * (w + w.transpose([2,3,0,1])) * w_mask[:,None,:,None]
    logits.append(jnp.einsum("nia,iajb->njb", inputs["x"], w))

  # MIXTURES
  if "mb" in params:
    logits.append(jnp.einsum("nc,cia->nia", labels, params["mb"]))

  if "mw" in params:
    mw = params["mw"]
    mw = 0.5 * (mw + mw.transpose([0,3,4,1,2])) * w_mask[None,:,None,:,None]
    logits.append(jnp.einsum("nc,nia,ciajb->njb", labels, inputs["x"], mw))
      
  # categorical-crossentropy (or pseudo-likelihood)
  cce_loss = -(inputs["x"] * jax.nn.log_softmax(sum(logits))).sum([1,2])

  return (cce_loss*inputs["x_weight"]).sum()


def make_step(lam, order=None, lr=0.1):
  def model(params, inputs):
    labels = inputs["labels"] if "labels" in inputs else None
    pll = pll_loss(params, inputs, order, labels)
    reg = reg_loss(params, lam)
    loss = pll + reg
    return None, loss

  fn_grad = jax.value_and_grad(lambda p,i: model(p,i)[1].sum())

  def update(params, inputs):
    loss, grad = fn_grad(params, inputs)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grad), loss
  return jax.jit(update)
