# Source: https://github.com/jax-ml/jax/issues/835
# Title: IndexError: Indexing mode not yet supported
# Cut: wl_step is the code (2019, jax.ops.index_update era); the class around it, calc_e,
#      the update factor, the histogram update and the lax.fori_loop driver that the
#      (j, loop_carry) signature implies are reconstructed.
import jax.numpy as np
from jax import jit, lax, random
from jax.ops import index_update


class IsingLikeModel:
    def __init__(self, factors, n_spins):
        self.factors = factors
        self.n_spins = n_spins

    @staticmethod
    def calc_e(factors, state):
        s = 2 * state - 1
        return -np.dot(s, np.dot(factors, s))

    def wang_landau(self, bin_width=0.01, depth=10):
        # default arguments
        nsamples = 5000
        FLATNESS_CRITEREA = 0.9
        update_factor = 1.0

        # separate into bins covering all possible values of the energy
        min_energy = np.sum(np.where(self.factors<0,self.factors,0))
        max_energy = np.sum(np.where(self.factors>0,self.factors,0))

        energy_bins = np.arange(min_energy, max_energy+bin_width, bin_width)

        @jit
        def wl_step(j, loop_carry):
            state, curr_bin, curr_nrg, histogram, densities, bits_to_flip, unifs = loop_carry

            bit_to_flip = bits_to_flip[j]

            state_flipped = index_update(state,bit_to_flip,1-state[bit_to_flip])
            new_nrg = self.calc_e(self.factors,state_flipped)
            new_bin = ((new_nrg-min_energy)//bin_width).astype(np.int32)

            dE = densities[new_bin] - densities[curr_bin]
            accept = ((dE < 0) | (unifs[j] < np.exp(-dE)))

            state = np.where(accept,state_flipped,state)
            curr_bin = np.where(accept,new_bin,curr_bin)
            curr_nrg = np.where(accept,new_nrg,curr_nrg)

            densities = index_update(densities,curr_bin,densities[curr_bin]+update_factor)
            histogram = index_update(histogram,curr_bin,histogram[curr_bin]+1)
            return state, curr_bin, curr_nrg, histogram, densities, bits_to_flip, unifs

        key = random.PRNGKey(0)
        k1, k2, k3 = random.split(key, 3)
        state = random.bernoulli(k1, 0.5, (self.n_spins,)).astype(np.int32)
        curr_nrg = self.calc_e(self.factors, state)
        curr_bin = ((curr_nrg-min_energy)//bin_width).astype(np.int32)
        histogram = np.zeros(energy_bins.shape[0])
        densities = np.zeros(energy_bins.shape[0])
        bits_to_flip = random.randint(k2, (nsamples,), 0, self.n_spins)
        unifs = random.uniform(k3, (nsamples,))

        for _ in range(depth):
            carry = (state, curr_bin, curr_nrg, histogram, densities, bits_to_flip, unifs)
            carry = lax.fori_loop(0, nsamples, wl_step, carry)
            state, curr_bin, curr_nrg, histogram, densities, _, _ = carry
            if np.min(histogram) > FLATNESS_CRITEREA * np.mean(histogram):
                update_factor = update_factor / 2
                histogram = np.zeros_like(histogram)
        return energy_bins, densities
