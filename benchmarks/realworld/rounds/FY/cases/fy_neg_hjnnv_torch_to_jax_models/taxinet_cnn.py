# Source: https://github.com/nrober1122/hjnnv/blob/709a22361ee6deaf19530bccc15a9389f773aaa7/src/utils/torch2jaxmodel.py
# Title: src/utils/torch2jaxmodel.py (class JaxTaxiNetCNN)
# Cut: kept the class as written (weights from the PyTorch TaxiNet CNN, per-layer conv and dense
#      loops); the layer-by-layer debugging helper that follows it is dropped.
import jax
import jax.numpy as jnp
from jax import lax
import numpy as np

class JaxTaxiNetCNN:
    def __init__(self, pt_model, use_valid_padding=True):
        # Extract conv weights and biases
        self.conv_ws = []
        self.conv_bs = []
        conv_layers = [pt_model.conv1, pt_model.conv2]
        for conv in conv_layers:
            w_pt = conv.weight.detach().cpu().numpy()
            w_jax = np.transpose(w_pt, (2, 3, 1, 0))  # HWIO
            self.conv_ws.append(jax.device_put(w_jax))
            self.conv_bs.append(jax.device_put(conv.bias.detach().cpu().numpy()))

        # Extract FC weights and biases
        fc_layers = [pt_model.fc1, pt_model.fc2, pt_model.fc3]
        self.fc_ws = []
        self.fc_bs = []
        for fc in fc_layers:
            w = fc.weight.detach().cpu().numpy().T  # (in, out)
            b = fc.bias.detach().cpu().numpy()
            self.fc_ws.append(jax.device_put(w))
            self.fc_bs.append(jax.device_put(b))

        self.strides = [(4, 4), (4, 4)]
        self.use_valid_padding = use_valid_padding

    def conv_layer(self, x, layer_idx):
        """Run only a single conv layer (NHWC in/out)."""
        w = self.conv_ws[layer_idx]
        b = self.conv_bs[layer_idx]
        pad_arg = "VALID" if self.use_valid_padding else ((0, 0), (0, 0))
        x = lax.conv_general_dilated(
            x, w,
            window_strides=self.strides[layer_idx],
            padding=pad_arg,
            dimension_numbers=("NHWC", "HWIO", "NHWC")
        )
        x = x + b.reshape((1, 1, 1, -1))
        return jnp.maximum(x, 0.0)

    def __call__(self, x):
        added_batch = False
        x = jnp.asarray(x, dtype=jnp.float32)
        if x.ndim == 3:
            x = x[None, ...]
            added_batch = True
        # Convert NCHW → NHWC if needed
        if x.shape[-1] != self.conv_ws[0].shape[2]:
            x = jnp.transpose(x, (0, 2, 3, 1))

        # Conv sequence
        for i in range(len(self.conv_ws)):
            x = self.conv_layer(x, i)

        # Flatten
        x = x.reshape((x.shape[0], -1))

        # FC sequence
        for i, (w, b) in enumerate(zip(self.fc_ws, self.fc_bs)):
            x = jnp.dot(x, w) + b
            if i < len(self.fc_ws) - 1:
                x = jnp.maximum(x, 0.0)

        if added_batch:
            return x[0]
        return x

