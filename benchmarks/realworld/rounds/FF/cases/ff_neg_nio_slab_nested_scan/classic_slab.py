# Source: https://github.com/HugoJacq/NIO_reconstruct/blob/b8548d99291d73b48a443a6126b20cb766a5426e/src/models/classic_slab.py
# Title: src/models/classic_slab.py (jslab: slab model of inertial currents)
# Cut: kept the jslab class with its non-diffrax branch only (the "if self.use_difx" branch
#      cut and the else-branch dedented); other slab variants cut. The model is
#      differentiated in src/inv.py (eqx.filter_value_and_grad / filter_jacfwd).
import numpy as np

import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit, lax
import equinox as eqx

oneday = 86400.


class jslab(eqx.Module):
    # control vector
    pk : jnp.ndarray
    # forcing parameters
    TAx : jnp.ndarray
    TAy : jnp.ndarray
    fc : jnp.ndarray
    dt_forcing : jnp.ndarray
    # run time parameters
    t0 : jnp.ndarray
    t1 : jnp.ndarray
    dt : jnp.ndarray

    def __init__(self, pk, forcing1D, call_args=(0.0,oneday,60.)):
        self.pk = pk
        self.TAx = jnp.asarray(forcing1D.TAx)
        self.TAy = jnp.asarray(forcing1D.TAy)
        self.fc = jnp.asarray(forcing1D.fc)
        self.dt_forcing = forcing1D.dt_forcing
        self.t0, self.t1, self.dt = call_args

    @eqx.filter_jit
    def __call__(self, save_traj_at = None):
        t0, t1, dt = self.t0, self.t1, self.dt
        nsubsteps = self.dt_forcing // dt
        # control
        K = jnp.exp( jnp.asarray(self.pk) )
        args = self.fc, K, self.TAx, self.TAy, nsubsteps

        Nforcing = int((t1-t0)//self.dt_forcing)
        if save_traj_at is None:
            step_save_out = 1
        else:
            step_save_out = int(save_traj_at//self.dt_forcing)

        # initialisation at null current
        U, V = jnp.zeros(Nforcing), jnp.zeros(Nforcing)

        # inner loop at dt
        def __inner_loop(carry, iin):
            Uold, Vold, iout = carry
            t = iout*self.dt_forcing + iin*self.dt
            C = Uold, Vold
            d_U,d_V = self.vector_field(t, C, args)
            newU,newV = Uold + self.dt*d_U, Vold + self.dt*d_V # Euler hard coded
            X1 = newU,newV,iout
            return X1, X1

        # outer loop at dt_forcing
        def __outer_loop(carry, iout):
            U,V = carry
            X1 = U[iout], V[iout], iout
            final, _ = lax.scan(__inner_loop, X1, jnp.arange(0,nsubsteps))
            newU, newV, _ = final
            U = U.at[iout+1].set(newU)
            V = V.at[iout+1].set(newV)
            X0 = U,V
            return X0, X0

        X1 = U, V
        final, _ = lax.scan(__outer_loop, X1, jnp.arange(0,Nforcing))
        U,V = final

        if save_traj_at is None:
            solution = U,V
        else:
            solution = U[::step_save_out], V[::step_save_out]
        return solution

    # vector field is common whether we use diffrax or not
    def vector_field(self, t, C, args):
        U,V = C
        fc, K, TAxt, TAyt, nsubsteps = args
        # on the fly interpolation
        it = jnp.array(t//self.dt, int)
        itf = jnp.array(it//nsubsteps, int)
        aa = jnp.mod(it,nsubsteps)/nsubsteps
        itsup = jnp.where(itf+1>=len(TAxt), -1, itf+1)
        TAx = (1-aa)*TAxt[itf] + aa*TAxt[itsup]
        TAy = (1-aa)*TAyt[itf] + aa*TAyt[itsup]
        # physic
        d_U = fc*V + K[0]*TAx - K[1]*U
        d_V = -fc*U + K[0]*TAy - K[1]*V
        d_y = d_U,d_V
        return d_y
