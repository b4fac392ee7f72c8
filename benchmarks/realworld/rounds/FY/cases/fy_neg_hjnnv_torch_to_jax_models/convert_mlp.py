# Source: https://github.com/nrober1122/hjnnv/blob/709a22361ee6deaf19530bccc15a9389f773aaa7/src/utils/torch2jaxmodel.py
# Title: src/utils/torch2jaxmodel.py (torch_to_jax_model / convert_mlp)
# Cut: kept convert_mlp (PyTorch MLP weights lifted into a jitted JAX forward); the CNN converters,
#      the model-type dispatch and the commented-out alternatives are dropped.
import jax
import jax.numpy as jnp


def torch_to_jax_model(model):
    def convert_mlp(linear_layers):
        # Extract weights and biases from PyTorch layers as pure JAX arrays
        ws = [jnp.asarray(layer.weight.detach().cpu().numpy().T, dtype=jnp.float32) for layer in linear_layers]
        bs = [jnp.asarray(layer.bias.detach().cpu().numpy(), dtype=jnp.float32) for layer in linear_layers]

        # Stop gradients and device-put to ensure they’re static constants
        ws = [jax.lax.stop_gradient(jax.device_put(w)) for w in ws]
        bs = [jax.lax.stop_gradient(jax.device_put(b)) for b in bs]

        def jax_model(x):
            x = jnp.asarray(x, dtype=jnp.float32)
            added_batch = False
            if x.ndim == 1:
                x = x[None, :]
                added_batch = True
            for i in range(len(ws)):
                x = jnp.dot(x, ws[i]) + bs[i]
                if i < len(ws) - 1:
                    x = jnp.maximum(x, 0.0)
            return x[0] if added_batch else x

        # Compile once to stabilize constants
        jax_model = jax.jit(jax_model)
        _ = jax_model(jnp.zeros((linear_layers[0].in_features,), dtype=jnp.float32))
        return jax_model
    return convert_mlp
