# Source: https://github.com/remifan/commplax/blob/8d51d6fdd42b8c2d40ff9e5ad22e30b3540ab54d/commplax/framing/dsp_frame.py
# Title: commplax framing/dsp_frame.py, sub-frame round trip (module self-test style)
# Cut: reconstructed driver: frames random 16QAM data eagerly (no jit, no grad),
#      the way the 400ZR TX/RX loopback test in the repository calls the framer.
import numpy as np
import jax.numpy as jnp

from dsp_frame import DSP_subframe

frame, deframe = DSP_subframe('400ZR')
rng = np.random.default_rng(0)
n_data = 3712 - (11 + 22 + 76) - (3712 // 32 - 1)
data = jnp.asarray(rng.choice([-3, -1, 1, 3], size=(n_data, 2))
                   + 1j * rng.choice([-3, -1, 1, 3], size=(n_data, 2)), dtype=jnp.complex64)
subframe = frame(data, subframe_index=0)
recovered = deframe(subframe, subframe_index=0)
