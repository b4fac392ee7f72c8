# Source: https://github.com/jeertmans/DiffeRT/blob/d22adc7c5c273680cf008a9dfd4a3db1a34354fa/differt/src/differt/geometry/_solvers.py
# Title: differt/src/differt/geometry/_solvers.py (DiffeRT: differentiable ray tracing for radio propagation)
# Cut: docstrings, typing overloads and the ray-launching solvers cut; trace_path_candidates of the
#      exhaustive tracer moved onto the base class; _trace_path_candidates imported from _utils.
import abc
from collections.abc import Iterator

import equinox as eqx
import jax
import jax.numpy as jnp

from ._utils import SizedIterator, _trace_path_candidates


class AbstractPathTracer(eqx.Module):
    epsilon: float = 1e-6
    hit_tol: float = 1e-3
    min_len: float = 1e-3
    smoothing_factor: float | None = None
    confidence_threshold: float = 0.5
    batch_size: int | None = 512

    @abc.abstractmethod
    def generate_path_candidates(self, scene, order, *args, **kwargs):
        """Return (candidates, interaction types), each of shape [... num_candidates order]."""

    def generate_path_candidates_chunks_iter(
        self, scene, order, *args, chunk_size, pad_chunks=False, **kwargs
    ):
        # Always expect a 2-tuple to keep JAX tree structures predictable
        candidates, interactions = self.generate_path_candidates(
            scene, order, *args, **kwargs
        )

        # Batch dimension is -2. Order dimension is -1.
        num_path_candidates = candidates.shape[-2]
        num_chunks, rem = divmod(num_path_candidates, chunk_size)
        total_chunks = num_chunks + (1 if rem > 0 else 0)

        def iter_chunks() -> Iterator:
            # Yield full chunks
            for i in range(num_chunks):
                start_idx = i * chunk_size
                yield jax.tree.map(
                    lambda x, start_idx=start_idx: jax.lax.dynamic_slice_in_dim(
                        x, start_idx, chunk_size, axis=-2
                    ),
                    (candidates, interactions),
                )

            # Handle the remainder chunk
            if rem > 0:
                start_idx = num_chunks * chunk_size
                remainder_slice = jax.tree.map(
                    lambda x: jax.lax.dynamic_slice_in_dim(x, start_idx, rem, axis=-2),
                    (candidates, interactions),
                )

                if pad_chunks:

                    def pad_array(x):
                        # Pad only the num_path_candidates axis (-2)
                        pad_width = [(0, 0)] * x.ndim
                        pad_width[-2] = (0, chunk_size - rem)
                        return jnp.pad(
                            x, pad_width, mode="constant", constant_values=-1
                        )

                    yield jax.tree.map(pad_array, remainder_slice)
                else:
                    yield remainder_slice

        return SizedIterator(iter_chunks(), size=total_chunks)

    def trace_paths(self, scene, order, chunk_size=None, pad_chunks=False):
        if chunk_size is not None:
            return (
                self.trace_path_candidates(scene, cands, types)
                for cands, types in self.generate_path_candidates_chunks_iter(
                    scene, order, chunk_size=chunk_size, pad_chunks=pad_chunks
                )
            )
        candidates, interactions = self.generate_path_candidates(scene, order)
        return self.trace_path_candidates(scene, candidates, interactions)

    @eqx.filter_jit
    def trace_path_candidates(self, scene, path_candidates, interaction_types):
        tx_vertices = scene.transmitters.reshape(-1, 3)
        rx_vertices = scene.receivers.reshape(-1, 3)
        return _trace_path_candidates(
            scene.mesh,
            tx_vertices,
            rx_vertices,
            path_candidates,
            interaction_types=interaction_types,
            epsilon=self.epsilon,
            hit_tol=self.hit_tol,
            min_len=self.min_len,
            smoothing_factor=self.smoothing_factor,
            confidence_threshold=self.confidence_threshold,
            batch_size=self.batch_size,
        )
