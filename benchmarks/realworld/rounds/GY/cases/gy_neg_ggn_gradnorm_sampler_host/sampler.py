# Source: https://github.com/f-lair/hessian-data-lowrank/blob/cedfb8f0341df8be42179a0f366b58b14c734c69/src/sampler.py
# Title: src/sampler.py (hessian-data-lowrank: loss- and gradient-norm-based data samplers for GGN estimation)
# Cut: kept the WeightedSampler constructor (batch index lists) and GradnormSampler; the sampling logic (__iter__, class assignments) and LossSampler are cut
import math
import time
from functools import partial
from typing import Callable, Dict, Iterator, Tuple

import jax
import numpy as np
import torch
from flax.training.train_state import TrainState
from torch import Generator
from torch.utils import data
from tqdm import tqdm

from data_loader import DataLoader

class WeightedSampler(data.Sampler[int]):
    """PyTorch data sampler with weight-based sampling."""

    def __init__(
        self,
        data_source: data.Dataset,
        rng: Generator,
        batch_size: int,
        replacement_stride: int,
        inverse: bool,
        inter: bool,
        intra: bool,
        no_progress_bar: bool,
    ) -> None:

        self.data_source = data_source
        self.rng = rng
        self.batch_size = batch_size
        self.replacement_stride = replacement_stride
        self.inverse = inverse
        self.inter = inter
        self.intra = intra

        assert not (self.inter and self.intra), "Invalid WeightedSampler configuration!"

        self.no_progress_bar = no_progress_bar

        self.data_len = len(self.data_source)  # type: ignore
        self.batch_indices = [
            list(range(idx * self.batch_size, min((idx + 1) * self.batch_size, self.data_len)))
            for idx in range(math.ceil(self.data_len / self.batch_size))
        ]

class GradnormSampler(WeightedSampler):
    """PyTorch data sampler with gradient-norm-based sampling."""

    def __init__(
        self,
        data_source: data.Dataset,
        rng: Generator,
        step_fn: Callable,
        batch_size: int,
        replacement_stride: int,
        inverse: bool,
        inter: bool,
        intra: bool,
        no_progress_bar: bool,
    ) -> None:
        """
        Initializes data sampler.

        Args:
            data_source (data.Dataset): Dataset.
            rng (Generator): Random number generator.
            step_fn (Callable): Jax function that takes a training state and batch and computes the gradient.
            batch_size (int): Batch size for gradient computations.
            replacement_stride (int): Number of consecutive sampled datapoints that can be identical.
            inverse (bool): If set, samples data items with lowest gradient-norm with highest probability.
            inter (bool): If set, samples class loss-based and intra-class uniformly.
            intra (bool): If set, samples class uniformly and intra-class weight-based.
            no_progress_bar (bool): Disables progress bar.
        """

        super().__init__(
            data_source,
            rng,
            batch_size,
            replacement_stride,
            inverse,
            inter,
            intra,
            no_progress_bar,
        )
        self.step_fn = jax.jit(partial(step_fn, n_classes=len(data_source.classes), return_grad=True))  # type: ignore

    def _get_updated_weights(self, state: TrainState) -> torch.Tensor:
        """
        Updates weights by forward and backward pass over the whole dataset.

        Args:
            state (TrainState): Current training state.

        Returns:
            torch.Tensor: Updated sampling weights.
        """

        weights = torch.zeros((self.data_len,))

        for indices in tqdm(
            self.batch_indices, desc="Sampler Update", disable=self.no_progress_bar
        ):
            batch = DataLoader.collate_fn([self.data_source[idx] for idx in indices])
            _, d_loss, _, _ = self.step_fn(state, batch)
            weights[indices] = torch.from_numpy(np.linalg.norm(np.array(d_loss), ord=2, axis=1))

        return weights
