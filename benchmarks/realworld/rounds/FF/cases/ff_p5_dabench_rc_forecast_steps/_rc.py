# Source: https://github.com/StevePny/DataAssimBench/blob/4070e99f574e11bd911086e33b2b09a685a330b1/dabench/model/_rc.py
# Title: dabench/model/_rc.py (RCModel: reservoir computing model for NWP)
# Cut: constructor, weight initialisation, training and I/O cut; kept generate
#      (numpy, host side) and forecast as written; update and readout shortened
#      (bias/try-except and the quadratic readout branch cut). forecast() is the
#      Model.forecast the DA cyclers call inside their jax.lax.scan (see dacycler.py).
import logging

from scipy import sparse, stats, linalg
import numpy as np
import jax.numpy as jnp
import xarray as xr

from dabench import vector, model


class RCModel(model.Model):
    """A simple Reservoir Computing data-driven model"""

    def generate(self, state_vec, A=None, Win=None, r0=None):
        """generate reservoir time series from input signal u"""
        u = state_vec.to_stacked_array('system',['time']).data
        r = np.zeros((u.shape[0], self.reservoir_dim))

        if r0 is not None:
            r[0, :] = np.reshape(r0, (1, self.reservoir_dim))

        # Encoding input signal {u(t)} -> {s(t)}
        for t in range(0, u.shape[0]):
            r[t, :] = self.update(r[t - 1], u[t - 1, :], A, Win)

        return xr.Dataset(
            {'r': (('time', 'reservoir'), r)},
            coords={'time':state_vec.time}
        )

    def update(self, r, u, A=None, Win=None):
        """Update reservoir state with input signal and previous state"""
        if A is None:
            A = self.A
        if Win is None:
            Win = self.Win
        p = A @ r.T + Win @ u.T + self.sigma_bias
        q = self.leak_rate * jnp.tanh(p) + (1 - self.leak_rate) * r.T
        return q.T

    def readout(self, rt, Wout=None, utm1=None):
        if Wout is None:
            Wout = self.Wout
        return Wout @ rt

    def forecast(self, state_vec, n_steps=1):
        if n_steps == 1:
            new_vals = self.update(state_vec['r'].data,
                                   self.readout(state_vec['r'].data))
            new_vec = xr.Dataset(
                {'r':(('time','reservoir'), new_vals)}
            )
        else:
            r = state_vec['r'].data
            r_full = jnp.zeros((n_steps, self.reservoir_dim))
            for i in range(n_steps):
                r_full = r_full.at[i].set(r)
                if i < n_steps-1:
                    r = self.update(r, self.readout(r))

            new_vec = xr.Dataset(
                {'r':(('time','reservoir'), r_full)}
            )
        return new_vec.isel(time=-1), new_vec.drop_isel(time=-1)
