# Source: https://github.com/pinellolab/pyrovelocity/blob/f9cd75254a085e02590122bafcf2912fbb6c4e87/src/pyrovelocity/models/jax/train/loop.py
# Title: src/pyrovelocity/models/jax/train/loop.py (training loop for the JAX/NumPyro PyroVelocity)
# Cut: try/except error handling and prints condensed; the full-batch branch, shape validation and
#      early stopping removed; the mini-batch and epoch loops kept.
from typing import Dict, Optional

import jax
import jax.numpy as jnp
from numpyro.infer import SVI

from svi import svi_step


def train_epoch(
    svi: SVI,
    state,
    data: Dict[str, jnp.ndarray],
    batch_size: Optional[int] = None,
    batchable_keys=("u_obs", "s_obs"),
):
    n_data = data["u_obs"].shape[0]

    # Calculate number of batches
    n_batches = n_data // batch_size + (1 if n_data % batch_size > 0 else 0)

    # Initialize updated state
    updated_state = state

    # Generate a new key for shuffling
    key, subkey = jax.random.split(state.key)

    # Generate random indices for shuffling
    indices = jax.random.permutation(subkey, n_data)

    # Track batch losses for debugging
    batch_losses = []

    # Loop over batches
    for i in range(n_batches):
        # Get batch indices
        batch_indices = indices[
            i * batch_size : min((i + 1) * batch_size, n_data)
        ]

        # Create batch data
        batch_data = {}
        for k, v in data.items():
            if k in batchable_keys:
                # Only batch arrays with the right dimension
                batch_data[k] = v[batch_indices]
            else:
                # For scalar values or arrays with different shapes, keep as is
                batch_data[k] = v

        # Perform SVI step on batch
        batch_state = svi_step(svi, updated_state, **batch_data)

        # Compute batch loss for debugging
        batch_loss = svi.evaluate(batch_state.params, **batch_data)
        batch_losses.append(float(batch_loss))

        # Update state
        updated_state = batch_state

    # We evaluate on the full dataset to get a consistent loss value
    loss = svi.evaluate(updated_state.params, **data)
    updated_state = updated_state.replace(
        loss_history=state.loss_history + [float(loss)]
    )

    # Update the random key
    updated_state = updated_state.replace(key=key)

    return updated_state


def train_model(svi, initial_state, train_data, num_epochs, batch_size=None):
    state = initial_state
    for epoch in range(num_epochs):
        state = train_epoch(svi, state, train_data, batch_size)
    return state
