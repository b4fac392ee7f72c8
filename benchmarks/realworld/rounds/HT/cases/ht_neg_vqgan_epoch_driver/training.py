# Source: https://github.com/WolodjaZ/jax-vqgan/blob/a704515b3c2d8c34091b46d4b145508655b1bcd7/modules/training.py
# Title: modules/training.py (VQGAN trainer: epoch loop around a jitted train step)
# Cut: kept the base trainer's train_epoch, the autoencoder train step and the jit/pmap wiring;
#      the loss (calculate_loss_autoencoder), discriminator step, logging and checkpointing are
#      dropped and the loss is imported by name; eval_step wiring dropped. Class skeleton and the
#      TrainStateDisc stand-in reconstructed around the methods.
from collections import defaultdict
from functools import partial
from typing import Any, Dict, Tuple, Union

import jax
import jax.numpy as jnp
from flax.training import train_state
from tqdm.auto import tqdm

from modules import utils
from modules.losses import calculate_loss_autoencoder

TrainStateDisc = train_state.TrainState  # stand-in for the repo's TrainStateDisc dataclass


class TrainerModule:
    def train_epoch(self, data_loader: utils.DataLoader, epoch: int) -> Dict[str, float]:
        metrics: Dict[str, float] = defaultdict(float)
        for batch in tqdm(data_loader(), desc="Training", leave=False):
            # ensure that model have actual parameters
            self.model.params = self.state.params
            batch_metrics: Dict[str, float]
            self.state, self.main_rng, batch_metrics = self.train_step(  # type: ignore
                state=self.state,
                batch=batch,
                rng=self.main_rng,
                distributed=self.module_config.distributed,
            )
            for key in batch_metrics:
                metrics[key] += batch_metrics[key]

        count = len(data_loader)
        metrics = {key: metrics[key] / count for key in metrics}
        return metrics

    def create_functions(self):
        def train_step_autoencoder(
            state: train_state.TrainState,
            disc_state: TrainStateDisc,
            batch: jnp.ndarray,
            rng: Union[Any, jnp.ndarray],
            disc_use: bool,
            distributed: bool = False,
        ) -> Tuple[
            train_state.TrainState, TrainStateDisc, Union[Any, jnp.ndarray], Dict[str, float]
        ]:
            loss_fn = partial(
                calculate_loss_autoencoder,
                batch=batch,
                train=True,
                rng=rng,
                disc_use=disc_use,
                disc_variables=disc_state,
            )
            (_, (metrics, new_rng, new_model_state)), grads = jax.value_and_grad(
                loss_fn, has_aux=True
            )(state.params)
            # if distributed training, average grads
            if distributed:
                grads = jax.lax.pmean(grads, axis_name="batch")
            # Update parameters
            state = state.apply_gradients(grads=grads)
            return state, disc_state, new_rng, metrics


        train_step = train_step_autoencoder
        # pmap or jit for efficiency
        if self.module_config.distributed:
            self.train_step = jax.pmap(  # type: ignore
                train_step, axis_name="batch", static_broadcasted_argnums=(4, 5, 6)
            )
        else:
            self.train_step = jax.jit(train_step, static_argnums=(4, 5, 6))  # type: ignore

