# Source: https://github.com/yuneg11/Neural-Process-Family/blob/b6de6a1e3359c32b34dd5c46963d50543b5fb0dd/npf/jax/data/base.py
# Title: npf/jax/data/base.py (Neural-Process-Family in JAX/Flax)
# Cut: kept the DataLoader iteration (map-dataset branch) and default_collate; the class is
#      reduced to the attributes those use.
import jax
from jax import numpy as jnp
from jax import random


class DataLoader:
    def __init__(self, dataset, batch_size=None, shuffle=False, drop_last=False,
                 collate_fn=None, key=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last
        self.collate_fn = default_collate if collate_fn is None else collate_fn
        self._key = key
        self._iter = None

    def __iter__(self):
        if self._key is not None:
            _, self._key = random.split(self._key)

        data_len = len(self.dataset)
        idxs = jnp.arange(data_len, dtype=int)

        if self.shuffle:
            idxs = random.permutation(self._key, idxs)

        if self.batch_size is None:
            self._iter = (self.dataset[i] for i in idxs)
        else:
            iter_len = data_len // self.batch_size
            if data_len % self.batch_size == 0:
                batch_range = range(0, data_len, self.batch_size)
            elif self.drop_last:
                batch_range = range(0, iter_len * self.batch_size, self.batch_size)
            else:
                batch_range = range(0, (iter_len + 1) * self.batch_size, self.batch_size)

            self._iter = (
                self.collate_fn(self.dataset[idxs[batch_start:batch_start + self.batch_size]])
                for batch_start in batch_range
            )
        return self

    def __next__(self):
        if self._iter is None:
            raise RuntimeError("__iter__ is not called yet")

        try:
            batch = next(self._iter)
        except StopIteration:
            self._iter = None
            raise StopIteration

        return batch



# TODO: Improve implementation
def default_collate(batch):
    num_elements = len(batch[0])
    collated_batch = [
        jax.lax.stop_gradient(jnp.stack([batch[j][i] for j in range(len(batch))], axis=0))
        for i in range(num_elements)
    ]
    return collated_batch

