# Source: https://github.com/gwwilburn/JAXPotts/blob/5b587ff9b91d2e39d51f3c11519087e75e9de3e0/jxp_msaweight.py
# Title: jxp_msaweight.py (Henikoff position-based sequence weights for an MSA)
# Cut: the vectorised MSAWeight_PB shortened; the loop reference version MSAWeight_PBLoops kept as written.
#      Both run once, eagerly, on the host before training (jxp_bmlearn.py: `if wpb: MSAWeight_PB(msa_in)`).
import jax.numpy as np
from jax.ops import index, index_update


def MSAWeight_PB(msa):
   gap_idx = msa.abc.charmap['-']
   ax = msa.ax
   (N, L) = ax.shape
   c = np.sum(msa.ax_1hot, axis=0)
   c = index_update(c, index[:, gap_idx], 0)
   col_id = np.int16(np.tensordot(np.ones(N), np.arange(L), axes=0))
   ax_c = c[col_id, ax]
   r = np.float32(np.sum(np.array(c > 0), axis=1))
   r2 = np.tensordot(np.ones(N), r, axes=0)
   nongap = np.array(ax != gap_idx)
   l = np.float32(np.sum(nongap, axis=1))
   wgt_un = np.nan_to_num(np.multiply(np.reciprocal(np.multiply(ax_c, r2)), nongap))
   wgt_un = np.divide(np.sum(wgt_un, axis=1), l)
   msa.wgt = (wgt_un * np.float32(N)) / np.sum(wgt_un)
   return


def MSAWeight_PBLoops(msa):

   gap_idx = msa.abc.charmap['-']
   q = msa.abc.q
   ax = msa.ax
   (N,L) = ax.shape

   c = np.zeros((L,q),dtype=np.float32)

   # step 1: get frequency counts
   for n  in range(0, N):
      for i in range(0,L):
         if ax[n,i] != gap_idx:
            c = index_update(c, index[i, ax[n,i]], c[i, ax[n,i]] +1)

   # step 2: find number of unique counts in each columnn
   r = np.zeros(L, dtype=np.float32)
   for i in range(0,L):
      for a in range(0, q-1):
         if c[i,a] > 0:
            r = index_update(r, index[i], r[i]+1)

   # Step 3: get unnormalized weights
   l = np.zeros(N, dtype=np.float32)
   wgt_un = np.zeros(N, dtype=np.float32)
   for n in range(0,N):
      for i in range(0, L):
         if ax[n,i] != gap_idx:
            l = index_update(l, index[n], l[n]+1)
            wgt_un = index_update(wgt_un, index[n],  wgt_un[n] + 1. / (r[i] * c[i,ax[n,i]]))
      # divide by gapless sequence length
      if l[n] > 0:
         wgt_un = index_update(wgt_un, index[n], wgt_un[n] / l[n])

   # step 4: normalize weights
   msa.wgt = index_update(wgt_un, index[:], wgt_un * N / np.sum(wgt_un))

   return
