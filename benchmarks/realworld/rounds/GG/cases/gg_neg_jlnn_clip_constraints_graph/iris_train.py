# Source: https://github.com/RadimKozl/JLNN/blob/0a3fb035f1b1abc44ad9bcfda5998348e8a95c76/examples/JLNN_real_world_data_iris.ipynb
# Title: examples/JLNN_real_world_data_iris.ipynb (a compiled logic formula trained on Iris)
# Cut: code cells 5-24 converted to a module (imports without plotting/xarray, data, grounding,
#      formula, jitted train step and the training loop); printing cells dropped.
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
import optax
from sklearn.datasets import load_iris

from jlnn.symbolic.compiler import LNNFormula
from jlnn.nn.constraints import apply_constraints
from jlnn.training.losses import total_lnn_loss

iris = load_iris()
X, y = iris.data, iris.target
# Normalization for logical operations
X_norm = (X - X.min(axis=0)) / (X.max(axis=0) - X.min(axis=0) + 1e-6)
def fuzzy_ramp(x, center, steepness=10):
    l = 1 / (1 + jnp.exp(-steepness * (x - (center + 0.1))))
    u = 1 / (1 + jnp.exp(-steepness * (x - (center - 0.1))))
    return jnp.stack([l, u], axis=-1)
high_length = fuzzy_ramp(X_norm[:, 2], center=0.6)
high_width  = fuzzy_ramp(X_norm[:, 3], center=0.5)
unknown_setosa = jnp.ones((len(y), 2), dtype=jnp.float32)
unknown_setosa = unknown_setosa.at[:, 0].set(0.0) # L=0
unknown_setosa = unknown_setosa.at[:, 1].set(1.0) # U=1
target_interval = jnp.where(
    (y == 0)[:, None],
    jnp.array([[0.9, 1.0]]),
    jnp.array([[0.0, 0.1]])
)
inputs = {
    "high_length": high_length,
    "high_width": high_width
}
formula = "0.9::(~high_length & ~high_width)"
model = LNNFormula(formula, nnx.Rngs(42))
optimizer = nnx.Optimizer(model, optax.adam(0.02), wrt=nnx.Param)
target = (y == 0).astype(jnp.float32)[:, None]
@nnx.jit
def train_step(model, optimizer, inputs, target):
    def loss_fn(m):
        pred = m(inputs)
        # If pred returns (150, 2, 2), we reduce the gate dimension to (150, 2)
        if pred.ndim == 3:
            pred = jnp.min(pred, axis=1)
        return total_lnn_loss(pred, target)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    apply_constraints(model)
    return loss
# Starting a workout
for step in range(101):
    loss = train_step(model, optimizer, inputs, target_interval)
    if step % 25 == 0:
        print(f"Step {step:3d} | Loss: {loss:.6f}")
