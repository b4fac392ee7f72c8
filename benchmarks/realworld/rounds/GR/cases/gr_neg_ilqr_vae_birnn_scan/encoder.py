# Source: https://github.com/marineschimel/ilqr_vae_jax/blob/8f509fb3104499996cbae6458d0c35aa1b1ca8f6/ilqr_vae_jax/encoder.py
# Title: ilqr_vae_jax ilqr_vae_jax/encoder.py: bidirectional-GRU encoder of the LFADS-style sequential VAE
# Cut: kept the BiRNN encoder (init, run_rnn, run_bidirectional_rnn, get_posterior_mean_and_cov) and
#      make_dyn_for_scan from ilqr_vae_jax/dynamics.py (https://github.com/marineschimel/ilqr_vae_jax/blob/8f509fb3104499996cbae6458d0c35aa1b1ca8f6/ilqr_vae_jax/dynamics.py);
#      the iLQR encoder, the Encoder base class and the typed parameter tuples are referenced, not reproduced.
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax, Array
from jax.random import PRNGKey
import jax.random as jr
from typing import Any
import ilqr_vae_jax
from ilqr_vae_jax.dynamics import Dynamics, GRU
from ilqr_vae_jax.utils import keygen, linear_readout
from ilqr_vae_jax.typs import BiRNNParams, ReadoutParams, VAEParams, Dims
from ilqr_vae_jax.encoder import Encoder


def make_dyn_for_scan(dyn, params):
    """Scan requires f(h, x) -> h, h, in this application.
    Args:
      rnn : f with sig (params, h, x) -> h
      params: params in f() sig.

    Returns:
      f adapted for scan
    """

    def rnn_for_scan(x, inpts):
        (u, t, ext) = inpts
        nxt_x = dyn(params, x, u, t, ext)
        return nxt_x, nxt_x

    return rnn_for_scan


class BiRNN(Encoder):
    '''This implements a bidirectional RNN as the encoder. 
    It consists of two RNNs (one taking in the data forward and the other one backward) whose outputs are then concatenated.
    The encoder then outputs the mean and covariance of the initial condition and a time series, that can either be taken as such and given as inputs driving the dynamics, or given to a coupler that then combines it with the actual state (in which case one can interpret the encoder as attempting to perform state estimation).'''
    def __init__(self, dims: Dims, dynamics_module: Dynamics = GRU):
        n_encoder = defaults.n_encoder if dims.n_encoder is None else dims.n_encoder
        m_encoder = dims.m if dims.m_encoder is None else dims.m_encoder
        n_out = dims.n_out
        self.dims = dims
        self.horizon = dims.horizon
        self.birnn_dims = dims._replace(n=n_encoder, m=n_out, m_encoder=m_encoder)
        self.gru_dyn = ilqr_vae_jax.dynamics.GRU(self.birnn_dims)

    def initialize_params(self, key:PRNGKey) -> BiRNNParams:
        _, skeys = keygen(key, 7)
        fwd_rnn = self.gru_dyn.initialize_params(next(skeys))
        bwd_rnn = self.gru_dyn.initialize_params(next(skeys))
        readout_ic = ReadoutParams(
            c=0.01 * jr.normal(next(skeys), (2 * self.dims.n, 2 * self.dims.n_encoder)),
            b=jnp.zeros((2 * self.dims.n)),
        )
        readout = ReadoutParams(
            c=0.0
            * jr.normal(
                next(skeys), (2 * self.dims.m_encoder, 2 * self.dims.n_encoder)
            ),
            b=jnp.zeros((2 * self.dims.m_encoder,)),
        )
        x0_fwd = jr.normal(next(skeys), (self.birnn_dims.n_encoder,))
        x0_bwd = jr.normal(next(skeys), (self.birnn_dims.n_encoder,))
        return BiRNNParams(
            fwd_rnn=fwd_rnn,
            bwd_rnn=bwd_rnn,
            readout=readout,
            x0_bwd=x0_bwd,
            x0_fwd=x0_fwd,
            readout_ic=readout_ic,
        )

    def run_rnn(self, params, x0, us):
        _, xs = lax.scan(
            make_dyn_for_scan(self.gru_dyn.dynamics_t, params),
            x0,
            (us, None, None),
        )
        return xs

    def run_bidirectional_rnn(self, params: BiRNNParams, o_t: Array):
        """Run an RNN encoder backwards and forwards over some time series data.

        Arguments:
          params: a dictionary of bidrectional RNN encoder parameters
          fwd_rnn: function for running forward rnn encoding
          bwd_rnn: function for running backward rnn encoding
          x_t: np array data for RNN input with leading dim being time

        Returns:
          tuple of np array concatenated forward, backward encoding, and
            np array of concatenation of [forward_enc(T), backward_enc(1)]
        """
        fwd_enc_t = self.run_rnn(
            params.fwd_rnn, params.x0_fwd, o_t
        )  ##define parameters
        bwd_enc_t = self.run_rnn(params.bwd_rnn, params.x0_bwd, jnp.flipud(o_t))
        full_enc = jnp.concatenate([fwd_enc_t, bwd_enc_t], axis=1)
        enc_ends = jnp.r_[bwd_enc_t[0], fwd_enc_t[-1]]
        return full_enc, enc_ends

    def get_posterior_mean_and_cov(
        self,
        params: VAEParams,
        key: PRNGKey,
        data: Any,
        inputs_allowed: int = 1,
    ):
        key, skeys = keygen(key, 3)
        ts, ext_us, os = data #might want to incroporate external inputs if any here
        xenc_t, gen_pre_ics = self.run_bidirectional_rnn(params.encoder_params, os)
        ic_gauss_params = linear_readout(params.encoder_params.readout_ic, gen_pre_ics)
        ic_mean, ic_logvar = np.split(ic_gauss_params, 2, axis=0)
        us_mean, us_logvar = np.split(
            jax.vmap(linear_readout, in_axes=(None, 0))(
                params.encoder_params.readout, inputs_allowed * xenc_t
            ),
            2,
            axis=1,
        )
        ic_mean, ic_logvar = jnp.reshape(ic_mean, (self.dims.n,)), jnp.reshape(
            ic_logvar, (self.dims.n,)
        )
        us_mean, us_logvar = jnp.reshape(
            us_mean, (-1, self.birnn_dims.m_encoder)
        ), jnp.reshape(us_logvar, (-1, self.birnn_dims.m_encoder))
        return ic_mean, ic_logvar, us_mean, us_logvar
