# Source: https://github.com/harshidddh/diff-quantum-jax/blob/5347fb834d3da9b1f2725f9dccb1a7ce33212c2f/src/train_tdse_1d.py
# Title: diff-quantum-jax src/train_tdse_1d.py (training driver for the TDSE PINN)
# Cut: plotting after training removed; the main() setup and training loop kept.
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import matplotlib

matplotlib.use('Agg')
import matplotlib.pyplot as plt

from model_tdse_1d import ComplexQuantumWavepacket
from physics_tdse_1d import physics_loss


# The Potential Barrier we want the wave to crash into
def gaussian_barrier(x):
    return 2.5 * jnp.exp(-2.0 * x ** 2)


def main():
    print("Initializing Spacetime Meshgrid...")
    # Space: -6 to 6. Time: 0 to 1.0 seconds
    x_coords = jnp.linspace(-6.0, 6.0, 200)
    t_coords = jnp.linspace(0.0, 2.5, 80)

    # Create the Spacetime Collocation Points (flattened grid)
    T, X = jnp.meshgrid(t_coords, x_coords)
    t_collocation = T.flatten()
    x_collocation = X.flatten()

    # Points specifically for the initial condition at t=0
    x_initial = jnp.linspace(-6.0, 6.0, 400)

    # Initialize Model and Optimizer
    key = jax.random.PRNGKey(42)
    model = ComplexQuantumWavepacket(key)

    optimizer = optax.adam(learning_rate=3e-3)
    opt_state = optimizer.init(eqx.filter(model, eqx.is_array))

    @eqx.filter_jit
    def step(m, o_s, t_col, x_col, x_init):
        loss, grads = eqx.filter_value_and_grad(physics_loss)(m, t_col, x_col, x_init, gaussian_barrier)
        updates, o_s = optimizer.update(grads, o_s, m)
        m = eqx.apply_updates(m, updates)
        return m, o_s, loss

    epochs = 6000
    print("\n--- Training Quantum Dynamics (TDSE) ---")
    for epoch in range(epochs):
        model, opt_state, loss = step(model, opt_state, t_collocation, x_collocation, x_initial)
        if epoch % 400 == 0:
            print(f"Epoch {epoch:04d} | PDE + IC Loss: {loss:.5f}")

    print(f"Final Loss: {loss:.5f}")

    # --- Plotting the Dynamics (Time Snapshots) ---
