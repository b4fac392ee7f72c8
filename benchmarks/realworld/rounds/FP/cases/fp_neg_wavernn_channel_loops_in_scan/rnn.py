# Source: https://github.com/GeophyAI/seistorch/blob/792c60434f19f493dc6a5395d1b470cc0baee8ed/seistorch/rnn.py
# Title: seistorch/rnn.py (WaveRNN time stepping, JAX backend)
# Cut: kept imports and the WaveRNNJAX class; the torch WaveRNN and base class bodies cut
from typing import Iterator, Tuple
import numpy as np
import jax.numpy as jnp
from jax import lax
import jax
import torch
from torch.nn.parameter import Parameter

from .eqconfigure import Wavefield
from .source import WaveSourceTorch
from .probe import WaveProbeTorch, WaveProbeJax
from .array import TensorList
from .eqconfigure import Parameters


class WaveRNNJAX(WaveRNNBase):

    def __init__(self, cell, source_encoding=False, sharding=None):

        WaveRNNBase.__init__(self, cell, source_encoding, 'jax', sharding=sharding)

    def parameters(self):
        # for name in self.cell.geom.model_parameters:
        #     yield getattr(self.cell.geom, name)
        return tuple([getattr(self.cell.geom, name) for name in self.cell.geom.model_parameters])

    def set_parameters(self, parameters):
        for name, para in zip(self.cell.geom.model_parameters, parameters):
            setattr(self.cell.geom, name, para)

    def forward(self, x, omega=0.0, super_source=None, super_probes=None, parameters=None):

        # initialize the wavefields on target device
        # also initialize the self.nshots and self.hidden_state_shape
        self.initialize(super_source.x.shape[0])

        # Add source mask
        super_source.smask = jnp.zeros(self.hidden_state_shape)
        bidx = jnp.arange(self.nshots) if not self.source_encoding else jnp.zeros(self.nshots,dtype=jnp.int32)
        super_source.smask = super_source.smask.at[bidx, super_source.y, super_source.x].set(1)

        source_idx_at = []
        receiver_idx_at = []

        for source_type in self.cell.geom.source_type:
            source_idx_at.append(self.wavefield_names.index(source_type))

        for receiver_type in self.cell.geom.receiver_type:
            receiver_idx_at.append(self.wavefield_names.index(receiver_type))

        channels = len(self.cell.geom.receiver_type)
        nrecs = super_probes.x.size//self.nshots
        nt = self.cell.geom.nt

        rec = jnp.zeros((self.nshots, nt, nrecs, channels))
        super_source.source_encoding = self.source_encoding
        def step_fn(carry, it):
            
            wavefields, modelparas, others, rec = carry

            # Forward
            wavefields = self.cell(wavefields, modelparas, **others)

            # Apply source
            wavefields = list(wavefields)
            for sidx in source_idx_at:
                wavefields[sidx] = super_source(wavefields[sidx], x[..., it])
            wavefields = tuple(wavefields)

            # Measure probe(s)
            for channel, ridx in enumerate(receiver_idx_at):
                rec_this_step = jnp.array(jnp.split(super_probes(wavefields[ridx]), self.nshots))
                rec = rec.at[:, it, :, channel].set(rec_this_step)
            
            return (wavefields, modelparas, others, rec), None

        # wavefields, model_vars, **kwargs
        wavefields = tuple([getattr(self, name) for name in self.wavefield_names])
        model_vars = self.parameters() if parameters is None else parameters
        other_params = dict(is_last_frame=None, source=None)

        initial = (wavefields, model_vars, other_params, rec)
        (final), _ = lax.scan(step_fn, initial, jnp.arange(nt))
        rec = final[-1]

        return rec

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)
