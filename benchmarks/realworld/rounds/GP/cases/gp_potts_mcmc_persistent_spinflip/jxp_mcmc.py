# Source: https://github.com/gwwilburn/JAXPotts/blob/5b587ff9b91d2e39d51f3c11519087e75e9de3e0/jxp_mcmc.py
# Title: jxp_mcmc.py (JAXPotts: Potts models of RNA/protein MSAs, Boltzmann machine learning)
# Cut: kept the spin-flip step, the scan-based emitter and the persistent emitter with its vmap;
#      Potts_ScoreSeqCore inlined from jxp_potts.py; jax.ops.index_update kept as the author wrote it;
#      BMLearn_Persistent_step is a 3-line wrapper reconstructed from the call in jxp_bmlearn.py.
import jax.numpy as np
from jax import vmap, jit, random, lax
from jax.ops import index, index_update
import jax.nn as nn


@jit
def Potts_ScoreSeqCore(h, e, seq_1hot):
   (L, q) = h.shape
   seq_useme = np.tensordot(seq_1hot, seq_1hot, axes=0) * np.reshape(1 - np.eye(L), (L, 1, L, 1))
   return np.tensordot(h, seq_1hot, axes=([0, 1], [0, 1])) + (np.tensordot(e, seq_useme, axes=([0, 1, 2, 3], [0, 1, 2, 3])) / 2.0)


@jit
def MCMC_SpinFlip(h, e, seq_1hot, H, key):

   (L, q) = h.shape

   # advance RNG
   key, subkey_site, subkey_char, subkey_accept = random.split(key, 4)

   # choose site to flip
   i = random.choice(subkey_site, np.arange(L))

   # pick random character for chosen site
   a = random.choice(subkey_char, np.arange(q))

   # make proposal sequence
   seq_1hot_tmp = index_update(seq_1hot, index[i, :], nn.one_hot(a, q))

   H_tmp = Potts_ScoreSeqCore(h, e, seq_1hot_tmp)

   accept_prob = np.exp(H_tmp - H)

   flip = np.zeros((L, q), dtype=np.bool_)
   accept_draw = random.uniform(subkey_accept)
   flip = index_update(flip, index[i, :], accept_draw < accept_prob)

   return np.where(flip, seq_1hot_tmp, seq_1hot), np.where(accept_draw < accept_prob, H_tmp, H), key


def MCMC_SeqEmit(h, e, key, nflip):
   (L, q) = h.shape

   seq_1hot = nn.one_hot(random.choice(key, np.arange(0, q), shape=(1, L))[0], q)
   H = Potts_ScoreSeqCore(h, e, seq_1hot)

   @jit
   def loop_fun_scan(loop_carry, i):
      h, e, seq_1hot, H, key = loop_carry
      seq_1hot, H, key = MCMC_SpinFlip(h, e, seq_1hot, H, key)
      return (h, e, seq_1hot, H, key), i

   (h, e, seq_1hot, H, key), i = lax.scan(loop_fun_scan, (h, e, seq_1hot, H, key), None, length=nflip)

   return seq_1hot, H, key

MCMC_MSAEmit = vmap(MCMC_SeqEmit, in_axes=(None, None, 0, None), out_axes=(0, 0, 0))


def MCMC_SeqEmitPersistent(h, e, seq_1hot, key, nflip):
   (L, q) = h.shape

   # 1-hot sequence now taken as input argument
   H = Potts_ScoreSeqCore(h, e, seq_1hot)

   #@jit
   #def loop_fun_scan(loop_carry, i):
   #   h, e, seq_1hot, H, key = loop_carry
   #   seq_1hot, H, key = MCMC_SpinFlip(h, e, seq_1hot, H, key)
   #   return (h, e, seq_1hot, H, key), i

   #(h, e, seq_1hot, H, key), i = lax.scan(loop_fun_scan, (h,e,seq_1hot, H, key), None, length = nflip)

   for i in range(0, nflip):
      seq_1hot, H, key = MCMC_SpinFlip(h, e, seq_1hot, H, key)

   return seq_1hot, H, key

MCMC_MSAEmitPersistent = vmap(MCMC_SeqEmitPersistent, in_axes=(None, None, 0, 0, None), out_axes=(0, 0, 0))


def BMLearn_Persistent_step(h, e, ax_1hot_mcmc, keys, nflip=2500):
   # jxp_bmlearn.py: called once per gradient-ascent iteration with --Nflip (default 2500)
   ax_1hot_mcmc, H_mcmc, keys = MCMC_MSAEmitPersistent(h, e, ax_1hot_mcmc, keys, nflip)
   return ax_1hot_mcmc, H_mcmc, keys
