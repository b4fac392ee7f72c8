# Source: https://github.com/RadimKozl/JLNN/blob/0a3fb035f1b1abc44ad9bcfda5998348e8a95c76/examples/JLNN_temporal_logic.ipynb
# Title: examples/JLNN_temporal_logic.ipynb (temporal operators G/F/X over a temperature series)
# Cut: code cells 6-22 converted to a module; plotting import and print cells dropped.
from jlnn.symbolic.compiler import LNNFormula
import jax.numpy as jnp
from flax import nnx

time_steps = 30
t = jnp.arange(time_steps)
temperatures = 22 + 14 * jnp.exp(-(t - 17)**2 / 15) + jnp.sin(t*0.5) * 1.5
def ground_high_temp(temp):
    # If temp < 25 -> False, If temp > 35 -> True
    L = jnp.clip((temp - 30) / 5, 0.0, 1.0)
    U = jnp.clip((temp - 25) / 5, 0.0, 1.0)
    return jnp.array([[L, U]])
high_temp_inputs = jnp.stack([ground_high_temp(temp) for temp in temperatures])
model_G = LNNFormula("G(high_temp)", nnx.Rngs(42)) # Always
model_F = LNNFormula("F(high_temp)", nnx.Rngs(42)) # Eventually
model_X = LNNFormula("X(high_temp)", nnx.Rngs(42)) # Next
window_size = 5
def run_temporal_analysis(model, inputs, window):
    results = []

    # 1. OBTAINING A REAL LOGICAL NODE
    # If model.root is of type lark.Tree, the node is in children[0]
    # If it's already Node, we'll use it directly
    if hasattr(model.root, 'children'):
        root_node = model.root.children[0]
    else:
        root_node = model.root

    for i in range(len(inputs) - window + 1):
        data_window = inputs[i : i + window]
        current_inputs = {"high_temp": data_window}

        # 2. CALL FORWARD
        # Now we call the method on AlwaysNode / EventuallyNode
        output = root_node.forward(current_inputs)

        # 3. RESULT EXTRACTION
        # output is a JAX array, we take the last time step
        res = output.reshape(-1, 2)
        L, U = float(res[-1, 0]), float(res[-1, 1])

        results.append((L, U))

    return jnp.array(results)
G_res = run_temporal_analysis(model_G, high_temp_inputs, window_size)
F_res = run_temporal_analysis(model_F, high_temp_inputs, window_size)
X_res = run_temporal_analysis(model_X, high_temp_inputs, window_size)
