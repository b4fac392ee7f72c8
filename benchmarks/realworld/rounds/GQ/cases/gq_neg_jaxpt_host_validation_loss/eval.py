# Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/src/jaxpt/evals/eval.py
# Title: jaxpt src/jaxpt/evals/eval.py (validation loss over a few batches)
# Cut: whole file
from typing import Callable

import numpy as np
import flax.nnx as nnx

from jaxpt.dataloaders import DataLoader


def calc_validation_loss(
    model: nnx.Module, loss_fn: Callable, dataloader: DataLoader, eval_steps=10
):
    valid_loss = 0.0
    for _ in range(eval_steps):
        batch, targets = dataloader()
        batch = np.squeeze(batch)
        targets = np.squeeze(targets)
        loss = loss_fn(model, batch, targets)
        valid_loss += loss
    valid_loss /= eval_steps
    return valid_loss
