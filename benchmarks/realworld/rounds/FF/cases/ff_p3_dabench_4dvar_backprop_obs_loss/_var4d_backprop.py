# Source: https://github.com/StevePny/DataAssimBench/blob/4070e99f574e11bd911086e33b2b09a685a330b1/dabench/dacycler/_var4d_backprop.py
# Title: dabench/dacycler/_var4d_backprop.py (4D-Var by backpropagation DA cycler)
# Cut: constructor, error callbacks and the default-R helper shortened; _cycle_obsop
#      reduced to the H / loss / lax.scan set-up (the user-supplied H/h branches cut).
#      _cycle_obsop itself runs inside the DACycler's jax.lax.scan over analysis cycles.
import numpy as np
import jax.numpy as jnp
import jax.scipy as jscipy
from jax import grad, value_and_grad
import jax
import optax
import xarray as xr
import xarray_jax as xj
from typing import Callable

from dabench import dacycler


class Var4DBackprop(dacycler.DACycler):

    def _calc_default_H(self, obs_loc_indices):
        Hs = jnp.zeros((obs_loc_indices.shape[0], obs_loc_indices.shape[1],
                        self.system_dim),
                       dtype=int)
        for i in range(Hs.shape[0]):
            Hs = Hs.at[i, jnp.arange(Hs.shape[1]), obs_loc_indices
                       ].set(1)

        return Hs

    def _calc_obs_term(self, X, obs_vals, Ht, Rinv):
        Y = X @ Ht
        resid = Y.ravel() - obs_vals.ravel()

        return jnp.sum(resid.T @ Rinv @ resid)

    def _make_loss(self, xb0, obs_vals, Hs, Binv, Rinv,
                   obs_window_indices, obs_time_mask, n_steps):
        """Define loss function based on 4dvar cost"""

        def loss_4dvarcost(x0):
            # Get initial departure
            db0 = (x0.to_array().data.ravel() - xb0.to_array().data.ravel())

            # Make new prediction
            X = self._step_forecast(
                x0, n_steps)[1].to_stacked_array('system',['time']).data

            # Calculate observation term of J_0
            obs_term = 0
            for i, j in enumerate(obs_window_indices):
                obs_term += jax.lax.cond(
                        obs_time_mask.at[i].get(mode='fill', fill_value=0),
                        lambda: self._calc_obs_term(X[j], obs_vals[i],
                                                    Hs.at[i].get(mode='clip').T,
                                                    Rinv),
                        lambda: 0.0
                        )

            # Calculate initial departure term of J_0 based on original x0
            initial_term = (db0.T @ Binv @ db0)

            # Cost is the sum of the two terms
            loss_val = initial_term + obs_term
            return loss_val

        return loss_4dvarcost

    def _make_backprop_epoch(self, loss_func, optimizer, hessian_inv):

        loss_value_grad = value_and_grad(loss_func, argnums=0)

        def _backprop_epoch(epoch_state_tuple, i):
            x0_ds, init_loss, opt_state = epoch_state_tuple
            x0_ds = x0_ds.to_xarray()
            loss_val, dx0 = loss_value_grad(x0_ds)
            x0_ar = x0_ds.to_stacked_array('system', [])
            dx0_hess = hessian_inv @ dx0.to_stacked_array('system',[]).data
            updates, opt_state = optimizer.update(dx0_hess, opt_state)
            x0_ar.data = optax.apply_updates(x0_ar.data, updates)
            xa0_ds = x0_ar.to_unstacked_dataset('system').assign_attrs(
                x0_ds.attrs
            )
            return (xj.from_xarray(xa0_ds), init_loss, opt_state), loss_val

        return _backprop_epoch

    def _cycle_obsop(self, xb0_ds, obs_values, obs_loc_indices, obs_time_mask,
                     obs_loc_mask, H=None, h=None, R=None, B=None,
                     obs_window_indices=None):
        H = self._calc_default_H(obs_loc_indices)
        Hs = jax.lax.cond(
            self._obs_vector.stationary_observers,
            lambda: H,
            lambda: (obs_loc_mask[:, :, jnp.newaxis] * H))
        R = self._calc_default_R(obs_values, self.obs_error_sd)
        B = self._calc_default_B()

        Rinv = jscipy.linalg.inv(R)
        Binv = jscipy.linalg.inv(B)

        # Compute Hessian
        hessian_inv = jscipy.linalg.inv(
                Binv + Hs.at[0].get().T @ Rinv @ Hs.at[0].get())

        loss_func = self._make_loss(
                xb0_ds, obs_values, Hs, Binv, Rinv,
                obs_window_indices, obs_time_mask,
                n_steps=self.steps_per_window)

        lr = optax.exponential_decay(self.learning_rate, 1, self.lr_decay)
        optimizer = optax.sgd(lr)
        opt_state = optimizer.init(xb0_ds.to_stacked_array('system',[]).data)

        backprop_epoch_func = self._make_backprop_epoch(loss_func, optimizer,
                                                        hessian_inv)
        epoch_state_tuple, loss_vals = jax.lax.scan(
                backprop_epoch_func, init=(xj.from_xarray(xb0_ds), 0., opt_state),
                xs=jnp.arange(self.num_iters))

        xa0_ds = epoch_state_tuple[0].to_xarray()
        return xa0_ds
