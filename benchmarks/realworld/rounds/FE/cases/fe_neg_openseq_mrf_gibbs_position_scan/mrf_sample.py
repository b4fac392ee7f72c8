# Source: https://github.com/sokrypton/openseq/blob/f16389b39c5e5e3dc2f2ab899946bc541cd7ebe3/mrf.py
# Title: mrf.py (Markov random field model of protein families: sampling sequences from the fitted MRF)
# Cut: kept sample_msa as written (lax.scan over sequence positions inside lax.scan over burn-in
#      sweeps); a jitted call from MRF.get_msa appended.
import jax
import jax.numpy as jnp


def sample_msa(samples=10000, burn_in=1, temp=1.0,
               order=None, ar=False, diff=False, seq=True):

  def sample_cat(key, logits=None, probs=None):
    if logits is not None:
      hard = jax.nn.one_hot(jax.random.categorical(key,logits/temp),logits.shape[-1])
      probs = jax.nn.softmax(logits,-1)
    elif probs is not None:
      hard = (probs.cumsum(-1) >= jax.random.uniform(key, shape=probs.shape[:-1])).argmax(-1)
    if diff: hard = jax.lax.stop_gradient(hard - probs) + probs
    return hard

  def sample_pll(key,msa,par):
    N,L,A = msa.shape    
    if seq and ("w" in par or "mw" in par):
      # sequential sampling
      # burn_in = 1: autoregressive
      # burn_in > 1: gibbs
      def loop(m,x):
        i,k = x
        m_logits = []
        if "w" in par: m_logits.append(jnp.einsum("njb,ajb->na", m, par["w"][i]))
        if "b" in par: m_logits.append(par["b"][i])
        if "mw" in par: m_logits.append(jnp.einsum("nc,njb,cajb->na", par["labels"], m, par["mw"][:,i]))
        if "mb" in par: m_logits.append(jnp.einsum("nc,ca->na", par["labels"], par["mb"][:,i]))
        return m.at[:,i].set(sample_cat(k,sum(m_logits))), None
      # scan over positions
      if order is not None: i = order
      elif ar: i = jnp.arange(L)
      else: i = jax.random.permutation(key,jnp.arange(L))
      k = jax.random.split(key,L)
      return jax.lax.scan(loop,msa,(i,k))[0]
    else:
      # sample all position independently
      logits = []
      if "b" in par: logits.append(par["b"])
      if "mb" in par: logits.append(jnp.einsum("nc,cia->nia", par["labels"], par["mb"]))
      if burn_in > 1:
        if "w" in par: logits.append(jnp.einsum("njb,iajb->nia", msa, par["w"]))
        if "mw" in par: logits.append(jnp.einsum("nc,njb,ciajb->nia", par["labels"], msa, par["mw"]))
      return sample_cat(key,sum(logits))

  def sample(key, params):
    for p in ["b","w","mb","mw"]:
      if p in params:
        L,A = params[p].shape[-2:]
        break
    msa = jnp.zeros((samples,L,A))

    # sample from mixture
    if "c" in params and ("mb" in params or "mw" in params):
      c = params["c"]
      labels_logits = jnp.tile(c,(samples,1))
      params["labels"] = jax.nn.one_hot(jax.random.categorical(key,labels_logits),c.shape[0])
      if diff:
        labels_soft = jax.nn.softmax(labels_logits,-1)
        params["labels"] = jax.lax.stop_gradient(params["labels"] - labels_soft) + labels_soft
    else:
      params["labels"] = None

    # number of iterations (burn-in)
    sample_loop = lambda m,k:(sample_pll(k,m,params),None)
    iters = jax.random.split(key,burn_in)
    msa = jax.lax.scan(sample_loop,msa,iters)[0]
    return {"msa":msa, "labels":params["labels"]}

  return sample


def get_msa(params, key, samples=1000, burn_in=1, order=None):
  return jax.jit(sample_msa(samples=samples, burn_in=burn_in, order=order))(key, params)
