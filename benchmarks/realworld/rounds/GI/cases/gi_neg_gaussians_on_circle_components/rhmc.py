# Source: https://github.com/annalena-k/rhmc-jax/blob/7a2a362dc78aaff4d717c9d48670a04e07396bd2/rhmcjax/rhmc/rhmc.py
# Title: rhmcjax/rhmc/rhmc.py ("Rewrite of Blackjax HMC kernel to include reflection")
# Cut: only the reflective velocity-Verlet integrator is kept; kernel builder and SamplingAlgorithm wrapper removed.
from typing import Callable
import jax

from blackjax.mcmc.integrators import EuclideanIntegrator, EuclideanKineticEnergy, IntegratorState

from rhmcjax.rhmc.intersection_with_boundary import find_next_intersection, reflection_necessary


def reflection_velocity_verlet(
    logdensity_fn: Callable,
    kinetic_energy_fn: EuclideanKineticEnergy,
) -> EuclideanIntegrator:
    a1 = 0
    b1 = 0.5
    a2 = 1 - 2 * a1

    logdensity_and_grad_fn = jax.value_and_grad(logdensity_fn)
    kinetic_energy_grad_fn = jax.grad(kinetic_energy_fn)

    def one_step(state: IntegratorState, step_size: float) -> IntegratorState:
        position, momentum, logdensity_grad = state.position, state.momentum, state.logdensity_grad

        # Half-step evolution of momentum
        momentum = jax.tree_util.tree_map(
            lambda momentum, logdensity_grad: momentum
            + b1 * step_size * logdensity_grad,
            momentum,
            logdensity_grad,
        )

        def cond_fn(val):
            position, momentum, t = val
            return reflection_necessary(position, momentum, kinetic_energy_grad_fn, step_size, t)

        def body_fn(val):
            position, momentum, t = val
            position, momentum, t_x, ind_boundary = find_next_intersection(position, momentum, kinetic_energy_grad_fn, step_size, t)
            t += t_x
            # Reverse momentum component perpendicular to boundary
            momentum = momentum.at[ind_boundary].set(-momentum[ind_boundary])
            return [position, momentum, t]

        t = 0
        init_val = [position, momentum, t]
        position, momentum, t = jax.lax.while_loop(cond_fn, body_fn, init_val)

        # Update final position (after all reflections)
        kinetic_grad = kinetic_energy_grad_fn(momentum)
        position = jax.tree_util.tree_map(
            lambda position, kinetic_grad: position + a2 * (step_size - t) * kinetic_grad,
            position,
            kinetic_grad,
        )

        # Half-step evolution of momentum
        logdensity, logdensity_grad = logdensity_and_grad_fn(position)
        momentum = jax.tree_util.tree_map(
            lambda momentum, logdensity_grad: momentum
            + b1 * step_size * logdensity_grad,
            momentum,
            logdensity_grad,
        )

        return IntegratorState(position, momentum, logdensity, logdensity_grad)

    return one_step
