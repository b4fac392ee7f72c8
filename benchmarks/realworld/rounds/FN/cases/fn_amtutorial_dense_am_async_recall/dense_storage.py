# Source: https://github.com/bhoov/amtutorial/blob/4edeeb3dfcb0a85ab0ae64ceafc83121be52f3bd/nbs/tutorial/00_dense_storage.qmd
# Title: nbs/tutorial/00_dense_storage.qmd -- Dense associative memory (binary AM, async recall)
# Cut: Quarto code blocks converted to a script; data loading, caching and plotting cut;
#      the batched recall calls async_recall directly instead of the notebook's cached_recall.
import functools as ft

import numpy as np
import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax import lax
from jaxtyping import Float, Array


class BinaryAM(eqx.Module):
    Xi: Float[Array, "K D"] # matrix of stored patterns 
    def energy(
        self, 
        sigma: Float[Array, "D"] # Possibly noisy query pattern
        ): 
        ... # Left to implement later

    def async_update(
        self,
        sigma: Float[Array, "D"], # Possibly noisy query pattern
        idx:int,              # Index of bit to flip
        ):                    # Return next state and its energy
        "Minimize the energy of `x[idx]`"
        sigma_flipped = jnp.array(sigma).at[idx].multiply(-1)
        energy_og = self.energy(sigma)
        energy_flipped = self.energy(sigma_flipped)
        keep_flip = (energy_flipped - energy_og) < 0
        return lax.cond(
            keep_flip, 
            # Keep flipped bit if it has lower energy
            lambda: (sigma_flipped, energy_flipped), 
            # Otherwise keep original bit
            lambda: (sigma, energy_og)
        )

    @eqx.filter_jit
    def async_recall(
        self, 
        sigma0: Float[Array, "D"], # Initial query pattern
        nsteps:int=20000, # Number of bits to flip & check
        key=jr.PRNGKey(0) # Random key for bit-flip choices
        ):
        "Minimize energy of `sigma0` by repeatedly applying `async_update`"
        def update_step(sigma, idx):
            sigma_new, energy_new = self.async_update(sigma, idx)
            return sigma_new, (sigma_new, energy_new)
        D = sigma0.shape[-1]

        # Randomly sample `nsteps` bits to flip
        bitflip_sequence = jr.choice(key, np.arange(D), shape=(nsteps,))

        # Apply `async_update` to each bitflip in seq
        final_x, (frames, energies) = lax.scan(update_step, sigma0, bitflip_sequence)



class ExponentialDenseAM(BinaryAM):
    Xi: jax.Array # (K, D) Memory patterns
    beta: float = 1.0 # Temperature parameter

    def energy(self, sigma):
        return -jax.nn.logsumexp(self.beta * self.Xi @ sigma, axis=-1)


def flip_some_bits(key, x, p=0.1):
    mask = jr.bernoulli(key, p, x.shape)
    return jnp.where(mask, -x, x)


data = jnp.asarray(np.load("pokemon_bipolar.npy"))  # (n_patterns, D) in {-1, +1}
Xi = data[:1024]
key1, key2 = jr.split(jr.PRNGKey(3))
N = 100
sigma_og = jr.choice(jr.PRNGKey(10), data, shape=(N,), replace=False)
sigma_noisy = flip_some_bits(key2, sigma_og, 0.25)

edam = ExponentialDenseAM(Xi, beta=50.)
keys = jr.split(key2, sigma_noisy.shape[0])
sigma_final, (frames, energies) = jax.vmap(
    lambda s, k: edam.async_recall(s, nsteps=16000, key=k))(sigma_noisy, keys)
