# Source: https://github.com/nik-dim/sequel/blob/ac06a2cef517bce54b29c4a92a3e8322bcefaa75/sequel/algos/jax/mcsgd.py
# Title: sequel/algos/jax/mcsgd.py (Mode-Connectivity SGD)
# Cut: kept imports and the line/point loss and connected-minima methods; dropped __init__ arguments and __repr__

import copy
from functools import partial
from typing import Dict, Literal

import jax
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax.tree_util import tree_map
from tqdm import tqdm

from sequel.benchmarks.memory import MemoryMechanism

from .jax_base_algo import JaxBaseAlgorithm


class MCSGD(JaxBaseAlgorithm):
    """MC-SGD: Mode Connectivity-Stochastic Gradient Descent. Inherits from BaseAlgorithm.

    The equivalent PyTorch implementation is [`MCSGD in Pytorch`][sequel.algos.pytorch.mcsgd.MCSGD].

    References:
        [1] Mirzadeh, S.-I., Farajtabar, M., Görür, D., Pascanu, R. & Ghasemzadeh, H. Linear Mode Connectivity in
            Multitask and Continual Learning. in 9th International Conference on Learning Representations, ICLR 2021.
    """

    state: TrainState


    def calculate_line_loss(self, w_start, w_end, loader):
        line_samples = np.arange(0.0, 1.01, 1.0 / float(self.lmc_line_samples))
        grads = tree_map(lambda x: 0 * x, w_start)
        for t in tqdm(line_samples, desc="Line samples"):
            params = tree_map(lambda a, b: a + (b - a) * t, w_start, w_end)
            g = self.calculate_point_loss(params, loader)
            grads = tree_map(lambda a, b: a + b, grads, g)
        return grads

    @partial(jax.jit, static_argnums=(0,))
    def simple_training_step(self, params, x, y, t, step):
        grad_fn = jax.value_and_grad(self.cross_entropy, has_aux=True, allow_int=True)
        (loss, logits), grads = grad_fn(params, x, y, t, self.is_training, step=step)
        return grads

    def calculate_point_loss(self, params, loader):
        total_count = 0.0
        grads = tree_map(lambda x: 0 * x, params)
        for batch in loader:
            self.unpack_batch(batch)
            g = self.simple_training_step(params, self.x, self.y, self.t, self.step_counter)
            grads = tree_map(lambda a, b: a + b, grads, g)
            total_count += self.bs

        return tree_map(lambda a: a / total_count, grads)

    def find_connected_minima(self, task):
        bs = self.lmc_batch_size
        loader_curr = self.benchmark.train_dataloader_subset(
            task, batch_size=bs, subset_size=self.per_task_memory_samples
        )
        loader_prev = self.benchmark.memory_dataloader(task, batch_size=bs, return_infinite_stream=False)

        params = tree_map(lambda a, b: a + (b - a) * self.lmc_init_position, self.w_bar_prev, self.w_hat_curr)
        tx = optax.sgd(learning_rate=self.lmc_lr, momentum=self.lmc_momentum)
        state = TrainState.create(apply_fn=self.apply_fn, params=params, tx=tx)

        grads_prev = self.calculate_line_loss(self.w_bar_prev, state.params, loader_prev)
        grads_curr = self.calculate_line_loss(self.w_hat_curr, state.params, loader_curr)

        grads = tree_map(lambda a, b: a + b, grads_prev, grads_curr)
        state = state.apply_gradients(grads=grads)
        return state
