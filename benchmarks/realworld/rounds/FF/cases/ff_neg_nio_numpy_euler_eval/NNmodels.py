# Source: https://github.com/HugoJacq/NIO_reconstruct/blob/b8548d99291d73b48a443a6126b20cb766a5426e/NN_attempts/offline_training_diss/NNmodels.py
# Title: NN_attempts/offline_training_diss/NNmodels.py (RHS_dynamic, Forward_Euler)
# Cut: the CNN/MLP dissipation models cut; kept RHS_dynamic and the Forward_Euler integrator.
import jax
import equinox as eqx
import jax.numpy as jnp
import numpy as np


class RHS_dynamic(eqx.Module):
    fc : jnp.ndarray
    K : jnp.ndarray

    def __init__(self, fc, K):
        self.fc = jnp.asarray(fc)
        self.K = jnp.asarray(K)

    def __call__(self, U, V, TAx, TAy):
        d_U =  self.fc*V + jnp.exp(self.K)*TAx
        d_V = -self.fc*U + jnp.exp(self.K)*TAy
        return jnp.stack([d_U, d_V], axis=0)


def Forward_Euler(X0, RHS_dyn, diss_model, forcing, dt, dt_forcing, Nsteps):
    TAx, TAy, features = forcing
    nsubsteps = dt_forcing // dt

    # initialisation
    ny,nx = TAx[0].shape
    U,V = np.zeros((Nsteps, ny, nx)), np.zeros((Nsteps, ny, nx))
    U[0], V[0] = X0[0], X0[1]

    for it in range(1, Nsteps):

        # on-the-fly interpolation
        itf = int(it//nsubsteps)
        aa = np.mod(it,nsubsteps)/nsubsteps
        itsup = np.where(itf+1>=len(TAx), -1, itf+1)
        TAxnow = (1-aa)*TAx[itf] + aa*TAx[itsup]
        TAynow = (1-aa)*TAy[itf] + aa*TAy[itsup]
        features_now = (1-aa)*features[itf] + aa*features[itsup]

        dyn = RHS_dyn(U[it-1], V[it-1], TAxnow, TAynow)
        diss = diss_model(features_now)
        d_U = dyn[0] + diss[0]
        d_V = dyn[1] + diss[1]
        U[it],V[it] = U[it-1]+dt*d_U, V[it-1]+dt*d_V
    return U,V
