# Source: https://github.com/gwwilburn/JAXPotts/blob/5b587ff9b91d2e39d51f3c11519087e75e9de3e0/jxp_bmlearn.py
# Title: jxp_bmlearn.py (Boltzmann machine learning of a Potts model from MSA frequencies)
# Cut: argparse and file output removed; BMLearn_Naive (lax.scan) and BMLearn_Persistent (host loop
#      over gradient-ascent iterations) kept; the MCMC emitters come from jxp_mcmc.py (not reproduced here).
import jax.numpy as np
from jax import random, lax, jit
from jax.ops import index, index_update
import jax.nn as nn

from jxp_mcmc import MCMC_MSAEmit, MCMC_MSAEmitPersistent
from jxp_msa import MSA_Frequencies, MSA_2PtCorrelations


def BMLearn_Naive(f1, f2, epsilon, niter, nseq, nflip, key):

   (L, q) = f1.shape

   #initialize potts model params
   h = np.log(f1)
   e = np.zeros((L,q,L,q), dtype = np.float32)

   @jit
   def loop_fun_scan(loop_carry, n):

      h, e, key, = loop_carry

      key, subkey = random.split(key)
      keys = random.split(subkey, nseq)

      ax_mcmc_onehot, H_mcmc = MCMC_MSAEmit(h,e,keys,nflip)

      f1_mcmc, f2_mcmc = MSA_Frequencies(ax_mcmc_onehot)

      h = index_update(h, index[:,:], h +  epsilon * (f1 - f1_mcmc))
      e = index_update(e, index[:,:,:,:], e + epsilon *(f2 - f2_mcmc))

      return (h, e, key), n

   (h, e, key), n = lax.scan(loop_fun_scan, (h, e, key), None, length=niter)

   return h, e


def BMLearn_Persistent(f1, f2, c2, epsilon, niter, nseq, nflip, errthresh, key, potts_init = None):

   (L, q) = f1.shape

   #initialize potts model params
   if potts_init is None:
      h = np.log(f1)
      e = np.zeros((L,q,L,q), dtype = np.float32)
   else:
      h = potts_init.h
      e = potts_init.e

   # generate initial sequences
   ax_1hot_mcmc = nn.one_hot(random.choice(key, np.arange(0,q), shape=(nseq,L)), q)

   # make nseq pRNG keys
   keys = random.split(key, nseq)

   # intiate correlation error array
   corr_err = np.zeros(niter+1)

   for n in range(0,niter):
      ax_1hot_mcmc, H_mcmc, keys  = MCMC_MSAEmitPersistent(h,e,ax_1hot_mcmc,keys,nflip)

      # estimate single-site, pairwise probabilities
      f1_mcmc, f2_mcmc = MSA_Frequencies(ax_1hot_mcmc)
      c2_mcmc = MSA_2PtCorrelations(f1_mcmc, f2_mcmc)

      err = np.max(np.abs(c2_mcmc - c2))
      corr_err = index_update(corr_err, index[n], err)

      # if we've reached the minimum error threshold, stop training!
      if err < errthresh:
         print("\nError threshold reached!\nGrad descent iteration: %d\n"  % n)
         break


      h = index_update(h, index[:,:], h +  epsilon * (f1 - f1_mcmc))
      e = index_update(e, index[:,:,:,:], e + epsilon *(f2 - f2_mcmc))

   return h, e, corr_err
