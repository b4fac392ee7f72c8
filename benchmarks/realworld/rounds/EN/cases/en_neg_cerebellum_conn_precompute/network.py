# Source: https://github.com/llandsmeer/cerebellum-jax/blob/c662151dd7dd35a2a5387e3683ba8e8d1af3062d/models/network.py
# Title: models/network.py (PCToCN projection of the cerebellar olivary network)
# Cut: kept PCToCN (host-side precompute of the connection-to-source map in __init__, event
#      update with take + segment_sum); dropped the other projections and the network class.
import numpy as np
import brainpy as bp
import brainpy.math as bm


class PCToCN(bp.dyn.SynConn):
    def __init__(self, pre, post, conn: bp.conn.IJConn, **kwargs):
        super().__init__(pre=pre, post=post, conn=conn, name=kwargs.get("name"))

        self.gamma_PC = kwargs["gamma_PC"]
        self.delay = kwargs["delay"]
        # indices, indptr for pre->post mapping
        (self.post_indices, self.post_indptr) = self.conn.require("pre2post")
        # self.post_indices shape: (num_connections,)
        # self.post_indptr shape: (num_pre + 1,)
        self.delay_length = int(self.delay / bp.share["dt"])
        self.spike_delay = bm.LengthDelay(pre.spike, self.delay_length)

        # Precompute mapping from connection index to source presynaptic index
        self.num_connections = len(self.post_indices)
        source_indices_per_conn_np = np.zeros(self.num_connections, dtype=np.uint32)
        post_indptr_np = np.asarray(self.post_indptr)
        for i in range(self.pre.num):
            start, end = post_indptr_np[i], post_indptr_np[i + 1]
            source_indices_per_conn_np[start:end] = i
        self.source_indices_per_conn = bm.asarray(
            source_indices_per_conn_np
        )  # shape: (num_connections,)

    def update(self):
        self.spike_delay.update(self.pre.spike)
        delayed_spikes = self.spike_delay.retrieve(
            self.delay_length
        )  # shape: (num_pre,) Boolean

        # Check which connections originated from a spiking neuron
        source_spiked_mask = bm.take(
            delayed_spikes, self.source_indices_per_conn
        )  # shape: (num_connections,) Boolean
        # Calculate increments (gamma_PC or 0) for each connection
        connection_increments = bm.where(
            source_spiked_mask, self.gamma_PC, 0.0
        )  # shape: (num_connections,)

        # Sum increments for each target postsynaptic neuron
        total_increments = bm.segment_sum(
            connection_increments,
            self.post_indices,  # Target indices as Segment IDs
            num_segments=self.post.num,  # Output shape: (num_post,) or (num_cn,)
        )

        self.post.I_PC.value += total_increments
