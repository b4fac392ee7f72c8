# Source: https://github.com/gwwilburn/JAXPotts/blob/5b587ff9b91d2e39d51f3c11519087e75e9de3e0/jxp_msa.py
# Title: jxp_msa.py (MSA reading, base-pair map from SS_cons, masked pairwise frequencies)
# Cut: readers and writers removed; MSA_BasePairMap and MSA_MaskedFrequencies kept as written.
#      Both run once on the host while loading the training MSA (jxp_bmlearn.py __main__), not under jit.
import sys
import string

import jax.numpy as np
from jax import vmap, jit
from jax.ops import index, index_update

ABC_RNA = None


def MSA_BasePairMap(ss_cons):
   L = ss_cons.size
   bp_map = (-1)*np.ones(L, dtype=np.int32)

   bra_list_nest = ['(', '<', '[', '{']
   ket_list_nest = [')', '>', ']', '}']

   bra_list_pk = list(string.ascii_uppercase)
   ket_list_pk = list(string.ascii_lowercase)

   bra_list = bra_list_nest + bra_list_pk
   ket_list = ket_list_nest + ket_list_pk

   for i in range(0,L):
      if ss_cons[i] in bra_list:

         bra = ss_cons[i]
         ket = ket_list[bra_list.index(bra)]

         # find position of matching ket
         count = 1
         j = i

         # march over downstream positions until we find the matching ket
         while count > 0:
            j += 1
            c = ss_cons[j]

            #if we see a bra of this type, increase count
            if ss_cons[j] == bra:
               count += 1

            #if we see a ket of this type, decrease count
            elif ss_cons[j] == ket:
               count -= 1

         bp_map = index_update(bp_map, index[i], j)
         bp_map = index_update(bp_map, index[j], i)

   return bp_map


@jit
def Seq_WeightedOneHot(seq_1hot, wgt):
   return seq_1hot * wgt

MSA_WeightedOneHot = vmap(Seq_WeightedOneHot, in_axes = (0, 0), out_axes = 0)


@jit
def Seq_WeightedUseMe(seq_1hot, wgt):
   L, q = seq_1hot.shape
   return wgt * np.tensordot(seq_1hot, seq_1hot, axes=0) * np.reshape(1-np.eye(L), (L,1,L,1))

MSA_WeightedUseMe = vmap(Seq_WeightedUseMe, in_axes = (0, 0), out_axes = 0)


def MSA_MaskedFrequencies(msa, weights=None, pknot=False):

   if msa.ss_cons is None:
      sys.exit("\n\nError: MSA_MaskedFrequencies() requires secondary structure annotation (ss_cons)\n\n")

   L = msa.L
   q = msa.abc.q

   # list of SS_cons characters corresponding to 5' base pairs
   bra_list = ['(', '<', '[', '{']
   if pknot:
      bra_list += list(string.ascii_uppercase)

   # if no weights given, use uniform weights
   if weights is None:
      weights = np.ones(msa.N, dtype=np.int32)

   # sum weights (denominator for frequency calculation)
   Nw = np.sum(weights)

   wgt_1hot = MSA_WeightedOneHot(msa.ax_1hot, weights)
   wgt_useme = MSA_WeightedUseMe(msa.ax_1hot, weights)

   # calculate single site frequencies
   f1 = np.sum(wgt_1hot, axis=0)  / Nw

   # initially set pairwise frequencies to be product of single-site freqs
   # (with no i = j diagonal term)
   f2 =  np.tensordot(f1, f1, axes=0)  * np.reshape(1-np.eye(L), (L,1,L,1))

   # Loop over MSA positions
   # if position is annotated as 5' position of basepair (bra),
   # reset pairwise frequencies for this position and its pair to
   # weighted, observed pairwise frequencies in MSA
   for i in range(0, msa.L):
      ssi = msa.ss_cons[i]

      if ssi in bra_list:
         j  = msa.bp_map[i]
         f2 = index_update(f2, index[i,:,j,:], np.sum(wgt_useme[:,i,:,j,:], axis=0) / Nw)
         f2 = index_update(f2, index[j,:,i,:], np.sum(wgt_useme[:,j,:,i,:], axis=0) / Nw)

   return f1, f2
