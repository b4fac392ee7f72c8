# Source: https://github.com/gwwilburn/JAXPotts/blob/5b587ff9b91d2e39d51f3c11519087e75e9de3e0/jxp_msa.py
# Title: jxp_msa.py (MSA_Frequencies, MSA_2PtCorrelations, MSA_UseMe)
# Cut: only the three functions used by jxp_bmlearn.py; the MCMC emitters it also imports live in
#      jxp_mcmc.py (reproduced in the positive case gp_potts_mcmc_persistent_spinflip).
import jax.numpy as np
from jax import vmap, jit




@jit
def SeqUseMe(seq_1hot):
   L, q = seq_1hot.shape
   return np.tensordot(seq_1hot, seq_1hot, axes=0)  * np.reshape(1-np.eye(L), (L,1,L,1))

MSA_UseMe = vmap(SeqUseMe, in_axes = 0, out_axes = 0)


@jit
def MSA_Frequencies(ax_1hot):

   ax_useme = MSA_UseMe(ax_1hot)

   Nf = np.float32(ax_1hot.shape[0])

   f1 = np.sum(ax_1hot, axis=0)  / Nf
   f2 = np.sum(ax_useme, axis=0) / Nf

   return f1, f2


@jit
def MSA_2PtCorrelations(f1, f2):

   L,q = f1.shape

   return f2 -  (np.tensordot(f1, f1, axes=0)  * np.reshape(1-np.eye(L), (L,1,L,1)))
