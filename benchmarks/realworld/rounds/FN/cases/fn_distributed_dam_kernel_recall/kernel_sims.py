# Source: https://github.com/bhoov/distributed_DAM/blob/861f62f8da76eb7df083a631b0d56890dc5c922f/kernel_sims.py
# Title: kernel_sims.py -- KernelizableAM (distributed dense associative memory with random features)
# Cut: feature maps, concrete kernel classes, beta conditioning and the registry cut; the abstract
#      interface, chunked memory kernelization, the scan-based recall and one concrete
#      random-feature kernel (cos features) kept; cos_phi is copied from the top of the file.
from abc import ABC, abstractmethod
import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from typing import *
from jaxtyping import Float, Array, UInt, Bool
from fastcore.meta import delegates
import functools as ft

from initializations import orthogonal_gaussian

def cos_phi(x: Float[Array, "... d"], S: Float[Array, "m d"], b: Float[Array, "m"], beta: float, add_bias:bool) -> Float[Array, "... m"]:
    """A basis function that uses only cos to encode the input into the feature space."""
    m = S.shape[0]
    h = jnp.sqrt(beta) * (x @ S.T)
    if add_bias:
        h = h + b
    return jnp.sqrt(2. / m) * jnp.cos(h)


# Defining the KernelizeableDAM
# =============================================================================
class KernelizableAM(ABC):
    """Defines the interface and basic methods for all KernelizableDAMs"""
    def kernel_sim(
        self, x: Float[Array, "d"], y: Float[Array, "d"]
    ) -> Float[Array, ""]:
        """Compute the energy of `x` against a set of `T` stored in basis function space."""
        return self.phi(x) @ self.phi(y)

    def kernelize_memories_chunk(self, memories: Float[Array, "n d"], chunk_size:int=20_000) -> Float[Array, "m"]:
        """Sometimes kernelizing the memories requires too much memory (i.e., when `m` features, `n` memories, and `d` dimensions are large)
        
        We can batch create the memory vector `T`"""
        n = memories.shape[0]
        nchunks = (n // chunk_size) + 1  #if n % chunk_size == 0 else (n // chunk_size) + 1
        Ts = jnp.zeros((nchunks, self.Tdim))

        for i in range(nchunks):
            start = i * chunk_size
            end = min((i + 1) * chunk_size, n)
            Ts = Ts.at[i].set(self.phi(memories[start:end]).sum(0))
        return Ts.sum(0)

    def kernelize_memories_basic(self, memories: Float[Array, "n d"], **kwargs) -> Float[Array, "m"]:
        """
        Naive implementation that BLOWS UP with many memories `n`, since it creates the entire memory matrix from scratch
        """
        return self.phi(memories).sum(0)

    def kernelize_memories(self, 
                           memories: Float[Array, "n d"], # Memories to encode in the kernel
                           optimize_at: int = 30_000, # If the number of memories is less than this, use the basic kernelize_memories function
                           **kwargs # Passed to the specific kernelize_memories function
                           ) -> Float[Array, "m"]:
        """Given a memory matrix, compute the kernelized memory matrix `T` by summing the feature representations of every memory"""
        if memories.shape[0] < optimize_at:
            return self.kernelize_memories_basic(memories, **kwargs)
        return self.kernelize_memories_chunk(memories, **kwargs)

    def recall( self, q: Float[Array, "d"], memories: Float[Array, "n d"], depth: int=1000, alpha: float = 0.1, return_grads=False, clamp_idxs: Optional[Bool[Array, "d"]]=None) -> Float[Array, "d"]: 
        """Using the normal similarity function, run energy dynamics"""
        dEdxf = jax.jit(jax.value_and_grad(self.energy))
        # dEdxf = jax.value_and_grad(self.energy)
        logs = {}
        def step(x, i):
            E, dEdx = dEdxf(x, memories)
            if clamp_idxs is not None:
                dEdx = jnp.where(clamp_idxs, 0, dEdx)
            x = x - alpha * dEdx
            aux = (E, dEdx) if return_grads else (E,)
            return x, aux
        x, aux = jax.lax.scan(step, q, jnp.arange(depth))
        logs['energies'] = aux[0]
        if return_grads:
            logs['grads'] = aux[1]
        return x, logs

    @delegates(recall)
    def vrecall( self, q: Float[Array, "b d"], memories: Float[Array, "n d"], **kwargs) -> Float[Array, "d"]: 
        """Run energy dynamics with simple gradient descent on a batch of queries """
        recallf = ft.partial(self.recall, **kwargs)
        return jax.vmap(recallf, in_axes=(0, None))(q, memories)

    def kernel_recall( self, q: Float[Array, "d"], T: Float[Array, "m"], depth: int=1000, alpha: float = 0.1, return_grads=False, clamp_idxs: Optional[Bool[Array, "d"]]=None) -> Float[Array, "d"]: 
        """Using the kernelized similarity function, run energy dynamics"""
        dEdxf = jax.jit(jax.value_and_grad(self.kernel_energy))
        logs = {}
        @jax.jit
        def step(x, i):
            E, dEdx = dEdxf(x, T)
            if clamp_idxs is not None:
                dEdx = jnp.where(clamp_idxs, 0, dEdx)
            x = x - alpha * dEdx
            aux = (E, dEdx) if return_grads else (E,)
            return x, aux
        x, aux = jax.lax.scan(step, q, jnp.arange(depth))
        logs['energies'] = aux[0]
        if return_grads:
            logs['grads'] = aux[1]
        return x, logs

    @delegates(kernel_recall)
    def vkernel_recall( self, q: Float[Array, "d"], T: Float[Array, "m"], **kwargs) -> Float[Array, "d"]: 
        kernel_recallf = ft.partial(self.kernel_recall, **kwargs)
        return jax.vmap(kernel_recallf, in_axes=(0, None))(q, T)


    @abstractmethod
    def phi(self, x: Float[Array, "... d"]) -> Float[Array, "... m"]: ...

    @abstractmethod
    def energy( self, x: Float[Array, "d"], memories: Float[Array, "n d"]) -> Float[Array, ""]: ...

    @abstractmethod
    def kernel_energy( self, x: Float[Array, "d"], T: Float[Array, "m"], **kwargs) -> Float[Array, ""]: ...


class CosL2DAM(eqx.Module, KernelizableAM):
    beta: float
    m: int
    d: int
    S: jax.Array
    b: jax.Array
    add_bias: bool
    Tdim: int

    def __init__(self, key, d, m, beta, add_bias=True, orthogonal_init=False):
        k1, k2 = jr.split(key)
        if orthogonal_init:
            self.S = orthogonal_gaussian(k1, m, d)
        else:
            self.S = jr.normal(k1, (m, d))
        self.b = jr.uniform(k2, shape=(m,), minval=0.0, maxval=2.0 * jnp.pi)
        self.add_bias = add_bias
        self.beta = beta
        self.m = m
        self.Tdim = m
        self.d = d

    def sim(self, x: Float[Array, "d"], y: Float[Array, "d"]) -> Float[Array, ""]:
        """Compute the standard L2 similarity between two vectors."""
        return jnp.exp(-self.beta / 2 * ((x - y) ** 2).sum())

    def phi(self, x: Float[Array, "... d"]) -> Float[Array, "... m"]:
        """Compute the basis function """
        return cos_phi(x, self.S, self.b, self.beta, self.add_bias)

    def stochastic_phi(self, x: Float[Array, "... d"], midxs: UInt[Array, "y"]) -> Float[Array, "... m"]:
        """Compute the basis function """
        return cos_phi(x, self.S[midxs], self.b[midxs], self.beta, self.add_bias)

    def energy(
        self, x: Float[Array, "d"], memories: Float[Array, "n d"]
    ) -> Float[Array, ""]:
        """Compute the standard L2 energy"""
        return -(1 / self.beta) * jax.nn.logsumexp(
            -self.beta / 2 * ((x - memories) ** 2).sum(-1), axis=0
        )

    def kernel_energy(
        self, x: Float[Array, "d"], T: Float[Array, "m"], eps=1e-5
    ) -> Float[Array, ""]:
        """Compute the approximate kernelized energy"""
        h = self.phi(x) @ T
        h = jnp.clip(h,  a_min=eps)
        return -(1 / self.beta) * jnp.log(h)

