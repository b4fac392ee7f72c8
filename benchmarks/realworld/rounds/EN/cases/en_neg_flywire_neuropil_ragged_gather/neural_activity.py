# Source: https://github.com/chaobrain/fitting_drosophila_whole_brain_spiking_model/blob/f1389ba8b0e7c9f4059d2538b6b799c3e88342ee/drosophila_whole_brain_fitting.py
# Title: drosophila_whole_brain_fitting.py (NeuralActivity: per-neuropil connectivity and neuron-to-neuropil rates)
# Cut: kept the connectivity loading loop in __init__ and neuron_to_neuropil_fr; dropped
#      the embedding, binning and data-iteration methods.
import brainstate
import brainunit as u
import numpy as np
import pandas as pd

from utils import count_pre_post_connections


class NeuralActivity(brainstate.nn.Module):
    def __init__(self, spike_rates_path, conn_path):
        super().__init__()
        data = np.load(spike_rates_path)
        self.neuropils = data['areas'][1:]
        self.spike_rates = u.math.asarray(data['rates'][1:]).T  # [time, neuropil]

        # connectivity data, which show a given neuropil contains which connections
        connectivity = pd.read_csv(conn_path)
        neuropil_to_connectivity = brainstate.util.NestedDict()
        for i, neuropil in enumerate(self.neuropils):
            # find out all connections (spike source) to a given neuropil
            position = connectivity['neuropil'] == neuropil
            pre_indices = connectivity['pre_index'][position].values
            post_indices = connectivity['post_index'][position].values
            syn_count = connectivity['syn_count'][position].values
            # pre/post-synaptic indices and counts
            (
                pre_indices,
                pre_counts,
                post_indices,
                post_counts,
            ) = count_pre_post_connections(pre_indices, post_indices, syn_count)
            pre_weights = pre_counts / pre_counts.sum()
            post_weights = post_counts / post_counts.sum()
            neuropil_to_connectivity[neuropil] = brainstate.util.NestedDict(
                pre_indices=pre_indices,
                post_indices=post_indices,
                pre_weights=pre_weights,
                post_weights=post_weights,
            )
        self.neuropil_to_connectivity = neuropil_to_connectivity

    def neuron_to_neuropil_fr(self, neuron_fr: u.Quantity[u.Hz]):
        """
        Convert firing rates from neuron-level to neuropil-level.

        This method maps firing rates from individual neurons to the neuropil level by
        aggregating the neuron firing rates using weighted sums based on their
        pre-synaptic connections to each neuropil.
        """
        neuropil_fr = []
        for i, neuropil in enumerate(self.neuropils):
            # find out all connections (spike source) to a given neuropil
            pre_indices = self.neuropil_to_connectivity[neuropil]['pre_indices']
            pre_weights = self.neuropil_to_connectivity[neuropil]['pre_weights']
            neuropil_fr.append(u.math.sum(neuron_fr[pre_indices] * pre_weights))
        return u.math.asarray(neuropil_fr)
