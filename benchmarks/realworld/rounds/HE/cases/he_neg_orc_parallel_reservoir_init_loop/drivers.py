# Source: https://github.com/Jan-Williams/OpenReservoirComputing/blob/99a63b463795e1c0893b1ddcf5121b8c744b78a7/src/orc/drivers.py
# Title: src/orc/drivers.py (ESNDriver, parent of commit cc61739 "vectorized creation of all wr")
# Cut: kept ESNDriver's fields, constructor (one sparse reservoir matrix per parallel chunk, built in a Python
#      loop at construction time) and its jitted advance/sparse_ops; DriverBase and the docstrings are dropped.
"""Define base class for reservoir drivers and implement common architectures."""

import warnings
from abc import ABC, abstractmethod

import equinox as eqx
import jax
import jax.experimental.sparse
import jax.numpy as jnp
import jax.random
from jax.experimental import sparse
from jaxtyping import Array, Float

from orc.utils import max_eig_arnoldi

jax.config.update("jax_enable_x64", True)


class ESNDriver(eqx.Module):
    """Standard implementation of ESN reservoir with tanh nonlinearity."""

    res_dim: int
    leak: float
    spectral_radius: float
    density: float
    bias: float
    dtype: Float
    wr: Array
    chunks: int

    def __init__(
        self,
        res_dim: int,
        leak: float = 0.6,
        spectral_radius: float = 0.8,
        density: float = 0.02,
        bias: float = 1.6,
        dtype: Float = jnp.float64,
        chunks: int = 1,
        *,
        seed: int,
        use_sparse_eigs: bool = True
    ) -> None:
        super().__init__(res_dim=res_dim, dtype=dtype)
        self.res_dim = res_dim
        self.leak = leak
        self.spectral_radius = spectral_radius
        self.density = density
        self.bias = bias
        self.dtype = dtype
        key = jax.random.key(seed)
        if spectral_radius <= 0:
            raise ValueError("Spectral radius must be positve.")
        if leak < 0 or leak > 1:
            raise ValueError("Leak rate must satisfy 0 < leak < 1.")
        if density < 0 or density > 1:
            raise ValueError("Density must satisfy 0 < density < 1.")
        subkey, wr_key = jax.random.split(key)

        # check res_dim size for eigensolver choice
        if res_dim < 100 and use_sparse_eigs:
            use_sparse_eigs = False
            warnings.warn(
                "Reservoir dimension is less than 100, using dense " \
                "eigensolver for spectral radius.", stacklevel=2
            )

        # generate all wr matricies TODO: vmap this
        temp_list = []
        for _ in range(chunks):

            #generate initial matrix
            sp_mat = jax.experimental.sparse.random_bcoo(key=wr_key,
                                                 shape=(res_dim, res_dim),
                                                 nse=density,
                                                 dtype=dtype,
                                                 generator = jax.random.normal)
            del wr_key # consumed by wr
            subkey, wr_key = jax.random.split(subkey)

            # set spectral radius
            if use_sparse_eigs:
                eig_max = jnp.abs(max_eig_arnoldi(sp_mat))
            else:
                dense_mat = sp_mat.todense()
                eig_max = jnp.max(jnp.abs(jnp.linalg.eigvals(dense_mat)))
            sp_mat = sp_mat * (spectral_radius / eig_max)

            # add to wr list
            jax_mat = jax.experimental.sparse.bcoo_broadcast_in_dim(
                sp_mat, shape=(1, res_dim, res_dim), broadcast_dimensions=(1, 2)
            )
            temp_list.append(jax_mat)

        self.wr = jax.experimental.sparse.bcoo_concatenate(temp_list, dimension=0)
        self.chunks = chunks
        self.dtype = dtype

    @eqx.filter_jit
    def advance(self, proj_vars: Array, res_state: Array) -> Array:
        """Advance the reservoir state.

        Parameters
        ----------
        proj_vars : Array
            Reservoir projected inputs, (shape=(chunks, res_dim,)).
        res_state : Array
            Reservoir state, (shape=(chunks, res_dim,)).

        Returns
        -------
        res_next : Array
            Reservoir state, (shape=(chunks, res_dim,)).
        """
        if proj_vars.shape != (self.chunks, self.res_dim):
            raise ValueError(f"Incorrect proj_var dimension, got {proj_vars.shape}")
        return (
            self.leak
            * self.sparse_ops(
                self.wr, res_state, proj_vars, self.bias * jnp.ones_like(proj_vars)
            )
            + (1 - self.leak) * res_state
        )

    @staticmethod
    @sparse.sparsify
    @jax.vmap
    def sparse_ops(wr, res_state, proj_vars, bias):
        """Dense operation to sparsify for advancing reservoir."""
        return jnp.tanh(wr @ res_state + proj_vars + bias)
