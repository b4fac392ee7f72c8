# Source: https://github.com/jubueche/BPTT-Lipschitzness/blob/1a9f889c19557af82f03611ccb801cca4ecfc378/RNN_Jax.py
# Title: RNN_Jax.py (class RNN: spiking LSNN used for the robustness experiments)
# Cut: kept __init__ and call; save/load are dropped; _evolve_RNN is in evolve.py.
import jax.numpy as jnp
from jax import random as rand

from evolve import _evolve_RNN


class RNN:

    def __init__(self,params):

        self.units = params["n_hidden"]
        self.dt = params["dt"]
        if jnp.isscalar(params["tau"]): tau = jnp.ones(self.units) * jnp.mean(params["tau"])
        if jnp.isscalar(params["thr"]): thr = jnp.ones(self.units) * jnp.mean(params["thr"])
        # - Create variable from numpy array
        self.tau = jnp.reshape(tau, (1,-1))
        self.thr = jnp.reshape(thr, (1,-1))
        self.dampening_factor = params["dampening_factor"]
        # Parameters
        self.n_refractory = float(params["refr"])
        self.n_in = params['fingerprint_width']
        self.decay = jnp.reshape(jnp.exp(-1*self.dt / self.tau), (1,-1))
        self.tau_adaptation = float(params['spectrogram_length'] * params['in_repeat'])
        self.beta = jnp.ones(shape=(1,self.units)) * params["beta"]
        self.min_beta = jnp.min(params["beta"])
        self.decay_b = jnp.reshape(jnp.exp(-1*self.dt / params["tau_adaptation"]), (1,-1))
        self.thr_min = params["thr_min"]
        self.model_settings = params
        self.d_out = params["label_count"]
        self.noise_std = 0.0
        self._rng_key = rand.PRNGKey(params["seed"])
        self.dropout_prob = params["dropout_prob"]

    def call(self,
                fingerprint_input,
                dropout_mask,
                W_in,
                W_rec,
                W_out,
                b_out):
        
        input_frequency_size = self.model_settings['fingerprint_width']
        input_channels = jnp.max(jnp.array([1, 2*self.model_settings['n_thr_spikes'] - 1]))
        #input_channels = max(1,2*self.model_settings['n_thr_spikes'] - 1)
        input_time_size = self.model_settings['spectrogram_length'] * self.model_settings['in_repeat']
        fingerprint_3d = jnp.reshape(fingerprint_input, (-1, input_time_size, input_frequency_size * input_channels)) # - [T,BS,In]
        fingerprint_3d = jnp.transpose(fingerprint_3d, axes=(1,0,2))
        bs = fingerprint_3d.shape[1]
        # - Initial state
        state0_b = {"_v":jnp.zeros((bs, self.units)), "_z":jnp.zeros((bs, self.units)), "_b":jnp.zeros((bs, self.units)), "_r":jnp.zeros((bs,self.units))}
        rnn_out, spikes = _evolve_RNN(state0_b, W_in, W_rec, W_out, b_out, self.tau, self.thr, self.dampening_factor, self.n_refractory, self.decay, self.tau_adaptation, self.beta, self.decay_b, self.dt, self.noise_std, fingerprint_3d, dropout_mask)
        return rnn_out, spikes
