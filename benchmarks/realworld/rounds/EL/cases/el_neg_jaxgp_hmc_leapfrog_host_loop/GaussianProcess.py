# Source: https://github.com/JDAI27/JAX_GP/blob/5b89141b7ba796512d139dc5a6339b0e5d559b3f/code/GaussianProcess.py
# Title: code/GaussianProcess.py - GaussianProcess.hamiltonian_monte_carlo_step
# Cut: kept the imports, leapfrog_step and hamiltonian_monte_carlo_step (host loop of leapfrog steps calling a jitted gradient); the rest of the class cut
import jax.numpy as jnp
from jax import jit, grad, random


class GaussianProcess:

    @staticmethod
    def leapfrog_step(theta, momentum, log_posterior_grad, step_size):
        momentum = momentum - 0.5 * step_size * log_posterior_grad(theta)
        theta = theta + step_size * momentum
        momentum = momentum - 0.5 * step_size * log_posterior_grad(theta)
        return theta, momentum

    @staticmethod
    def hamiltonian_monte_carlo_step(rng_key, theta_current, log_posterior_fn, step_size=1000, num_leapfrog_steps=1000):
        log_posterior_grad = jit(grad(log_posterior_fn))  # Apply grad and jit to the log_posterior function here
        rng_key, subkey = random.split(rng_key)

        # Sample random momentum from a standard normal distribution
        momentum_current = random.normal(subkey, theta_current.shape)

        # Perform leapfrog integration
        theta_proposal, momentum_proposal = theta_current, momentum_current
        for _ in range(num_leapfrog_steps):
            theta_proposal, momentum_proposal = GaussianProcess.leapfrog_step(theta_proposal, momentum_proposal, log_posterior_grad, step_size)

        # Calculate Hamiltonian (Energy) for the current and proposal states
        hamiltonian_current = -log_posterior_fn(theta_current) + 0.5 * jnp.sum(momentum_current ** 2)
        hamiltonian_proposal = -log_posterior_fn(theta_proposal) + 0.5 * jnp.sum(momentum_proposal ** 2)

        # Calculate the acceptance probability
        accept_ratio = jnp.exp(hamiltonian_current - hamiltonian_proposal)
        rng_key, subkey = random.split(rng_key)
        accept = random.bernoulli(subkey, jnp.minimum(1.0, accept_ratio))

        # Update the state based on acceptance
        theta_next = jnp.where(accept, theta_proposal, theta_current)

        return rng_key, theta_next.reshape(theta_current.shape)
