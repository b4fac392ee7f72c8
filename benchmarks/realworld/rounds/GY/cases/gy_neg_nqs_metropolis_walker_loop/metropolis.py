# Source: https://github.com/Daniel-Haas-B/NeuralQuantumState/blob/5ff2599f408d3320974dc6235077600dbe380788/nqs/samplers/metropolis.py
# Title: nqs/samplers/metropolis.py (random-walk Metropolis sampler, NumPy and JAX paths)
# Cut: kept the class, _step (NumPy) and jax_step; _fixed_step, step and scale tuning cut; the line_profiler import is dropped
import jax
import jax.numpy as jnp
import numpy as np

from .sampler import Sampler
from nqs.state.utils import advance_PRNG_state
from nqs.state.utils import State


class Metropolis(Sampler):
    def __init__(self, rng, scale, logger=None):
        """
        Initializes the Metropolis sampler with a given random number generator, scale, and optional logger.

        Parameters:
            rng: A random number generator state.
            scale (float): The scale of the proposal distribution.
            logger (optional): An optional logger for logging messages.
        """
        super().__init__(rng, scale, logger)

    def _step(self, wf, state_batch, seed, batch_size):
        """
        One step of the random walk Metropolis algorithm using NumPy.

        Parameters:
            wf: The wavefunction object to sample from.
            state_batch: A batch of states representing the current states of the system.
            seed: Seed for the random number generator.
            batch_size: The number of samples to generate in this step.

        Returns:
            state_batch: The updated batch of states after one Metropolis step.
        """

        # advance RNG in a vectorized way
        next_gens = [advance_PRNG_state(seed, state.delta) for state in state_batch]
        rngs = [self._rng(next_gen) for next_gen in next_gens]

        for i in range(batch_size):
            state = state_batch[i - 1]
            rng = rngs[i]

            prev_pos = state.positions
            # prev_sign = state.sign
            proposals_pos = rng.normal(loc=prev_pos, scale=self.scale)
            log_unif = np.log(rng.uniform())
            # Compute proposal log density
            # print("wf.logprob(proposals_pos) ", wf.logprob(proposals_pos))
            sign_proposal, logp_proposal = wf.logprob(proposals_pos)

            sign_current, current_logp = wf.logprob(prev_pos)

            # Metroplis acceptance criterion
            accept = log_unif < logp_proposal - current_logp

            # If accept is True, yield proposal, otherwise keep old state
            new_positions = proposals_pos if accept else prev_pos
            # new_sign = sign_proposal if accept else prev_sign

            # Create new state
            new_logp = logp_proposal if accept else current_logp
            # new_logp = p_proposal if accept else state.logp
            new_n_accepted = state.n_accepted + accept
            new_delta = state.delta + 1

            state_batch[i].positions = new_positions
            state_batch[i].logp = new_logp
            state_batch[i].n_accepted = new_n_accepted
            state_batch[i].delta = new_delta
            # state_batch[i].sign = new_sign

        return state_batch

    def jax_step(self, wf, state_batch, seed, batch_size):
        """
        One step of the random walk Metropolis algorithm using JAX.

        Parameters:
            wf: The wavefunction object to sample from.
            state_batch: A batch of states representing the current states of the system.
            seed: Seed for the random number generator.
            batch_size: The number of samples to generate in this step.

        Returns:
            state_batch: The updated batch of states after one Metropolis step.
        """
        self.seed += 1
        # print("seed: ", self.seed)
        rng = jax.random.PRNGKey(self.seed)
        sanity = []

        for i in range(batch_size):
            state = state_batch[i - 1]
            rng, rng_input = jax.random.split(rng)

            center = state.positions

            proposals_pos = (
                jax.random.normal(rng_input, shape=center.shape) * self.scale + center
            )
            sanity.append(proposals_pos)
            logp_proposal = wf.logprob(proposals_pos)

            log_unif = jnp.log(jax.random.uniform(rng_input))
            accept = log_unif < logp_proposal - state.logp

            new_positions = proposals_pos if accept else state.positions
            new_logp = logp_proposal if accept else state.logp
            new_n_accepted = state.n_accepted + accept
            new_delta = state.delta + 1
            state_batch[i].positions = new_positions
            state_batch[i].logp = new_logp
            state_batch[i].n_accepted = new_n_accepted
            state_batch[i].delta = new_delta

        return state_batch
