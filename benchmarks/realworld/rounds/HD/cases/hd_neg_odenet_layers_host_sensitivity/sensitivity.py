# Source: https://github.com/dtonderski/neural-odes/blob/7450c46e96f873bb1c12ae895e478d26746de555/notebooks/visualize_activation_ode.ipynb
# Title: visualize_activation_ode.ipynb (sensitivity of ODE-net activations over time)
# Cut: cells 0-4 converted to a module; the plotting helper and the cwd juggling are dropped.
from pathlib import Path

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jrandom

from neuralodes.data.dataloader import get_dataloaders
from neuralodes.model.oderesnet.odenet import ODENet

loaded_solver_name = 'Tsit5'
key = jrandom.PRNGKey(0)
model_solver_name = "tsit5"

odenet = eqx.tree_deserialise_leaves(Path("models", "oderesnet", f"odenet_fashionmnist_{loaded_solver_name}_64.eqx"), ODENet(key, model_solver_name))

_, test_dataloader = get_dataloaders("fashionmnist", 256)

downsampler = odenet.layers[0]
ode_func = odenet.layers[1].odefunc

x_tensor,y_tensor = next(iter(test_dataloader))
x_arr = x_tensor.numpy()
y_arr = y_tensor.numpy()

height, width = 7, 7
x_raw = x_arr[0]
x = downsampler(x_raw)

# Define values of t for which you want to visualize activations
t_values_to_show = 6
t_values = [x/t_values_to_show for x in list(range(6))]
dt = t_values[1] - t_values[0]

# Generate a small perturbation to the input data (x)
epsilon = 1e-2
perturbation = epsilon #* jrandom.normal(key, x.shape)

# Update the channels_to_show variable
channels_to_show = list(range(0, 2))

# Compute the output for the original and perturbed inputs for the selected channels
outputs = []
outputs_perturbed = []

for t in t_values:
    output = ode_func(t, x, None)
    x_perturbed = x + perturbation
    output_perturbed = ode_func(t, x_perturbed, None)
    outputs.append(jnp.stack([output[channel] for channel in channels_to_show]))
    outputs_perturbed.append(jnp.stack([output_perturbed[channel] for channel in channels_to_show]))
    x = x + output*dt

outputs = jnp.stack(outputs)
outputs_perturbed = jnp.stack(outputs_perturbed)

# Calculate the difference between the outputs for the selected channels
sensitivity = jnp.abs(outputs_perturbed - outputs)
