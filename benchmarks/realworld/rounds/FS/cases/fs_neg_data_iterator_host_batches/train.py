# Source: https://github.com/sullivancolin/lorax/blob/e6dcb24c579d8a06ba16d68e9b40e4473272ba85/src/lorax/train.py
# Title: lorax: src/lorax/train.py (Experiment.train and do_eval: host-side training and evaluation loops)
# Cut: kept imports, accuracy and the two methods train/do_eval (lifted out of the Experiment class, self kept as first argument); dropped config parsing, logging helpers and checkpoint upload
import json
from collections import Counter
from typing import Any, Dict, Iterator, Optional, Tuple, Union

import jax.numpy as np
import wandb
from jax import jit, random
from jax.tree_util import tree_flatten
from pydantic import BaseModel

from lorax.config import (
    BiLSTMClassifierConfig,
    LSTMClassifierConfig,
    LSTMSequenceTaggerConfig,
    MLPConfig,
)
from lorax.data import DataIterator
from lorax.loss import (
    LOSS_FUNCTIONS,
    REGULARIZATIONS,
    Loss,
    LossEnum,
    RegularizationEnum,
)
from lorax.nn import Module
from lorax.nn import functional as F
from lorax.optim import OPTIMIZERS, Optimizer, OptimizerEnum
from lorax.tensor import Tensor


@jit
def accuracy(actual: Tensor, predicted: Tensor) -> float:
    return np.mean(np.argmax(actual, axis=1) == np.argmax(predicted, axis=1))


def train(
    self, train_iterator: DataIterator, test_iterator: DataIterator
) -> Iterator[UpdateState]:

    model = self.create_model()

    loss = self.create_loss_func()

    optimizer = self.create_optimizer(model, loss)

    step = 1
    train_loss_accumulator = 0.0
    prev_accuracy = 0.0
    while step < self.global_step:
        for batch in train_iterator:
            model = model.to_train()
            batch_loss, model = optimizer.step(batch.inputs, batch.targets)
            grads = optimizer.grads

            train_loss_accumulator += batch_loss
            if step % 10 == 0 and grads is not None:
                log_grads(grads, step)
                if self.log_params:
                    log_params(model, step)

            if step % self.log_every == 0:
                wandb_log(
                    {"train_loss": float(train_loss_accumulator / self.log_every)},
                    step=step,
                )
                train_loss_accumulator = 0.0

                if self.eval:
                    self.do_eval(model, loss, test_iterator, step, prev_accuracy)
            yield UpdateState(step=step, loss=batch_loss, model=model)
            step += 1

def do_eval(
    self,
    model: Module,
    loss: Loss,
    test_iterator: DataIterator,
    step: int,
    prev_accuracy: float,
) -> None:
    model = model.to_eval()
    test_loss_accumulator = 0.0
    test_pred_accumulator = []
    test_label_accumulator = []
    for test_batch in test_iterator:
        test_loss = loss(model, test_batch.inputs, test_batch.targets)
        test_label_accumulator.append(test_batch.targets)
        test_loss_accumulator += test_loss
        test_pred_accumulator.append(F.softmax(model(test_batch.inputs)))

    test_probs = np.vstack(test_pred_accumulator)
    test_labels = np.vstack(test_label_accumulator)
    test_accuracy = accuracy(test_labels, test_probs)
    if test_accuracy > prev_accuracy:
        prev_accuracy = test_accuracy
        model.save(f"{self.experiment_name}_{step}_model.pkl", overwrite=True)

        wandb_save(f"{self.experiment_name}_{step}_model.pkl")
    wandb_log(
        {"test_loss": float(test_loss_accumulator) / test_iterator.num_batches},
        step=step,
    )
