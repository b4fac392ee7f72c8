# Source: https://github.com/vepe99/Odisseo/blob/11ca1282f6dc6384e1bb76fe5be4d250254e85fd/odisseo/dynamics.py
# Title: odisseo/dynamics.py (Odisseo differentiable N-body: direct accelerations)
# Cut: kept single_body_acc, the lax.map (batched) and lax.scan variants; jaxtyping decorators, the matrix and sharding variants dropped.
from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap


def single_body_acc(particle_i, particle_j, mass_i, mass_j, config, params):
    """
    Compute acceleration of particle_i due to particle_j.
    """

    r_ij = jax.lax.stop_gradient(particle_i[0, :] - particle_j[0, :])
    condtion = jnp.all(r_ij == 0.0)

    def same_position():
        return jnp.zeros(3), 0.0
    def different_position():
        r_mag = jnp.linalg.norm(r_ij)
        acc = - params.G * mass_j * (r_ij/(r_mag**2 + config.softening**2)**(3/2))
        pot = - params.G * mass_j / (r_mag**2 + config.softening**2)**(1/2)
        return acc, pot
    return jax.lax.cond(condtion, same_position, different_position)


@partial(jax.jit, static_argnames=['config', 'return_potential'])
def direct_acc_laxmap(state, mass, config, params, return_potential=False):
    """
    Compute acceleration of all particles due to all other particles by using lax.map of the single_body_acc function.
    If config.double_map is True, lax.map uses lax.map for both loops, otherwise the inner loop is vectorized using vmap.
    Memory usage is reduced by using lax.map instead of vmap thanks to batching.
    """

    def net_force_on_body(state_and_mass):
        particle_i, mass_i = state_and_mass

        if config.double_map:
            @partial(jax.jit)
            def single_body_acc_lax(state_and_mass_j):
                particle_j, mass_j = state_and_mass_j
                return single_body_acc(particle_i, particle_j, mass_i, mass_j, config, params)
            acc, potential = jax.lax.map(single_body_acc_lax, (state, mass), batch_size=config.batch_size)
        else:
            acc, potential = vmap(lambda particle_j, mass_j: single_body_acc(particle_i, particle_j, mass_i, mass_j, config, params))(state, mass)

        if return_potential:
            return jnp.sum(acc, axis=0), jnp.sum(potential, )
        else:
            return jnp.sum(acc, axis=0)

    return jax.lax.map(net_force_on_body, (state, mass), batch_size=config.batch_size)


@partial(jax.jit, static_argnames=['config', 'return_potential'])
def direct_acc_for_loop(state, mass, config, params, return_potential: bool = False):
    """
    Compute the direct acceleration matrix for a system of particles. Uses a double for loop and Newton's third low to reduce the
    computation from O(N^2) to O(N^2 /2).
    """

    def compute_acc(carry, pos):
        if return_potential:
            pot = carry
        else:
            acc =  carry
        r = jax.lax.stop_gradient(pos[None, :] - positions)
        r2 = jnp.sum(r**2, axis=1) + config.softening**2
        if return_potential:
            inv_r = jnp.where(r2 == 0., 0., r2**(-1/2))
            pot = jnp.sum(-params.G * mass * inv_r, keepdims=True)
            return pot, pot
        else:
            inv_r3 = jnp.where(r2 == 0., 0., r2**(-3/2))
            acc = jnp.sum(-params.G * mass[:, None] * r * inv_r3[:, None], axis=0)
            return acc, acc

    positions =  state[:, 0]
    if return_potential:
        initial_pot = jnp.array([0.], )
        _, pot = jax.lax.scan(compute_acc, initial_pot, positions)
        return pot
    else:
        initial_acc = jnp.zeros_like(positions[0],)
        _, acc = jax.lax.scan(compute_acc, initial_acc, positions)
        return acc
