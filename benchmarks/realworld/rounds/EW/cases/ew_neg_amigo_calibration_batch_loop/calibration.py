# Source: https://github.com/LouisDesdoigts/amigo/blob/cfd111ae0943ae8f75ef628ccb6026d49514c9ea/src/amigo/calibration.py
# Title: src/amigo/calibration.py
# Cut: kept the imports and BatchedTrainer.train; dropped the likelihood/prior helpers, the looper printing, Result and ValBatchedTrainer.
import jax.numpy as np
import jax.random as jr
from jax import vmap
import zodiax as zdx
import jax.tree as jtu
import numpy as onp
import time
from datetime import timedelta
from .core_models import ModelParams, ParamHistory
from .misc import tqdm
from .fitting import (
    get_optimiser,
    get_val_grad_fn,
    get_norm_loss_fn,
    get_update_fn,
    get_random_batch_order,
    populate_lr_model,
    Trainer,
)


class BatchedTrainer(Trainer):

    def train(
        self,
        model,
        optimisers,
        epochs,
        batches: dict,
        batched_params: list = None,
        key=jr.PRNGKey(0),
        args={},
    ):
        # If no batch params, just call the parent class version
        if batched_params is None:
            return super().train(model, optimisers, epochs, batches)

        # Get the batches and raw exposures
        batches, exposures = self.unwrap_batches(batches)

        # Get the model parameters
        model_params = ModelParams({p: model.get(p) for p in optimisers.keys()})
        batch_params, reg_params = model_params.partition(batched_params)
        lrs = populate_lr_model(self.fishers, exposures, model_params)

        # Get the optax optimiser bits
        reg_optim, reg_state = get_optimiser(reg_params, optimisers)
        batch_optim, batch_state = get_optimiser(batch_params, optimisers)

        # Make the history objects
        reg_history = ParamHistory(reg_params)
        batch_history = ParamHistory(batch_params)

        # Get the loss and update functions
        val_grad_fn = get_val_grad_fn(self.loss_fn)
        loss_fn = get_norm_loss_fn(val_grad_fn, self.grad_fn)
        reg_update_fn = get_update_fn(reg_optim, self.norm_fn)
        batch_update_fn = get_update_fn(batch_optim, self.norm_fn)

        # Randomise batch inputs
        batch_keys = list(batches.keys())
        batch_inds, key = get_random_batch_order(batches, epochs, key)

        # Make the loss dictionary
        loss_dict = dict([(key, []) for key in batches.keys()])

        # Epoch loop
        t0 = time.time()
        looper = tqdm(range(0, epochs))
        for epoch in looper:
            if epoch == 1:
                t1 = time.time()

            model, args, key = self.args_fn(model, args, key, epoch)

            # Create an empty gradient model to append gradients to
            reg_grads = reg_params.map(lambda x: x * 0.0)

            # Loop over randomised batch order
            for i in batch_inds[epoch]:

                # Get the batch key and batch
                batch_key = batch_keys[i]
                batch = batches[batch_key]

                # Calculate the loss and gradients
                loss, grads, key = loss_fn(model_params, lrs, model, batch, args, key)

                # Append the mean batch loss to the loss dictionary
                loss_dict[batch_key].append(loss / len(batch))

                # Split the gradients into regular and batched, accumulate gradients
                batch_grads, new_grads = grads.partition(batch_params)
                reg_grads += new_grads

                # Update the batched parameters
                batch_params, batch_state, key = batch_update_fn(
                    batch_grads, batch_params, batch_state, args, key
                )

                # Append to history and update the model parameters
                batch_history = batch_history.append(batch_params)
                model_params = reg_params.combine(batch_params)

                # Check for NaNs and exit if so
                if np.isnan(loss):
                    print(f"Loss is NaN on epoch {epoch}, exiting fit")
                    history = reg_history.combine(batch_history)
                    return self.finalise(
                        t0, model, loss_dict, model_params, history, lrs, epochs, False
                    )

            # Update the regular parameters and append to history
            reg_params, reg_state, key = reg_update_fn(reg_grads, reg_params, reg_state, args, key)
            reg_history = reg_history.append(reg_params)

            # Paste together the batch and regular params
            model_params = reg_params.combine(batch_params)

            # Update the looper
            loop_fn = self.default_looper if self.looper_fn is None else self.looper_fn
            loop_fn(looper, loss_dict)

            # Print estimated run time
            if epoch == 0:
                # Get the final loss
                initial_loss = np.array([losses[-1] for losses in loss_dict.values()]).mean()
                print(f"\nInitial_loss Loss: {initial_loss:,.2f}")

            if epoch == 1:
                estimated_time = epochs * (time.time() - t1)
                formatted_time = str(timedelta(seconds=int(estimated_time)))
                print(f"Estimated run time: {formatted_time}")

        # Print the runtime stats and return Result object
        history = reg_history.combine(batch_history)
        return self.finalise(t0, model, loss_dict, model_params, history, lrs, epochs, True)

