# Source: https://github.com/clarkmiyamoto/thejoker-jax/blob/9c53efce94cd616b80dbb5ec8abf1924955b6d50/src/sampler_jax.py
# Title: src/sampler_jax.py (thejoker-jax: ensemble HMC samplers for radial-velocity orbit posteriors)
# Cut: kept the fori_loop leapfrog, leapfrog_side_move and hamiltonian_side_move with only the first group's update in the scan body
#      (the second group's update repeats it); docstrings shortened, hmc/nuts/walk-move samplers dropped.
import jax
import jax.numpy as jnp

from typing import Callable


def leapfrog(x: jnp.ndarray, p: jnp.ndarray, grad_fn: callable, epsilon: float, L: int):
    """
    Vectorised leap-frog integrator without Python-side conditionals.

    Args:
        - x: current position. Shape (n_chains, dim)
        - p: current momentum. Shape (n_chains, dim)
        - grad_fn: callable - ∇log π(x). Function of shape (n_chains, dim) -> (n_chains, dim)
        - epsilon: Step size.
        - L: Number of leap-frog steps

    Returns:
        - x: proposed position. Shape (n_chains, dim)
        - p: proposed momentum. Shape (n_chains, dim)
    """
    # initial half step for momentum
    x_grad = jnp.nan_to_num(grad_fn(x), nan=0.0)
    p      = p - 0.5 * epsilon * x_grad

    # body for the first L-1 full steps
    def body(_, state):
        x, p = state
        x = x + epsilon * p                        # full position step
        x_grad = jnp.nan_to_num(grad_fn(x), nan=0.0)
        p = p - epsilon * x_grad                   # full momentum step
        return (x, p)

    # iterate body L-1 times
    x, p = jax.lax.fori_loop(0, L - 1, body, (x, p))

    # final position update (last half step for x)
    x = x + epsilon * p

    # final half step for momentum
    x_grad = jnp.nan_to_num(grad_fn(x), nan=0.0)
    p = p - 0.5 * epsilon * x_grad

    # flip momentum for reversibility
    return x, -p


def leapfrog_side_move(q1,
                       p1_current,
                       grad_fn,
                       beta_eps,
                       L,
                       n_chains_per_group,
                       diff_particles_group2):
    '''Side-move leapfrog; q1: (n_chains_per_group, dim), p1: (n_chains_per_group,)'''
    # Initial half-step for momentum - VECTORIZED
    grad1 = grad_fn(q1) # Shape (n_chains_per_group, dim)
    grad1 = jnp.nan_to_num(grad1, nan=0.0)

    # Compute dot products between gradients and difference particles - VECTORIZED
    gradient_projections = jnp.sum(grad1 * diff_particles_group2, axis=1) # Shape (n_chains_per_group,)
    p1_current -= 0.5 * beta_eps * gradient_projections # Shape (n_chains_per_group,)

    # Full leapfrog steps
    for step in range(L):
        q1 += beta_eps * (jnp.expand_dims(p1_current, axis=1) * diff_particles_group2) # Shape: (n_chains_per_group, dim)

        if (step < L - 1):
            grad1 = grad_fn(q1) # Shape (n_chains_per_group, dim)
            grad1 = jnp.nan_to_num(grad1, nan=0.0)

            gradient_projections = jnp.sum(grad1 * diff_particles_group2, axis=1) # Shape (n_chains_per_group,)
            p1_current -= beta_eps * gradient_projections # Shape (n_chains_per_group,)

    # Final half-step for momentum - VECTORIZED
    grad1 = grad_fn(q1)
    grad1 = jnp.nan_to_num(grad1, nan=0.0)

    gradient_projections = jnp.sum(grad1 * diff_particles_group2, axis=1)
    p1_current -= 0.5 * beta_eps * gradient_projections

    return q1, p1_current # Shape (n_chains_per_group, dim), (n_chains_per_group,)

def hamiltonian_side_move(potential_func: Callable,
                          initial: jnp.ndarray,
                          n_samples: int,
                          grad_fn: Callable = None,
                          n_chains_per_group: int = 5,
                          epsilon: float = 0.01,
                          L: int = 10,
                          beta: float = 1.0,
                          n_thin = 1,
                          key=jax.random.PRNGKey(0)):
    """Hamiltonian Side Move (HSM) sampler implementation using JAX."""

    ### ERROR CHECKING
    if (n_chains_per_group <= 1):
        raise ValueError("n_chains_per_group must be greater than 1")

    # Initialize
    dim = len(initial)
    total_chains = 2 * n_chains_per_group

    potential_func_vmap = jax.jit(jax.vmap(potential_func))           # F: (n_chains, dim) -> (n_chains,)

    if grad_fn is None:
        grad_fn_vmap = jax.jit(jax.vmap(jax.grad(potential_func))) # F: (n_chains, dim) -> (n_chains, dim)
    else:
        grad_fn_vmap = jax.jit(jax.vmap(grad_fn)) # F: (n_chains, dim) -> (n_chains, dim)

    # Create initial states with small random perturbations

    states = jnp.tile(initial.flatten(), (total_chains, 1)) + 0.1 * jax.random.normal(key, shape=(total_chains, dim)) # Shape (total_chains, dim)

    # Split into two groups
    group1_indices = jnp.arange(n_chains_per_group)               # Shape (n_chains_per_group,)
    group2_indices = jnp.arange(n_chains_per_group, total_chains) # Shape (n_chains_per_group,)

    states_group1 = states[:n_chains_per_group] # Shape (n_chains_per_group, dim)
    states_group2 = states[n_chains_per_group:] # Shape (n_chains_per_group, dim)

    # Calculate total iterations needed based on thinning factor
    total_iterations = n_samples * n_thin

    # Storage for samples and acceptance tracking
    accepts = jnp.zeros(total_chains)

    # Precompute some constants for efficiency
    beta_eps = beta * epsilon

    keys_per_iter = 6
    all_keys = jax.random.split(key, total_iterations * keys_per_iter).reshape(total_iterations, keys_per_iter, 2)


    def main_loop(carry, keys):
        #---------------------------------------------
        # Unpack input
        #---------------------------------------------
        states, accepts = carry # Array shapped (total_chains, dim), integer

        #---------------------------------------------
        # First group update - VECTORIZED
        #---------------------------------------------

        # For each particle in group 1, randomly select TWO particles from group 2
        keys_choices= jax.random.split(keys[0], n_chains_per_group)
        choices = jax.vmap(lambda k: jax.random.choice(k, group2_indices, shape=(2,), replace=False))(keys_choices) # Shape (n_chains_per_group, 2)
        random_indices1_from_group2 = choices[:, 0]
        random_indices2_from_group2 = choices[:, 1]

        # Get the two sets of selected particles from group 2. Shape: (n_chains_per_group, dim)
        selected_particles1_group2 = states[random_indices1_from_group2] # Shape (n_chains_per_group, dim)
        selected_particles2_group2 = states[random_indices2_from_group2] # Shape (n_chains_per_group, dim)

        # Use the difference between the two particles. Shape (n_chains_per_group, dim)
        diff_particles_group2 = (selected_particles1_group2 - selected_particles2_group2) / jnp.sqrt(2*n_chains_per_group)

        # Generate momentum - one scalar per chain (shape: n_chains_per_group)
        p1 = jax.random.normal(keys[1], shape=(n_chains_per_group,))

        # Store current state and energy
        current_q1 = states[group1_indices].copy() # Shape (n_chains_per_group, dim)
        current_U1 = potential_func_vmap(current_q1) # Shape (n_chains_per_group, dim) -> (n_chains_per_group,)

        current_K1 = 0.5 * p1**2

        q1, p1_current = leapfrog_side_move(
            current_q1,
            p1,
            grad_fn_vmap,
            beta_eps,
            L,
            n_chains_per_group,
            diff_particles_group2
        ) # Shape (n_chains_per_group, dim), (n_chains_per_group,)

        # Compute proposed energy
        proposed_U1 = potential_func_vmap(q1) # Shape (n_chains_per_group,)
        proposed_K1 = 0.5 * p1_current**2 # Shape (n_chains_per_group,)

        # Metropolis acceptance in log scale for numerical stability
        dH1 = (proposed_U1 + proposed_K1) - (current_U1 + current_K1) # Shape (n_chains_per_group,)

        # Log acceptance probability: min(0, -dH)
        log_accept_prob1 = jnp.minimum(0.0, -dH1) # Shape (n_chains_per_group,)

        # Generate log-uniform random numbers
        log_u1 = jnp.log(jax.random.uniform(keys[2], shape=(n_chains_per_group,), minval=1e-10, maxval=1.0))

        # Accept if log_u < log_accept_prob (equivalent to u < exp(log_accept_prob))
        accepts1 = log_u1 < log_accept_prob1 # Shape (n_chains_per_group,)

        # Update states - VECTORIZED
        updated_group1_states = jnp.where(accepts1[:, None], q1, states[group1_indices])
        states = states.at[group1_indices].set(updated_group1_states)

        return (states, accepts), states

    carry, previous_states = jax.lax.scan(main_loop, init=(states, 0), xs=all_keys)
    return previous_states, accepts
