# Source: https://github.com/apasarkar/jnormcorre/blob/353864153107c4c37f00f3d45695ee307ef1711a/jnormcorre/utils/registrationarrays.py
# Title: jnormcorre/utils/registrationarrays.py — lazy filtered arrays for motion registration
# Cut: kept FilteredArray (constructor, properties used, _compute_at_indices with its frame batching);
#      dropped TiffArray and the other array classes.
import jnormcorre.motion_correction
from jnormcorre.utils.lazy_array import lazy_data_loader
import tifffile
import numpy as np
import h5py
from typing import *


class FilteredArray(lazy_data_loader):
    def __init__(
        self,
        raw_data_loader: lazy_data_loader,
        filter_function: Callable,
        batching: int = 100,
    ):
        """
        Class for loading and filtering data; this is broadly useful because we often want to spatially filter
        data to expose salient signals. We use this filtered version of the data to estimate shifts
        Args:
                raw_data_loader (lazy_data_loader): An object that supports the lazy_data_loader interface.
                    This can be for e.g. a custom object that reads data from disk, an array in RAM (like a numpy ndarray)
                    or anything else

                filter_function (Callable): A function that applies a spatial filter to every frame of a data array. It takes
                    an input movie of shape (frames, fov dim 1, fov dim 2) and returns a
                    filtered movie of the same shape. The type of the output is cast to numpy array in this function.

                batching (int): Max number of frames we process on GPU at a time, used to avoid OOM errors.
        """

        self._raw_data_loader = raw_data_loader
        self._filter = filter_function
        self._batching = batching

    @property
    def raw_data_loader(self) -> lazy_data_loader:
        return self._raw_data_loader

    @property
    def filter_function(self) -> Callable:
        return self._filter

    @property
    def batching(self):
        return self._batching

    @batching.setter
    def batching(self, new_batch: int):
        self._batching = new_batch

    @property
    def dtype(self) -> str:
        """
        data type
        """
        return self.raw_data_loader.dtype

    @property
    def shape(self) -> Tuple[int, int, int]:
        """
        Array shape (n_frames, dims_x, dims_y)
        """
        return self.raw_data_loader.shape

    @property
    def ndim(self) -> int:
        """
        Number of dimensions
        """
        return len(self.shape)

    def _compute_at_indices(self, indices: Union[list, int, slice]) -> np.ndarray:
        """
        Lazy computation logic goes here to return frames. Slices the array over time (dimension 0) at the desired indices.

        Parameters
        ----------
        indices: Union[list, int, slice]
            the user's desired way of picking frames, either an int, list of ints, or slice
             i.e. slice object or int passed from `__getitem__()`

        Returns
        -------
        np.ndarray
            array at the indexed slice
        """
        frames = self.raw_data_loader[indices]
        if frames.ndim == 2:
            frames = frames[None, :, :]
        if frames.shape[0] <= self.batching:
            return np.array(self.filter_function(frames))
        else:
            batches = list(range(0, frames.shape[0], self.batching))
            output = np.zeros_like(frames)
            for k in range(len(batches)):
                start = batches[k]
                end = min(frames.shape[0], start + self.batching)
                output[start:end] = np.array(self.filter_function(frames[start:end]))

            return output
