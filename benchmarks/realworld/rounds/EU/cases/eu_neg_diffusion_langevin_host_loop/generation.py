# Source: https://github.com/vincekurtz/rddp/blob/3c862cd7b3f9cdc09029a975850a51ad16d1ca6a/rddp/generation.py
# Title: rddp/generation.py (vincekurtz/rddp)
# Cut: kept langevin_step and the body of DatasetGenerator.generate up to the annealed Langevin
#      loop; the score estimator, dataset bookkeeping, printing and saving are reduced to calls.
import jax
import jax.numpy as jnp


class DatasetGenerator:
    def __init__(self, prob, langevin_options, datagen_options):
        self.prob = prob
        self.langevin_options = langevin_options
        self.datagen_options = datagen_options

    def langevin_step(self, controls, score, sigma, rng):
        alpha = self.langevin_options.step_size * sigma**2
        beta = self.langevin_options.noise_injection_level
        noise = jax.random.normal(rng, controls.shape)
        return controls + alpha * score + beta * jnp.sqrt(2 * alpha) * noise

    def generate(self, rng: jax.random.PRNGKey):
        # Some useful shorthand parameters
        L = self.langevin_options.denoising_steps
        N = self.datagen_options.num_initial_states

        # Some helper functions
        jit_reset = jax.jit(jax.vmap(self.prob.env.reset))
        jit_score = jax.jit(
            jax.vmap(self.estimate_noised_score, in_axes=(0, 0, None, 0))
        )
        jit_update = jax.jit(self.add_to_dataset, donate_argnums=(0,))
        jit_langevin_step = jax.jit(
            jax.vmap(self.langevin_step, in_axes=(0, 0, None, 0)),
            donate_argnums=(0,),  # in-place update of the control tape
        )

        # Set the initial state
        rng, state_rng = jax.random.split(rng)
        state_rng = jax.random.split(state_rng, N)
        x0 = jit_reset(state_rng)

        # Allocate the dataset
        dataset = self.allocate_dataset()

        # Sample inital control tape U ~ N(0, sigma_L^2)
        rng, init_rng = jax.random.split(rng)
        U = self.langevin_options.starting_noise_level * jax.random.normal(
            init_rng, (N, self.prob.num_steps - 1, self.prob.env.action_size)
        )

        i = 0  # counter for which row of the dataset we're writing to
        for k in range(L - 1, -1, -1):
            rng, score_rng, step_rng = jax.random.split(rng, 3)

            # Set the noise level sigma_k
            t = (L - k) / L
            sigma = self.langevin_options.starting_noise_level * jnp.exp(
                -self.langevin_options.noise_decay_rate * t
            )

            # Compute the score estimate
            score_rngs = jax.random.split(score_rng, N)
            s, cost, Y = jit_score(x0, U, sigma, score_rngs)

            # Update the dataset
            dataset = jit_update(dataset, Y, U, s, k, sigma, cost, i)
            i += 1

            # Update the control tape from the previous score
            step_rngs = jax.random.split(step_rng, N)
            U = jit_langevin_step(U, s, sigma, step_rngs)

            if k % self.datagen_options.save_every == 0:
                self.save_dataset(dataset)
        return dataset
