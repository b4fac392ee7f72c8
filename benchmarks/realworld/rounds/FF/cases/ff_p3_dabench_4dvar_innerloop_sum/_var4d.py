# Source: https://github.com/StevePny/DataAssimBench/blob/4070e99f574e11bd911086e33b2b09a685a330b1/dabench/dacycler/_var4d.py
# Title: dabench/dacycler/_var4d.py (incremental 4D-Var DA cycler)
# Cut: constructor, default R/B helpers and the user-supplied H branches cut; kept
#      _calc_default_H, _calc_J_term, the jitted inner loop, the outer loop (lax.scan) and _solve.
from functools import partial
from typing import Callable

import numpy as np
import jax.numpy as jnp
import jax.scipy as jscipy
import jax
from jax.scipy.sparse.linalg import bicgstab
import xarray as xr
import xarray_jax as xj

from dabench import dacycler


class Var4D(dacycler.DACycler):

    def _calc_default_H(self, obs_loc_indices):
        Hs = jnp.zeros((obs_loc_indices.shape[0], obs_loc_indices.shape[1],
                        self.system_dim),
                       dtype=int)
        for i in range(Hs.shape[0]):
            Hs = Hs.at[i, jnp.arange(Hs.shape[1]), obs_loc_indices
                       ].set(1)
        return Hs

    def _calc_J_term(self, H, M, Rinv, y, x):
        # The Jb Term (A)
        HM = H @ M
        MtHtRinv = HM.T @ Rinv

        # The Jo Term (b)
        D = (y - (H @ x))
        return MtHtRinv @ HM,  MtHtRinv @ D[:, None]

    @partial(jax.jit, static_argnums=[0, 1])
    def _innerloop_4d(self, system_dim, X_ds, xb0_ds, obs_vals, Hs, B, Rinv, M,
                      obs_window_indices, obs_time_mask):
        """4DVar innerloop"""
        x0_ds = X_ds.isel(time=0)
        X_ar = X_ds.to_stacked_array('system',['time'])

        # Set up Variables
        SumMtHtRinvHM = jnp.zeros_like(B)             # A input
        SumMtHtRinvD = jnp.zeros((system_dim, 1))     # b input

        # Loop over observations
        for i, j in enumerate(obs_window_indices):
            Jb, Jo = jax.lax.cond(
                    obs_time_mask.at[i].get(mode='fill', fill_value=0),
                    lambda: self._calc_J_term(
                        Hs.at[i].get(mode='clip'),
                        M.data[j],
                        Rinv, obs_vals[i], X_ar.data[j]),
                    lambda: (jnp.zeros_like(SumMtHtRinvHM),
                             jnp.zeros_like(SumMtHtRinvD))
                    )
            SumMtHtRinvHM += Jb
            SumMtHtRinvD += Jo
        # Compute initial departure
        db0 = (xb0_ds - x0_ds).to_stacked_array('system',[]).data

        # Solve Ax=b for the initial perturbation
        dx0 = self._solve(db0, SumMtHtRinvHM, SumMtHtRinvD, B)

        # New x0 guess is the last guess plus the analyzed delta
        xa0_ds = x0_ds + dx0.ravel()

        return xa0_ds

    def _make_outerloop_4d(self, xb0_ds, Hs, B, Rinv, obs_values,
                           obs_window_indices, obs_time_mask, n_steps):

        def _outerloop_4d(x0_ds, _):
            # Get TLM and current forecast trajectory
            x0_ds = x0_ds.to_xarray()
            X_ds, M = self.model_obj.compute_tlm(
                n_steps=n_steps,
                state_vec=x0_ds
            )

            # 4D-Var inner loop
            xa0_ds = self._innerloop_4d(
                self.system_dim, X_ds, xb0_ds, obs_values,
                Hs, B, Rinv, M, obs_window_indices, obs_time_mask
                )

            return xj.from_xarray(xa0_ds.assign_coords(x0_ds.coords)), x0_ds

        return _outerloop_4d

    @partial(jax.jit, static_argnums=0)
    def _solve(self, db0, SumMtHtRinvHM, SumMtHtRinvD, B):
        system_dim = B.shape[1]
        I_mat = jnp.identity(B.shape[0])
        b1 = B @ SumMtHtRinvD + db0[:, None]
        A = I_mat + B @ SumMtHtRinvHM
        dx0, _ = bicgstab(A, b1, x0=jnp.zeros((system_dim, 1)), tol=1e-05)
        return dx0

    def _cycle_obsop(self, xb0_ds, obs_values, obs_loc_indices, obs_time_mask,
                     obs_loc_mask, H=None, h=None, R=None, B=None,
                     obs_window_indices=None):
        Hs = self._calc_default_H(obs_loc_indices)
        R = self._calc_default_R(obs_values, self.obs_error_sd)
        B = self._calc_default_B()
        Rinv = jscipy.linalg.inv(R)

        outerloop_4d_func = self._make_outerloop_4d(
                xb0_ds, Hs, B, Rinv, obs_values, obs_window_indices,
                obs_time_mask, self.steps_per_window)

        xa0_ds, all_x0s = jax.lax.scan(outerloop_4d_func,
                                          init=xj.from_xarray(xb0_ds),
                xs=None, length=self.n_outer_loops)

        return xa0_ds.to_xarray()
