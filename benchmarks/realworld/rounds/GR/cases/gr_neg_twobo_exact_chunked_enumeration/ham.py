# Source: https://github.com/cqsl/sparse-twobody-arnn/blob/fea2952dc2f025c92076b6ab0e3e437254c6032d/ham.py
# Title: sparse-twobody-arnn ham.py: spin-glass Hamiltonians and exact enumeration used to check the autoregressive sampler
# Cut: kept AbstractSpinsModel, numbers_to_states and the jitted exact(); dropped the concrete Hamiltonians.
from functools import partial
from typing import Optional

import equinox as eqx
import jax
from jax import numpy as jnp
from jax._src.typing import DType
from jax.scipy.special import logsumexp
from jaxtyping import Array, PRNGKeyArray


class AbstractSpinsModel(eqx.Module):
    J: Array
    h: Optional[Array]
    N: int = eqx.field(static=True)
    dtype: DType = eqx.field(static=True)

    @property
    def n_params(self) -> int:
        raise NotImplementedError

    @property
    def flat_params(self) -> Array:
        raise NotImplementedError

    def __call__(self, x: Array) -> Array:
        """
        Compute energies of samples x.

        x should be of shape (m, N),
        where m is the number of samples, and N is the number of spins.
        """
        raise NotImplementedError


def numbers_to_states(x: Array, n_bits: int, dtype: DType) -> Array:
    mask = 2 ** jnp.arange(n_bits, dtype=x.dtype)
    x = (x[:, None] & mask) > 0
    x = x.astype(dtype) * 2 - 1
    return x


@partial(jax.jit, static_argnames=["chunk_size"])
def exact(
    ham: AbstractSpinsModel, beta: float, *, chunk_size: int = 65536
) -> dict[str, Array]:
    N = ham.N
    dtype = ham.dtype

    n_all = 2**N
    assert N <= 32

    confs_all = jnp.arange(n_all, dtype=jnp.uint32)
    if n_all > chunk_size:
        confs_all = jnp.split(confs_all, n_all // chunk_size)
    else:
        confs_all = confs_all[None, :]

    Es_all = []
    M_abs_sum = 0

    for confs_chunk in confs_all:
        x = numbers_to_states(confs_chunk, N, dtype)
        Es = ham(x)
        Es_all.append(Es)

        Z_chunk = jnp.exp(-beta * Es)
        M_abs_sum += (abs(x.mean(axis=1)) * Z_chunk).sum()

    Es_all = jnp.concatenate(Es_all)
    log_Z = logsumexp(-beta * Es_all)
    Z = jnp.exp(log_Z)

    free_energy = -1 / beta * log_Z / N
    energy = jnp.exp(-beta * Es_all + jnp.log(abs(Es_all)) - log_Z)
    energy = jnp.sign(Es_all) @ energy / N
    entropy = beta * (energy - free_energy)
    mag_abs = M_abs_sum / Z

    return {
        "free_energy": free_energy,
        "energy": energy,
        "entropy": entropy,
        "|M|": mag_abs,
    }

