# Source: https://github.com/Christian-Offen/LagrangianShadowIntegration/blob/b175cc3c5712bd1fbf354f8e5c5e1a313122eba2/GPEL.py
# Title: GPEL.py (Gaussian-process Lagrangian learned from Euler-Lagrange data)
# Cut: kept the kernel-vector helper, the jitted learned Lagrangian L and the jitted HamiltonianJet
#      (a jacfwd of L); training (linear system assembly) removed.
from functools import partial

import jax.numpy as jnp
from jax import jacfwd, jit, lax


class GPEL:

    def __init__(self, kernel, h, data_train):
        self.dim = int(data_train.shape[0]/3)  # dimension of state space
        self.k = kernel
        self.h = h
        self.data_train = data_train
        self.Z = data_train[:2*self.dim, :].transpose()  # trajectory observations with velocities

    def kZ(self, x):
        out = jnp.zeros(len(self.Z))
        out = lax.fori_loop(0, len(self.Z), lambda j, out: out.at[j].set(self.k(x, self.Z[j])), out)
        return out

    @partial(jit, static_argnums=(0,))
    def L(self, x):
        return self.kZ(x) @ self.kinvL

    @partial(jit, static_argnums=(0,))
    def HamiltonianJet(self, x):
        # Hamiltonian in (q,qdot)
        L_insq = lambda qdot: self.L(jnp.hstack([x[:self.dim], qdot]))
        p = jacfwd(L_insq)(x[self.dim:])
        return jnp.dot(x[self.dim:], p) - self.L(x)
